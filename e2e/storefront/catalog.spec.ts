import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoHorizontalOverflow, test } from '../fixtures';

interface Card {
  id: number;
  itemNo: string;
  cas: string | null;
  name: string;
  brandName: string;
}

/**
 * A hot product with a CAS number and a name the search-key rule leaves as it is (no brackets or
 * commas, which it turns into spaces), read through the API in the given language.
 */
async function sampleProduct(request: APIRequestContext, lang: 'zh' | 'en'): Promise<Card> {
  const res = await request.post('/api/web/product/getPage', { form: { flag: 'hot', limit: '100' }, headers: { 'accept-language': lang } });
  expect(res.status()).toBe(200);
  const items = ((await res.json()) as { data: { items: Card[] } }).data.items;
  const withCas = items.find((p) => p.cas && /^[\p{L}\p{N} -]+$/u.test(p.name));
  expect(withCas).toBeTruthy();
  return withCas as Card;
}

async function searchFor(page: Page, type: '1' | '2' | '3' | '4', key: string, submit: 'enter' | 'button') {
  const bar = page.getByRole('search');
  // The bar's own behaviour (clean the key, skip empty ones, the brand target) needs it hydrated.
  await expect(bar).toHaveAttribute('data-ready', 'true');
  await bar.locator('#search-type').selectOption(type);
  await bar.locator('#search-key').fill(key);
  if (submit === 'enter') await bar.locator('#search-key').press('Enter');
  else await bar.locator('button[type="submit"]').click();
}

const LANGS = [
  { lang: 'zh' as const, prefix: '', results: /共 \d+ 个结果|\d+\+ 个结果/ },
  { lang: 'en' as const, prefix: '/en', results: /\d+ results?|\d+\+ results/ },
];

test.describe('search bar', () => {
  for (const { lang, prefix, results } of LANGS) {
    test(`item number search (${lang})`, async ({ page }) => {
      const product = await sampleProduct(page.request, lang);
      await page.goto(prefix || '/');
      await searchFor(page, '1', product.itemNo, 'enter');
      await expect(page).toHaveURL(new RegExp(`${prefix}/product/list\\?sk=${encodeURIComponent(product.itemNo)}&type=1$`));
      await expect(page.getByTestId('result-count')).toHaveText(results);
      await expect(page.getByTestId('product-item-no').first()).toHaveText(product.itemNo);
      await page.reload();
      await expect(page.getByRole('search').locator('#search-key')).toHaveValue(product.itemNo);
      await expect(page.getByRole('search').locator('#search-type')).toHaveValue('1');
    });

    test(`CAS search, with and without hyphens (${lang})`, async ({ page }) => {
      const product = await sampleProduct(page.request, lang);
      const cas = product.cas as string;
      await page.goto(prefix || '/');
      await searchFor(page, '2', cas, 'button');
      await expect(page).toHaveURL(/type=2$/);
      await expect(page.getByTestId('product-cas').first()).toHaveText(cas);
      const cards = page.getByTestId('product-cas');
      for (const text of await cards.allTextContents()) expect(text).toBe(cas);
      await searchFor(page, '2', cas.replace(/-/g, ''), 'enter');
      await expect(page).toHaveURL(new RegExp(`sk=${cas.replace(/-/g, '')}&type=2$`));
      await expect(page.getByTestId('product-cas').first()).toHaveText(cas);
    });

    test(`product name search (${lang})`, async ({ page }) => {
      const product = await sampleProduct(page.request, lang);
      await page.goto(prefix || '/');
      await searchFor(page, '3', product.name, 'enter');
      await expect(page).toHaveURL(/type=3$/);
      await expect(page.getByTestId('page-title')).toContainText(product.name);
      await expect(page.getByTestId('product-name').first()).toContainText(product.name);
    });

    test(`brand search (${lang})`, async ({ page }) => {
      const product = await sampleProduct(page.request, lang);
      await page.goto(prefix || '/');
      await searchFor(page, '4', product.brandName, 'enter');
      await expect(page).toHaveURL(new RegExp(`${prefix}/brand/list\\?sk=.+&type=4&t=\\d+$`));
      await expect(page.getByTestId('brand-name').first()).toHaveText(product.brandName);
      await page.getByTestId('brand-card').first().click();
      await expect(page).toHaveURL(/\/brand\/detail\?id=\d+$/);
      await expect(page.getByTestId('page-title')).toHaveText(product.brandName);
      await expect(page.getByTestId('product-list')).toBeVisible();
    });
  }

  test('suggestions while typing can be chosen with the keyboard', async ({ page }) => {
    const product = await sampleProduct(page.request, 'zh');
    await page.goto('/');
    await expect(page.getByRole('search')).toHaveAttribute('data-ready', 'true');
    const input = page.getByRole('combobox', { name: '搜索产品' });
    await input.fill(product.itemNo);
    const list = page.getByTestId('search-suggestions');
    await expect(list.getByRole('option').first()).toBeVisible();
    await input.press('ArrowDown');
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/product\/detail\?id=\d+$/);
  });

  test('keys made only of removed characters do nothing', async ({ page }) => {
    await page.goto('/');
    await searchFor(page, '3', "'';;==,,", 'enter');
    await expect(page.getByRole('search').locator('#search-key')).toHaveValue("'';;==,,");
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });
});

