import { expect, expectHydrated, expectLoaded, fromSite, test } from '../fixtures';
import { PDF, slow, switchTo } from '../back-office';
import { dataOf, invoiceNumber, placeUniversityOrder, productWithLot, taxOf } from '../order-desk';

test.describe.configure({ timeout: 180_000 });

/** A day as the API takes it, in China's calendar (the business time zone). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

for (const [locale, prefix, l, tag] of [
  ['zh', '', { red: '红字', reversed: '已红冲', corrects: '冲红' }, ''],
  ['en', '/en', { red: 'Red-letter', reversed: 'Reversed', corrects: 'Corrects' }, ' @mobile'],
] as const) {
  test(`a refund on an invoiced order, approved through the complaint, is recorded as a red-letter invoice linked to the blue one (${locale})${tag}`, async ({ page }) => {
    // An order of the university, invoiced in full (¥48.00 with tax) by finance.
    await switchTo(page, 'ops');
    const product = await productWithLot(page, { tag: `R${locale.toUpperCase()}`, price: '48' });
    const order = await placeUniversityOrder(page, [{ packId: product.packId, num: 1 }], { invoice: true, key: `red-${locale}` });
    const lines = await dataOf<{ lines: { itemId: number }[] }>(await page.request.get(`/api/app/complaints/order/${order.id}`));
    await switchTo(page, 'finance');
    const invoicing = await dataOf<{ uninvoiced: string }>(await page.request.get(`/api/admin/orders/${order.id}/invoices`));
    const blueNo = invoiceNumber();
    await dataOf(await page.request.post(`/api/admin/orders/${order.id}/invoices`, {
      headers: fromSite(),
      multipart: {
        invoiceNo: blueNo, issuedOn: today(), invoiceType: 'ordinary', amount: invoicing.uninvoiced, taxAmount: taxOf(invoicing.uninvoiced),
        file: { name: `${blueNo}.pdf`, mimeType: 'application/pdf', buffer: PDF },
      },
    }));

    // The buyer complains of the line and asks for ¥10.00 back; the refund is proposed and finance approves it.
    await switchTo(page, 'univ');
    const complaint = await dataOf<{ id: number }>(await page.request.post('/api/app/complaints', {
      headers: fromSite(),
      data: { orderId: order.id, lines: [{ itemId: lines.lines[0]!.itemId, quantity: 1 }], description: `包装破损 ${locale}`, category: 'damaged', appliedRefund: '10.00' },
    }));
    await switchTo(page, 'admin');
    await dataOf(await page.request.put(`/api/admin/complaints/${complaint.id}/status`, { headers: fromSite(), data: { to: 'approving', approvedRefund: '10.00' } }));
    await switchTo(page, 'finance');
    const detail = await dataOf<{ approval: { steps: { id: number; status: string }[] } | null }>(await page.request.get(`/api/admin/complaints/${complaint.id}`));
    const step = detail.approval?.steps.find((s) => s.status === 'pending');
    expect(step, 'the refund waits for an approval step').toBeTruthy();
    await dataOf(await page.request.post(`/api/admin/approvals/steps/${step!.id}/decision`, { headers: fromSite(), data: { decision: 'approve', comment: 'E2E' } }));

    // Finance records the red-letter invoice on the order's record: the blue invoice and the credit note are offered.
    await page.goto(`${prefix}/admin/orders/list?id=${order.id}`);
    await expectHydrated(page);
    const invoices = page.getByTestId('order-invoices');
    await slow(invoices.getByTestId('invoice-record-red')).toBeVisible();
    await expectLoaded(page);
    await invoices.getByTestId('invoice-record-red').click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('invoice-form') });
    await expect(dialog.getByTestId('invoice-corrects')).toContainText(blueNo);
    const redNo = invoiceNumber();
    await dialog.getByTestId('invoice-no').fill(redNo);
    await dialog.getByTestId('invoice-amount').fill('10.00');
    await dialog.getByTestId('invoice-tax').fill(taxOf('10.00'));
    await dialog.locator('input[type="file"]').setInputFiles({ name: `${redNo}.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByTestId('invoice-save').click();
    await page.getByTestId('invoice-red-confirm').click();
    await expect(dialog).toBeHidden();

    // The red-letter row names the blue invoice it corrects and the credit note; the credit note is corrected in full.
    const red = invoices.locator('[data-testid^="invoice-row-"]').filter({ hasText: redNo });
    await slow(red).toHaveCount(1);
    await expect(red).toContainText(l.red);
    await expect(red).toContainText(blueNo);
    await expect(invoices.getByTestId('order-credit-notes')).toContainText('¥10.00');
    await expect(invoices.getByTestId('invoice-record-red')).toHaveCount(0);

    // The API answers the link: the red invoice corrects the blue one, for the complaint.
    const after = await dataOf<{ invoices: { invoiceNo: string; kind: string; correctsNo: string | null; complaintId: number | null }[] }>(await page.request.get(`/api/admin/orders/${order.id}/invoices`));
    expect(after.invoices.find((i) => i.invoiceNo === redNo)).toMatchObject({ kind: 'red', correctsNo: blueNo, complaintId: complaint.id });
  });
}
