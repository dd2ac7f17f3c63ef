import type { Page } from '@playwright/test';
import { chooseOption, expect, expectHydrated, expectLoaded, fromSite, loginAs, test } from '../fixtures';
import { newProduct, PDF, slow, switchTo } from '../back-office';

test.describe.configure({ timeout: 150_000 });

interface Invoicing { uninvoiced: string; canRecord: boolean; invoices: unknown[] }

const json = async <T,>(page: Page, url: string): Promise<T> => {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  return ((await res.json()) as { data: T }).data;
};

/** The tax in an amount with tax at 13 % (ADR 0065), in yuan with two decimals. */
const taxOf = (amount: string) => (Math.round((Number(amount) * 100 * 13) / 113) / 100).toFixed(2);

const data = async <T,>(res: { status: () => number; text: () => Promise<string>; json: () => Promise<unknown> }): Promise<T> => {
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
};

/**
 * A placed order asking for an ordinary invoice, made for this test: operations add a product, the university's buyer
 * (whose company has no approval rules) orders it with the invoice details of a public body and confirms it.
 */
async function orderAskingForInvoice(page: Page): Promise<{ id: number; orderNo: string }> {
  const stamp = Date.now().toString(36).toUpperCase();
  await switchTo(page, 'ops');
  const productId = await newProduct(page, { itemNo: `E2E-INV-${stamp}`, nameZh: `开票测试${stamp}`, nameEn: `Invoice test ${stamp}`, packs: [{ size: '10 g', price: '88', stock: 0 }] });
  const [pack] = (await data<{ packs: { packId: number }[] }>(await page.request.get(`/api/admin/catalog/products/${productId}/lots`))).packs;
  await switchTo(page, 'univ');
  await data(await page.request.post('/api/app/api/order/shopcart/clean', { headers: fromSite() }));
  await data(await page.request.post('/api/app/api/order/shopcart/item/add', { headers: fromSite(), data: { packId: pack!.packId, num: 2 } }));
  const company = await data<{ addresses: { id: number }[] }>(await page.request.get('/api/app/api/order/company'));
  const order = await data<{ id: number; orderNo: string; status: string }>(await page.request.post('/api/app/api/order/add', {
    headers: fromSite(),
    data: {
      idempotencyKey: `e2e-invoice-${stamp}`, addressId: company.addresses[0]!.id, deliveryMethod: 'pickup',
      invoiceType: 'ordinary', invoiceTitle: '北京示例大学化学学院', buyerKind: 'public',
    },
  }));
  expect(order.status).toBe('passed');
  await data(await page.request.post('/api/app/api/order/deal', { headers: fromSite(), data: { id: order.id } }));
  return order;
}

test('finance records an issued invoice with its PDF on the order\'s record (zh); the buyer downloads it from the order page (en)', async ({ page, browser }) => {
  const order = await orderAskingForInvoice(page);
  await switchTo(page, 'finance');
  const before = await json<Invoicing>(page, `/api/admin/orders/${order.id}/invoices`);
  expect(before.canRecord).toBe(true);
  // The invoice is recorded with the type the buyer asked for at checkout.
  expect((await json<{ invoice: { type: string }; invoiceStatus: string }>(page, `/api/admin/orders/${order.id}`))).toMatchObject({ invoice: { type: 'ordinary' }, invoiceStatus: 'requested' });

  // The order list filtered by invoice state shows it.
  await page.goto('/admin/orders/list');
  await expectHydrated(page);
  const view = page.getByTestId('orders-view');
  await expectLoaded(page);
  await chooseOption(page, view.getByTestId('orders-invoice-status'), '待开票');
  await expectLoaded(page);
  await expect(page).toHaveURL(/invoiceStatus=requested/);
  await slow(view.getByTestId(`order-row-${order.id}`)).toBeVisible();
  await view.getByTestId(`order-row-${order.id}`).getByTestId('order-open').click();

  const section = page.getByTestId('order-invoices');
  await slow(section).toBeVisible();
  await expect(section.getByTestId('order-invoice-status')).toHaveText('待开票');
  await section.getByTestId('invoice-record').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();

  // A wrong number and a missing file are refused in the dialog, in Chinese.
  await dialog.getByTestId('invoice-no').fill('12345');
  await dialog.getByTestId('invoice-save').click();
  await expect(dialog).toContainText('发票号码应为 20 位数字');
  await expect(dialog).toContainText('请选择发票文件');

  const invoiceNo = `2631${String(Date.now()).padStart(16, '0')}`.slice(0, 20);
  await dialog.getByTestId('invoice-no').fill(invoiceNo);
  await dialog.getByTestId('invoice-amount').fill(before.uninvoiced);
  await dialog.getByTestId('invoice-tax').fill(taxOf(before.uninvoiced));
  await dialog.locator('input[type="file"]').setInputFiles({ name: `${invoiceNo}.pdf`, mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByTestId('invoice-file-name')).toHaveText(`${invoiceNo}.pdf`);
  await dialog.getByTestId('invoice-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`发票 ${invoiceNo} 已登记`)).toBeVisible();
  await expect(section.getByTestId('order-invoice-status')).toHaveText('已开票');
  await expect(section).toContainText(invoiceNo);
  await expect(section.getByTestId('order-uninvoiced')).toHaveText('¥0.00');

  // The buyer, in English, finds it on the order page and downloads the very file.
  const buyer = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const shop = await buyer.newPage();
  await loginAs(shop, 'univ');
  await shop.goto(`/en/order/detail?id=${order.id}`);
  await expectHydrated(shop);
  const invoices = shop.getByTestId('order-invoices');
  await expect(invoices.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  const line = invoices.locator('li', { hasText: invoiceNo });
  await expect(line).toContainText('Blue');
  await expect(line).toContainText('Ordinary invoice');
  const [download] = await Promise.all([shop.waitForEvent('download'), line.getByRole('link', { name: `Download invoice ${invoiceNo}` }).click()]);
  expect(download.suggestedFilename()).toBe(`${invoiceNo}.pdf`);
  const saved = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(saved)).toEqual(PDF);
  await buyer.close();
});

test('finance finds the orders to invoice in the order menu (en)', async ({ page }) => {
  await loginAs(page, 'finance');
  await page.goto('/en/admin/dashboard');
  await expectHydrated(page);
  await page.getByRole('menuitem', { name: 'Orders' }).click();
  await page.getByRole('menu').getByRole('link', { name: 'To invoice', exact: true }).click();
  const view = page.getByTestId('to-invoice-view');
  await slow(view).toBeVisible();
  await expectLoaded(page);
  await expect(view.getByRole('heading', { name: 'To invoice' })).toBeVisible();
  await expect(view.getByTestId('to-invoice-export')).toHaveAttribute('href', /\/api\/admin\/invoices\/pending\/export/);
});
