import { expect, expectHydrated, expectLoaded, expectNoHorizontalOverflow, loginAs, still, test } from '../fixtures';

/** Every page the super administrator's menu leads to, hidden items included. */
async function menuPaths(page: import('@playwright/test').Page): Promise<string[]> {
  const res = await page.request.get('/api/admin/menus');
  const tree = (await res.json()).data as { path: string; children: { path: string; children: unknown[] }[] }[];
  const out: string[] = [];
  const walk = (items: { path: string; children: unknown[] }[], parent: string) => {
    for (const item of items) {
      const path = item.path.startsWith('/') ? item.path : `${parent}/${item.path}`;
      out.push(`/admin${path}`);
      walk(item.children as { path: string; children: unknown[] }[], path);
    }
  };
  walk(tree, '');
  return out;
}

test('every seeded menu item leads to a real page for the super administrator', async ({ page }) => {
  await loginAs(page, 'admin');
  const paths = await menuPaths(page);
  expect(paths.length).toBeGreaterThan(5);
  // One full page load per menu item (close to forty): the budget grows with the menu, six seconds a load
  // (twice what a load takes on a busy two-core machine).
  test.setTimeout(30_000 + paths.length * 6_000);
  for (const path of paths) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    expect(page.url(), path).not.toMatch(/\/404$/);
  }
});

for (const [locale, prefix, labels] of [
  ['zh', '', { staff: '员工设置', roles: '身份权限', closeOthers: '关闭其他', search: '搜索姓名、账号、邮箱或电话' }],
  ['en', '/en', { staff: 'Staff', roles: 'Identities and permissions', closeOthers: 'Close others', search: 'Search name, account, e-mail or phone' }],
] as const) {
  test(`tabs: open three pages, a cached tab keeps its typed filter, close others keeps the affix tab (${locale})`, async ({ page }) => {
    // Four full page loads and three client navigations of the back-office: more than the default budget on a loaded machine.
    test.setTimeout(60_000);
    await loginAs(page, 'admin');
    await page.goto(`${prefix}/admin/dashboard`);
    await page.goto(`${prefix}/admin/system-setting/stafflist`);
    // Text typed before hydration is reset by it, as in any server-rendered form.
    await expectHydrated(page);
    await page.getByRole('searchbox', { name: labels.search }).fill('zhou');
    await page.getByRole('link', { name: labels.roles }).click();
    await expect(page.getByTestId('roles-view')).toBeVisible();
    await page.getByRole('link', { name: 'System menu' }).or(page.getByRole('link', { name: '系统菜单' })).click();
    await expect(page.getByTestId('menu-editor-view')).toBeVisible();
    await page.locator(`[data-tab="/admin/system-setting/stafflist"]`).click();
    await expect(page.getByRole('searchbox', { name: labels.search })).toHaveValue('zhou');
    // The context menu once the list below has its data (a view laying itself out again closes the menu), its action once the menu holds still.
    await expectLoaded(page);
    await page.locator(`[data-tab="/admin/system-setting/stafflist"]`).click({ button: 'right' });
    await still(page.locator('.ant-dropdown:visible')).getByRole('menuitem', { name: labels.closeOthers }).click();
    await expect(page.locator('[data-tab]')).toHaveCount(2);
    await expect(page.locator('[data-tab="/admin/dashboard"]')).toBeVisible();
  });
}

test('a forbidden back-office path lands on 404, and the member does not see the menu item', async ({ page }) => {
  await loginAs(page, 'sales');
  await page.goto('/admin/system-setting/stafflist');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('menu')).not.toContainText('员工设置');
});

test('the theme colour is kept on the server and shows in a second browser context', async ({ page, browser }) => {
  await loginAs(page, 'ops');
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: '主题设置' }).click();
  await page.getByRole('radio', { name: '#11a983' }).click();
  await expect(page.getByRole('radio', { name: '#11a983' })).toHaveAttribute('aria-checked', 'true');
  await expect.poll(async () => (await (await page.request.get('/api/admin/settings')).json()).data.theme).toBe('#11a983');
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  const second = await other.newPage();
  await loginAs(second, 'ops');
  await second.goto('/admin/dashboard');
  await second.getByRole('button', { name: '主题设置' }).click();
  await expect(second.getByRole('radio', { name: '#11a983' })).toHaveAttribute('aria-checked', 'true');
  await other.close();
});

test('a collapsed sidebar is remembered in a cookie', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: '展开/收起菜单' }).click();
  await page.reload();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
  await expect(page.getByRole('button', { name: '展开/收起菜单' })).toHaveAttribute('aria-expanded', 'false');
});

test('the dashboard fits a phone in both languages, its tables scrolling inside their cards', async ({ page }) => {
  // A 390-pixel window, without the phone emulation: an emulated phone widens its layout viewport to
  // what overflows, and would not show it. The tables' own scrolling width is wider than the content here.
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'admin');
  for (const path of ['/admin/dashboard', '/en/admin/dashboard']) {
    await page.goto(path);
    // The tables come after the shell has hydrated, the view's code has loaded and the figures have been asked for.
    await expect(page.getByTestId('admin-dashboard').locator('.ant-table').first()).toBeVisible({ timeout: 20_000 });
    await expectNoHorizontalOverflow(page);
  }
});
