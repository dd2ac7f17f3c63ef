import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoHorizontalOverflow, fromSite, gotoHydrated, test } from '../fixtures';
import { latestMessageTo } from '../outbox';

const PASSWORD = 'Reagent#2026';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function signIn(page: Page, loginName: string): Promise<void> {
  await page.context().clearCookies();
  const res = await page.request.post('/api/web/auth/login', { form: { loginName, password: sha256(PASSWORD) }, headers: fromSite() });
  expect(res.status(), await res.text()).toBe(200);
}

interface Listed { id: number; itemNo: string }

/** Products of the demo catalogue with packs, for the quick-order lines. */
async function someProducts(request: APIRequestContext, n: number, skip = 0): Promise<Listed[]> {
  const res = await request.post('/api/web/product/getPage', { form: { flag: 'new', limit: '40' } });
  const list = ((await res.json()) as { data: { items: Listed[] } }).data.items;
  return list.slice(skip, skip + n);
}

async function cleanCart(page: Page) {
  expect((await page.request.post('/api/app/api/order/shopcart/clean', { headers: fromSite() })).status()).toBe(200);
}

test('a buyer orders through quick order and checkout with a special VAT invoice; an approver changes a quantity and approves', async ({ page, request }) => {
  // A journey over three sign-ins, five page loads and some thirty steps, none of them slow alone: about 35 s
  // on a busy two-core machine, more than the default budget.
  test.setTimeout(90_000);
  const [fromPage, ...quick] = await someProducts(request, 5);
  await signIn(page, 'buyer@demo.example.com');
  await cleanCart(page);

  // Add to cart from a product page.
  await page.goto(`/product/detail?id=${fromPage!.id}`);
  await page.getByTestId('pack-row').first().getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // Quick order: five lines, one of them unknown; a large quantity sends the order to approval.
  await page.goto('/order/shoppingcart?default=2');
  const lines = [`${quick[0]!.itemNo}\t300`, `${quick[1]!.itemNo}, 2`, 'NOPE-404 1', `${quick[2]!.itemNo} 1`, `${quick[3]!.itemNo.toLowerCase()} 4`];
  await page.getByTestId('quick-text').fill(lines.join('\n'));
  await page.getByTestId('quick-resolve').click();
  await expect(page.getByTestId('quick-error')).toHaveCount(1);
  await expect(page.getByTestId('quick-error')).toContainText('NOPE-404');
  await page.getByTestId('quick-add').click();
  await expect(page.getByText('已加入购物车 4 行')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('5');
  await expect(page.getByTestId('cart-line')).toHaveCount(5);

  // Checkout with the default address and a special VAT invoice (the company's tax number is filled in).
  await page.getByTestId('cart-checkout').click();
  await expect(page.getByRole('heading', { name: '确认订单' })).toBeVisible();
  await page.getByTestId('checkout-po').fill('PO-E2E-001');
  await page.getByTestId('checkout-cost-centre').fill('NSFC 22178001');
  await page.getByTestId('checkout-invoice').getByText('增值税专用发票').click();
  await page.getByTestId('checkout-tax-no').fill('');
  await page.getByTestId('checkout-submit').click();
  await expect(page.getByText('开具增值税专用发票须填写税号')).toBeVisible();
  await expect(page.getByText('增值税专用发票须填写开户银行')).toBeVisible();
  await page.getByTestId('checkout-tax-no').fill('91310104MA1FR8XK3P');
  await page.getByTestId('checkout-invoiceAddress').fill('上海市徐汇区漕河泾开发区 1 号');
  await page.getByTestId('checkout-invoicePhone').fill('021-64000000');
  await page.getByTestId('checkout-invoiceBank').fill('中国工商银行上海徐汇支行');
  await page.getByTestId('checkout-invoiceAccount').fill('1001234567890');
  const total = await page.getByTestId('checkout-total').textContent();
  await page.getByTestId('checkout-submit').click();
  await expect(page.getByTestId('order-detail')).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'reviewing');
  await expect(page.getByTestId('order-total')).toHaveText(total ?? '');
  const orderNo = ((await page.getByTestId('order-no').textContent()) ?? '').replace('订单 ', '').trim();
  expect(orderNo).toMatch(/^SO\d{12,}$/);
  const orderUrl = page.url();
  await expect(page.getByTestId('cart-count')).toHaveText('0');

  // The approver gets a mail, finds the order waiting, lowers a quantity (300 → 150; never above the order's) and approves.
  expect(await latestMessageTo('approver@demo.example.com')).toContain(orderNo);
  await signIn(page, 'approver@demo.example.com');
  await page.goto('/order?default=1&scope=approvals');
  await page.getByTestId('order-link').filter({ hasText: orderNo }).click();
  await expect(page.getByTestId('order-approve')).toBeVisible();
  const quantity = page.getByLabel(`${quick[0]!.itemNo} 的数量`, { exact: true });
  await quantity.fill('150');
  await quantity.blur();
  await expect(page.getByTestId('draft-total')).toBeVisible();
  await page.getByTestId('order-approve').click();
  // The approval takes a comment, kept in the approval log.
  await page.getByTestId('approve-comment').fill('数量减半，先用库存');
  await page.locator('#approve-confirm').click();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'passed');
  await expect(page.locator('[data-testid="order-log"][data-action="change"]')).toContainText(/数量 300 → 150$/);
  await expect(page.locator('[data-testid="order-log"][data-action="approve"]')).toContainText('意见: 数量减半，先用库存');

  // The buyer sees the log, gets the mail, and confirms the order.
  expect(await latestMessageTo('buyer@demo.example.com')).toContain(orderNo);
  await signIn(page, 'buyer@demo.example.com');
  await page.goto(orderUrl);
  await expect(page.locator('[data-testid="order-log"]')).toHaveCount(3);
  await page.getByTestId('order-place').click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'placed');
});

