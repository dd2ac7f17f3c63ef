import type { Page } from '@playwright/test';
import { expect, expectHydrated, loginAs, test } from '../fixtures';
import { slow, switchTo } from '../back-office';

test.describe.configure({ timeout: 150_000 });

const inDays = (n: number) => new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

async function shanghaiId(page: Page): Promise<number> {
  const res = await page.request.get(`/api/admin/customers?key=${encodeURIComponent('上海示例')}&limit=5`);
  const id = ((await res.json()) as { data: { items: { id: number }[] } }).data.items[0]?.id ?? 0;
  expect(id).toBeGreaterThan(0);
  return id;
}

for (const [locale, prefix, l] of [
  ['zh', '', { tab: '价格协议', draft: '草稿', pending: '待审批', active: '生效中', below: '低于底价', approved: '已批准' }],
  ['en', '/en', { tab: 'Price agreements', draft: 'Draft', pending: 'Waiting for approval', active: 'Active', below: 'Below the floor', approved: 'Approved' }],
] as const) {
  test(`staff create a price agreement below the floor from the customer's record, and the manager approves it (${locale})`, async ({ page }) => {
    await loginAs(page, 'sales');
    const companyId = await shanghaiId(page);

    // 周洁 opens the customer's record, its agreements tab, and starts an agreement for it.
    await page.goto(`${prefix}/admin/customers?id=${companyId}`);
    await expectHydrated(page);
    await page.getByRole('tab', { name: l.tab }).click();
    await page.getByTestId('customer-agreement-new').click();
    const form = page.getByTestId('agreement-new-form');
    const name = `e2e ${locale} ${Date.now()}`;
    await form.getByTestId('agreement-name').fill(name);
    await form.getByTestId('agreement-valid-from').fill(inDays(0));
    await form.getByTestId('agreement-valid-to').fill(inDays(20));
    await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').click();
    const record = page.getByTestId('agreement-record');
    await slow(record.getByTestId('agreement-state')).toHaveText(l.draft);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    expect(id).toBeGreaterThan(0);

    // A 20 % discount on everything is below the floor (15 % at most without approval): flagged before it is saved.
    await record.getByTestId('rule-add-discount').click();
    await record.getByRole('spinbutton').first().fill('20');
    await slow(record.getByTestId('rule-below-floor')).toHaveText(l.below);
    await record.getByTestId('agreement-save').click();
    await slow(record.getByTestId('agreement-below-floor')).toHaveText(l.below);
    await record.getByTestId('agreement-submit').click();
    await slow(record.getByTestId('agreement-state')).toHaveText(l.pending);

    // The team manager 李明 finds it waiting for him and approves it.
    await switchTo(page, 'manager');
    const inbox = await page.request.get('/api/admin/approvals/inbox');
    const step = ((await inbox.json()) as { data: { items: { stepId: number; entityType: string; entityId: number }[] } }).data.items
      .find((i) => i.entityType === 'price_agreement' && i.entityId === id);
    expect(step).toBeDefined();
    await page.goto(`${prefix}/admin/approvals`);
    await expectHydrated(page);
    await page.getByTestId(`inbox-decide-${step!.stepId}`).click();
    await page.getByTestId('decision-modal').getByTestId('decision-comment').fill(`同意 ${locale}`);
    await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').click();
    await slow(page.getByTestId(`inbox-row-${step!.stepId}`)).toHaveCount(0);

    // The agreement is active, its approval and history shown; it is in the report of agreements expiring within 30 days.
    await page.goto(`${prefix}/admin/price-agreements?id=${id}`);
    await expectHydrated(page);
    const approved = page.getByTestId('agreement-record');
    await slow(approved.getByTestId('agreement-state')).toHaveText(l.active);
    await expect(approved.getByTestId('agreement-approval')).toHaveText(l.approved);
    await expect(approved.getByTestId('agreement-rules')).toContainText('20%');
    await page.goto(`${prefix}/admin/price-agreements?view=expiring&sort=validTo`);
    await expectHydrated(page);
    await slow(page.getByTestId(`agreement-row-${id}`)).toBeVisible();

    // Withdrawn again, so that the journeys after this one see the demo's prices (a 20 % on everything prices every pack).
    const withdrawn = await page.request.post(`/api/admin/price-agreements/${id}/withdraw`, { data: { id: Number(id) }, headers: { origin: new URL(page.url()).origin } });
    expect(withdrawn.status()).toBe(200);
  });
}
