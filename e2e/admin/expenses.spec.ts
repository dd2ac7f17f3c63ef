import { expect, expectHydrated, fromSite, loginAs, still, test, type AccountName } from '../fixtures';

/** Signs out of the browser and in again as another member. */
async function switchTo(page: import('@playwright/test').Page, who: AccountName): Promise<void> {
  await page.context().clearCookies();
  await loginAs(page, who);
}

async function ready(page: import('@playwright/test').Page): Promise<void> {
  await expectHydrated(page);
}

test.describe.configure({ timeout: 120_000 });
/** The back-office answers slowly on a loaded machine: a longer wait for each expectation. */
const slow = expect.configure({ timeout: 20_000 });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

for (const [locale, prefix, l] of [
  ['zh', '', {
    resolved: '已解决', fee: '¥2,299.99', hint: '¥2,299.99', approved: '已通过', pending: '审批中',
  }],
  ['en', '/en', {
    resolved: 'Resolved', fee: '¥2,299.99', hint: '¥2,299.99', approved: 'Approved', pending: 'In approval',
  }],
] as const) {
  test(`a testing case from reviewing to resolved with the service fee shown (${locale})`, async ({ page }) => {
    await loginAs(page, 'sales');
    await page.goto(`${prefix}/admin/cases`);
    await ready(page);
    await page.getByTestId('case-new').click();
    const form = page.getByTestId('case-form');
    await form.getByTestId('case-customer').fill(`浏览器客户 ${locale}`);
    await form.getByTestId('case-samples').fill('乙腈纯度检测 1 个样品');
    await form.getByTestId('case-email').fill('lab.contact@example.edu');
    await form.getByTestId('case-fee').fill('1999.99');
    await slow(form).toContainText(l.hint);
    await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').click();
    const drawer = page.getByTestId('case-drawer');
    await slow(drawer.getByTestId('case-service-fee')).toHaveText(l.fee);
    await drawer.getByTestId('case-to-passed').click();
    await slow(drawer.getByTestId('case-to-test_finished')).toBeVisible();
    await drawer.locator('input[type=file]').setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: PDF });
    await slow(drawer.getByTestId('case-report-link')).toBeVisible();
    await drawer.getByTestId('case-to-test_finished').click();
    await drawer.getByTestId('case-to-resolved').click();
    await slow(drawer.getByTestId('case-status')).toHaveText(l.resolved);
    await slow(drawer.getByTestId('case-service-fee')).toHaveText(l.fee);
  });

  test(`an expense through two approval tiers (${locale})`, async ({ page }) => {
    await loginAs(page, 'sales');
    await page.goto(`${prefix}/admin/expenses`);
    await ready(page);
    await page.getByTestId('expense-new').click();
    const form = page.getByTestId('expense-form');
    await form.getByTestId('expense-amount').fill('7300.50');
    await form.getByTestId('expense-description').fill(`两级审批 ${locale}`);
    // The save's own answer, so that a refused save says so here rather than as a drawer that never opens.
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/expenses' && r.request().method() === 'POST');
    await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
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
      await ready(page);
      await slow(page.getByTestId('inbox-badge')).toBeVisible();
      const row = page.locator('[data-testid^="inbox-row-"]').filter({ hasText: expenseNo });
      await row.locator('[data-testid^="inbox-decide-"]').click();
      const modal = page.getByTestId('decision-modal');
      await modal.getByTestId('decision-comment').fill(`${who} ok`);
      // OK once the dialog has stopped moving in: a press on a button that still moves can be released elsewhere.
      await still(page.locator('.ant-modal-wrap:visible .ant-modal')).locator('.ant-modal-footer .ant-btn-primary').click();
      await slow(row).toHaveCount(0);
    }

    await switchTo(page, 'sales');
    await page.goto(`${prefix}/admin/expenses?key=${expenseNo}`);
    await ready(page);
    await slow(page.locator('[data-testid^="expense-row-"]').first()).toContainText(l.approved);
  });
}

test('a double click on the expense form\'s OK saves one application', async ({ page }) => {
  await loginAs(page, 'sales');
  await page.goto('/admin/expenses');
  await ready(page);
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

test('the case board moves a card through the transition call and snaps a refused move back', async ({ page }) => {
  await loginAs(page, 'sales');
  const made = await page.request.post('/api/admin/cases', {
    headers: fromSite(), data: { customerName: '看板客户', samples: '看板样品', testFee: '10.00', invoiceType: 'ordinary' },
  });
  expect(made.status()).toBe(200);
  const id = `board-card-${((await made.json()) as { data: { id: number } }).data.id}`;
  await page.goto('/admin/cases?view=board');
  await ready(page);
  const reviewing = page.getByTestId('board-column-reviewing');
  const card = reviewing.getByTestId(id);
  await card.dragTo(page.getByTestId('board-column-resolved'));
  await slow(page.locator('.ant-message')).toContainText('案例当前状态不能改为该状态');
  await slow(reviewing.getByTestId(id)).toBeVisible();
  await reviewing.getByTestId(id).dragTo(page.getByTestId('board-column-passed'));
  await slow(page.getByTestId('board-column-passed').getByTestId(id)).toBeVisible();
});
