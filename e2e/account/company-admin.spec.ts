import { createHash } from 'node:crypto';
import { expect as baseExpect, chooseOption, expectHydrated, fromSite, gotoHydrated, loginAs, still, test } from '../fixtures';
import type { Page } from '@playwright/test';

// Server round trips (a refresh after a save) can be slow on a shared machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const PASSWORD = 'Reagent#2026';

async function signIn(page: Page, loginName: string, password = PASSWORD): Promise<void> {
  const res = await page.request.post('/api/web/auth/login', { form: { loginName, password: sha256(password) }, headers: fromSite() });
  expect(res.status(), await res.text()).toBe(200);
}

// An 8×8 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4YWODFTEMLQkAZZlQAUzivDYAAAAASUVORK5CYII=', 'base64');

test('the administrator creates a role without order viewing, adds a sub-account with it; that user sees no order management and the call is refused', async ({ page, browser }) => {
  // A long journey over two accounts and four pages on a shared machine.
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.example.com');
  await gotoHydrated(page, '/sys/manage?default=5');
  await expect(page.getByRole('heading', { name: '系统设置' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '账户菜单' }).getByRole('link', { name: '系统设置' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('hub-users')).toContainText('子账号');

  await page.getByTestId('hub-roles').click();
  await expect(page.getByRole('heading', { name: '角色管理' })).toBeVisible();
  const roleDialog = page.getByRole('dialog', { name: '新建角色' });
  await page.getByTestId('add-role').click();
  await expect(roleDialog).toBeVisible();
  await roleDialog.getByLabel('角色名称').fill('地址维护员');
  await roleDialog.getByTestId('perm-ADDRESS.EDIT').click();
  await roleDialog.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(page.getByRole('row', { name: /地址维护员/ })).toContainText('管理地址');

  // The button answers once the page has hydrated.
  await gotoHydrated(page, '/sys/users?default=5');
  const userDialog = page.getByRole('dialog', { name: '添加用户' });
  await page.getByTestId('add-user').click();
  await expect(userDialog).toBeVisible();
  await userDialog.getByLabel('账号（邮箱或手机号）').fill('e2e.sub@demo.example.com');
  await chooseOption(page, userDialog.getByLabel('账号类型'), '子账号');
  await userDialog.getByLabel('初始密码').fill('E2e#Pass2026');
  await userDialog.getByLabel('姓名').fill('测试子账号');
  await chooseOption(page, userDialog.getByLabel('角色'), '地址维护员');
  await userDialog.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(userDialog).toBeHidden();
  await expect(page.getByRole('row', { name: /测试子账号/ })).toContainText('地址维护员');

  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  const userPage = await other.newPage();
  await signIn(userPage, 'e2e.sub@demo.example.com', 'E2e#Pass2026');
  await userPage.goto('/sys/address?default=6');
  const menu = userPage.getByRole('navigation', { name: '账户菜单' });
  await expect(menu.getByRole('link', { name: '购物车' })).toBeVisible();
  await expect(menu.getByRole('link', { name: '订单管理' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: '系统设置' })).toHaveCount(0);
  await expect(userPage.getByTestId('add-address')).toBeVisible();
  // The order list call refuses a user without SALE.VIEW.
  const sale = await userPage.request.get('/api/app/sale/list');
  expect(sale.status()).toBe(403);
  expect((await userPage.request.post('/api/app/api/user/s', { headers: fromSite() })).status()).toBe(403);
  expect((await userPage.goto('/sys/users?default=5'))?.url()).toMatch(/\/401$/);
  await other.close();
});

test('a department that still has users cannot be deleted; the message names them (English)', async ({ page }) => {
  await signIn(page, 'admin@demo.example.com');
  // The tick answers once the page has hydrated; before that a click is lost.
  await gotoHydrated(page, '/en/sys/departments?default=5');
  await expect(page.getByRole('heading', { name: 'Departments' })).toBeVisible();
  const tick = page.locator('.ant-tree-treenode', { has: page.getByTestId('dept-采购部') }).locator('.ant-tree-checkbox');
  await tick.click();
  await expect(tick).toHaveClass(/ant-tree-checkbox-checked/);
  await expect(page.getByTestId('delete-departments')).toBeEnabled();
  await page.getByTestId('delete-departments').click();
  // The confirmation pops up beside the button: its button is clicked once it holds still.
  await still(page.locator('.ant-popover:visible')).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/still has users: .*李娜/)).toBeVisible();
  await expect(page.getByTestId('dept-采购部')).toBeVisible();
});

test('a buyer edits their basic information and uploads an avatar @mobile', async ({ page }) => {
  await page.goto('/');
  await loginAs(page, 'buyer');
  await page.goto('/en/sys/profile_basic?default=6');
  await expect(page.getByRole('heading', { name: 'Basic information' })).toBeVisible();
  await expectHydrated(page);
  await expect(page.getByLabel('Company')).toHaveValue('上海示例生物科技有限公司');
  await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('.ant-avatar img')).toHaveAttribute('src', /\/api\/app\/file\/\d+\?inline=1/);
  await page.getByLabel('Job').fill('Senior buyer');
  await page.getByTestId('save-profile').click();
  await expect(page.getByText('Saved')).toBeVisible();
  await page.goto('/en/sys/profile?default=6');
  await expect(page.locator('main').getByText('Senior buyer')).toBeVisible();
  await expect(page.getByTestId('profile-avatar')).toBeVisible();
  const src = await page.getByTestId('profile-avatar').getAttribute('src');
  const file = await page.request.get(src ?? '');
  expect(file.status()).toBe(200);
  expect(file.headers()['x-content-type-options']).toBe('nosniff');
  expect(file.headers()['cache-control']).toMatch(/^private/);
  // The system settings stay hidden and closed to a buyer.
  await expect(page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: 'System settings' })).toHaveCount(0);
  expect((await page.goto('/en/sys/manage?default=5'))?.url()).toMatch(/\/401$/);
});

test('a double click on a company dialog\'s OK adds one department (English)', async ({ page }) => {
  await signIn(page, 'admin@demo.example.com');
  // The button answers once the page has hydrated; before that a click is lost.
  await gotoHydrated(page, '/en/sys/departments?default=5');
  await expect(page.getByRole('heading', { name: 'Departments' })).toBeVisible();
  const dialog = page.locator('.ant-modal-wrap:visible');
  await page.getByTestId('add-department').click();
  await expect(dialog).toBeVisible();
  const name = `Double ${Date.now() % 1_000_000}`;
  await dialog.getByLabel('Department name').fill(name);
  const posts: string[] = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname === '/api/app/department/add') posts.push(r.method()); });
  await dialog.locator('.ant-modal-footer .ant-btn-primary').dblclick();
  await expect(page.getByTestId(`dept-${name}`)).toBeVisible();
  const listed = await page.request.get('/api/app/department/list');
  expect(listed.status()).toBe(200);
  const { data } = (await listed.json()) as { data: { list: { name: string }[] } };
  expect(data.list.filter((d) => d.name === name)).toHaveLength(1);
  expect(posts).toHaveLength(1);
});
