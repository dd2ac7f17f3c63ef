import { expect, expectNoHorizontalOverflow, loginAs, test } from '../fixtures';

/** Waits until the back-office shell has hydrated (text typed before that is reset). */
async function shellReady(page: import('@playwright/test').Page): Promise<void> {
  await expect(page.locator('[data-admin-shell]')).toHaveAttribute('data-hydrated', 'true', { timeout: 30_000 });
}

test('operations staff add a brand and a category tree; the storefront shows them at once', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const brand = { code: `e2e-${stamp}`, nameZh: `测试品牌${stamp}`, nameEn: `Testbrand ${stamp}` };
  await loginAs(page, 'ops');
  await page.goto('/admin/dashboard');
  await shellReady(page);
  await expect(page.getByRole('menu')).toContainText('商品管理');
  await page.goto('/admin/catalog/brands');
  await shellReady(page);
  await expect(page.getByTestId('brands-view')).toBeVisible();

  await page.getByTestId('brand-add').click();
  const dialog = page.getByRole('dialog', { name: '新增品牌' });
  // Validation messages before anything is sent.
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请填写名称（最多 60 字）').first()).toBeVisible();
  await dialog.getByLabel('中文名称').fill(brand.nameZh);
  await dialog.getByLabel('英文名称').fill(brand.nameEn);
  await dialog.getByLabel('代码').fill(brand.code);
  await dialog.getByLabel('标志文字').fill('E2E');
  await dialog.getByLabel('国家/地区').fill('DE');
  await dialog.getByLabel('显示顺序').fill('1');
  await dialog.getByRole('switch', { name: '授权品牌' }).click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: '搜索中文名、英文名或代码' }).fill(brand.code);
  await page.getByRole('searchbox', { name: '搜索中文名、英文名或代码' }).press('Enter');
  await expect(page.getByRole('row').filter({ hasText: brand.nameZh })).toContainText('德国');

  // The authorised-brand list of the storefront shows it without waiting for the cache to expire.
  await page.goto('/brand?type=1');
  await expect(page.getByText(brand.nameZh).first()).toBeVisible();

  await page.goto('/admin/catalog/categories');
  await shellReady(page);
  const view = page.getByTestId('categories-view');
  await view.getByRole('button', { name: '新增一级分类' }).click();
  await view.getByLabel('中文名称').fill(`测试分类${stamp}`);
  await view.getByLabel('英文名称').fill(`Test category ${stamp}`);
  await view.getByRole('button', { name: /保\s*存/ }).click();
  await expect(view.getByRole('tree')).toContainText(`测试分类${stamp} / Test category ${stamp}`);
  await view.getByRole('button', { name: '新增子分类' }).click();
  await view.getByLabel('中文名称').fill(`测试子类${stamp}`);
  await view.getByLabel('英文名称').fill(`Test subcategory ${stamp}`);
  await view.getByRole('button', { name: /保\s*存/ }).click();
  await expect(view.getByRole('tree')).toContainText(`测试子类${stamp} / Test subcategory ${stamp}`);
  // Keyboard alternative to dragging: the new subcategory moves out to the top level.
  await view.getByRole('button', { name: '移出到上一级' }).click();
  await expect(page.getByText('已移动').first()).toBeVisible();

  const tree = (await (await page.request.get('/api/admin/catalog/categories')).json()).data as { id: number; nameZh: string }[];
  const root = tree.find((c) => c.nameZh === `测试分类${stamp}`);
  expect(root).toBeDefined();
  expect(tree.some((c) => c.nameZh === `测试子类${stamp}`)).toBe(true);
});

test('staff without the catalogue permission see no catalogue menu and get 404 on its pages', async ({ page }) => {
  await loginAs(page, 'sales');
  await page.goto('/admin/catalog/brands');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('menu')).not.toContainText('商品管理');
});

test('the brand and category pages fit a phone in English @mobile', async ({ page }) => {
  await loginAs(page, 'admin');
  for (const [path, testId] of [['/en/admin/catalog/brands', 'brands-view'], ['/en/admin/catalog/categories', 'categories-view']] as const) {
    await page.goto(path);
    await expect(page.getByTestId(testId)).toBeVisible();
    await expectNoHorizontalOverflow(page);
  }
  await expect(page.getByTestId('categories-view').getByRole('tree')).toBeVisible();
});
