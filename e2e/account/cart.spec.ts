import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectNoHorizontalOverflow, fromSite, test } from '../fixtures';

const BASE = '/api/app/api/order/shopcart';

/** Signs in as the demo approver (a cart of its own, untouched by other browser tests) with packs 1 and 2. */
async function approverWithTwoLines(page: Page) {
  await page.goto('/');
  const login = await page.request.post('/api/web/auth/login', {
    form: { loginName: 'approver@demo.example.com', password: createHash('sha256').update('Reagent#2026').digest('hex') },
    headers: fromSite(),
  });
  expect(login.status()).toBe(200);
  expect((await page.request.post(`${BASE}/clean`, { headers: fromSite() })).status()).toBe(200);
  for (const packId of ['1', '2']) expect((await page.request.post(`${BASE}/item/add`, { form: { packId }, headers: fromSite() })).status()).toBe(200);
}

test('the cart: quantities, removal after a confirmation, and an empty cart @mobile', async ({ page }) => {
  await approverWithTwoLines(page);
  await page.goto('/order/shoppingcart?default=2');
  await expect(page.getByRole('heading', { name: '购物车' })).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expectNoHorizontalOverflow(page);
  // Each line names its brand and item number beside its pack size, so no two lines read alike.
  const facts = await page.getByTestId('cart-line-facts').allTextContents();
  for (const f of facts) expect(f).toMatch(/^\S.* · [A-Z]+[\d-]+/);
  expect(new Set(await page.getByTestId('cart-line').allTextContents()).size).toBe(2);

  const first = page.getByTestId('cart-line').first();
  const before = await first.getByTestId('cart-line-total').textContent();
  await first.getByRole('button', { name: '增加数量' }).click();
  await expect(first.getByTestId('cart-quantity')).toHaveValue('2');
  await expect(first.getByTestId('cart-line-total')).not.toHaveText(before ?? '');

  await first.getByTestId('cart-quantity').fill('0');
  await first.getByTestId('cart-quantity').press('Enter');
  await expect(page.getByText('数量须为 1 至 9999 的整数')).toBeVisible();
  await expect(first.getByTestId('cart-quantity')).toHaveValue('2');

  await page.getByTestId('cart-line').nth(1).getByRole('button', { name: /^删除 / }).click();
  const confirm = page.getByTestId('cart-confirm');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await page.getByTestId('cart-line').nth(1).getByRole('button', { name: /^删除 / }).click();
  await page.getByTestId('cart-confirm').getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.getByTestId('cart-clean').click();
  await page.getByTestId('cart-confirm').getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('0');
});

test('the cart in English keeps the server price after a reload', async ({ page }) => {
  await approverWithTwoLines(page);
  await page.goto('/en/order/shoppingcart?default=2');
  await expect(page.getByRole('heading', { name: 'Shopping cart' })).toBeVisible();
  await expect(page.getByText(/2 products, total/)).toBeVisible();
  const total = await page.getByTestId('cart-total').textContent();
  await page.reload();
  await expect(page.getByTestId('cart-total')).toHaveText(total ?? '');
  await page.request.post(`${BASE}/clean`, { headers: fromSite() });
});
