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
    test(`a guest opening ${path} is sent to ${home}?login with the dialog open`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(home === '/' ? '/\\?login$' : `${home}\\?login$`));
      await expect(page.getByRole('dialog')).toBeVisible();
    });
  }

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
