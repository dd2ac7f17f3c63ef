import type { Page } from '@playwright/test';
import { expect, expectHydrated, expectLoaded, loginAs, still, test } from '../fixtures';

// Long walks through several pages each.
test.describe.configure({ timeout: 90_000 });

const LABELS = {
  zh: {
    staff: '员工设置', roles: '身份权限', menu: '系统菜单', audit: '审计日志', addStaff: '新增员工', loginName: '账号', rolesSearch: '搜索名称或说明',
    refresh: '刷新', close: '关闭', closeOthers: '关闭其他', closeAll: '关闭所有', closeLeft: '关闭左侧', closeRight: '关闭右侧',
  },
  en: {
    staff: 'Staff', roles: 'Identities and permissions', menu: 'System menu', audit: 'Audit log', addStaff: 'New staff member', loginName: 'Account', rolesSearch: 'Search name or description',
    refresh: 'Refresh', close: 'Close', closeOthers: 'Close others', closeAll: 'Close all', closeLeft: 'Close to the left', closeRight: 'Close to the right',
  },
} as const;

const tab = (page: Page, path: string) => page.locator(`[data-tab="/admin${path}"]`);
const tabPaths = (page: Page) => page.locator('[data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')));

async function openShell(page: Page, prefix: string, path: string): Promise<void> {
  await page.goto(`${prefix}/admin${path}`);
  await expectHydrated(page);
}

/** Context menus open at the moment (each tab has its own; a closed one fades out). */
const openMenus = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').filter({ visible: true });

/**
 * Opens a tab's context menu, once the view below has its data (a view laying itself out again closes the
 * menu), and picks an action once the menu holds still (it is placed at the pointer as it opens).
 */
async function tabAction(page: Page, path: string, action: string): Promise<void> {
  await expect(openMenus(page)).toHaveCount(0);
  await expectLoaded(page);
  await tab(page, path).click({ button: 'right' });
  await still(openMenus(page)).getByRole('menuitem', { name: action, exact: true }).click();
}

