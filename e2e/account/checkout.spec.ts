import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectNoHorizontalOverflow, fromSite, test } from '../fixtures';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function signIn(page: Page): Promise<void> {
  await page.context().clearCookies();
  const res = await page.request.post('/api/web/auth/login', { form: { loginName: 'buyer@demo.example.com', password: sha256('Reagent#2026') }, headers: fromSite() });
  expect(res.status(), await res.text()).toBe(200);
}

/** Two packs of the demo catalogue in the cart, through the API. */
async function fillCart(page: Page): Promise<void> {
  expect((await page.request.post('/api/app/api/order/shopcart/clean', { headers: fromSite() })).status()).toBe(200);
  for (const packId of ['1', '2']) {
    expect((await page.request.post('/api/app/api/order/shopcart/item/add', { form: { packId }, headers: fromSite() })).status()).toBe(200);
  }
}

const CASES = [
  { lang: 'zh', prefix: '', lines: '商品清单', pickup: '上海仓库自提', special: '增值税专用发票', ordinary: '增值税普通发票', included: '合计（含税）' },
  { lang: 'en', prefix: '/en', lines: 'Items', pickup: 'Collect from the Shanghai warehouse', special: 'Special VAT invoice', ordinary: 'Ordinary VAT invoice', included: 'Total (VAT included)' },
] as const;

for (const c of CASES) {
  test(`checkout lists the lines, offers delivery options priced by the server, and the invoice never changes the total (${c.lang})`, async ({ page }) => {
    await signIn(page);
    await fillCart(page);
    await page.goto(`${c.prefix}/order/checkout`);
    await expect(page.getByRole('heading', { name: c.lines })).toBeVisible();
    const table = page.getByTestId('checkout-lines');
    // Each line: name, pack, quantity, unit price and subtotal.
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
    for (const row of await table.locator('tbody tr.ant-table-row').all()) await expect(row.locator('td')).toHaveCount(5);
    await expect(table.locator('tbody tr.ant-table-row').first()).toContainText('¥');

    await expect(page.getByTestId('checkout-totals')).toContainText(c.included);
    const delivery = page.getByTestId('checkout-delivery');
    await expect(delivery.getByRole('radio')).toHaveCount(3);
    const standardTotal = await page.getByTestId('checkout-total').textContent();
    await page.getByTestId('checkout-delivery-pickup').click();
    await expect(page.getByTestId('checkout-delivery-fee')).toHaveText(/¥0\.00$/);
    await expect(delivery).toContainText(c.pickup);
    const pickupTotal = await page.getByTestId('checkout-total').textContent();
    expect(standardTotal).toBeTruthy();

    // The invoice type changes what is asked, never the amount.
    await page.getByTestId('checkout-invoice').getByText(c.special, { exact: true }).click();
    await expect(page.getByTestId('checkout-invoiceBank')).toBeVisible();
    await expect(page.getByTestId('checkout-total')).toHaveText(pickupTotal ?? '');
    await page.getByTestId('checkout-invoice').getByText(c.ordinary, { exact: true }).click();
    await expect(page.getByTestId('checkout-buyer-kind')).toBeVisible();
    await expect(page.getByTestId('checkout-invoiceBank')).toHaveCount(0);
    await expect(page.getByTestId('checkout-total')).toHaveText(pickupTotal ?? '');
    await expectNoHorizontalOverflow(page);
  });
}
