import { chooseOption, expect, expectHydrated, expectLoaded, test } from '../fixtures';
import { PDF, slow, switchTo } from '../back-office';
import { dataOf, invoiceNumber, placeUniversityOrder, productWithLot, taxOf, UNIVERSITY } from '../order-desk';

test.describe.configure({ timeout: 240_000 });

/** An amount as the pages show it: thousands separators, two decimals. */
const shown = (amount: string) => `¥${Number(amount).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

for (const [locale, prefix, l] of [
  ['zh', '', {
    allocated: '已配货', shipped: '已发货', delivered: '已签收', inTransit: '运输中', received: '已收货', system: '系统',
    dg: '中外运化工物流', ordinary: '顺丰速运', carrierLabel: '承运商', fulfilmentLabel: '履约状态', invoiced: '已开票', paid: '已收齐',
  }],
  ['en', '/en', {
    allocated: 'Allocated', shipped: 'Shipped', delivered: 'Delivered', inTransit: 'In transit', received: 'Received', system: 'System',
    dg: 'Sinotrans Chemical Logistics', ordinary: 'SF Express', carrierLabel: 'Carrier', fulfilmentLabel: 'Fulfilment', invoiced: 'Invoiced', paid: 'Paid in full',
  }],
] as const) {
  test(`an order goes from its lots to the buyer's receipt, its invoice and its payment; a hazardous line leaves only with a dangerous-goods carrier (${locale}) @mobile`, async ({ page }) => {
    // Operations make a flammable product held in one lot; the university's buyer orders two units with an invoice.
    await switchTo(page, 'ops');
    const product = await productWithLot(page, { tag: `J${locale.toUpperCase()}`, hazardous: true });
    const order = await placeUniversityOrder(page, [{ packId: product.packId, num: 2 }], { invoice: true, key: `journey-${locale}` });

    // Operations open the placed order: its line took the lot, allocated.
    await switchTo(page, 'ops');
    await page.goto(`${prefix}/admin/orders/list?id=${order.id}`);
    await expectHydrated(page);
    const allocation = page.getByTestId('allocation-section');
    await slow(allocation.locator('[data-testid^="allocation-row-"]')).toHaveCount(1);
    await expectLoaded(page);
    await expect(allocation.getByTestId('order-fulfilment')).toHaveText(l.allocated);
    await expect(allocation.getByTestId('allocation-lot')).toContainText(product.lotNo);

    // The shipments section shows the state with the same tag as the desk's list.
    const shipments = page.getByTestId('order-shipments');
    await expect(shipments.getByTestId('order-fulfilment')).toHaveText(l.allocated);
    await shipments.getByTestId('ship-open').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('ship-lines')).toBeVisible();
    await expect(dialog.getByTestId(`ship-qty-${product.lotNo}`)).toHaveValue('2');
    await expect(dialog.getByTestId('ship-handling')).toBeVisible();
    // Ordinary express is offered greyed, with the reason; the dangerous-goods carrier is chosen.
    await dialog.getByTestId('ship-carrier').locator('input').click();
    const options = page.locator('.ant-select-dropdown:visible');
    await expect(options.locator('.ant-select-item-option-disabled', { hasText: l.ordinary }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await chooseOption(page, dialog.getByTestId('ship-carrier').locator('input'), l.dg);
    const tracking = `DG${Date.now()}`;
    await dialog.getByTestId('ship-tracking').fill(tracking);
    await dialog.getByTestId('ship-confirm').click();
    await expect(dialog).toBeHidden();

    const card = shipments.locator('[data-testid^="shipment-DN"]');
    await slow(card).toHaveCount(1);
    await expect(card).toContainText(tracking);
    await expect(card).toContainText(l.dg);
    await expect(card.getByTestId('shipment-status')).toHaveText(l.inTransit);
    await slow(shipments.getByTestId('order-fulfilment')).toHaveText(l.shipped);
    // The history names the carrier and the state in the page's language, not by their codes.
    const history = page.getByTestId('order-history');
    await slow(history.locator('.ant-timeline-item', { hasText: tracking })).toHaveCount(1);
    await expect(history.getByTestId('audit-change').filter({ hasText: l.carrierLabel })).toContainText(l.dg);
    await expect(history.getByTestId('audit-change').filter({ hasText: l.fulfilmentLabel }).last()).toContainText(l.shipped);
    await expect(history).not.toContainText('SINOTRANS');
    if (locale === 'en') await expect(history).not.toContainText(/中外运/);
    const shipmentNo = ((await card.getAttribute('data-testid')) ?? '').replace('shipment-', '');

    // The buyer sees it shipped, with the words of the timeline, and confirms receipt.
    await switchTo(page, 'univ');
    await page.goto(`${prefix}/order/detail?id=${order.id}`);
    await expectHydrated(page);
    await slow(page.getByTestId('my-fulfilment')).toHaveText(l.shipped);
    const timeline = page.getByTestId('order-timeline');
    // The allocation at placement is the shop's, and reads as the tag does.
    await expect(timeline.locator('[data-action="fulfil"]').first()).toContainText(l.allocated);
    await expect(timeline.locator('[data-action="fulfil"]').first()).toContainText(l.system);
    await expect(timeline.locator('[data-action="fulfil"]').last()).toContainText(l.shipped);
    const mine = page.getByTestId(`my-shipment-${shipmentNo}`);
    await expect(mine.getByTestId('my-shipment-carrier')).toHaveText(l.dg);
    await expect(mine.getByTestId('my-shipment-status')).toHaveText(l.inTransit);
    await mine.getByTestId('my-shipment-confirm').click();
    await page.locator('.ant-popconfirm:visible .ant-popconfirm-buttons .ant-btn-primary').click();
    await slow(mine.getByTestId('my-shipment-status')).toHaveText(l.received);
    await slow(page.getByTestId('my-fulfilment')).toHaveText(l.delivered);
    await expect(timeline.locator('[data-action="fulfil"]').last()).toContainText(l.delivered);

    // Finance records the issued invoice on the order's record…
    await switchTo(page, 'finance');
    const invoicing = await dataOf<{ uninvoiced: string; canRecord: boolean }>(await page.request.get(`/api/admin/orders/${order.id}/invoices`));
    expect(invoicing.canRecord).toBe(true);
    await page.goto(`${prefix}/admin/orders/list?id=${order.id}`);
    await expectHydrated(page);
    const invoices = page.getByTestId('order-invoices');
    await slow(invoices.getByTestId('invoice-record')).toBeVisible();
    await invoices.getByTestId('invoice-record').click();
    const form = page.getByRole('dialog');
    const invoiceNo = invoiceNumber();
    await form.getByTestId('invoice-no').fill(invoiceNo);
    await form.getByTestId('invoice-amount').fill(invoicing.uninvoiced);
    await form.getByTestId('invoice-tax').fill(taxOf(invoicing.uninvoiced));
    await form.locator('input[type="file"]').setInputFiles({ name: `${invoiceNo}.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await form.getByTestId('invoice-save').click();
    await expect(form).toBeHidden();
    await slow(invoices.getByTestId('order-invoice-status')).toHaveText(l.invoiced);
    await expect(invoices).toContainText(invoiceNo);
    await expect(invoices.getByTestId('order-uninvoiced')).toHaveText('¥0.00');

    // …and the payment received against it, in the receivables.
    await page.goto(`${prefix}/admin/orders/receivables`);
    await expectHydrated(page);
    const view = page.getByTestId('receivables-view');
    await slow(view).toBeVisible();
    await expectLoaded(page);
    await view.getByTestId('receivables-search').locator('input').fill(UNIVERSITY);
    await view.getByTestId('receivables-search').locator('input').press('Enter');
    const row = view.locator('[data-testid^="receivable-row-"]').filter({ hasText: UNIVERSITY });
    await slow(row).toHaveCount(1);
    await row.getByTestId('receivable-open').click();
    const line = view.getByTestId(`receivable-invoice-${invoiceNo}`);
    await slow(line).toBeVisible();
    await line.getByTestId('invoice-payments-open').click();
    const drawer = page.getByTestId('invoice-payments');
    await slow(drawer.getByTestId('payment-form')).toBeVisible();
    await expect(drawer.getByTestId('invoice-unpaid')).toHaveText(shown(invoicing.uninvoiced));
    const reference = `E2E-J-${locale}-${Date.now()}`;
    await drawer.getByRole('spinbutton').fill(invoicing.uninvoiced);
    await drawer.getByTestId('payment-reference').fill(reference);
    await drawer.getByTestId('payment-save').click();
    await slow(drawer.getByTestId('invoice-unpaid')).toHaveText(l.paid);
    await expect(drawer.getByTestId('payments-table').locator('tr').filter({ hasText: reference })).toBeVisible();

    // The order's history has the payment, by finance.
    await page.goto(`${prefix}/admin/orders/list?id=${order.id}`);
    await expectHydrated(page);
    await slow(page.getByTestId('order-history').locator('.ant-timeline-item', { hasText: reference })).toHaveCount(1);
  });
}
