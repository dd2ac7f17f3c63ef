import { createHash } from 'node:crypto';
import { expect, expectHydrated, fromSite, test } from '../fixtures';

/** Signs in through the dialog, so the browser holds the token like a real visitor. */
async function signInWithDialog(page: import('@playwright/test').Page, loginName: string, password: string) {
  await page.goto('/?login');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('账号').fill(loginName);
  await dialog.getByLabel('密码', { exact: true }).fill(password);
  await dialog.getByTestId('login-submit').click();
  await expect(page.getByTestId('header-username')).toBeVisible();
}

/** Ends the session behind the page's back (as an expiry or a password change elsewhere would). */
async function revokeSession(page: import('@playwright/test').Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const res = await page.request.post('/api/web/auth/logout', { headers: { authorization: token! } });
  expect(res.status()).toBe(200);
}

const CONFIRM_TEXT = '权限不足或登录超时，请重新登录！';

test('a lapsed session gets one login confirmation at a time; Login opens the dialog', async ({ page }) => {
  await signInWithDialog(page, 'admin@demo.example.com', 'Reagent#2026');
  await page.goto('/sys/profile_pwd?default=6');
  await revokeSession(page);
  const form = page.getByTestId('change-password-form');
  await form.getByLabel('当前密码').fill('Reagent#2026');
  await form.getByLabel('新密码', { exact: true }).fill('Microscope#90');
  await form.getByLabel('确认新密码').fill('Microscope#90');
  await form.getByRole('button', { name: '保存新密码' }).click();
  const box = page.getByRole('alertdialog', { name: '登录确认' });
  await expect(box).toBeVisible();
  await expect(box).toContainText(CONFIRM_TEXT);
  // Another failing call while the box is open does not stack a second box. The wait starts before
  // the submit: on loopback the answer can come back before a wait set up afterwards would listen.
  const second = page.waitForResponse((r) => r.url().endsWith('/api/web/auth/changePassword'));
  await form.evaluate((el: HTMLFormElement) => el.requestSubmit());
  await second;
  await expect(page.getByRole('alertdialog')).toHaveCount(1);
  await box.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: '账号登录' })).toBeVisible();
});

test('a buyer whose session ended signs in again over the page; the half-filled form is kept and saves', async ({ page }) => {
  await signInWithDialog(page, 'buyer@demo.example.com', 'Reagent#2026');
  await page.goto('/sys/profile_basic');
  await expectHydrated(page);
  const form = page.getByTestId('profile-basic-form');
  const job = form.getByLabel('职位');
  const before = await job.inputValue();
  const typed = `采购主管 ${Date.now().toString(36)}`;
  await job.fill(typed);
  await revokeSession(page);
  await form.getByTestId('save-profile').click();
  const box = page.getByRole('alertdialog', { name: '登录确认' });
  await expect(box).toContainText(CONFIRM_TEXT);
  await box.getByRole('button', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: '账号登录' });
  await expect(dialog).toBeVisible();
  // Closing the sign-in goes back to the box, with the page as it was.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: '登录' }).click();
  await dialog.getByLabel('账号').fill('buyer@demo.example.com');
  await dialog.getByLabel('密码', { exact: true }).fill('Reagent#2026');
  await dialog.getByTestId('login-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // No page load: what was typed is still there, and saving it now works.
  await expect(page).toHaveURL(/\/sys\/profile_basic$/);
  await expect(job).toHaveValue(typed);
  await form.getByTestId('save-profile').click();
  await expect(page.getByText('已保存', { exact: true })).toBeVisible();
  await page.reload();
  await expect(job).toHaveValue(typed);

  // The demo's value back for the other tests.
  await expectHydrated(page);
  await job.fill(before);
  await form.getByTestId('save-profile').click();
  await expect(page.getByText('已保存', { exact: true })).toBeVisible();
});

test('Cancel in the login confirmation signs out and goes home with the login flag', async ({ page }) => {
  await signInWithDialog(page, 'employee@demo.example.com', 'Reagent#2026');
  await page.goto('/en/sys/profile_pwd?default=6');
  await revokeSession(page);
  const form = page.getByTestId('change-password-form');
  await form.getByLabel('Current password').fill('Reagent#2026');
  await form.getByLabel('New password', { exact: true }).fill('Microscope#90');
  await form.getByLabel('Confirm new password').fill('Microscope#90');
  await form.getByRole('button', { name: 'Save new password' }).click();
  const box = page.getByRole('alertdialog', { name: 'Login confirmation' });
  await expect(box).toContainText('Insufficient permission, or login timed out, please log in again!');
  const logout = page.waitForRequest((r) => r.url().endsWith('/api/web/auth/logout'));
  await box.getByRole('button', { name: 'Cancel' }).click();
  await logout;
  await expect(page).toHaveURL(/\/en\?login$/);
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
});

test('changing the password ends the other sessions but keeps this one', async ({ page, browser }) => {
  await signInWithDialog(page, 'buyer@univ.example.com', 'Reagent#2026');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInWithDialog(otherPage, 'buyer@univ.example.com', 'Reagent#2026');
  await page.goto('/sys/profile_pwd?default=6');
  const form = page.getByTestId('change-password-form');
  await form.getByLabel('当前密码').fill('Reagent#2026');
  await form.getByLabel('新密码', { exact: true }).fill('Short');
  await form.getByLabel('确认新密码').fill('Other');
  await form.getByRole('button', { name: '保存新密码' }).click();
  await expect(form.getByRole('alert')).toHaveText(['账号密码格式不正确', '两次密码不一致']);
  await form.getByLabel('新密码', { exact: true }).fill('Microscope#90');
  await form.getByLabel('确认新密码').fill('Microscope#90');
  await form.getByRole('button', { name: '保存新密码' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '密码已修改' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('header-username')).toBeVisible();
  await otherPage.reload();
  await expect(otherPage.getByTestId('login-link')).toBeVisible();
  await other.close();
  // The demo password back: later tests sign in as this customer of the second company.
  const digest = (text: string) => createHash('sha256').update(text).digest('hex');
  const back = await page.request.post('/api/web/auth/changePassword', {
    form: { oldPassword: digest('Microscope#90'), password: digest('Reagent#2026'), repeatPwd: digest('Reagent#2026') },
    headers: fromSite(),
  });
  expect(back.status(), await back.text()).toBe(200);
});
