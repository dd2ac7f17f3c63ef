import type { Page } from '@playwright/test';
import { newProduct } from '../back-office';
import { expect, expectHydrated, expectNoHorizontalOverflow, fromSite, loginAs, test } from '../fixtures';

/** Saves go through the server and back; a machine under load answers slowly. */
const SLOW = { timeout: 15_000 };

const pdf = (mark: string) => Buffer.from(`%PDF-1.4\n% ${mark}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');

/** A product with one pack, made through the API as the signed-in staff member. */
function newDocumentProduct(page: Page, itemNo: string): Promise<number> {
  return newProduct(page, { itemNo, nameZh: `文档测试${itemNo}`, nameEn: `Document test ${itemNo}`, packs: [{ size: '5 g', price: '48', stock: 3 }] });
}

test('staff upload an SDS and then a new version; the storefront shows the newest, and a withdrawal brings the old one back', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const itemNo = `E2E-DOC-${stamp}`;
  await loginAs(page, 'ops');
  const productId = await newDocumentProduct(page, itemNo);

  await page.goto(`/admin/catalog/products?key=${itemNo}`);
  await expectHydrated(page);
  const row = page.getByTestId('products-view').getByRole('row').filter({ hasText: itemNo });
  await row.getByRole('button', { name: /^修\s?改$/ }).click();
  const edit = page.getByRole('dialog', { name: `修改商品 ${itemNo}` });
  await edit.getByTestId('documents-open').click();
  const drawer = page.getByRole('dialog', { name: `${itemNo} 的文档` });
  await expect(drawer.getByText('该商品还没有文档')).toBeVisible(SLOW);

  // The first version: the form refuses a missing file and an image, then takes the PDF.
  await drawer.getByTestId('document-upload').click();
  const modal = page.getByRole('dialog', { name: '上传文档' });
  await modal.getByTestId('document-title').fill('安全技术说明书');
  await modal.getByTestId('document-version').fill('1.0');
  await modal.getByTestId('document-save').click();
  await expect(modal.getByText('请选择要上传的 PDF 文件')).toBeVisible();
  await modal.locator('input[type=file]').setInputFiles({ name: 'image.pdf', mimeType: 'application/pdf', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]) });
  await modal.getByTestId('document-save').click();
  await expect(modal.getByText(/文档只接受 PDF 文件/)).toBeVisible(SLOW);
  await modal.locator('input[type=file]').setInputFiles({ name: 'sds-1.pdf', mimeType: 'application/pdf', buffer: pdf('v1') });
  await expect(modal.getByTestId('document-file-name')).toHaveText('sds-1.pdf');
  await modal.getByTestId('document-save').click();
  await expect(modal).toBeHidden(SLOW);
  const rows = drawer.getByTestId('document-row');
  await expect(rows).toHaveCount(1, SLOW);
  await expect(rows.first().getByTestId('document-state')).toHaveText('显示中');

  // A new version takes its place; the first is kept as an older version.
  await rows.first().getByTestId('document-replace').click();
  const replace = page.getByRole('dialog', { name: '上传「安全技术说明书」的新版本' });
  await replace.getByTestId('document-version').fill('2.0');
  await replace.locator('input[type=file]').setInputFiles({ name: 'sds-2.pdf', mimeType: 'application/pdf', buffer: pdf('v2') });
  await replace.getByTestId('document-save').click();
  await expect(replace).toBeHidden(SLOW);
  await expect(rows).toHaveCount(2, SLOW);
  await expect(rows.getByTestId('document-state')).toHaveText(['显示中', '旧版本']);
  await expectNoHorizontalOverflow(page);

  // The storefront's product page at once, as a guest: version 2.0, downloadable.
  const guest = await browser.newPage();
  await guest.goto(`/product/detail?id=${productId}`);
  const sheets = guest.getByTestId('documents-msds');
  await expect(sheets.getByTestId('document-version')).toHaveText(['版本 2.0']);
  const href = await sheets.getByTestId('document-download').getAttribute('href');
  const file = await guest.request.get(href ?? '');
  expect(file.status()).toBe(200);
  expect((await file.body()).toString('latin1')).toContain('% v2');

  // Withdrawn: the storefront shows version 1.0 again, and the withdrawn file is no longer served.
  await rows.first().getByTestId('document-withdraw').click();
  await page.getByRole('dialog', { name: '下架「安全技术说明书」？' }).getByRole('button', { name: /下\s*架/ }).click();
  await expect(rows.getByTestId('document-state')).toHaveText(['显示中', '已下架'], SLOW);
  await guest.reload();
  await expect(guest.getByTestId('documents-msds').getByTestId('document-version')).toHaveText(['版本 1.0']);
  expect((await guest.request.get(href ?? '')).status()).toBe(404);
  await guest.close();
});

test('in English on a phone, the documents drawer lists a product\'s documents as cards without overflow', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const itemNo = `E2E-DOCP-${stamp}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'ops');
  const productId = await newDocumentProduct(page, itemNo);
  const form = { kind: 'tds', lang: 'en', title: 'Specification sheet', version: 'Rev. 3', issuedOn: new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10) };
  const made = await page.request.post(`/api/admin/catalog/products/${productId}/documents`, {
    headers: fromSite(), multipart: { ...form, file: { name: 'spec.pdf', mimeType: 'application/pdf', buffer: pdf('spec') } },
  });
  expect(made.status(), await made.text()).toBe(200);

  await page.goto(`/en/admin/catalog/products?key=${itemNo}`);
  await expectHydrated(page);
  await page.getByTestId('products-view').getByText(itemNo).first().waitFor(SLOW);
  await page.getByTestId('products-view').getByRole('button', { name: /^Edit$/ }).first().click();
  await page.getByTestId('documents-open').click();
  const drawer = page.getByRole('dialog', { name: `Documents of ${itemNo}` });
  const card = drawer.getByTestId('document-row');
  await expect(card).toHaveCount(1, SLOW);
  await expect(card).toContainText('Data / specification sheet · English');
  await expect(card).toContainText('Version Rev. 3');
  await expect(card.getByTestId('document-state')).toHaveText('Shown');
  await expectNoHorizontalOverflow(page);
});
