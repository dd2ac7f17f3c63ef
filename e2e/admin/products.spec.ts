import type { Page } from '@playwright/test';
import { chooseOption, expect, expectHydrated, expectNoHorizontalOverflow, loginAs, test } from '../fixtures';

/** Saves go through the server and back; a machine under load answers slowly. */
const SLOW = { timeout: 15_000 };

/** Waits until the back-office shell has hydrated (text typed before that is reset). */
async function shellReady(page: Page): Promise<void> {
  await expectHydrated(page);
}

test('operations staff add a product with two packs in Chinese, edit it in English, and the storefront shows it at once', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const itemNo = `E2E-${stamp}`;
  await loginAs(page, 'ops');
  const tree = (await (await page.request.get('/api/admin/catalog/categories')).json()).data as { nameZh: string; leaf: boolean; children: unknown[] }[];
  const leaves: { nameZh: string; leaf: boolean; children: unknown[] }[] = [];
  const walk = (nodes: typeof tree) => nodes.forEach((n) => { if (n.leaf) leaves.push(n); walk(n.children as typeof tree); });
  walk(tree);
  const brands = (await (await page.request.get('/api/admin/catalog/brands?limit=1&sort=code')).json()).data.items as { nameZh: string }[];

  await page.goto('/admin/catalog/products');
  await shellReady(page);
  const view = page.getByTestId('products-view');
  await expect(view).toBeVisible();
  await expect(page.getByRole('menu', { name: '菜单' })).toContainText('商品列表');

  await view.getByTestId('product-add').click();
  const drawer = page.getByRole('dialog', { name: '新增商品' });
  // Validation messages before anything is sent.
  await drawer.getByTestId('product-save').click();
  await expect(drawer.getByText('请填写名称（最多 200 字）').first()).toBeVisible();
  await drawer.getByLabel('中文名称').fill(`测试乙醇${stamp}`);
  await drawer.getByLabel('英文名称').fill(`Test ethanol ${stamp}`);
  await drawer.getByLabel('货号').fill(itemNo);
  await drawer.getByLabel('CAS 号').fill('64-17-6');
  await expect(drawer.getByText('CAS 号无效（请检查格式和校验位）')).toBeVisible();
  await drawer.getByLabel('CAS 号').fill('64-17-5');
  await drawer.getByLabel('分子式').fill('C2H6O');
  await expect(drawer.getByText('分子量：46.069')).toBeVisible();
  await drawer.getByLabel('SMILES').fill('CCO');
  await expect(drawer.getByRole('img', { name: '结构式预览' })).toBeVisible(SLOW);
  await chooseOption(page, drawer.getByLabel('品牌'), brands[0]!.nameZh, { type: true });
  await chooseOption(page, drawer.getByLabel('分类'), leaves[0]!.nameZh, { type: true });
  await chooseOption(page, drawer.getByLabel('危险性说明（H）'), 'H225 高度易燃液体和蒸气', { type: true });
  await page.keyboard.press('Escape');

  await drawer.getByLabel('规格 1', { exact: true }).fill('500 mL');
  await drawer.getByLabel('价格（元） 1', { exact: true }).fill('38.5');
  await drawer.getByLabel('库存 1', { exact: true }).fill('10');
  await drawer.getByTestId('pack-add').click();
  await drawer.getByLabel('规格 2', { exact: true }).fill('2.5 L');
  await drawer.getByLabel('价格（元） 2', { exact: true }).fill('120');
  await drawer.getByLabel('货期 2', { exact: true }).fill('5');
  await drawer.getByTestId('product-save').click();
  await expect(drawer).toBeHidden(SLOW);

  await view.getByRole('searchbox', { name: '搜索货号、CAS 号或名称' }).fill(itemNo);
  await view.getByRole('searchbox', { name: '搜索货号、CAS 号或名称' }).press('Enter');
  const row = view.getByRole('row').filter({ hasText: itemNo });
  await expect(row).toContainText(`测试乙醇${stamp}`, SLOW);
  await expect(row).toContainText('¥38.50');

  // In English: rename it and change the first pack's price.
  await page.goto(`/en/admin/catalog/products?key=${itemNo}`);
  await shellReady(page);
  const enRow = page.getByTestId('products-view').getByRole('row').filter({ hasText: itemNo });
  await enRow.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit product ${itemNo}` });
  await expect(edit.getByLabel('English name')).toHaveValue(`Test ethanol ${stamp}`, SLOW);
  await expect(edit.getByTestId('pack-row')).toHaveCount(2);
  await edit.getByLabel('English name').fill(`Absolute ethanol ${stamp}`);
  await edit.getByLabel('Price (CNY) 1', { exact: true }).fill('42');
  await edit.getByTestId('product-save').click();
  await expect(edit).toBeHidden(SLOW);

  // The storefront's product page shows the change without a restart.
  const found = (await (await page.request.get(`/api/admin/catalog/products?key=${itemNo}`)).json()).data.items as { id: number }[];
  await page.goto(`/en/product/detail?id=${found[0]!.id}`);
  await expect(page.getByRole('heading', { name: `Absolute ethanol ${stamp}` })).toBeVisible(SLOW);
  await expect(page.locator('body')).toContainText('42.00');
  await expect(page.locator('body')).toContainText('2.5 L');
  await expect(page.locator('body')).toContainText('64-17-5');
  await page.goto(`/product/detail?id=${found[0]!.id}`);
  await expect(page.getByRole('heading', { name: `测试乙醇${stamp}` })).toBeVisible(SLOW);
});

test('staff without the catalogue permission get 404 on the products page', async ({ page }) => {
  await loginAs(page, 'sales');
  await page.goto('/admin/catalog/products');
  await expect(page).toHaveURL(/\/404$/);
});

test('the products page fits a phone in English @mobile', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/en/admin/catalog/products');
  await expect(page.getByTestId('products-view')).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
