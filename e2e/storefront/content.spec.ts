import { expect, expectNoHorizontalOverflow, gotoHydrated, test } from '../fixtures';
import { latestMessageTo } from '../outbox';

/** Each content route with text that only the seeded database can have put there. */
const ROUTES: [path: string, zh: string | RegExp, en: string | RegExp][] = [
  ['/news/index', '公司新闻', 'Company news'],
  ['/news/list', '行业资讯', 'Industry news'],
  ['/applications/list', '有机合成', 'Organic synthesis'],
  ['/citations/list', '生命科学', 'Life sciences'],
  ['/support/index', '订购指南', 'Ordering guide'],
  ['/support/list', '支付与发票', 'Payment and invoices'],
  ['/resources/index', '产品手册', 'Handbooks'],
  ['/resources/index/coa', '实验方案', 'Protocols'],
  ['/resources/index/coas', /分析证书|Certificate of Analysis/, /分析证书|Certificate of Analysis/],
  ['/resources/index/msds', '化学品安全技术说明书', 'Safety Data Sheet'],
  ['/resources/index/protocols', '使用说明书', 'Protocol –'],
  ['/about/index/about', '优试剂成立于 2012 年', 'Founded in 2012'],
  ['/about/index/partners', '授权品牌产品享受原厂质保', 'authorised brands carry the manufacturer'],
  ['/contact/contact', '一个工作日内答复', 'answered within one working day'],
  ['/privacy', '不是真实商家的隐私政策', 'not a real shop’s privacy policy'],
];

const LANGS = [
  { prefix: '', lang: 'zh' },
  { prefix: '/en', lang: 'en' },
] as const;

