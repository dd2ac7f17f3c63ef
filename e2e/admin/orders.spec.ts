import type { Page } from '@playwright/test';
import { chooseOption, expect, expectHydrated, expectLoaded, loginAs, test } from '../fixtures';
import { slow } from '../back-office';

test.describe.configure({ timeout: 150_000 });

interface Row { id: number; orderNo: string; companyName: string }
interface Detail { items: { lotNo: string | null; itemNo: string }[] }

const json = async <T,>(page: Page, url: string): Promise<T> => {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  return ((await res.json()) as { data: T }).data;
};

for (const [locale, prefix, l] of [
  ['zh', '', { group: '订单', list: '订单列表', placed: '已下单', back: '返回订单列表' }],
  ['en', '/en', { group: 'Orders', list: 'Order list', placed: 'Placed', back: 'Back to the orders' }],
] as const) {
  test(`staff open the orders, filter them, and open an order with its lines' lots (${locale})`, async ({ page }) => {
    await loginAs(page, 'ops');
    // A placed order with a line that carries its lot (a pack without recorded lots allocates none): the one the page opens.
    const placed = await json<{ items: Row[] }>(page, '/api/admin/orders?status=placed&backorder=0&limit=20');
    let order: Row | undefined;
    let lot: string | null | undefined;
    for (const row of placed.items) {
      lot = (await json<Detail>(page, `/api/admin/orders/${row.id}`)).items.find((i) => i.lotNo !== null)?.lotNo;
      if (lot) { order = row; break; }
    }
    if (!order || !lot) throw new Error('no placed order of the demo has a line with its lot');

    await page.goto(`${prefix}/admin/dashboard`);
    await expectHydrated(page);
    await page.getByRole('menuitem', { name: l.group }).click();
    await page.getByRole('menu').getByRole('link', { name: l.list, exact: true }).click();
    const view = page.getByTestId('orders-view');
    await slow(view).toBeVisible();
    await expectLoaded(page);
    await expect(view.locator('[data-testid^="order-row-"]').first()).toBeVisible();

    // Filter by state: every row shown is placed.
    await chooseOption(page, view.getByTestId('orders-status'), l.placed);
    await expectLoaded(page);
    await expect(view.locator('[data-testid^="order-row-"]').first()).toBeVisible();
    const tags = view.locator('[data-testid^="order-row-"] [data-testid="order-status"]');
    for (const text of await tags.allTextContents()) expect(text).toBe(l.placed);
    await expect(page).toHaveURL(/status=placed/);

    // Search by its number: one row, which opens the record.
    await view.getByTestId('orders-search').locator('input').fill(order.orderNo);
    await view.getByTestId('orders-search').locator('input').press('Enter');
    const row = view.getByTestId(`order-row-${order.id}`);
    await slow(row).toBeVisible();
    await expect(view.locator('[data-testid^="order-row-"]')).toHaveCount(1);
    await row.getByTestId('order-open').click();

    const record = page.getByTestId('order-record');
    await slow(record).toBeVisible();
    await expect(record).toContainText(order.orderNo);
    await expect(record).toContainText(order.companyName);
    await expect(record.getByTestId('order-line-lot').filter({ hasText: lot }).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]id=${order.id}`));
    await record.getByTestId('order-back').click();
    await slow(view).toBeVisible();
  });
}

test('a sales member sees his customers\' orders only, and opens one from the customer\'s record', async ({ page }) => {
  await loginAs(page, 'sales');
  const customers = await json<{ items: { id: number; name: string }[] }>(page, `/api/admin/customers?key=${encodeURIComponent('上海示例生物')}&limit=5`);
  const customer = customers.items[0]!;
  const orders = await json<Row[]>(page, `/api/admin/customers/${customer.id}/orders`);
  const first = orders[0]!;

  await page.goto('/admin/orders/list');
  await expectHydrated(page);
  const view = page.getByTestId('orders-view');
  await expectLoaded(page);
  await expect(view.locator('[data-testid^="order-row-"]').first()).toBeVisible();
  await expect(view).toContainText(customer.name);
  await expect(view).not.toContainText('北京示例大学化学学院');

  await page.goto(`/admin/customers?id=${customer.id}`);
  await expectHydrated(page);
  await page.getByRole('tab', { name: '订单' }).click();
  await page.getByTestId('customer-order-link').filter({ hasText: first.orderNo }).click();
  const record = page.getByTestId('order-record');
  await slow(record).toBeVisible();
  await expect(record).toContainText(first.orderNo);
});
