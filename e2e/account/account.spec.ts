import { expect, loginAs, test } from '../fixtures';

test('a guest opening the profile is sent to /?login', async ({ page }) => {
  await page.goto('/sys/profile?default=6');
  await expect(page).toHaveURL(/\/\?login&redirect=%2Fsys%2Fprofile%3Fdefault%3D6$/);
  await expect(page.getByRole('dialog', { name: '账号登录' })).toBeVisible();
});

test('a signed-in buyer sees the greeting and the account layout @mobile', async ({ page }) => {
  await page.goto('/');
  await loginAs(page, 'buyer');
  await page.goto('/sys/profile?default=6');
  await expect(page.getByRole('heading', { name: '个人信息' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '账户菜单' }).getByRole('link', { name: '个人信息' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('main').getByText('上海示例生物科技有限公司')).toBeVisible();
  await expect(page.locator('main').getByText('buyer@demo.example.com')).toBeVisible();
  await page.goto('/en/sys/profile?default=6');
  await expect(page.getByRole('heading', { name: 'Personal information' })).toBeVisible();
});
