import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect as baseExpect, chooseOption, expectNoHorizontalOverflow, fromSite, gotoHydrated, test } from '../fixtures';

// Server round trips can be slow on a shared machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function signIn(page: Page, loginName: string): Promise<void> {
  const res = await page.request.post('/api/web/auth/login', { form: { loginName, password: sha256('Reagent#2026') }, headers: fromSite() });
  expect(res.status(), await res.text()).toBe(200);
}

/** The hydration errors the page reports (React's #418 and its kin), as console errors or uncaught ones. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  const hydration = /hydrat|#418|#423|#425/i;
  page.on('pageerror', (e) => { if (hydration.test(e.message)) errors.push(e.message); });
  page.on('console', (m) => { if (m.type() === 'error' && hydration.test(m.text())) errors.push(m.text()); });
  return errors;
}

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A reviewing order of the buyer's (a quantity over the approval rule), made through the API. */
async function reviewingOrder(page: Page): Promise<number> {
  await signIn(page, 'buyer@demo.example.com');
  expect((await page.request.post('/api/app/api/order/shopcart/clean', { headers: fromSite() })).status()).toBe(200);
  const listed = await page.request.post('/api/web/product/getPage', { form: { flag: 'new', limit: '40' }, headers: fromSite() });
  const products = ((await listed.json()) as { data: { items: { id: number }[] } }).data.items;
  const detail = await page.request.post('/api/web/product/details/all', { form: { id: String(products[7]!.id) }, headers: fromSite() });
  const packId = ((await detail.json()) as { data: { packs: { id: number }[] } }).data.packs[0]!.id;
  expect((await page.request.post('/api/app/api/order/shopcart/item/add', { form: { packId: String(packId), num: '999' }, headers: fromSite() })).status()).toBe(200);
  const company = (await (await page.request.get('/api/app/api/order/company')).json()) as { data: { addresses: { id: number }[] } };
  const made = await page.request.post('/api/app/api/order/add', {
    form: { idempotencyKey: `e2e${Date.now()}`, addressId: String(company.data.addresses[0]!.id) }, headers: fromSite(),
  });
  const order = ((await made.json()) as { data: { id: number; status: string } }).data;
  expect(order.status).toBe('reviewing');
  return order.id;
}

