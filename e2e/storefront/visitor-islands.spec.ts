import { expect, expectHydrated, loginAs, test } from '../fixtures';

/**
 * A kept page's islands (ADR 0076): the page comes from the kept pages whoever asks, and its header
 * shows the right account after a sign-in, a sign-out and a sign-in as a buyer of another company in
 * the same browser, in both languages, on a desktop and a phone.
 */

const LANGS = [
  { lang: 'zh', prefix: '', login: '登录' },
  { lang: 'en', prefix: '/en', login: 'Log in' },
] as const;

for (const { lang, prefix, login } of LANGS) {
  test(`a kept page's header follows sign-in, sign-out and another company's buyer (${lang}) @mobile`, async ({ page }) => {
    test.setTimeout(90_000);
    const path = `${prefix}/product/index/hot?islands=${lang}${Date.now().toString(36)}`;
    // Kept by a guest's visit first.
    await page.request.get(path);

    const open = async () => {
      const answer = await page.goto(path);
      // A kept page, fresh or past its lifetime and being rendered again (ADR 0111): the same for every visitor.
      expect(answer?.headers()['x-page-cache'], 'served from the kept pages').toMatch(/^(hit|stale)$/);
      const html = await answer!.text();
      expect(html).not.toContain('李娜');
      expect(html).not.toContain('刘洋');
      await expectHydrated(page);
    };

    await open();
    await expect(page.getByTestId('login-link')).toHaveText(login);
    await expect(page.getByTestId('header-username')).toHaveCount(0);

    await loginAs(page, 'buyer');
    await open();
    await expect(page.getByTestId('header-username')).toContainText('李娜');
    await expect(page.getByTestId('cart-count')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('login-link')).toHaveCount(0);

    // Sign out from the header: home, then the kept page again as a guest.
    await page.getByTestId('logout').click();
    await expect(page.getByTestId('login-link')).toBeVisible();
    await open();
    await expect(page.getByTestId('login-link')).toHaveText(login);
    await expect(page.getByTestId('header-username')).toHaveCount(0);

    await loginAs(page, 'univ');
    await open();
    await expect(page.getByTestId('header-username')).toContainText('刘洋');
    await expect(page.getByText('李娜')).toHaveCount(0);
  });
}
