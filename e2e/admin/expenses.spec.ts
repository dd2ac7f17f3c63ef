import { slow, switchTo } from '../back-office';
import { expect, expectHydrated, loginAs, still, test } from '../fixtures';

test.describe.configure({ timeout: 120_000 });

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

for (const [locale, prefix, l] of [
  ['zh', '', { approved: '已通过', pending: '审批中', amount: '¥7,300.50' }],
  ['en', '/en', { approved: 'Approved', pending: 'In approval', amount: '¥7,300.50' }],
] as const) {
  test(`an expense through two approval tiers (${locale})`, async ({ page }) => {
    await loginAs(page, 'sales');
    await page.goto(`${prefix}/admin/expenses`);
    await expectHydrated(page);
    await page.getByTestId('expense-new').click();
    const form = page.getByTestId('expense-form');
    await form.getByTestId('expense-amount').fill('7300.50');
    await form.getByTestId('expense-description').fill(`两级审批 ${locale}`);
    // The save's own answer, so that a refused save says so here rather than as a drawer that never opens.
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/expenses' && r.request().method() === 'POST');
    await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
    const expenseId = ((await answer.json()) as { data: { id: number } }).data.id;
    // A receipt, for the approvers' dialog.
    const receipt = await page.request.post(`/api/admin/expenses/${expenseId}/attachments`, {
      multipart: { file: { name: '出租车票.png', mimeType: 'image/png', buffer: PNG } }, headers: { origin: new URL(page.url()).origin },
    });
    expect(receipt.status(), await receipt.text()).toBe(200);
    const drawer = page.getByTestId('expense-drawer');
    await drawer.getByTestId('expense-submit').click();
    await still(page.locator('.ant-popconfirm:visible')).locator('.ant-btn-primary').click();
    await slow(drawer.getByTestId('expense-status')).toHaveText(l.pending);
    const title = (await drawer.locator('.ant-drawer-title').innerText()).trim();
    const expenseNo = title.split(' ').pop() ?? '';
    expect(expenseNo).toMatch(/^EX\d{13}$/);

    for (const who of ['manager', 'finance'] as const) {
      await switchTo(page, who);
      await page.goto(`${prefix}/admin/approvals`);
      await expectHydrated(page);
      await slow(page.getByTestId('inbox-badge')).toBeVisible();
      const row = page.locator('[data-testid^="inbox-row-"]').filter({ hasText: expenseNo });
      if (who === 'manager') {
        // The inbox's link opens the application itself, not the list.
        await row.locator('[data-testid^="inbox-open-"]').click();
        await slow(page).toHaveURL(new RegExp(`/admin/expenses\\?id=${expenseId}$`));
        await slow(page.getByTestId('expense-drawer').locator('.ant-drawer-title')).toContainText(expenseNo);
        await page.goto(`${prefix}/admin/approvals`);
        await expectHydrated(page);
      }
      await row.locator('[data-testid^="inbox-decide-"]').click();
      const modal = page.getByTestId('decision-modal');
      // The dialog shows the amount and the receipts.
      await slow(modal.getByTestId('decision-amount')).toHaveText(l.amount);
      await slow(modal.getByTestId('decision-receipts')).toContainText('出租车票.png');
      await modal.getByTestId('decision-comment').fill(`${who} ok`);
      // OK once the dialog has stopped moving in: a press on a button that still moves can be released elsewhere.
      await still(page.locator('.ant-modal-wrap:visible .ant-modal')).locator('.ant-modal-footer .ant-btn-primary').click();
      await slow(row).toHaveCount(0);
    }

    await switchTo(page, 'sales');
    await page.goto(`${prefix}/admin/expenses?key=${expenseNo}`);
    await expectHydrated(page);
    await slow(page.locator('[data-testid^="expense-row-"]').first()).toContainText(l.approved);
  });
}

test('a double click on the expense form\'s OK saves one application', async ({ page }) => {
  await loginAs(page, 'sales');
  await page.goto('/admin/expenses');
  await expectHydrated(page);
  await page.getByTestId('expense-new').click();
  const form = page.getByTestId('expense-form');
  const description = `双击保存 ${Date.now()}`;
  await form.getByTestId('expense-amount').fill('88.00');
  await form.getByTestId('expense-description').fill(description);
  const posts: number[] = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname === '/api/admin/expenses' && r.method() === 'POST') posts.push(Date.now()); });
  await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').dblclick();
  await slow(page.getByTestId('expense-drawer')).toBeVisible();
  const found = await page.request.get(`/api/admin/expenses?key=${encodeURIComponent(description)}`);
  expect(found.status()).toBe(200);
  const body = (await found.json()) as { data: { items: { description: string }[] } };
  expect(body.data.items.filter((e) => e.description === description)).toHaveLength(1);
  expect(posts).toHaveLength(1);
});
