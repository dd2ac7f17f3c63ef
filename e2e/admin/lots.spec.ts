import type { Page } from '@playwright/test';
import { newProduct } from '../back-office';
import { expect, expectHydrated, expectNoHorizontalOverflow, loginAs, test } from '../fixtures';

/** Saves go through the server and back; a machine under load answers slowly. */
const SLOW = { timeout: 15_000 };

/** A small well-formed PDF. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

async function shellReady(page: Page): Promise<void> {
  await expectHydrated(page);
}

/** A product with two packs, made through the API as the signed-in staff member. */
function newLotProduct(page: Page, itemNo: string): Promise<number> {
  return newProduct(page, {
    itemNo, nameZh: `批次测试${itemNo}`, nameEn: `Lot test ${itemNo}`,
    packs: [{ size: '5 g', price: '48', stock: 3 }, { size: '25 g', price: '160', stock: 0, leadTimeDays: 7 }],
  });
}

test('staff add a lot with a COA PDF to a pack in Chinese; the storefront product page shows it with its expiry and COA at once', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const itemNo = `E2E-LOT-${stamp}`;
  const lotNo = `L${stamp.slice(-6)}`;
  await loginAs(page, 'ops');
  const productId = await newLotProduct(page, itemNo);

  await page.goto(`/admin/catalog/products?key=${itemNo}`);
  await shellReady(page);
  const row = page.getByTestId('products-view').getByRole('row').filter({ hasText: itemNo });
  await row.getByRole('button', { name: /^修\s?改$/ }).click();
  const edit = page.getByRole('dialog', { name: `修改商品 ${itemNo}` });
  await expect(edit.getByTestId('pack-row')).toHaveCount(2, SLOW);
  await expect(edit.getByLabel('库存 1', { exact: true })).toBeEnabled();
  await edit.getByTestId('lots-open').click();

  const drawer = page.getByRole('dialog', { name: `${itemNo} 的批次` });
  const firstPack = drawer.getByTestId('lots-pack').first();
  await expect(firstPack).toContainText('该规格暂无批次', SLOW);
  await firstPack.getByTestId('lot-add').click();
  const modal = page.getByRole('dialog', { name: '添加批次（5 g）' });
  // Refused on the server: a negative quantity is caught by the form first; an expiry before manufacture too.
  await modal.getByTestId('lot-no').fill(lotNo);
  await modal.getByTestId('lot-quantity').fill('25');
  await modal.getByTestId('lot-made').fill('2026-09-01');
  await modal.getByTestId('lot-made').press('Enter');
  await modal.getByTestId('lot-expires').fill('2026-08-01');
  await modal.getByTestId('lot-expires').press('Enter');
  await modal.getByTestId('lot-save').click();
  await expect(modal.getByText('须晚于生产日期')).toBeVisible();
  await modal.getByTestId('lot-expires').fill('2028-08-31');
  await modal.getByTestId('lot-expires').press('Enter');
  await modal.getByTestId('lot-save').click();
  await expect(modal).toBeHidden(SLOW);

  const lot = firstPack.getByTestId('lot-row').filter({ hasText: lotNo });
  await expect(lot).toContainText('2028-08-31');
  await expect(firstPack.getByTestId('lots-pack-stock')).toHaveText('库存 25（由批次汇总）');
  // A file that is not a PDF by its bytes is refused, whatever its name.
  await lot.locator('input[type=file]').setInputFiles({ name: 'coa.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  await expect(page.getByText('COA 只接受 PDF 文件（按文件内容判断；不接受 HTML、SVG 或图片）')).toBeVisible(SLOW);
  await lot.locator('input[type=file]').setInputFiles({ name: 'coa.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(lot.getByTestId('lot-coa-link')).toBeVisible(SLOW);
  await expect(lot.getByTestId('lot-coa-upload')).toHaveText('替换 COA');

  // The product form now shows the pack's stock from its lots, read-only.
  await drawer.getByRole('button', { name: 'Close' }).or(drawer.getByRole('button', { name: '关闭' })).first().click();
  await expect(edit.getByLabel('库存 1', { exact: true })).toBeDisabled();
  await expect(edit.getByLabel('库存 1', { exact: true })).toHaveValue('25');

  // The storefront (English, a visitor): the lot under its pack, with expiry and COA, without a restart.
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const shop = await visitor.newPage();
  await shop.goto(`/en/product/detail?id=${productId}`);
  const lots = shop.getByTestId('pack-lots').filter({ hasText: lotNo });
  await expect(lots).toBeVisible(SLOW);
  await expect(lots).toContainText('Expires 2028-08-31');
  await expect(lots).toContainText('25 in stock');
  const coa = lots.getByTestId('lot-coa');
  await expect(coa).toHaveAccessibleName(`Download the COA of lot ${lotNo}`);
  const href = await coa.getAttribute('href');
  const download = await shop.request.get(href!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  expect((await download.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The resources page's COA lookup finds the same document.
  const found = await shop.request.post('/api/web/resourceManage/getCOAs', { form: { itemNo, lotNo } });
  expect(JSON.stringify(await found.json())).toContain(href!);
  await expectNoHorizontalOverflow(shop);
  await visitor.close();
});
