import type { Page } from '@playwright/test';
import { chooseOption, expect, expectHydrated, loginAs, test } from '../fixtures';
import { slow, switchTo } from '../back-office';

test.describe.configure({ timeout: 150_000 });

async function adminReady(page: Page): Promise<void> {
  await expectHydrated(page);
}

for (const [locale, prefix, l] of [
  ['zh', '', { approving: '退款审批中', passed: '退款已批准', cap: '批准退款金额不能超过申请退款金额', filed: '投诉已提交', category: '包装破损', categoryLabel: '投诉类别' }],
  ['en', '/en', { approving: 'Refund in approval', passed: 'Refund approved', cap: 'The approved refund cannot be above the applied refund', filed: 'Complaint filed', category: 'Damaged packaging', categoryLabel: 'Category' }],
] as const) {
  test(`a complaint's refund is capped at the applied amount and goes through approval to the credit note (${locale})`, async ({ page }) => {
    // The buyer files a complaint on a line of a placed order, from the order's page.
    const mark = `${locale} ${Date.now().toString(36)}`;
    await loginAs(page, 'buyer');
    const orders = await page.request.get('/api/app/sale/list?status=placed');
    const placed = ((await orders.json()) as { data: { list: { id: number }[] } }).data.list;
    expect(placed.length).toBeGreaterThan(0);
    await page.goto(`${prefix}/order/detail?id=${placed[0]!.id}&default=1`);
    // Before the page hydrates a click opens nothing.
    await expectHydrated(page);
    await page.getByTestId('order-complain').click();
    const form = page.getByTestId('complaint-form');
    await slow(form).toBeVisible();
    await form.locator('[data-testid^="complaint-pick-"]').first().check();
    await chooseOption(page, form.getByLabel(l.categoryLabel, { exact: true }), l.category);
    await form.getByTestId('complaint-description').fill(`瓶盖破损，试剂泄漏 ${mark}`);
    await form.getByTestId('complaint-refund').fill('1.00');
    await form.getByTestId('complaint-submit').click();
    await slow(page.getByText(l.filed)).toBeVisible();
    const card = page.locator('[data-testid^="my-complaint-"]').filter({ hasText: `瓶盖破损，试剂泄漏 ${mark}` });
    const cardId = (await card.getAttribute('data-testid')) ?? '';
    const id = Number(cardId.replace('my-complaint-', ''));
    expect(id).toBeGreaterThan(0);
    const complaintNo = (await card.locator('.font-semibold').first().innerText()).trim();

    // The owner (周洁) proposes a refund: above the applied amount is refused, the applied amount goes to approval.
    await switchTo(page, 'sales');
    await page.goto(`${prefix}/admin/complaints?id=${id}`);
    await adminReady(page);
    const record = page.getByTestId('complaint-record');
    await slow(record.getByTestId('complaint-applied')).toHaveText('¥1.00');
    await record.getByTestId('complaint-to-approving').click();
    const modal = page.getByTestId('complaint-move-modal');
    await modal.getByTestId('complaint-approved-refund').fill('1.01');
    await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').click();
    await slow(modal).toContainText(l.cap);
    await modal.getByTestId('complaint-approved-refund').fill('1.00');
    await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').click();
    await slow(record.getByTestId('complaint-status')).toHaveText(l.approving);
    // The server holds the cap too, whatever the form says.
    const refused = await page.request.put(`/api/admin/complaints/${id}/status`, { data: { to: 'reviewing' }, headers: { origin: new URL(page.url()).origin } });
    expect(refused.status()).toBe(200);
    const over = await page.request.put(`/api/admin/complaints/${id}/status`, { data: { to: 'approving', approvedRefund: '1.01' }, headers: { origin: new URL(page.url()).origin } });
    expect(over.status()).toBe(400);
    const again = await page.request.put(`/api/admin/complaints/${id}/status`, { data: { to: 'approving', approvedRefund: '1.00' }, headers: { origin: new URL(page.url()).origin } });
    expect(again.status()).toBe(200);

    // Finance decides in the "waiting for me" inbox.
    await switchTo(page, 'finance');
    await page.goto(`${prefix}/admin/approvals`);
    await adminReady(page);
    const row = page.locator('[data-testid^="inbox-row-"]').filter({ hasText: complaintNo });
    await row.locator('[data-testid^="inbox-decide-"]').click();
    await page.getByTestId('decision-modal').getByTestId('decision-comment').fill(`核实属实 ${locale}`);
    await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').click();
    await slow(row).toHaveCount(0);

    // The owner sees the refund approved and the credit note, printable.
    await switchTo(page, 'sales');
    await page.goto(`${prefix}/admin/complaints?id=${id}`);
    await adminReady(page);
    await slow(record.getByTestId('complaint-status')).toHaveText(l.passed);
    await slow(record.getByTestId('complaint-approved')).toHaveText('¥1.00');
    await slow(record.getByTestId('credit-note-amount')).toHaveText('¥1.00');
    const creditNo = (await record.getByTestId('credit-note-no').innerText()).trim();
    expect(creditNo).toMatch(/^CN\d{13}$/);
    // The credit note is a PDF in the page's language, whatever language the cookie remembers.
    const href = await record.getByTestId('credit-note-print').getAttribute('href');
    expect(href).toBe(`/api/admin/complaints/${id}/credit-note?lang=${locale === 'en' ? 'en' : 'zh'}`);
    const doc = await page.request.get(href!);
    expect(doc.status()).toBe(200);
    expect(doc.headers()['content-type']).toBe('application/pdf');
    expect(doc.headers()['content-disposition']).toContain(`${creditNo}${locale === 'en' ? '-en' : ''}.pdf`);

    // The buyer sees the outcome in the account.
    await switchTo(page, 'buyer');
    await page.goto(`${prefix}/account/complaints?default=1`);
    const mine = page.getByTestId(`my-complaint-${id}`);
    await slow(mine.getByTestId('my-complaint-status')).toHaveText(l.passed);
    await slow(mine.getByTestId('my-credit-note')).toContainText(creditNo);
  });
}

