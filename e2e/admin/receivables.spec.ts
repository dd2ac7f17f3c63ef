import type { Page } from '@playwright/test';
import { expect, expectHydrated, expectLoaded, loginAs, test } from '../fixtures';
import { slow } from '../back-office';

test.describe.configure({ timeout: 150_000 });

interface Row { companyId: number; companyName: string; openAmount: string }
interface Invoice { id: number; invoiceNo: string; unpaid: string }

const json = async <T,>(page: Page, url: string): Promise<T> => {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  return ((await res.json()) as { data: T }).data;
};
/** An amount as the page shows it: thousands separators, two decimals. */
const shown = (cents: number) => `¥${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
const cents = (v: string) => Math.round(Number(v) * 100);

for (const [locale, prefix, l] of [
  ['zh', '', { group: '订单', page: '应收账款', reverse: '确认冲销' }],
  ['en', '/en', { group: 'Orders', page: 'Receivables', reverse: 'Reverse' }],
] as const) {
  test(`finance records a payment against an invoice and the ageing follows; then reverses it (${locale})`, async ({ page }) => {
    await loginAs(page, 'finance');
    // A customer with an invoice that has at least ¥1.00 unpaid (the demo's receivables).
    const rows = (await json<{ items: Row[] }>(page, '/api/admin/receivables?pageSize=100')).items;
    let customer: Row | undefined;
    let invoice: Invoice | undefined;
    for (const row of rows) {
      invoice = (await json<{ invoices: Invoice[] }>(page, `/api/admin/receivables/customers/${row.companyId}`)).invoices.find((i) => cents(i.unpaid) >= 100);
      if (invoice) { customer = row; break; }
    }
    if (!customer || !invoice) throw new Error('the demo has no open invoice');
    const open = cents(customer.openAmount);

    await page.goto(`${prefix}/admin/dashboard`);
    await expectHydrated(page);
    await page.getByRole('menuitem', { name: l.group }).click();
    await page.getByRole('menu').getByRole('link', { name: l.page, exact: true }).click();
    const view = page.getByTestId('receivables-view');
    await slow(view).toBeVisible();
    await expectLoaded(page);

    await view.getByTestId('receivables-search').locator('input').fill(customer.companyName);
    await view.getByTestId('receivables-search').locator('input').press('Enter');
    const row = view.getByTestId(`receivable-row-${customer.companyId}`);
    await slow(row).toBeVisible();
    await expect(row.getByTestId('receivable-open-amount')).toHaveText(shown(open));
    await row.getByTestId('receivable-open').click();
    const line = view.getByTestId(`receivable-invoice-${invoice.invoiceNo}`);
    await slow(line).toBeVisible();
    await line.getByTestId('invoice-payments-open').click();

    const drawer = page.getByTestId('invoice-payments');
    await slow(drawer.getByTestId('payment-form')).toBeVisible();
    await expect(drawer.getByTestId('invoice-unpaid')).toHaveText(shown(cents(invoice.unpaid)));
    const reference = `E2E-${locale}-${Date.now()}`;
    await drawer.getByRole('spinbutton').fill('1');
    await drawer.getByTestId('payment-reference').fill(reference);
    await drawer.getByTestId('payment-save').click();
    await slow(drawer.getByTestId('invoice-unpaid')).toHaveText(shown(cents(invoice.unpaid) - 100));
    const payment = drawer.getByTestId('payments-table').locator('tr').filter({ hasText: reference });
    await expect(payment).toBeVisible();

    // The ageing behind the drawer follows: the customer's open amount is ¥1.00 less.
    await page.keyboard.press('Escape');
    await slow(row.getByTestId('receivable-open-amount')).toHaveText(shown(open - 100));

    // Reversed with a reason after the confirmation: back to where it was.
    await line.getByTestId('invoice-payments-open').click();
    await slow(payment).toBeVisible();
    await payment.getByTestId('payment-reverse').click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('reverse-reason') });
    await dialog.getByTestId('reverse-reason').fill('E2E');
    await dialog.getByRole('button', { name: l.reverse, exact: true }).click();
    await slow(drawer.getByTestId('invoice-unpaid')).toHaveText(shown(cents(invoice.unpaid)));
    await expect(payment).toHaveCount(0);
    await page.keyboard.press('Escape');
    await slow(row.getByTestId('receivable-open-amount')).toHaveText(shown(open));
  });
}

test('the dashboard shows the order desk\'s figures', async ({ page }) => {
  await loginAs(page, 'ops');
  await page.goto('/admin/dashboard');
  await expectHydrated(page);
  const figures = page.getByTestId('dashboard-order-desk');
  await slow(figures).toBeVisible();
  await expect(figures).toContainText('待发货订单');
  await expect(figures).toContainText('缺货订单（按交期）');
  await expect(figures.getByTestId('backorders-leadUpTo7')).toHaveText(/^\d+$/);
});
