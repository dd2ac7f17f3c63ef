import type { APIRequestContext, Page } from '@playwright/test';
import { expect, fromSite, gotoHydrated, loginAs, test } from '../fixtures';

/**
 * Each company's own prices (ADR 0083): 上海示例's buyer sees "协议价 / Your price" with the catalogue price struck
 * through on a list (both views), the product page, the cart and checkout; a guest and the university's buyer see
 * the catalogue prices on the same pages. The pages are shared: the buyer's price comes through the islands.
 */
const LANGS = [
  { lang: 'zh', prefix: '', own: '协议价', step: (qty: number) => `${qty} 件起 `, applied: (qty: number) => `已按 ${qty} 件起的数量价` },
  { lang: 'en', prefix: '/en', own: 'Your price', step: (qty: number) => `≥${qty}: `, applied: (qty: number) => `Quantity price from ${qty} units` },
] as const;
const TOLUENE = '108-88-3';
const CART = '/api/app/api/order/shopcart';
const ETHANOL = '64-17-5';

type Agreed = { productId: number; itemNo: string; packId: number; price: string; list: string };

/** The ethanol pack the demo agreement gives a net price, as the islands answer 上海示例's buyer. */
async function agreedEthanol(request: APIRequestContext): Promise<Agreed> {
  const res = await request.post('/api/web/product/getPage', { form: { key: ETHANOL, type: '2', limit: '50' }, headers: fromSite() });
  expect(res.status()).toBe(200);
  const items = ((await res.json()) as { data: { items: { id: number; itemNo: string }[] } }).data.items;
  const islands = await request.get(`/api/web/islands/visitor?products=${items.map((i) => i.id).join(',')}`);
  const products = ((await islands.json()) as { data: { products: { id: number; prices: { packId: number; price: string }[] }[] } }).data.products;
  const product = products.find((p) => p.prices.length > 0);
  expect(product, 'an ethanol product with an agreed price').toBeTruthy();
  const detail = await request.post('/api/web/product/details/all', { form: { id: String(product!.id) }, headers: fromSite() });
  const packs = ((await detail.json()) as { data: { packs: { id: number; price: string }[] } }).data.packs;
  // The net-priced pack: the cheapest agreed one (the net price is below the brand discount).
  const own = [...product!.prices].sort((a, b) => Number(a.price) - Number(b.price))[0]!;
  return { productId: product!.id, itemNo: items.find((i) => i.id === product!.id)!.itemNo, packId: own.packId, price: own.price, list: packs.find((k) => k.id === own.packId)!.price };
}

const money = (value: string) => new RegExp(`¥\\s?${Number(value).toLocaleString('en-US', { minimumFractionDigits: 2 }).replace(/[.]/g, '\\.')}`);

/** Opens a storefront page and waits for the visitor's answer, so that what the islands show is final. */
async function openKept(page: Page, url: string): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().includes('/api/web/islands/visitor') && r.status() < 400);
  await gotoHydrated(page, url);
  await answered;
}

/** The toluene pack the demo agreement gives a quantity break, as the islands answer 上海示例's buyer. */
async function brokenToluene(request: APIRequestContext): Promise<{ productId: number; itemNo: string; packId: number; minQty: number; price: string }> {
  const res = await request.post('/api/web/product/getPage', { form: { key: TOLUENE, type: '2', limit: '50' }, headers: fromSite() });
  const items = ((await res.json()) as { data: { items: { id: number; itemNo: string }[] } }).data.items;
  const islands = await request.get(`/api/web/islands/visitor?products=${items.map((i) => i.id).join(',')}`);
  const products = ((await islands.json()) as { data: { products: { id: number; breaks: { packId: number; minQty: number; price: string }[] }[] } }).data.products;
  const product = products.find((p) => p.breaks.length > 0);
  expect(product, 'a toluene product with a quantity break').toBeTruthy();
  const step = product!.breaks[0]!;
  return { productId: product!.id, itemNo: items.find((i) => i.id === product!.id)!.itemNo, ...step };
}