test('the complaint board moves a card through the transition function and snaps a refused move back', async ({ page }) => {
  // A fresh complaint of the demo company, filed by its buyer.
  await loginAs(page, 'buyer');
  const orders = await page.request.get('/api/app/sale/list?status=placed');
  const order = ((await orders.json()) as { data: { list: { id: number }[] } }).data.list[0]!;
  const lines = await page.request.get(`/api/app/complaints/order/${order.id}`);
  const line = ((await lines.json()) as { data: { lines: { itemId: number }[] } }).data.lines[0]!;
  const filed = await page.request.post('/api/app/complaints', {
    headers: { origin: new URL(test.info().project.use.baseURL ?? 'http://localhost').origin },
    data: { orderId: order.id, lines: [{ itemId: line.itemId, quantity: 1 }], description: '看板投诉', category: 'quality', appliedRefund: '0.50' },
  });
  expect(filed.status(), await filed.text()).toBe(200);
  const id = `board-card-${((await filed.json()) as { data: { id: number } }).data.id}`;

  await switchTo(page, 'sales');
  await page.goto('/admin/complaints?view=board');
  await adminReady(page);
  const reviewing = page.getByTestId('board-column-reviewing');
  // A refund is approved only after its approval: straight from review it is refused, and the card goes back.
  await reviewing.getByTestId(id).dragTo(page.getByTestId('board-column-passed'));
  await slow(page.locator('.ant-message')).toContainText('投诉当前状态不能改为该状态');
  await slow(reviewing.getByTestId(id)).toBeVisible();
  await slow(reviewing.getByTestId(id)).toBeVisible();
  // A review failure asks for the reason first.
  await reviewing.getByTestId(id).dragTo(page.getByTestId('board-column-rejected'));
  await page.getByTestId('complaint-move-modal').getByTestId('complaint-reason').fill('非质量问题');
  await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').click();
  await slow(page.getByTestId('board-column-rejected').getByTestId(id)).toBeVisible();
});