for (const [locale, prefix] of [['zh', ''], ['en', '/en']] as const) {
  const l = LABELS[locale];

  test(`tab context menu: close left, close right, refresh, close, close all; the affix tab stays (${locale})`, async ({ page }) => {
    await loginAs(page, 'admin');
    await openShell(page, prefix, '/system-setting/stafflist');
    for (const [name, testId] of [[l.roles, 'roles-view'], [l.menu, 'menu-editor-view'], [l.audit, 'audit-view']] as const) {
      await page.getByRole('link', { name, exact: true }).click();
      await expect(page.getByTestId(testId)).toBeVisible();
    }
    await expect.poll(() => tabPaths(page)).toEqual(['/admin/dashboard', '/admin/system-setting/stafflist', '/admin/system-setting/auth', '/admin/system-setting/menu', '/admin/audit']);
    await expect(tab(page, '/dashboard')).toHaveText(locale === 'zh' ? '首页' : 'Dashboard');

    await tabAction(page, '/system-setting/auth', l.closeLeft);
    await expect.poll(() => tabPaths(page)).toEqual(['/admin/dashboard', '/admin/system-setting/auth', '/admin/system-setting/menu', '/admin/audit']);
    await expect(page).toHaveURL(new RegExp(`${prefix}/admin/audit$`));

    // Closing the active tab (to the right of the target) goes to the last tab that remains.
    await tabAction(page, '/system-setting/menu', l.closeRight);
    await expect.poll(() => tabPaths(page)).toEqual(['/admin/dashboard', '/admin/system-setting/auth', '/admin/system-setting/menu']);
    await expect(page).toHaveURL(new RegExp(`${prefix}/admin/system-setting/menu$`));

    // Refresh starts a kept page afresh: its typed filter is gone.
    await tab(page, '/system-setting/auth').click();
    const search = page.getByRole('searchbox', { name: l.rolesSearch });
    await search.fill('typed');
    await tabAction(page, '/system-setting/auth', l.refresh);
    await expect(search).toHaveValue('');

    await tabAction(page, '/system-setting/auth', l.close);
    await expect.poll(() => tabPaths(page)).toEqual(['/admin/dashboard', '/admin/system-setting/menu']);
    await expect(page).toHaveURL(new RegExp(`${prefix}/admin/system-setting/menu$`));

    // The affix tab cannot be closed.
    await tab(page, '/dashboard').click({ button: 'right' });
    await expect(openMenus(page).getByRole('menuitem', { name: l.close, exact: true })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await expect(openMenus(page)).toHaveCount(0);

    await tabAction(page, '/system-setting/menu', l.closeAll);
    await expect.poll(() => tabPaths(page)).toEqual(['/admin/dashboard']);
    await expect(page).toHaveURL(new RegExp(`${prefix}/admin/dashboard$`));
  });

  test(`a noCache page starts fresh when its tab is opened again; a kept page does not (${locale})`, async ({ page }) => {
    await loginAs(page, 'admin');
    await openShell(page, prefix, '/system-setting/stafflist');
    await page.getByRole('button', { name: l.addStaff }).click();
    await expect(page.getByTestId('staff-add-view')).toBeVisible();
    await expect(tab(page, '/system-setting/staffadd')).toHaveText(l.addStaff);
    await page.getByTestId('staff-add-view').getByLabel(l.loginName, { exact: true }).fill('typed.name');
    await tab(page, '/system-setting/stafflist').click();
    await expect(page.getByTestId('staff-view')).toBeVisible();
    await tab(page, '/system-setting/staffadd').click();
    await expect(page.getByTestId('staff-add-view')).toBeVisible();
    await expect(page.getByTestId('staff-add-view').getByLabel(l.loginName, { exact: true })).toHaveValue('');
  });
}

test('a menu item whose title an administrator edits shows the new title in the sidebar at the next load', async ({ page }) => {
  await loginAs(page, 'admin');
  await openShell(page, '', '/system-setting/menu');
  const rename = async (from: string, to: string) => {
    await page.locator('[data-menu-id]').filter({ hasText: `${from} / Audit log` }).click();
    const field = page.getByLabel('中文标题');
    await expect(field).toHaveValue(from);
    await field.fill(to);
    await page.getByRole('button', { name: /^保\s?存$/ }).click();
    await expect(page.locator('[data-menu-id]').filter({ hasText: `${to} / Audit log` })).toBeVisible();
  };
  await rename('审计日志', '审计记录');
  try {
    await page.reload();
    await expect(page.getByRole('menu').getByRole('link', { name: '审计记录' })).toBeVisible();
  } finally {
    await rename('审计记录', '审计日志');
  }
  await page.reload();
  await expect(page.getByRole('menu').getByRole('link', { name: '审计日志' })).toBeVisible();
});

test('memory stays flat when 100 tabs are opened and closed', async ({ page }) => {
  test.setTimeout(480_000);
  await loginAs(page, 'admin');
  await openShell(page, '', '/dashboard');
  await page.getByRole('menuitem', { name: /系统设置/ }).click();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  const heap = async () => {
    for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
    return (await page.evaluate(() => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize));
  };
  const pages = [['员工设置', 'staff-view', '/system-setting/stafflist'], ['身份权限', 'roles-view', '/system-setting/auth'], ['系统菜单', 'menu-editor-view', '/system-setting/menu'], ['审计日志', 'audit-view', '/audit']] as const;
  // Each step opens the next page's tab and closes the previous one's (not active: no navigation back).
  const step = async (i: number) => {
    const [name, testId] = pages[i % pages.length]!;
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByTestId(testId)).toBeVisible();
    if (i === 0) return;
    const previous = pages[(i - 1) % pages.length]![2];
    await page.locator('.ant-tabs-tab', { has: tab(page, previous) }).locator('.ant-tabs-tab-remove').click();
    await expect(tab(page, previous)).toHaveCount(0);
  };
  const counters = async () => (await cdp.send('Memory.getDOMCounters')) as { nodes: number; jsEventListeners: number };
  // The first few dozen steps fill the browser's own caches and compile the code (2–3 MB): measured after them.
  for (let i = 0; i < 32; i++) await step(i);
  const warm = await heap();
  const warmCounts = await counters();
  for (let i = 32; i < 132; i++) await step(i);
  const after = await heap();
  const afterCounts = await counters();
  console.log(`heap after warm-up ${(warm / 1e6).toFixed(1)} MB, after 100 more tabs ${(after / 1e6).toFixed(1)} MB; DOM nodes ${warmCounts.nodes} → ${afterCounts.nodes}, listeners ${warmCounts.jsEventListeners} → ${afterCounts.jsEventListeners}`);
  // A closed tab's page left behind would keep its DOM (these pages hold 200–600 nodes and 150–250
  // listeners each, counted after garbage collection, detached ones included): 100 of them would add
  // 20,000 nodes or more.
  // What stays today is far less: every few dozen tabs the shell keeps one more small subtree (about
  // 200 nodes and 150 listeners, some 20 nodes a tab on average).
  expect(afterCounts.nodes - warmCounts.nodes).toBeLessThan(10_000);
  expect(afterCounts.jsEventListeners - warmCounts.jsEventListeners).toBeLessThan(8_000);
  // The heap grows by compiled code and the browser's bounded buffers too: 3–8 MB over the 100 on an
  // idle machine, up to about 12 MB when other work shares the 2 cores (about 30–120 kB a navigation);
  // pages left behind would add far more.
  expect(after - warm).toBeLessThan(20_000_000);
});