test('an approver rejects an order in English and the buyer puts it back in the cart @mobile', async ({ page, request }) => {
  const [product] = await someProducts(request, 1, 6);
  await signIn(page, 'buyer@demo.example.com');
  await cleanCart(page);
  const detail = await request.post('/api/web/product/details/all', { form: { id: String(product!.id) } });
  const packId = ((await detail.json()) as { data: { packs: { id: number }[] } }).data.packs[0]!.id;
  expect((await page.request.post('/api/app/api/order/shopcart/item/add', { form: { packId: String(packId), num: '999' }, headers: fromSite() })).status()).toBe(200);
  const company = (await (await page.request.get('/api/app/api/order/company')).json()) as { data: { addresses: { id: number }[] } };
  const made = await page.request.post('/api/app/api/order/add', {
    form: { idempotencyKey: `e2e${Date.now()}`, addressId: String(company.data.addresses[0]!.id) },
    headers: fromSite(),
  });
  const order = ((await made.json()) as { data: { id: number; status: string } }).data;
  expect(order.status).toBe('reviewing');

  await signIn(page, 'approver@demo.example.com');
  await page.goto(`/en/order/detail?id=${order.id}&default=1`);
  await expectNoHorizontalOverflow(page);
  await page.getByTestId('order-reject').click();
  await page.getByTestId('reject-reason').fill('Use the stock in the cold room');
  await page.locator('#reject-confirm').click();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'rejected');
  await expect(page.getByText('Rejected: Use the stock in the cold room')).toBeVisible();

  await signIn(page, 'buyer@demo.example.com');
  await page.goto(`/en/order/detail?id=${order.id}&default=1`);
  await page.getByTestId('order-recart').click();
  await expect(page.getByTestId('recart-result')).toContainText('1 packs added to the cart');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/en/order?default=1&status=rejected');
  await expect(page.getByTestId('order-link').first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('order management lists, filters and exports in both languages', async ({ page }) => {
  await signIn(page, 'buyer@demo.example.com');
  for (const prefix of ['', '/en']) {
    await page.goto(`${prefix}/order?default=1`);
    await expect(page.getByTestId('order-list')).toBeVisible();
    await expect(page.getByTestId('order-link').first()).toBeVisible();
    await expect(page.locator('nav a[aria-current="page"]').first()).toHaveAttribute('href', /default=1/);
    const exported = await page.request.get(await page.getByTestId('order-export').getAttribute('href') ?? '');
    expect(exported.status()).toBe(200);
    expect(exported.headers()['content-type']).toContain('spreadsheetml');
  }
  // Before hydration the search box does not answer Enter.
  await gotoHydrated(page, '/order?default=1');
  await page.getByTestId('order-search').locator('input').fill('NO-SUCH-ORDER');
  await page.getByTestId('order-search').locator('input').press('Enter');
  await expect(page).toHaveURL(/q=NO-SUCH-ORDER/);
  await expect(page.getByText('没有符合条件的订单')).toBeVisible();
});
