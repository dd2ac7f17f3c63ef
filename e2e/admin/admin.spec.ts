import { expect, test } from '../fixtures';

test('staff sign in through the form and reach the dashboard with their menu', async ({ page }) => {
  await page.goto('/admin');
  // The sign-in keeps the page asked for as its return address.
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin$/);
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill('Admin#2026');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  // A sign-in, then the back-office's first page with its shell: more than a click's budget on a busy machine.
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByTestId('admin-dashboard')).toContainText('超级管理员');
  await expect(page.getByRole('menu')).toContainText('系统设置');
});

test('a wrong staff password shows the error and stays on the form', async ({ page }) => {
  await page.goto('/en/admin/login');
  await page.getByLabel('Account').fill('admin');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong account or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/admin\/login$/);
});
