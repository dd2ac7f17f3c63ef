import { PDF, slow } from '../back-office';
import { expect, expectHydrated, fromSite, loginAs, test } from '../fixtures';

test.describe.configure({ timeout: 120_000 });

for (const [locale, prefix, l] of [
  ['zh', '', { resolved: '已解决', fee: '¥2,299.99', hint: '¥2,299.99' }],
  ['en', '/en', { resolved: 'Resolved', fee: '¥2,299.99', hint: '¥2,299.99' }],
] as const) {
  test(`a testing case from reviewing to resolved with the service fee shown (${locale})`, async ({ page }) => {
    await loginAs(page, 'sales');
    await page.goto(`${prefix}/admin/cases`);
    await expectHydrated(page);
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
}

test('the case board moves a card through the transition call and snaps a refused move back', async ({ page }) => {
  await loginAs(page, 'sales');
  const made = await page.request.post('/api/admin/cases', {
    headers: fromSite(), data: { customerName: '看板客户', samples: '看板样品', testFee: '10.00', invoiceType: 'ordinary' },
  });
  expect(made.status()).toBe(200);
  const id = `board-card-${((await made.json()) as { data: { id: number } }).data.id}`;
  await page.goto('/admin/cases?view=board');
  await expectHydrated(page);
  const reviewing = page.getByTestId('board-column-reviewing');
  const card = reviewing.getByTestId(id);
  await card.dragTo(page.getByTestId('board-column-resolved'));
  await slow(page.locator('.ant-message')).toContainText('案例当前状态不能改为该状态');
  await slow(reviewing.getByTestId(id)).toBeVisible();
  await reviewing.getByTestId(id).dragTo(page.getByTestId('board-column-passed'));
  await slow(page.getByTestId('board-column-passed').getByTestId(id)).toBeVisible();
});