for (const [prefix, l] of [
  ['', { users: '用户管理', menu: '账户菜单', orders: '订单管理', quotations: '我的报价', complaints: '我的投诉' }],
  ['/en', { users: 'Users', menu: 'Account menu', orders: 'Order management', quotations: 'My quotations', complaints: 'My complaints' }],
] as const) {
  test(`the company pages hydrate without a mismatch (${prefix || 'zh'})`, async ({ page }) => {
    const errors = hydrationErrors(page);
    await signIn(page, 'admin@demo.example.com');
    for (const path of ['/sys/users', '/sys/roles', '/sys/departments', '/sys/address']) {
      await gotoHydrated(page, `${prefix}${path}?default=5`);
      await expect(page.locator('h1').first()).toBeVisible();
    }
    expect(errors).toEqual([]);
  });

  test(`the account menu marks the page opened directly, and leads to my complaints (${prefix || 'zh'})`, async ({ page }) => {
    await signIn(page, 'buyer@demo.example.com');
    const menu = page.getByRole('navigation', { name: l.menu });
    await gotoHydrated(page, `${prefix}/order`);
    await expect(menu.locator('a[aria-current="page"]')).toHaveText(l.orders);
    await gotoHydrated(page, `${prefix}/account/quotations`);
    await expect(menu.locator('a[aria-current="page"]')).toHaveText(l.quotations);
    await menu.getByRole('link', { name: l.complaints }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/account/complaints\\?default=4$`));
    await expect(page.getByTestId('my-complaints')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(l.complaints);
    await expect(menu.locator('a[aria-current="page"]')).toHaveText(l.complaints);
  });
}

for (const [prefix, l] of [
  ['', { category: '效期问题', categoryLabel: '投诉类别', noRefund: '未申请退款', filed: '投诉已提交' }],
  ['/en', { category: 'Expiry date', categoryLabel: 'Category', noRefund: 'No refund asked for', filed: 'Complaint filed' }],
] as const) {
  test(`a complaint takes a category, 1,000 characters and photos, and no refund (${prefix || 'zh'})`, async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'buyer@demo.example.com');
    const orders = await page.request.get('/api/app/sale/list?status=placed');
    const placed = ((await orders.json()) as { data: { list: { id: number }[] } }).data.list;
    await gotoHydrated(page, `${prefix}/account/complaints/new?order=${placed[0]!.id}&default=4`);
    const form = page.getByTestId('complaint-form');
    await form.locator('[data-testid^="complaint-pick-"]').first().check();
    await chooseOption(page, form.getByLabel(l.categoryLabel, { exact: true }), l.category);
    const description = `${prefix || 'zh'} 批号效期与标签不符。`.padEnd(1000, '详');
    await form.getByTestId('complaint-description').fill(description);
    await expect(form.getByTestId('complaint-description')).toHaveValue(description);
    await form.locator('input[type="file"]').setInputFiles([
      { name: 'label.png', mimeType: 'image/png', buffer: PNG },
      { name: 'bottle.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect(form.getByTestId('complaint-photos').locator('li')).toHaveCount(2);
    await form.getByTestId('complaint-submit').click();
    await expect(page.locator('.ant-alert').getByText(l.filed)).toBeVisible();
    // Every photo was taken: no warning of photos left out.
    await expect(page.locator('.ant-message-notice')).toHaveCount(0);
    const card = page.locator('[data-testid^="my-complaint-"]').filter({ hasText: `${prefix || 'zh'} 批号效期与标签不符` }).first();
    await expect(card.getByTestId('my-complaint-category')).toHaveText(l.category);
    await expect(card.getByTestId('my-complaint-applied')).toHaveText(l.noRefund);
    await expect(card.getByTestId('my-complaint-photos').locator('img')).toHaveCount(2);
    // The photos load (served through the API from the files store).
    await expect.poll(() => card.getByTestId('my-complaint-photos').locator('img').first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });
}

test('an approver lands on the orders waiting for them, counted in the header; approving takes a comment', async ({ page }) => {
  test.setTimeout(90_000);
  await reviewingOrder(page);
  await signIn(page, 'approver@demo.example.com');
  const counts = (await (await page.request.get('/api/app/sale/count')).json()) as { data: { toApprove: number } };
  expect(counts.data.toApprove).toBeGreaterThan(0);
  for (const [prefix, label] of [['', '待我审批'], ['/en', 'To approve']] as const) {
    await gotoHydrated(page, `${prefix}/order?default=1`);
    await expect(page.locator('.ant-tabs-tab-active')).toContainText(label);
    await expect(page.getByTestId('header-approvals')).toContainText(String(counts.data.toApprove));
  }
  // Their own orders stay one click away.
  await page.locator('.ant-tabs-tab').first().click();
  await expect(page).toHaveURL(/scope=mine/);
  await expect(page.locator('.ant-tabs-tab-active')).toContainText('My orders');
  // The badge leads to the waiting orders.
  await page.getByTestId('header-approvals').click();
  await expect(page).toHaveURL(/scope=approvals/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an order\'s lines show unit price, quantity and subtotal @mobile', async ({ page }) => {
    const id = await reviewingOrder(page);
    await signIn(page, 'approver@demo.example.com');
    for (const prefix of ['', '/en']) {
      await gotoHydrated(page, `${prefix}/order/detail?id=${id}&default=1`);
      const card = page.getByTestId('order-line-card').first();
      for (const part of ['order-line-unit-price', 'order-line-quantity', 'order-line-total']) {
        // Each is shown whole, within the screen's width: nothing cut off at its right.
        await expect(card.getByTestId(part)).toBeVisible();
        const box = await card.getByTestId(part).boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      }
      await expect(card.getByTestId('approve-quantity')).toBeVisible();
      await expectNoHorizontalOverflow(page);
    }
  });
});

test('an account page is drawn in the browser: the server sends its frame, its data and a placeholder, not its views (ADR 0110)', async ({ page }) => {
  await signIn(page, 'buyer@demo.example.com');
  for (const [prefix, title] of [['', '订单管理'], ['/en', 'Orders']] as const) {
    const html = await (await page.request.get(`${prefix}/order?default=1`)).text();
    // The frame (header, account menu) and the placeholder are in the HTML; the order list's views are not.
    expect(html).toContain('data-testid="account-page-pending"');
    expect(html).toContain('data-testid="account-menu-orders"');
    expect(html).not.toContain('data-testid="order-list"');
    await gotoHydrated(page, `${prefix}/order?default=1`);
    await expect(page.getByTestId('order-list')).toBeVisible();
    await expect(page.locator('h1').first()).toHaveText(title);
    await expect(page.getByTestId('account-page-pending')).toHaveCount(0);
  }
});