test.describe('search bar without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a plain form submit still searches products, and type 4 lands on the brand search', async ({ page }) => {
    const product = await sampleProduct(page.request, 'zh');
    await page.goto('/');
    const bar = page.getByRole('search');
    await bar.locator('#search-type').selectOption('1');
    await bar.locator('#search-key').fill(product.itemNo);
    await bar.locator('#search-key').press('Enter');
    await expect(page).toHaveURL(/\/product\/list\?type=1&sk=/);
    await expect(page.getByTestId('product-item-no').first()).toHaveText(product.itemNo);
    await page.getByRole('search').locator('#search-type').selectOption('4');
    await page.getByRole('search').locator('#search-key').fill(product.brandName);
    await page.getByRole('search').locator('#search-key').press('Enter');
    await expect(page).toHaveURL(/\/brand\/list\?sk=.+&type=4&t=\d+$/);
    await expect(page.getByTestId('brand-name').first()).toHaveText(product.brandName);
  });
});

test.describe('search results', () => {
  test('an invalid type searches names and says so', async ({ page }) => {
    const product = await sampleProduct(page.request, 'en');
    await page.goto(`/en/product/list?sk=${encodeURIComponent(product.name)}&type=9`);
    await expect(page.getByTestId('type-fallback-note')).toHaveText('The search type was not valid, so product names were searched instead.');
    await expect(page.getByTestId('product-name').first()).toContainText(product.name);
  });

  test('a CAS number with a wrong check digit is reported, not searched', async ({ page }) => {
    await page.goto('/product/list?sk=7732-18-4&type=2');
    await expect(page.getByTestId('cas-notice')).toContainText('7732-18-4');
    await expect(page.getByTestId('list-empty')).toBeVisible();
  });

  test('an empty search offers the "could not find it" form, which is stored', async ({ page }) => {
    await page.goto('/product/index/search?searchKey=zzqqxx%20nothing&type=3');
    await expect(page.getByTestId('list-empty')).toContainText('zzqqxx nothing');
    const form = page.getByTestId('feedback-form');
    await form.getByLabel('联系方式（邮箱或电话，选填）').fill('lab@example.edu');
    await form.getByLabel('补充说明（规格、纯度、数量，选填）').fill('500 g');
    await form.getByRole('button', { name: '提交需求' }).click();
    await expect(page.getByTestId('feedback-sent')).toBeVisible();
  });

  test('hot products page forward and back with keyset cursors', async ({ page }) => {
    await page.goto('/promotion/hot?type=1');
    const first = await page.getByTestId('product-item-no').allTextContents();
    await page.getByTestId('keyset-pager').getByRole('link', { name: '下一页' }).click();
    await expect(page).toHaveURL(/\/promotion\/hot\?type=1&cursor=/);
    await expect(page.getByTestId('product-item-no').first()).not.toHaveText(first[0] as string);
    await page.getByTestId('keyset-pager').getByRole('link', { name: '上一页' }).click();
    await expect(page.getByTestId('product-item-no').first()).toHaveText(first[0] as string);
  });

  test('numbered pages: a page number, then next and previous, agree with each other in both languages @mobile', async ({ page }) => {
    for (const [prefix, pageLabel, next, previous] of [['', '第 3 页', '下一页', '上一页'], ['/en', 'Page 3', 'Next', 'Previous']] as const) {
      await page.goto(`${prefix}/product/list?sk=%E9%85%B8&type=3`);
      const pager = page.getByTestId('keyset-pager');
      await expect(pager.getByTestId('pager-current')).toHaveText('1');
      const firstOfPage2 = await (async () => {
        await pager.getByRole('link', { name: next }).click();
        await expect(pager.getByTestId('pager-current')).toHaveText('2');
        return page.getByTestId('product-item-no').first().textContent();
      })();
      await pager.getByRole('link', { name: pageLabel }).click();
      await expect(page).toHaveURL(/[?&]page=3/);
      await expect(pager.getByTestId('pager-current')).toHaveText('3');
      const third = await page.getByTestId('product-item-no').allTextContents();
      expect(third).toHaveLength(20);
      // The last page's number is known (the count is exact) and linked.
      const last = Number(await pager.getByTestId('pager-page').last().textContent());
      expect(last).toBeGreaterThan(3);
      await pager.getByRole('link', { name: previous }).click();
      await expect(pager.getByTestId('pager-current')).toHaveText('2');
      await expect(page.getByTestId('product-item-no').first()).toHaveText(firstOfPage2 as string);
    }
  });

  test('a sort link reorders by item number', async ({ page }) => {
    await page.goto('/en/product/index/new');
    await page.getByTestId('sort-links').getByRole('link', { name: 'Item No.' }).click();
    await expect(page).toHaveURL(/sort=itemNo/);
    const itemNos = await page.getByTestId('product-item-no').allTextContents();
    expect(itemNos.length).toBeGreaterThan(1);
    expect(itemNos).toEqual([...itemNos].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

test.describe('product mega menu', () => {
  test('opens on hover and leads a leaf to its list', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('nav-menu-product').hover();
    const panel = page.getByTestId('nav-panel-product');
    await expect(panel).toBeVisible();
    const firstLevel = panel.locator('a[data-level="1"]');
    await firstLevel.nth(1).hover();
    await expect(firstLevel.nth(1)).toHaveAttribute('aria-current', 'true');
    const leaf = page.getByTestId('nav-panel-product-children').locator('a[data-level="3"]').first();
    const name = ((await leaf.textContent()) ?? '').trim();
    await leaf.click();
    await expect(page).toHaveURL(/\/product\/index\/list\?typeId=\d+&fatherId=\d+&classify=/);
    await expect(page.getByTestId('page-title')).toHaveText(name);
  });

  test('works by keyboard: open, move, escape, and follow a category (en)', async ({ page }) => {
    await page.goto('/en');
    const toggle = page.getByTestId('nav-menu-toggle-product');
    await expect(toggle).toHaveAttribute('aria-haspopup', 'true');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('nav-panel-product');
    await expect(panel).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const firstLevel = panel.locator('a[data-level="1"]');
    await expect(firstLevel.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(firstLevel.nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(firstLevel.first()).toBeFocused();
    await page.keyboard.press('ArrowRight');
    const second = page.getByTestId('nav-panel-product-children').locator('a').first();
    await expect(second).toBeFocused();
    const name = ((await second.textContent()) ?? '').trim();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en\/product\/(children\/cat_list_2nd\?catId=\d+|index\/list\?typeId=\d+)/);
    await expect(page.getByTestId('page-title')).toHaveText(name);
  });

  test('pages do not carry the categories: the panel asks for them, says when that fails, and tries again', async ({ page }) => {
    let refuse = true;
    await page.route('**/api/web/product/getFirst', (route) => (refuse ? route.abort() : route.fallback()));
    const html = await (await page.request.get('/')).text();
    // A third-level category is in the menu, not in the page that draws the bar.
    expect(html).not.toContain('"secondJson"');
    await page.goto('/');
    await page.getByTestId('nav-menu-product').hover();
    const panel = page.getByTestId('nav-panel-product');
    await expect(panel.getByTestId('nav-panel-product-failed')).toBeVisible();
    await expect(panel.getByRole('link', { name: '全部分类' })).toBeVisible();
    refuse = false;
    await panel.getByRole('button', { name: '重试' }).click();
    await expect(panel.getByTestId('nav-panel-product-failed')).toBeHidden();
    await expect(panel.locator('a[data-level="3"]').first()).toBeVisible();
  });
});

test.describe('prefetching', () => {
  test('a list prefetches no page until a link is reached for; then that link prefetches its own @mobile', async ({ page }) => {
    const prefetched: string[] = [];
    page.on('request', (request) => {
      if (request.headers()['next-router-prefetch']) prefetched.push(new URL(request.url()).pathname + new URL(request.url()).search);
    });
    await page.goto('/product/index/hot');
    const card = page.getByTestId('product-card').first();
    await expect(card).toBeVisible();
    // Hydrated, in view, and the page laid out twice and idle since (a link in view would have asked for its page by then): still nothing.
    await expect(page.getByRole('search')).toHaveAttribute('data-ready', 'true');
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve())))));
    expect(prefetched).toEqual([]);
    const href = (await card.getAttribute('href')) ?? '';
    expect(href).toMatch(/\/product\/detail\?id=\d+$/);
    await card.hover();
    await expect.poll(() => prefetched.some((url) => url.startsWith(`${href}&_rsc=`))).toBe(true);
    expect(prefetched.every((url) => url.startsWith('/product/detail'))).toBe(true);
  });
});