for (const { lang, prefix, own, step, applied } of LANGS) {
  test(`上海示例's buyer sees their quantity break under the pack's price, and the cart line says it applies (${lang}) @mobile`, async ({ page }) => {
    await page.goto(prefix || '/');
    await loginAs(page, 'buyer');
    const brk = await brokenToluene(page.request);
    await openKept(page, `${prefix}/product/detail?id=${brk.productId}`);
    const packRow = page.locator(`[data-testid="pack-row"][data-pack-id="${brk.packId}"]`);
    // "5 件起 ¥58.96" / "≥5: CN¥58.96" (the currency as each language formats it).
    const breakLine = packRow.getByTestId('own-price-break');
    await expect(breakLine).toHaveCount(1);
    await expect(breakLine).toContainText(step(brk.minQty));
    await expect(breakLine).toContainText(money(brk.price));
    expect((await page.request.post(`${CART}/clean`, { headers: fromSite() })).status()).toBe(200);
    expect((await page.request.post(`${CART}/item/add`, { form: { packId: String(brk.packId), num: String(brk.minQty - 1) }, headers: fromSite() })).status()).toBe(200);
    await gotoHydrated(page, `${prefix}/order/shoppingcart?default=2`);
    const line = page.getByTestId('cart-line').filter({ hasText: brk.itemNo });
    await expect(line.getByTestId('cart-quantity')).toHaveValue(String(brk.minQty - 1));
    await expect(line.getByTestId('cart-line-break')).toHaveCount(0);
    await line.getByRole('button', { name: lang === 'zh' ? /增加/ : /Increase/ }).click();
    await expect(line.getByTestId('cart-line-break')).toHaveText(applied(brk.minQty));
    await expect(line.getByTestId('own-price-value')).toHaveText(money(brk.price));
    expect((await page.request.post(`${CART}/clean`, { headers: fromSite() })).status()).toBe(200);
  });


  test(`上海示例's buyer sees their price on a list, the product page, the cart and checkout (${lang}) @mobile`, async ({ page }) => {
    await page.goto(prefix || '/');
    await loginAs(page, 'buyer');
    const agreed = await agreedEthanol(page.request);

    // The list, both views: the card's lowest, and the pack's row.
    await openKept(page, `${prefix}/product/list?sk=${ETHANOL}&type=2`);
    const card = page.getByTestId('product-card').filter({ hasText: agreed.itemNo });
    await expect(card.getByTestId('own-price')).toContainText(own);
    await expect(card.getByTestId('own-price-list')).toBeVisible();
    await openKept(page, `${prefix}/product/list?sk=${ETHANOL}&type=2&view=list`);
    const row = page.locator(`[data-testid="pack-row"][data-pack-id="${agreed.packId}"]`);
    await expect(row.getByTestId('own-price-value')).toHaveText(money(agreed.price));
    await expect(row.getByTestId('own-price-list')).toHaveText(money(agreed.list));

    // The product page.
    await openKept(page, `${prefix}/product/detail?id=${agreed.productId}`);
    const packRow = page.locator(`[data-testid="pack-row"][data-pack-id="${agreed.packId}"]`);
    await expect(packRow.getByTestId('own-price')).toContainText(own);
    await expect(packRow.getByTestId('own-price-value')).toHaveText(money(agreed.price));
    await expect(packRow.getByTestId('own-price-list')).toHaveText(money(agreed.list));

    // The cart and checkout charge it.
    expect((await page.request.post(`${CART}/clean`, { headers: fromSite() })).status()).toBe(200);
    expect((await page.request.post(`${CART}/item/add`, { form: { packId: String(agreed.packId), num: '2' }, headers: fromSite() })).status()).toBe(200);
    await gotoHydrated(page, `${prefix}/order/shoppingcart?default=2`);
    const line = page.getByTestId('cart-line').filter({ hasText: agreed.itemNo });
    await expect(line.getByTestId('own-price')).toContainText(own);
    await expect(line.getByTestId('own-price-value')).toHaveText(money(agreed.price));
    await expect(line.getByTestId('own-price-list')).toHaveText(money(agreed.list));
    await expect(line.getByTestId('cart-line-total')).toHaveText(money((Number(agreed.price) * 2).toFixed(2)));
    await gotoHydrated(page, `${prefix}/order/checkout`);
    const lines = page.getByTestId('checkout-lines');
    await expect(lines.getByTestId('own-price-value')).toHaveText(money(agreed.price));
    await expect(lines.getByTestId('own-price-list')).toHaveText(money(agreed.list));
    expect((await page.request.post(`${CART}/clean`, { headers: fromSite() })).status()).toBe(200);
  });

  for (const who of ['guest', 'univ'] as const) {
    test(`${who === 'guest' ? 'a guest' : 'the university\'s buyer'} sees the catalogue prices on the same pages (${lang})`, async ({ page, browser }) => {
      // The agreed pack as 上海示例's buyer knows it, from a context of their own.
      const shanghai = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const signIn = await shanghai.newPage();
      await signIn.goto('/');
      await loginAs(signIn, 'buyer');
      const agreed = await agreedEthanol(signIn.request);
      await shanghai.close();

      await page.goto(prefix || '/');
      if (who === 'univ') await loginAs(page, 'univ');
      await openKept(page, `${prefix}/product/list?sk=${ETHANOL}&type=2&view=list`);
      const row = page.locator(`[data-testid="pack-row"][data-pack-id="${agreed.packId}"]`);
      await expect(row.getByTestId('pack-price')).toContainText(money(agreed.list));
      await expect(page.getByTestId('own-price')).toHaveCount(0);
      await openKept(page, `${prefix}/product/detail?id=${agreed.productId}`);
      await expect(page.locator(`[data-testid="pack-row"][data-pack-id="${agreed.packId}"]`).getByTestId('pack-price')).toContainText(money(agreed.list));
      await expect(page.getByTestId('own-price')).toHaveCount(0);
      if (who === 'univ') {
        expect((await page.request.post(`${CART}/clean`, { headers: fromSite() })).status()).toBe(200);
        expect((await page.request.post(`${CART}/item/add`, { form: { packId: String(agreed.packId), num: '2' }, headers: fromSite() })).status()).toBe(200);
        await gotoHydrated(page, `${prefix}/order/shoppingcart?default=2`);
        const line = page.getByTestId('cart-line').filter({ hasText: agreed.itemNo });
        await expect(line.getByTestId('cart-line-total')).toHaveText(money((Number(agreed.list) * 2).toFixed(2)));
        await expect(line.getByTestId('own-price')).toHaveCount(0);
        await gotoHydrated(page, `${prefix}/order/checkout`);
        await expect(page.getByTestId('checkout-lines')).toContainText(money(agreed.list));
        await expect(page.getByTestId('own-price')).toHaveCount(0);
        expect((await page.request.post(`${CART}/clean`, { headers: fromSite() })).status()).toBe(200);
      }
    });
  }
}
