import type { Page } from '@playwright/test';
import { expect, expectNoHorizontalOverflow, loginAs, test } from '../fixtures';

const SHANGHAI = '上海示例生物科技有限公司';
const HANGZHOU = '杭州示例医药科技有限公司';

async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('[data-admin-shell]')).toHaveAttribute('data-hydrated', 'true', { timeout: 30_000 });
}

/** The id of a demo customer, as the administrator sees it. */
async function customerId(page: Page, name: string): Promise<number> {
  const res = await page.request.get(`/api/admin/customers?key=${encodeURIComponent(name)}`);
  const items = (await res.json()).data.items as { id: number; name: string }[];
  const found = items.find((c) => c.name === name);
  if (!found) throw new Error(`${name} not listed`);
  return found.id;
}

for (const [locale, prefix, labels] of [
  ['zh', '', { search: '名称、税号、标签或联系人', timeline: '动态', log: '记录跟进', call: '电话' }],
  ['en', '/en', { search: 'Name, tax number, tag or contact', timeline: 'Timeline', log: 'Log an activity', call: 'Call' }],
] as const) {
  test(`a sales member finds their customer, logs a call and sees it on the timeline (${locale})`, async ({ page }) => {
    await loginAs(page, 'sales');
    await page.goto(`${prefix}/admin/customers`);
    await hydrated(page);
    await page.getByRole('searchbox', { name: labels.search }).fill('上海示例');
    await page.getByRole('searchbox', { name: labels.search }).press('Enter');
    const row = page.locator('[data-testid^="customer-row-"]').filter({ hasText: SHANGHAI });
    await expect(row).toHaveCount(1);
    await expect(page.locator('[data-testid^="customer-row-"]').filter({ hasText: '北京示例大学化学学院' })).toHaveCount(0);
    await row.getByTestId('customer-open').click();
    await expect(page.getByTestId('customer-title')).toHaveText(SHANGHAI);
    const text = `${labels.call} ${locale} ${Date.now()}`.slice(0, 100);
    await page.getByTestId('activity-body').fill(text);
    await page.getByTestId('activity-save').click();
    const event = page.getByTestId('timeline-event').first();
    await expect(event).toContainText(text);
    await expect(event).toContainText(labels.call);
    await expect(event).toContainText('周洁');
    await expectNoHorizontalOverflow(page);
  });

  test(`a manager gives a customer to another member of the team (${locale})`, async ({ page }) => {
    await loginAs(page, 'manager');
    const id = await customerId(page, HANGZHOU);
    await page.goto(`${prefix}/admin/customers?id=${id}`);
    await hydrated(page);
    await expect(page.getByTestId('customer-title')).toHaveText(HANGZHOU);
    const current = (await page.getByTestId('customer-owner').textContent()) ?? '';
    const target = current.includes('周洁') ? '李明' : '周洁';
    await page.getByTestId('customer-edit').click();
    await page.getByRole('combobox', { name: locale === 'zh' ? '负责人' : 'Owner' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: target }).click();
    await page.getByTestId('customer-save').click();
    await expect(page.getByTestId('customer-owner')).toContainText(target);
    await page.getByRole('tab', { name: labels.timeline }).click();
    await expect(page.getByTestId('timeline-event').first()).toContainText(locale === 'zh' ? '转交负责人' : 'owner changed');
  });
}

test('a sales member of 华北销售部 cannot open a customer of 华东销售部 (404)', async ({ page, browser }) => {
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const adminPage = await adminContext.newPage();
  await loginAs(adminPage, 'admin');
  const id = await customerId(adminPage, SHANGHAI);
  await adminContext.close();

  await loginAs(page, 'sales2');
  expect((await page.request.get(`/api/admin/customers/${id}`)).status()).toBe(404);
  await page.goto(`/admin/customers?id=${id}`);
  await hydrated(page);
  await expect(page.getByTestId('customer-error')).toContainText('客户不存在或不在您的可见范围内');
  await expect(page.getByTestId('customer-title')).toHaveCount(0);
  await page.goto('/admin/customers');
  await expect(page.locator('[data-testid^="customer-row-"]').filter({ hasText: SHANGHAI })).toHaveCount(0);
  await expect(page.locator('[data-testid^="customer-row-"]').filter({ hasText: '北京示例大学化学学院' })).toHaveCount(1);
});
