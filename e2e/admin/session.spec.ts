import type { Page } from '@playwright/test';
import { slow } from '../back-office';
import { expect, expectHydrated, fromSite, loginAs, test } from '../fixtures';

/**
 * Sessions that end politely in the back-office (ADR 0064): a member whose session ends mid-form gets the
 * login confirmation over the page, signs in again in a dialog, and the form is still there and saves; a
 * page opened after the session ended goes to the sign-in and comes back to the same page and tab.
 */

const CUSTOMER = '上海示例生物科技有限公司';

/**
 * Ends the member's session on the server, as its 12 hours running out would: the session is revoked, and
 * the browser keeps the cookie of the session that is now over.
 */
async function endStaffSession(page: Page): Promise<void> {
  const context = page.context();
  const kept = await context.cookies();
  const res = await page.request.post('/api/admin/auth/logout', { headers: fromSite() });
  expect(res.status()).toBe(200);
  await context.clearCookies();
  await context.addCookies(kept);
  expect((await page.request.get('/api/admin/customers/filters')).status()).toBe(401);
}

async function customer(page: Page): Promise<{ id: number; address: string }> {
  const found = await page.request.get(`/api/admin/customers?key=${encodeURIComponent('上海示例')}`);
  expect(found.status()).toBe(200);
  const id = ((await found.json()) as { data: { items: { id: number; name: string }[] } }).data.items.find((c) => c.name === CUSTOMER)?.id;
  expect(id).toBeTruthy();
  const detail = await page.request.get(`/api/admin/customers/${id}`);
  return { id: id!, address: ((await detail.json()) as { data: { address: string } }).data.address };
}

test('/en: a staff session that ends mid-form asks to sign in again over the page; the half-filled form is kept and saves', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'sales');
  const { id, address: original } = await customer(page);
  await page.goto(`/en/admin/customers?id=${id}`);
  await expectHydrated(page);
  const record = page.getByTestId('customer-record');
  await slow(record.getByTestId('customer-title')).toHaveText(CUSTOMER);
  await record.getByTestId('customer-edit').click();
  const drawer = page.getByRole('dialog', { name: `Edit customer: ${CUSTOMER}` });
  const address = drawer.getByLabel('Address', { exact: true });
  await expect(address).toHaveValue(original);
  const typed = `Building 7, Lane ${Date.now().toString(36)}, Pudong`;
  await address.fill(typed);

  await endStaffSession(page);
  await drawer.getByTestId('customer-save').click();
  const box = page.getByRole('dialog', { name: 'Login confirmation' });
  await expect(box).toContainText('Insufficient permission, or login timed out, please log in again!');
  // The page stays where it was.
  await expect(page).toHaveURL(new RegExp(`/en/admin/customers\\?id=${id}$`));
  await box.getByRole('button', { name: 'Login' }).click();
  const signIn = page.getByRole('dialog', { name: 'Staff login' });
  await expect(signIn.getByLabel('Account')).toBeFocused();
  // Escape leaves the sign-in for the box again, and nothing else.
  await page.keyboard.press('Escape');
  await expect(signIn).toBeHidden();
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: 'Login' }).click();
  await signIn.getByLabel('Account').fill('sales');
  await signIn.getByLabel('Password').fill('Sales#2026');
  await signIn.getByLabel('Password').press('Enter');
  await expect(signIn).toBeHidden();
  await expect(box).toBeHidden();

  // The drawer and what was typed into it are still there, and the same press of save now works.
  await expect(address).toHaveValue(typed);
  await drawer.getByTestId('customer-save').click();
  await expect(page.locator('.ant-message').getByText('Saved', { exact: true })).toBeVisible();
  await expect(record.locator('.ant-descriptions').getByText(typed)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/en/admin/customers\\?id=${id}$`));

  // The demo's address back for the other tests.
  const back = await page.request.put(`/api/admin/customers/${id}`, { data: { address: original }, headers: fromSite() });
  expect(back.status(), await back.text()).toBe(200);
});

test('a back-office page opened after the session ended signs in and comes back to the same page and tab', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'sales');
  const { id } = await customer(page);
  const target = `/admin/customers?id=${id}`;
  await page.goto(target);
  await expectHydrated(page);
  await slow(page.getByTestId('customer-title')).toHaveText(CUSTOMER);

  await endStaffSession(page);
  await page.goto(target);
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(target);
  await page.getByLabel('账号').fill('sales');
  await page.getByLabel('密码').fill('Sales#2026');
  await page.getByLabel('密码').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/customers\\?id=${id}$`));
  await expectHydrated(page);
  await slow(page.getByTestId('customer-title')).toHaveText(CUSTOMER);
  await expect(page.locator('.ant-tabs-tab-active [data-tab="/admin/customers"]')).toBeVisible();

  // A return address off the back-office is not followed: the sign-in opens the dashboard.
  await page.context().clearCookies();
  await page.goto(`/admin/login?redirect=${encodeURIComponent('//evil.example/admin')}`);
  await page.getByLabel('账号').fill('sales');
  await page.getByLabel('密码').fill('Sales#2026');
  await page.getByLabel('密码').press('Enter');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('another member signing in over the page gets it loaded afresh: nothing typed for the first one stays', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'sales');
  const { id } = await customer(page);
  await page.goto(`/admin/customers?id=${id}`);
  await expectHydrated(page);
  const record = page.getByTestId('customer-record');
  await slow(record.getByTestId('customer-title')).toHaveText(CUSTOMER);
  const member = await page.getByTestId('admin-user').textContent();
  const typed = `电话回访 ${Date.now().toString(36)}`;
  await record.getByTestId('activity-body').fill(typed);

  await endStaffSession(page);
  await record.getByTestId('activity-save').click();
  const box = page.getByRole('dialog', { name: '登录确认' });
  await expect(box).toContainText('权限不足或登录超时，请重新登录！');
  await box.getByRole('button', { name: /登\s*录/ }).click();
  const signIn = page.getByRole('dialog', { name: '员工登录' });
  await signIn.getByLabel('账号').fill('manager');
  await signIn.getByLabel('密码').fill('Manager#2026');
  await signIn.getByLabel('密码').press('Enter');
  await expect(page.getByTestId('admin-user')).not.toHaveText(member ?? '');
  await expectHydrated(page);
  await expect(page.getByText(typed)).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: '员工登录' })).toHaveCount(0);
});

test('/en: Escape in the login confirmation is its Cancel: signed out, to the sign-in, and back to the page after it', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'sales');
  const { id } = await customer(page);
  await page.goto(`/en/admin/customers?id=${id}`);
  await expectHydrated(page);
  const record = page.getByTestId('customer-record');
  await slow(record.getByTestId('customer-title')).toHaveText(CUSTOMER);
  await record.getByTestId('activity-body').fill('Call back on Monday');

  await endStaffSession(page);
  await record.getByTestId('activity-save').click();
  await expect(page.getByRole('dialog', { name: 'Login confirmation' })).toBeVisible();
  const logout = page.waitForRequest((r) => r.url().endsWith('/api/admin/auth/logout'));
  await page.keyboard.press('Escape');
  await logout;
  await expect(page).toHaveURL(/\/en\/admin\/login\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/en/admin/customers?id=${id}`);
  await page.getByLabel('Account').fill('sales');
  await page.getByLabel('Password').fill('Sales#2026');
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/en/admin/customers\\?id=${id}$`));
  await slow(page.getByTestId('customer-title')).toHaveText(CUSTOMER);
});
