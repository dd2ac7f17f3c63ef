import { expect, loginAs, test } from '../fixtures';

test.describe('route guard', () => {
  for (const [path, home] of [
    ['/sys/profile?default=6', '/'],
    ['/sys/profile_pwd', '/'],
    ['/en/sys/users', '/en'],
    ['/order?default=1', '/'],
    ['/zh/order/shoppingcart?default=2', '/zh'],
    ['/en/profile', '/en'],
  ] as const) {
    test(`a guest opening ${path} is sent to ${home}?login with the dialog open and the page to come back to`, async ({ page }) => {
      await page.goto(path);
      const back = `redirect=${encodeURIComponent(path)}`;
      await expect(page).toHaveURL(new RegExp(home === '/' ? `/\\?login&${back}$` : `${home}\\?login&${back}$`));
      await expect(page.getByRole('dialog')).toBeVisible();
    });
  }

  test('/en: signing in through the dialog the guard opened comes back to the page asked for', async ({ page }) => {
    await page.goto('/en/sys/profile_pwd?default=6');
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('Account').fill('buyer@demo.example.com');
    await dialog.getByLabel('Password', { exact: true }).fill('Reagent#2026');
    await dialog.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/en\/sys\/profile_pwd\?default=6$/);
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  });

  test('after signing in the guarded page opens @mobile', async ({ page }) => {
    await page.goto('/');
    await loginAs(page, 'buyer');
    const res = await page.goto('/sys/profile_pwd?default=6');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: '修改密码' })).toBeVisible();
    // Unbuilt signed-in paths are plain 404s for a signed-in customer.
    expect((await page.goto('/sys/nothing-here'))?.status()).toBe(404);
  });
});
