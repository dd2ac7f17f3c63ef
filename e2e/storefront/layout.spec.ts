import { expect, expectNoHorizontalOverflow, test } from '../fixtures';

test.describe('storefront in three language variants', () => {
  for (const { path, lang, home, claim } of [
    // The demo's catalogue claim (web settings 17, 18) states what it really lists.
    { path: '/', lang: 'zh-CN', home: '首页', claim: /已收录 [\d,]+ 种产品/ },
    { path: '/zh', lang: 'zh-CN', home: '首页', claim: /已收录 [\d,]+ 种产品/ },
    { path: '/en', lang: 'en-US', home: 'HOME', claim: /[\d,]+ products listed/ },
  ]) {
    test(`${path} shows header, navigation and footer from the database @mobile`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('header-hotline')).toHaveText('400-000-0000');
      // Phones reach the navigation through the menu drawer (the bar is hidden below 768 px).
      if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByTestId('mobile-menu-button').click();
      await expect(page.getByRole('navigation', { name: lang === 'en-US' ? 'Main navigation' : '主导航' }).getByRole('link', { name: home, exact: true })).toBeVisible();
      if ((page.viewportSize()?.width ?? 1280) < 768) await page.keyboard.press('Escape');
      const footer = page.getByTestId('site-footer');
      await expect(footer).toContainText('sales@reagent.example.com');
      await expect(footer.getByTestId('footer-catalogue-claim')).toHaveText(claim);
      await expect(footer).not.toContainText(/1300|13 million/);
      if ((page.viewportSize()?.width ?? 1280) >= 768) await expect(page.getByTestId('header-catalogue-claim')).toHaveText(claim);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await expect(page.getByTestId('section-news').getByRole('link').first()).toBeVisible();
      await expectNoHorizontalOverflow(page);
    });
  }

  test('the language switch keeps the page and changes the language, stored under lang', async ({ page }) => {
    const stored = () => page.evaluate(() => window.localStorage.getItem('lang'));
    await page.goto('/');
    await expect.poll(stored).toBe('cn');
    await page.getByTestId('language-switch').click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    // The demo's English-site address (web setting 1) is /en: the page's address lies within it.
    await expect.poll(stored).toBe('en');
    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect.poll(stored).toBe('cn');
  });

  test('the service panel is open by default where it fits beside the page', async ({ page }) => {
    await page.setViewportSize({ width: 1700, height: 900 });
    await page.goto('/');
    await expect(page.getByTestId('side-widget')).toBeVisible();
    await expect(page.getByTestId('widget-show')).toBeHidden();
  });

  test('the service panel hides and shows, and remembers it', async ({ page }) => {
    await page.goto('/');
    const panel = page.getByTestId('side-widget');
    // Folded by default unless the screen leaves room for it beside the page.
    await expect(panel).toBeHidden();
    await page.getByTestId('widget-show').click();
    await expect(panel).toContainText('021-0000-0000');
    await page.getByTestId('widget-hide').click();
    await expect(panel).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('widget-show')).toBeVisible();
    await page.getByTestId('widget-show').click();
    await expect(page.getByTestId('side-widget')).toBeVisible();
  });
});

test.describe('error pages', () => {
  test('an unknown path is a 404 in Chinese with a link home', async ({ page }) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '页面未找到' })).toBeVisible();
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown English path is a 404 in English', async ({ page }) => {
    const res = await page.goto('/en/nothing-here');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
  });

  test('/404 and /401 render their pages', async ({ page }) => {
    expect((await page.goto('/404'))?.status()).toBe(404);
    await page.goto('/en/401');
    await expect(page.getByTestId('error-view')).toContainText('401');
  });

  test('/redirect/{path} goes to the path with its query', async ({ page }) => {
    await page.goto('/en/redirect/admin/login?from=tab');
    await expect(page).toHaveURL(/\/en\/admin\/login\?from=tab$/);
  });
});

test.describe('language by host', () => {
  test('the demo English-site address (this site\'s /en) links the English pages and does not turn this host English', async ({ page, baseURL }) => {
    // A bare host in web setting 1 would serve that host in English (unit-tested in settings/queries.test.ts);
    // the demo's address names this site's /en, so unprefixed pages here stay Chinese.
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    const link = page.getByTestId('footer-settings').getByRole('link');
    const href = await link.getAttribute('href');
    expect(href).toBe('/en');
    await page.goto(new URL(href ?? '', baseURL).toString());
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });

  test('the locale cookie lasts 365 days', async ({ page }) => {
    await page.goto('/en');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'NEXT_LOCALE');
    expect(cookie?.value).toBe('en');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
  });
});
