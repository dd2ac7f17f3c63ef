import { expect, expectHydrated, loginAs, test } from '../fixtures';

/**
 * The CRM's customers (ADR 0038): a sales member finds a customer of their own, logs a call and sees it
 * on the timeline, in both languages; a member of another team cannot open that customer (the query
 * itself does not find it).
 */

async function shellReady(page: import('@playwright/test').Page): Promise<void> {
  await expectHydrated(page);
}

for (const { prefix, call, note, tabs } of [
  { prefix: '', call: '电话', note: '电话回访：确认下季度无水溶剂需求', tabs: { contracts: '合同', complaints: '投诉', cases: '检测服务' } },
  { prefix: '/en', call: 'Call', note: 'Follow-up call: anhydrous solvents next quarter', tabs: { contracts: 'Contracts', complaints: 'Complaints', cases: 'Testing cases' } },
]) {
  test(`${prefix || '/'}: a sales member finds their customer, logs a call and sees it on the timeline`, async ({ page }) => {
    test.setTimeout(90_000);
    const stamp = Date.now().toString(36);
    await loginAs(page, 'sales');
    await page.goto(`${prefix}/admin/customers`);
    await shellReady(page);
    const view = page.getByTestId('customers-view');
    const search = view.locator('input[data-testid="customers-search"], [data-testid="customers-search"] input').first();
    await search.fill('上海示例');
    await search.press('Enter');
    const open = view.getByTestId('customer-open').filter({ hasText: '上海示例生物科技有限公司', visible: true });
    await expect(open).toBeVisible({ timeout: 15_000 });
    await open.click();
    const record = page.getByTestId('customer-record');
    await expect(record.getByTestId('customer-title')).toHaveText('上海示例生物科技有限公司', { timeout: 15_000 });
    await expect(record.getByTestId('activity-kind')).toContainText(call);
    const text = `${note} ${stamp}`;
    await record.getByTestId('activity-body').fill(text);
    await record.getByTestId('activity-save').click();
    await expect(record.getByTestId('customer-timeline')).toContainText(text, { timeout: 15_000 });

    // The record's other lists: the customer's contracts and complaints (the demo has both), and its testing cases.
    for (const [tab, testId] of [[tabs.contracts, 'customer-contracts'], [tabs.complaints, 'customer-complaints']] as const) {
      await record.getByRole('tab', { name: tab, exact: true }).click();
      await expect(record.getByTestId(testId).locator('.ant-table-row').first()).toBeVisible({ timeout: 15_000 });
    }
    await record.getByRole('tab', { name: tabs.cases, exact: true }).click();
    await expect(record.getByTestId('customer-cases')).toBeVisible({ timeout: 15_000 });
  });
}

test('a sales member of another team cannot open the customer', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'sales');
  const found = await page.request.get('/api/admin/customers?key=%E4%B8%8A%E6%B5%B7%E7%A4%BA%E4%BE%8B');
  expect(found.status()).toBe(200);
  const id = ((await found.json()) as { data: { items: { id: number; name: string }[] } }).data.items.find((c) => c.name === '上海示例生物科技有限公司')?.id;
  expect(id).toBeTruthy();

  const other = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await loginAs(other, 'sales2');
  expect((await other.request.get(`/api/admin/customers/${id}`)).status()).toBe(404);
  await other.goto(`/admin/customers?id=${id}`);
  await shellReady(other);
  await expect(other.getByTestId('customer-error')).toBeVisible({ timeout: 15_000 });
  await expect(other.getByTestId('customer-title')).toHaveCount(0);
  await other.close();
});