test.describe('category lists', () => {
  test('a leaf list filters by stock and by brand, without losing its category', async ({ page }) => {
    await page.goto('/product/children/cat_list_1st');
    await page.getByTestId('category-link').first().click();
    await expect(page).toHaveURL(/cat_list_2nd\?catId=\d+/);
    await page.getByTestId('category-all-products').click();
    await expect(page).toHaveURL(/\/product\/index\/list\?typeId=\d+/);
    const typeId = new URL(page.url()).searchParams.get('typeId');
    await page.getByTestId('filter-stock').click();
    await expect(page).toHaveURL(/stock=1/);
    await expect(page.getByTestId('filter-stock')).toHaveAttribute('data-active', 'true');
    expect(new URL(page.url()).searchParams.get('typeId')).toBe(typeId);
    for (const text of await page.getByTestId('product-card').allTextContents()) expect(text).toContain('现货');
    const facet = page.getByTestId('brand-facet').first();
    const brand = ((await facet.getByTestId('brand-facet-name').textContent()) ?? '').trim();
    await facet.click();
    await expect(page).toHaveURL(/brand=\d+/);
    expect(new URL(page.url()).searchParams.get('stock')).toBe('1');
    await expect(page.locator('[data-testid="brand-facet"][data-active="true"]')).toHaveCount(1);
    for (const text of await page.getByTestId('product-card').allTextContents()) expect(text).toContain(brand);
  });

  test('the category overview pages list the tree @mobile', async ({ page }) => {
    const res = await page.goto('/en/product/index');
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId('product-entry-points')).toBeVisible();
    await expect(page.getByTestId('category-grid').getByTestId('category-link').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.goto('/en/product/index/hot');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});

test.describe('brand pages', () => {
  test('authorised brands and the overview, a brand and its articles', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '授权品牌' }).click();
    await expect(page).toHaveURL(/\/brand\?type=1$/);
    const authorised = await page.getByTestId('brand-card').count();
    await page.getByRole('link', { name: '品牌总览' }).first().click();
    await expect(page).toHaveURL(/\/brand\?type=0$/);
    expect(await page.getByTestId('brand-card').count()).toBeGreaterThan(authorised);
    await page.goto('/brand/linked_article?id=1');
    await expect(page.getByTestId('page-title')).toBeVisible();
  });
});

test.describe('bad ids answer 404', () => {
  for (const path of [
    '/brand/detail?id=abc', '/brand/detail?id=999999', '/brand/linked_article?id=0', '/product/children/cat_list_2nd?catId=999999',
    '/product/index/cat/list/2nd?catId=x', '/product/index/list?typeId=1e3', '/en/product/index/list?typeId=999999',
  ]) {
    test(path, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
    });
  }
});
