import type { Page } from '@playwright/test';
import { expect, expectNoHorizontalOverflow, test } from '../fixtures';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

for (const { prefix, news, product, menu } of [
  { prefix: '', news: '新闻资讯', product: '产品中心', menu: '菜单' },
  { prefix: '/en', news: 'NEWS', product: 'PRODUCT', menu: 'Menu' },
]) {
  test(`${prefix || '/'}: phones get a menu drawer with the whole navigation and the product menu; wide screens the bar @mobile`, async ({ page }) => {
    await page.goto(prefix || '/');
    const button = page.getByTestId('mobile-menu-button');
    if (!isPhone(page)) {
      await expect(button).toBeHidden();
      await expect(page.getByRole('navigation', { name: prefix ? 'Main navigation' : '主导航' }).getByRole('link', { name: news, exact: true })).toBeVisible();
      return;
    }
    await expect(page.getByTestId('widget-show')).toBeHidden();
    await expect(button).toHaveText(menu);
    await button.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: news, exact: true })).toBeVisible();
    await expect(drawer.getByRole('link', { name: product, exact: true })).toBeVisible();
    const groups = drawer.getByTestId('mobile-product-menu').locator('details');
    // The categories arrive with the drawer.
    await expect(groups.first()).toBeVisible();
    expect(await groups.count()).toBeGreaterThan(3);
    // Every group of the product menu can be reached: the last one too.
    const last = groups.last();
    await last.locator('summary').click();
    const sub = last.getByRole('link').nth(1);
    await expect(sub).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await drawer.getByRole('link', { name: news, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/news/index$`));
    await expect(page.getByRole('dialog')).toBeHidden();
    await expectNoHorizontalOverflow(page);
  });

  test(`${prefix || '/'}: the filters are folded on phones and open beside the results on wide screens @mobile`, async ({ page }) => {
    await page.goto(`${prefix}/product/list?sk=${encodeURIComponent('乙醇')}&type=3`);
    const filters = page.getByTestId('list-filters');
    if (!isPhone(page)) {
      await expect(page.getByTestId('filters-toggle')).toBeHidden();
      await expect(filters).toBeVisible();
      return;
    }
    await expect(filters).toBeHidden();
    // The first results are on the first screen.
    const firstCard = page.getByTestId('product-card').first();
    await expect(firstCard).toBeInViewport();
    await page.getByTestId('filters-toggle').click();
    await expect(filters).toBeVisible();
  });
}

test('the language switch keeps the query of the page', async ({ page }) => {
  await page.goto(`/product/list?sk=${encodeURIComponent('乙醇')}&type=3&sort=priceAsc`);
  await page.getByTestId('language-switch').click();
  await expect(page).toHaveURL(/\/en\/product\/list\?sk=%E4%B9%99%E9%86%87&type=3&sort=priceAsc$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await page.getByTestId('language-switch').click();
  await expect(page).toHaveURL(/\/product\/list\?sk=%E4%B9%99%E9%86%87&type=3&sort=priceAsc$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test('support types have their own icons and their own article counts', async ({ page }) => {
  await page.goto('/support/index');
  const counts = await page.getByTestId('support-types').locator('li').allTextContents();
  expect(new Set(counts.map((c) => /(\d+) 篇文章/.exec(c)?.[1])).size).toBeGreaterThan(1);
  const icons = await page.getByTestId('support-types').locator('svg').evaluateAll((svgs) => svgs.map((s) => s.getAttribute('class')));
  expect(new Set(icons).size).toBe(icons.length);
});

test('product titles and breadcrumbs use normal case in English; the 404 page speaks Chinese on the Chinese site', async ({ page }) => {
  await page.goto('/en/news/index');
  await expect(page).toHaveTitle(/^News \| YouReagent/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).not.toContainText('HOME');
  await page.goto('/nowhere-at-all');
  await expect(page.getByRole('heading', { name: '页面未找到' })).toBeVisible();
});

test('English pages write dates the ISO way and brands show country names', async ({ page }) => {
  await page.goto('/en/news/index');
  const text = await page.getByRole('main').textContent();
  expect(text).toMatch(/20\d\d-\d\d-\d\d/);
  expect(text).not.toMatch(/\d\d\/\d\d\/20\d\d/);
  await page.goto('/en/brand?type=1');
  const cards = await page.getByTestId('brand-card').allTextContents();
  expect(cards.some((c) => /China|Germany|United States|Japan/.test(c))).toBe(true);
  await page.goto('/brand?type=1');
  expect((await page.getByTestId('brand-card').allTextContents()).some((c) => /中国|德国|美国|日本/.test(c))).toBe(true);
});

for (const { prefix, item, lot, button } of [
  { prefix: '', item: '货号', lot: '批号', button: '查询' },
  { prefix: '/en', item: 'Item number', lot: 'Lot number', button: 'Look up' },
]) {
  test(`${prefix || '/'}: the resources page itself looks up a COA by item and lot number @mobile`, async ({ page }) => {
    await page.goto(`${prefix}/resources/index/coas`);
    const row = page.getByTestId('documents').locator('tbody tr').first();
    const itemNo = ((await row.locator('td').nth(0).textContent()) ?? '').trim();
    const lotNo = ((await row.locator('td').nth(2).textContent()) ?? '').trim();
    await page.goto(`${prefix}/resources/index`);
    const form = page.getByTestId('coa-form');
    await form.getByLabel(item).fill(itemNo);
    await form.getByLabel(lot).fill(lotNo);
    await form.getByRole('button', { name: button }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/resources/index/coa\\?itemNo=`));
    await expect(page.getByTestId('document-download').first()).toBeVisible();
  });
}