test.describe('content pages in Chinese and English', () => {
  for (const { prefix, lang } of LANGS) {
    test(`every content route answers with content from the database (${lang}) @mobile`, async ({ page }) => {
      // A walk through fourteen pages, the first ones rendered cold: its budget follows its length.
      test.setTimeout(ROUTES.length * 6_000);
      for (const [path, zh, en] of ROUTES) {
        const res = await page.goto(`${prefix}${path}`);
        expect(res?.status(), path).toBe(200);
        await expect(page.locator('main h1').first(), path).toBeVisible();
        await expect(page.locator('main'), path).toContainText(lang === 'en' ? en : zh);
        await expectNoHorizontalOverflow(page);
      }
    });

    test(`list and detail pages, with neighbours and 404 for unknown ids (${lang})`, async ({ page }) => {
      // Four pages for each of four sections, and one more: a budget for seventeen pages.
      test.setTimeout(17 * 6_000);
      for (const section of ['news', 'applications', 'citations', 'support']) {
        await page.goto(`${prefix}/${section}/list`);
        const first = page.getByTestId('content-list').getByRole('link').first();
        const title = (await first.textContent()) ?? '';
        expect(title.length).toBeGreaterThan(2);
        await first.click();
        await expect(page).toHaveURL(new RegExp(`/${section}/detail\\?id=\\d+`));
        await expect(page.getByTestId('page-title')).toHaveText(title);
        await expect(page.getByTestId('article').getByTestId('rich-text')).not.toBeEmpty();
        const missing = await page.goto(`${prefix}/${section}/detail?id=999999`);
        expect(missing?.status()).toBe(404);
        expect((await page.goto(`${prefix}/${section}/detail?id=abc`))?.status()).toBe(404);
      }
      expect((await page.goto(`${prefix}/news/list?typeId=999999`))?.status()).toBe(404);
    });
  }

  test('news linked to a brand, and one resource of a type (query type and id)', async ({ page, request }) => {
    const news = (await (await request.post('/api/web/journalism/getPage', { form: { limit: '50' } })).json()) as { data: { list: { brandId: number | null; title: string }[] } };
    const linked = news.data.list.find((n) => n.brandId !== null);
    expect(linked).toBeTruthy();
    const res = await page.goto(`/news/linked_article?brandId=${linked?.brandId}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId('content-list')).toContainText(linked?.title ?? '');
    expect((await page.goto('/news/linked_article?brandId=999999'))?.status()).toBe(404);
    await page.goto('/en/resources/index');
    await page.getByTestId('tile-handbooks').click();
    const first = page.getByTestId('resource-list').getByRole('link').first();
    const title = (await first.textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/en\/resources\/index\/detail\?type=\d+&id=\d+$/);
    await expect(page.getByTestId('page-title')).toHaveText(title);
    const download = page.waitForEvent('download');
    await page.getByTestId('resource-download').click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    expect((await page.goto('/resources/index/detail?type=999999'))?.status()).toBe(404);
  });

  test('the redirects of docs/requirements/storefront.md#redirects keep the language', async ({ page }) => {
    for (const [from, to] of [
      ['/applications', /\/applications\/list$/],
      ['/citations', /\/citations\/list$/],
      ['/support', /\/support\/index$/],
      ['/about/index', /\/about\/index\/about$/],
      ['/en/applications', /\/en\/applications\/list$/],
      ['/en/support', /\/en\/support\/index$/],
      ['/en/about/index', /\/en\/about\/index\/about$/],
    ] as const) {
      await page.goto(from);
      await expect(page, from).toHaveURL(to);
    }
    await page.goto('/applications?typeId=3');
    await expect(page).toHaveURL(/\/applications\/list\?typeId=3$/);
  });

  test('the resources, support and applications menus open and lead to their pages', async ({ page }) => {
    await page.goto('/en');
    await page.getByTestId('nav-menu-applications').hover();
    const panel = page.getByTestId('nav-panel-applications');
    await expect(panel).toBeVisible();
    const firstCase = panel.locator('ul a').first();
    const caseName = (await firstCase.textContent()) ?? '';
    await firstCase.click();
    await expect(page.getByTestId('page-title')).toHaveText(caseName);
    await page.getByTestId('nav-menu-toggle-resources').click();
    await page.getByTestId('nav-panel-resources').getByRole('link', { name: 'COA lookup' }).click();
    await expect(page).toHaveURL(/\/en\/resources\/index\/coa$/);
    await page.getByTestId('nav-menu-toggle-support').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('nav-panel-support')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('nav-panel-support')).toBeHidden();
  });

  test('a comment and a like on an article', async ({ page }) => {
    await page.goto('/news/list');
    await page.getByTestId('content-list').getByRole('link').first().click();
    const count = Number(await page.getByTestId('like-count').textContent());
    await page.getByTestId('like-button').click();
    await expect(page.getByTestId('like-count')).toHaveText(String(count + 1));
    await page.getByLabel('昵称').fill('实验室小李');
    await page.getByLabel('您的评论').fill('<b>很实用</b> 的说明');
    await page.getByTestId('comment-submit').click();
    await expect(page.getByTestId('comment-list').locator('li').first()).toContainText('很实用 的说明');
    await expect(page.getByTestId('comment-list').locator('li').first().getByTestId('comment-pending')).toHaveText('待审核');
    await expect(page.getByTestId('comments').getByRole('status')).toHaveText('评论已提交，审核通过后显示');
    // Held for moderation: not shown to anyone until staff approve it (ADR 0036).
    await page.reload();
    await expect(page.getByTestId('comments')).not.toContainText('很实用 的说明');
  });
});

test.describe('resources', () => {
  test('looks up a COA by item and lot number and downloads it', async ({ page }) => {
    await page.goto('/resources/index/coas');
    const row = page.getByTestId('documents').locator('tbody tr').first();
    const itemNo = ((await row.locator('td').nth(0).textContent()) ?? '').trim();
    const lotNo = ((await row.locator('td').nth(2).textContent()) ?? '').trim();
    await page.goto('/en/resources/index/coa');
    await page.getByLabel('Item number').fill(itemNo.toLowerCase());
    await page.getByLabel('Lot number').fill(lotNo);
    await page.getByRole('button', { name: 'Look up' }).click();
    const link = page.getByTestId('document-download').first();
    await expect(link).toBeVisible();
    const downloadPromise = page.waitForEvent('download');
    await link.click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`${itemNo}_COA_${lotNo}.pdf`);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByLabel('Lot number').fill('NO-SUCH-LOT');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByTestId('coa-not-found')).toBeVisible();
  });

  test('MSDS search and a missing file is a 404', async ({ page, request }) => {
    await page.goto('/resources/index/msds');
    await expect(page.getByTestId('document-download').first()).toBeVisible();
    const res = await request.get('/api/web/files/document/999999');
    expect(res.status()).toBe(404);
    expect((await request.get('/api/web/files/document/..%2F..%2Fetc%2Fpasswd')).status()).toBe(404);
  });

  test('the handbooks are the first resource type', async ({ page }) => {
    await page.goto('/en/resources/index');
    await page.getByTestId('tile-handbooks').click();
    await expect(page.getByTestId('page-title')).toHaveText('Handbooks');
    await expect(page.getByTestId('resource-list').locator('li').first()).toBeVisible();
  });
});

test.describe('site chrome', () => {
  test('subscribing mails a confirmation link; the link confirms; subscribing again tells the mailbox only', async ({ page }) => {
    const email = `e2e-${Date.now()}@example.org`;
    await page.goto('/');
    const form = page.getByTestId('site-footer').getByTestId('subscribe-form');
    await form.getByRole('textbox').fill('not-an-email');
    await form.getByRole('button').click();
    await expect(form.getByTestId('subscribe-message')).toHaveText('邮箱格式不正确');
    await form.getByRole('textbox').fill(email);
    await form.getByRole('button').click();
    await expect(form.getByTestId('subscribe-message')).toHaveText('请查收邮件，按邮件中的说明完成订阅。');
    const mail = await latestMessageTo(email);
    const link = /https?:\/\/\S+\/subscription\/confirm\?token=[A-Za-z0-9_-]+/.exec(mail);
    expect(link, mail).not.toBeNull();
    const url = new URL(link![0]);
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByTestId('page-title')).toHaveText('确认订阅');
    await page.getByRole('button', { name: '确认订阅' }).click();
    await expect(page.getByTestId('subscription-confirm').getByRole('status')).toContainText(email);

    await page.goto('/');
    const again = page.getByTestId('site-footer').getByTestId('subscribe-form');
    await again.getByRole('textbox').fill(email);
    await again.getByRole('button').click();
    // The page says the same as for a new address; the mailbox learns the rest.
    await expect(again.getByTestId('subscribe-message')).toHaveText('请查收邮件，按邮件中的说明完成订阅。');
    await expect.poll(() => latestMessageTo(email)).toContain('本邮箱已经订阅');
  });

  test('the footer shows the chat link, a QR code, the claim and only web settings 1 and 4', async ({ page }) => {
    await page.goto('/en');
    const footer = page.getByTestId('site-footer');
    // No chat provider in the demo: the link leads to the contact page's service numbers.
    await expect(footer.getByTestId('footer-chat')).toHaveAttribute('href', '/en/contact/contact#service');
    await expect(footer.getByTestId('qr-code').locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    await expect(footer.getByTestId('footer-catalogue-claim')).toHaveText(/^[\d,]+ products listed$/);
    const settings = footer.getByTestId('footer-settings');
    await expect(settings.getByRole('link')).toHaveAttribute('href', '/en');
    // A link labelled English, never the address the server happens to run at.
    await expect(settings.getByRole('link')).toHaveText('English');
    await expect(settings).not.toContainText(/localhost|127\.0\.0\.1|http/);
    await expect(settings).toContainText('800 000 000');
    await expect(settings).not.toContainText('400-000-0000');
  });

  for (const { prefix, lang } of LANGS) {
    test(`the footer and the about page show the ICP filing number and the licences; the footer links the privacy policy (${lang}) @mobile`, async ({ page }) => {
      await page.goto(`${prefix}/about/index/about`);
      const legal = page.getByTestId('footer-legal');
      // The demo's values are clearly fictional (web settings 10–12); it has no scans, so no scan link shows.
      await expect(legal.getByTestId('footer-icp')).toHaveText('沪ICP备00000000号-1');
      await expect(legal.getByTestId('footer-icp')).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
      await expect(legal.getByTestId('footer-businessLicence')).toHaveText(`${lang === 'en' ? 'Business licence: ' : '营业执照：'}913100000000000000（示例）`);
      await expect(legal.getByTestId('footer-hazardousLicence')).toContainText('沪（示例）应急管危经许〔2026〕000000号');
      await expect(legal.getByRole('link', { name: lang === 'en' ? /View the scan/ : /扫描件/ })).toHaveCount(0);
      const licences = page.getByTestId('about-licences');
      await expect(licences.getByRole('heading', { name: lang === 'en' ? 'Licences and filings' : '资质证照' })).toBeVisible();
      await expect(licences.getByTestId('about-icp')).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
      await expect(licences.getByTestId('about-businessLicence')).toContainText('913100000000000000（示例）');
      await expect(licences.getByTestId('about-hazardousLicence')).toContainText(lang === 'en' ? 'Hazardous chemicals trading licence' : '危险化学品经营许可证');
      await expect(licences.locator('img')).toHaveCount(0);
      await expectNoHorizontalOverflow(page);
      await legal.getByTestId('footer-privacy').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/privacy$`));
      await expect(page.locator('main h1')).toHaveText(lang === 'en' ? 'Privacy policy (example)' : '隐私政策（示例）');
      await expect(page.getByTestId('privacy-policy')).toContainText(lang === 'en' ? 'What we collect' : '我们收集的信息');
    });
  }

  test('the visitor count rises for a new visitor and not for a returning one', async ({ browser }) => {
    type Report = { data: { counted: boolean; uv: number } };
    const read = async (page: import('@playwright/test').Page) => Number(await page.getByTestId('visitor-count-value').textContent());
    const visit = async (page: import('@playwright/test').Page, go: () => Promise<unknown>) => {
      const response = page.waitForResponse((r) => r.url().includes('/api/app/web/track/report'));
      await go();
      const report = (await (await response).json()) as Report;
      await expect.poll(() => read(page)).toBe(report.data.uv);
      return report.data;
    };
    const a = await browser.newContext();
    const pageA = await a.newPage();
    const first = await visit(pageA, () => pageA.goto('/'));
    expect(first.counted).toBe(true);
    const returning = await visit(pageA, () => pageA.reload());
    expect(returning).toEqual({ counted: false, uv: first.uv });
    const b = await browser.newContext();
    const pageB = await b.newPage();
    const other = await visit(pageB, () => pageB.goto('/en'));
    expect(other).toEqual({ counted: true, uv: first.uv + 1 });
    await a.close();
    await b.close();
  });

  test('the service panel hides and shows again, remembered across pages (desktop: phones reach the service numbers through the menu)', async ({ page }) => {
    await page.goto('/news/index');
    const show = page.getByTestId('widget-show');
    if (await show.isVisible()) await show.click();
    await expect(page.getByTestId('side-widget')).toBeVisible();
    await page.getByTestId('widget-hide').click();
    await expect(page.getByTestId('side-widget')).toBeHidden();
    await page.goto('/support/index');
    await expect(page.getByTestId('side-widget')).toBeHidden();
    await page.getByTestId('widget-show').click();
    await expect(page.getByTestId('side-widget')).toBeVisible();
    await expect(page.getByTestId('side-widget')).toContainText('sales@reagent.example.com');
  });

  test('root font size follows the window width within the clamp', async ({ page }) => {
    const root = () => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    await page.setViewportSize({ width: 1521, height: 800 });
    await page.goto('/');
    expect(await root()).toBeCloseTo(16, 0);
    await page.setViewportSize({ width: 1700, height: 800 });
    expect(await root()).toBeCloseTo((1700 * 16) / 1521, 0);
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await root()).toBe(14);
  });

  test('the progress bar shows for a slow navigation and hides afterwards', async ({ page }) => {
    // The news page is held back until the bar has shown: a slow navigation, as long as the test needs it to be.
    let answer = () => {};
    const held = new Promise<void>((resolve) => { answer = resolve; });
    await page.route('**/news/index**', async (route) => {
      await held;
      await route.continue();
    });
    // A click before hydration is a full page load, which the bar does not follow; the bar's code loads once the
    // page has hydrated, and the shell's marker says it is there.
    await gotoHydrated(page, '/');
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '新闻资讯' }).click();
    await expect(page.getByTestId('progress-bar')).toHaveAttribute('data-visible', 'true');
    answer();
    await expect(page).toHaveURL(/\/news\/index$/);
    await expect(page.getByTestId('progress-bar')).toHaveAttribute('data-visible', 'false');
  });

  test('offline and online are announced', async ({ page, context }) => {
    // The notice's code loads once the page has hydrated, which the shell's marker says.
    await gotoHydrated(page, '/');
    await context.setOffline(true);
    await expect(page.getByTestId('online-status')).toContainText('网络已断开');
    await context.setOffline(false);
    await expect(page.getByTestId('online-status')).toContainText('网络已恢复');
  });
});

test.describe('SEO', () => {
  test('titles, canonical and hreflang alternates, JSON-LD', async ({ page }) => {
    await page.goto('/en/news/list');
    await expect(page).toHaveTitle(/^News \| YouReagent/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/en\/news\/list$/);
    for (const lang of ['zh-CN', 'zh', 'en-US', 'x-default']) {
      await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveCount(1);
    }
    await page.getByTestId('content-list').getByRole('link').first().click();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as { '@type': string; headline: string };
    expect(ld['@type']).toBe('NewsArticle');
    await page.goto('/');
    const org = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as { '@type': string };
    expect(org['@type']).toBe('Organization');
  });

  test('sitemap index, product sitemap and robots.txt', async ({ request }) => {
    const index = await (await request.get('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex');
    expect(index).toContain('/sitemaps/pages.xml');
    expect(index).toContain('/sitemaps/products-0.xml');
    const products = await (await request.get('/sitemaps/products-0.xml')).text();
    expect(products).toContain('/product/detail?id=1</loc>');
    expect(products).toContain('hreflang="en-US"');
    expect((await request.get('/sitemaps/other.xml')).status()).toBe(404);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
  });
});
