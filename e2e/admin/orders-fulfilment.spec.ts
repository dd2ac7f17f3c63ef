import type { Page } from '@playwright/test';
import { expect, expectHydrated, expectLoaded, fromSite, loginAs, test } from '../fixtures';
import { newProduct, slow, switchTo } from '../back-office';

test.describe.configure({ timeout: 180_000 });

const data = async <T,>(res: { status: () => number; text: () => Promise<string>; json: () => Promise<unknown> }): Promise<T> => {
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
};

interface PackLots { packId: number; size: string; lots: { id: number; lotNo: string; quantity: number }[] }
const packLots = async (page: Page, productId: number) => (await data<{ packs: PackLots[] }>(await page.request.get(`/api/admin/catalog/products/${productId}/lots`))).packs;

for (const [locale, prefix, l] of [
  ['zh', '', { cancelLine: '取消此行', cancelled: '已取消', allocated: '已配货', done: '已取消该行' }],
  ['en', '/en', { cancelLine: 'Cancel line', cancelled: 'Cancelled', allocated: 'Allocated', done: 'Line cancelled' }],
] as const) {
  test(`staff cancel an order line and its stock goes back to its lot (${locale})`, async ({ page }) => {
    const stamp = Date.now().toString(36).toUpperCase();
    const itemNo = `E2E-ALC-${locale.toUpperCase()}-${stamp}`;
    // A product with two packs, each held in one lot, made by operations.
    await loginAs(page, 'ops');
    const productId = await newProduct(page, {
      itemNo, nameZh: `配货测试${stamp}`, nameEn: `Allocation test ${stamp}`,
      packs: [{ size: '5 g', price: '48', stock: 0 }, { size: '25 g', price: '160', stock: 0 }],
    });
    const [small, large] = await packLots(page, productId);
    for (const [pack, lotNo] of [[small!, `A${stamp.slice(-6)}`], [large!, `B${stamp.slice(-6)}`]] as const) {
      await data(await page.request.post(`/api/admin/catalog/products/${productId}/lots`, {
        headers: fromSite(), data: { packId: pack.packId, lotNo, quantity: 10, expiresOn: '2030-06-30' },
      }));
    }

    // A buyer whose company sets no approval rules (the demo company's monthly limit is spent by other tests' orders)
    // orders 2 of the small pack and 3 of the large one, and confirms: both lines take their units from the lots.
    await switchTo(page, 'univ');
    await data(await page.request.post('/api/app/api/order/shopcart/clean', { headers: fromSite() }));
    for (const [packId, num] of [[small!.packId, 2], [large!.packId, 3]] as const) {
      await data(await page.request.post('/api/app/api/order/shopcart/item/add', { headers: fromSite(), data: { packId, num } }));
    }
    const company = await data<{ addresses: { id: number }[] }>(await page.request.get('/api/app/api/order/company'));
    const order = await data<{ id: number; orderNo: string; status: string }>(await page.request.post('/api/app/api/order/add', {
      headers: fromSite(), data: { idempotencyKey: `e2e-${locale}-${stamp}`, addressId: company.addresses[0]!.id, deliveryMethod: 'pickup' },
    }));
    expect(order.status).toBe('passed');
    await data(await page.request.post('/api/app/api/order/deal', { headers: fromSite(), data: { id: order.id } }));

    // Operations open the order: the lines' lots are shown; they cancel the small pack's line with a reason.
    await switchTo(page, 'ops');
    expect((await packLots(page, productId)).map((p) => p.lots[0]!.quantity)).toEqual([8, 7]);
    await page.goto(`${prefix}/admin/orders/list?id=${order.id}`);
    await expectHydrated(page);
    const section = page.getByTestId('allocation-section');
    await slow(section).toBeVisible();
    await expectLoaded(page);
    await expect(section.getByTestId('order-fulfilment')).toHaveText(l.allocated);
    const lines = section.locator('[data-testid^="allocation-row-"]');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText('5 g');
    const [first, second] = [lines.nth(0), lines.nth(1)];
    await expect(first.getByTestId('allocation-lot')).toContainText(`A${stamp.slice(-6)}`);
    await first.getByRole('button', { name: new RegExp(`^${l.cancelLine}`) }).click();
    const dialog = page.getByTestId('allocation-cancel-line-dialog');
    await expect(dialog.getByRole('dialog')).toBeVisible();
    await dialog.getByTestId('allocation-cancel-line-dialog-reason').fill(locale === 'zh' ? '客户来电取消此规格' : 'The customer called to drop this size');
    await dialog.getByTestId('allocation-cancel-line-dialog-ok').click();
    await slow(page.locator('.ant-message-notice-title', { hasText: l.done })).toBeVisible();
    await slow(first.getByTestId('allocation-line-cancelled')).toHaveText(l.cancelled);
    await expect(second.getByTestId('allocation-lot')).toContainText(`B${stamp.slice(-6)}`);

    // The stock is released: the small pack's lot holds its ten units again, the other keeps its allocation.
    expect((await packLots(page, productId)).map((p) => p.lots[0]!.quantity)).toEqual([10, 7]);
    // The order's history records the cancellation with its reason.
    await expect(page.getByTestId('order-approval-log')).toContainText(locale === 'zh' ? '客户来电取消此规格' : 'The customer called to drop this size');
  });
}
