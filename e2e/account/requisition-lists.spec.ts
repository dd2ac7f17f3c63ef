import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectHydrated, expectNoHorizontalOverflow, fromSite, test } from '../fixtures';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const CART = '/api/app/api/order/shopcart';

const CASES = [
  { lang: 'zh', prefix: '', login: 'buyer@demo.example.com', name: '每周耗材（浏览器）', addToList: '加入采购清单', allToCart: '全部加入购物车', checkout: '去结算', menu: '采购清单' },
  { lang: 'en', prefix: '/en', login: 'buyer@univ.example.com', name: 'Weekly consumables (browser)', addToList: 'Add to list', allToCart: 'Add all to cart', checkout: 'Check out', menu: 'Requisition lists' },
] as const;

async function signIn(page: Page, login: string): Promise<void> {
  await page.context().clearCookies();
  const res = await page.request.post('/api/web/auth/login', { form: { loginName: login, password: sha256('Reagent#2026') }, headers: fromSite() });
  expect(res.status(), await res.text()).toBe(200);
  expect((await page.request.post(`${CART}/clean`, { headers: fromSite() })).status()).toBe(200);
}

/** A product of the demo catalogue (that of pack 1), and a pack of another product for the cart: read back from the cart. */
async function productAndCartPack(page: Page): Promise<{ productId: number; cartPack: number }> {
  for (const packId of ['1', '2', '3', '4', '5', '6']) {
    expect((await page.request.post(`${CART}/item/add`, { form: { packId }, headers: fromSite() })).status()).toBe(200);
  }
  const res = await page.request.post(`${CART}/items`, { headers: fromSite() });
  const lines = ((await res.json()) as { data: { list: { packId: number; productId: number }[] } }).data.list;
  const first = lines.find((l) => l.packId === 1)!;
  const other = lines.find((l) => l.productId !== first.productId)!;
  expect((await page.request.post(`${CART}/clean`, { headers: fromSite() })).status()).toBe(200);
  return { productId: first.productId, cartPack: other.packId };
}

for (const c of CASES) {
  test(`a buyer saves a list from a product page and the cart, opens it and orders from it (${c.lang}) @mobile`, async ({ page }) => {
    await signIn(page, c.login);
    const { productId, cartPack } = await productAndCartPack(page);
    expect((await page.request.post(`${CART}/item/add`, { form: { packId: String(cartPack), num: '2' }, headers: fromSite() })).status()).toBe(200);

    // The product page: the island shows for a signed-in buyer and loads their lists when it opens.
    await page.goto(`${c.prefix}/product/detail?id=${productId}`);
    await expectHydrated(page);
    await page.getByTestId('add-to-list-product').click();
    const dialog = page.getByTestId('add-to-list-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('add-to-list-new').check();
    await dialog.getByTestId('add-to-list-name').fill(c.name);
    await dialog.getByTestId('add-to-list-num').fill('3');
    await dialog.getByTestId('add-to-list-submit').click();
    await expect(dialog).toBeHidden();

    // The cart's lines into the same list.
    await page.goto(`${c.prefix}/order/shoppingcart?default=2`);
    await expectHydrated(page);
    await page.getByTestId('add-to-list-cart').click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(c.name).check();
    await dialog.getByTestId('add-to-list-submit').click();
    await expect(dialog).toBeHidden();
    expect((await page.request.post(`${CART}/clean`, { headers: fromSite() })).status()).toBe(200);

    // The account menu leads to the lists; the list holds both lines with the buyer's prices.
    await page.goto(`${c.prefix}/sys/profile?default=6`);
    await page.getByTestId('account-menu-lists').click();
    await expect(page).toHaveURL(/\/account\/lists/);
    await expectHydrated(page);
    await page.getByTestId('list-card').filter({ hasText: c.name }).getByTestId('list-open').click();
    await expect(page.getByTestId('list-title')).toContainText(c.name);
    await expectHydrated(page);
    const rows = page.getByTestId('list-lines').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('list-line-price')).toHaveCount(2);
    await expect(page.getByTestId('list-line-num').first()).toHaveValue('3');
    await expectNoHorizontalOverflow(page);

    // Add all to cart, then on to checkout.
    await page.getByRole('button', { name: c.allToCart }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    await page.goto(`${c.prefix}/order/shoppingcart?default=2`);
    await page.getByTestId('cart-checkout').click();
    await expect(page).toHaveURL(/\/order\/checkout/);
    await expect(page.getByTestId('checkout-lines')).toBeVisible();

    // Clean up: the list goes after a confirmation, the cart is emptied.
    await page.goto(`${c.prefix}/account/lists?default=7`);
    await expectHydrated(page);
    await page.getByTestId('list-card').filter({ hasText: c.name }).getByTestId('list-delete').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /^(删\s?除|Delete)$/ }).click();
    await expect(page.getByTestId('list-card').filter({ hasText: c.name })).toHaveCount(0);
    await page.request.post(`${CART}/clean`, { headers: fromSite() });
  });
}
