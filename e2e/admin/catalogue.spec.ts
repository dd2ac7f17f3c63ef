import { expect, expectHydrated, expectNoHorizontalOverflow, loginAs, test } from '../fixtures';

/** Saves go through the server and back; a machine under load answers slowly. */
const SLOW = { timeout: 15_000 };

/** A 4×4 red PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWO4IyICRwzEcQCzQxBBnsE89QAAAABJRU5ErkJggg==';

/** Waits until the back-office shell has hydrated (text typed before that is reset). */
async function shellReady(page: import('@playwright/test').Page): Promise<void> {
  await expectHydrated(page);
}

test('operations staff add a brand with a logo; the storefront shows it at once', async ({ page }) => {
  test.setTimeout(90_000);
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
  await expect(dialog).toBeHidden(SLOW);
  // The closing dialog's mask still takes clicks while it fades out.
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0, SLOW);
  await page.getByRole('searchbox', { name: '搜索中文名、英文名或代码' }).fill(brand.code);
  await page.getByRole('searchbox', { name: '搜索中文名、英文名或代码' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: brand.nameZh });
  await expect(row).toContainText('德国', SLOW);

  // A logo image for the saved brand: an SVG is refused by its bytes, a PNG is taken.
  await row.getByRole('button', { name: /修\s*改/ }).click();
  const edit = page.getByRole('dialog', { name: '修改品牌' });
  const logoInput = edit.getByTestId('brand-logo-field').locator('input[type=file]');
  await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await expect(page.getByText(/只接受 PNG、JPEG 或 WebP/).first()).toBeVisible();
  await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
  await expect(edit.getByRole('img', { name: '标志图片' })).toBeVisible();
  await edit.getByRole('button', { name: /取\s*消/ }).click();
  await expect(row.getByRole('img')).toBeVisible();

  // The authorised-brand list of the storefront shows it, with its logo, without waiting for the cache to expire.
  await page.goto('/brand?type=1');
  const card = page.getByTestId('brand-card').filter({ hasText: brand.nameZh });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: 'E2E' })).toBeVisible();
});

test('operations staff add a category and a subcategory, then move it with the keyboard buttons', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  await loginAs(page, 'ops');
  await page.goto('/admin/catalog/categories');
  await shellReady(page);
  const view = page.getByTestId('categories-view');
  await view.getByRole('button', { name: '新增一级分类' }).click();
  await view.getByLabel('中文名称').fill(`测试分类${stamp}`);
  await view.getByLabel('英文名称').fill(`Test category ${stamp}`);
  await view.getByRole('button', { name: /保\s*存/ }).click();
  await expect(view.getByRole('tree')).toContainText(`测试分类${stamp} / Test category ${stamp}`, SLOW);
  await view.getByRole('button', { name: '新增子分类' }).click();
  await view.getByLabel('中文名称').fill(`测试子类${stamp}`);
  await view.getByLabel('英文名称').fill(`Test subcategory ${stamp}`);
  await view.getByRole('button', { name: /保\s*存/ }).click();
  await expect(view.getByRole('tree')).toContainText(`测试子类${stamp} / Test subcategory ${stamp}`, SLOW);
  // Keyboard alternative to dragging: the new subcategory moves out to the top level.
  await view.getByRole('button', { name: '移出到上一级' }).click();
  const topLevel = async () => ((await (await page.request.get('/api/admin/catalog/categories')).json()).data as { nameZh: string }[]).map((c) => c.nameZh);
  await expect.poll(topLevel, SLOW).toEqual(expect.arrayContaining([`测试分类${stamp}`, `测试子类${stamp}`]));
  // The storefront's category page of the new top-level category answers at once.
  const tree = (await (await page.request.get('/api/admin/catalog/categories')).json()).data as { id: number; nameZh: string }[];
  const root = tree.find((c) => c.nameZh === `测试分类${stamp}`)!;
  await page.goto(`/product/children/cat_list_2nd?catId=${root.id}`);
  await expect(page.getByRole('heading', { name: `测试分类${stamp}` }).first()).toBeVisible(SLOW);
});

test('staff without the catalogue permission see no catalogue menu and get 404 on its pages', async ({ page }) => {
  await loginAs(page, 'sales');
  await page.goto('/admin/catalog/brands');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('menu')).not.toContainText('商品管理');
});

test('the brand and category pages fit a phone in English @mobile', async ({ page }) => {
  test.setTimeout(60_000);
  await loginAs(page, 'admin');
  for (const [path, testId] of [['/en/admin/catalog/brands', 'brands-view'], ['/en/admin/catalog/categories', 'categories-view']] as const) {
    await page.goto(path);
    await expect(page.getByTestId(testId)).toBeVisible();
    await expectNoHorizontalOverflow(page);
  }
  // The tree shows once the categories have loaded.
  await expect(page.getByTestId('categories-view').getByRole('tree')).toBeVisible(SLOW);
});
