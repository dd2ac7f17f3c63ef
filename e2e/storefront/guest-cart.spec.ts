import type { APIRequestContext } from '@playwright/test';
import { expect, expectHydrated, fromSite, loginAs, test } from '../fixtures';

interface CartLines { data: { list: { id: number; packId: number; num: number }[] } }
interface Pack { id: number; size: string }
interface Packs { data: { packs: Pack[] } }

const LANGS = [
  { prefix: '', lang: 'zh', from: 401, title: '账号登录', account: '账号', password: '密码', submit: '登录' },
  { prefix: '/en', lang: 'en', from: 501, title: 'Sign in', account: 'Account', password: 'Password', submit: 'Sign in' },
] as const;

/**
 * A product of the demo catalogue with two packs or more, from far down the catalogue (which the other specs
 * do not add to the cart), one per language so that the two runs share no cart line.
 */
async function productWithPacks(request: APIRequestContext, from: number): Promise<{ id: number; packs: Pack[] }> {
  for (let id = from; id < from + 100; id += 1) {
    const res = await request.post('/api/web/product/details/all', { form: { id: String(id) } });
    if (res.status() !== 200) continue;
    const packs = ((await res.json()) as Packs).data.packs;
    if (packs.length > 1) return { id, packs };
  }
  throw new Error('no seeded product with two packs');
}

for (const x of LANGS) {
  test(`a guest's add to cart lands in the cart after signing in in the dialog, added to the line there (${x.lang}) @mobile`, async ({ page, browser }) => {
    const product = await productWithPacks(page.request, x.from);
    const [kept, fresh] = product.packs as [Pack, Pack];

    // The buyer's cart already holds the first pack, twice; the second pack is not in it.
    const buyer = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const buyerPage = await buyer.newPage();
    await loginAs(buyerPage, 'buyer');
    const cartOf = async () => ((await (await buyerPage.request.post('/api/app/api/order/shopcart/items', { headers: fromSite() })).json()) as CartLines).data.list;
    const stale = (await cartOf()).filter((l) => l.packId === kept.id || l.packId === fresh.id).map((l) => l.id);
    if (stale.length > 0) await buyerPage.request.post('/api/app/api/order/shopcart/item/delete', { form: { ids: stale.join(',') }, headers: fromSite() });
    expect((await buyerPage.request.post('/api/app/api/order/shopcart/item/add', { form: { packId: String(kept.id), num: '2' }, headers: fromSite() })).status()).toBe(200);

    // As a guest: 3 of the first pack, then the dialog.
    await page.goto(`${x.prefix}/product/detail?id=${product.id}`);
    await expectHydrated(page);
    const row = page.locator(`[data-testid="pack-row"][data-pack-id="${kept.id}"]`);
    await row.getByTestId('pack-quantity').fill('3');
    await row.getByTestId('add-to-cart').click();
    const dialog = page.getByRole('dialog', { name: x.title });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(x.account).fill('buyer@demo.example.com');
    await dialog.getByLabel(x.password, { exact: true }).fill('Reagent#2026');
    await dialog.getByRole('button', { name: x.submit, exact: true }).click();
    await expect(page.getByTestId('header-username')).toHaveText('李娜');

    // No second click: the line is in the cart, its quantity added to the one there.
    expect((await cartOf()).find((l) => l.packId === kept.id)?.num).toBe(5);
    await page.goto(`${x.prefix}/order/shoppingcart`);
    await expect(page.getByTestId('cart-line').filter({ hasText: kept.size }).first()).toBeVisible();

    // A guest who closes the dialog does not find the pack added at a later sign-in.
    const guest = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const guestPage = await guest.newPage();
    await guestPage.goto(`${x.prefix}/product/detail?id=${product.id}`);
    await expectHydrated(guestPage);
    await guestPage.locator(`[data-testid="pack-row"][data-pack-id="${fresh.id}"]`).getByTestId('add-to-cart').click();
    await expect(guestPage.getByRole('dialog', { name: x.title })).toBeVisible();
    await guestPage.getByTestId('login-close').click();
    await expect(guestPage.getByRole('dialog')).toHaveCount(0);
    await guestPage.goto(`${x.prefix}/?login`);
    const again = guestPage.getByRole('dialog', { name: x.title });
    await again.getByLabel(x.account).fill('buyer@demo.example.com');
    await again.getByLabel(x.password, { exact: true }).fill('Reagent#2026');
    await again.getByRole('button', { name: x.submit, exact: true }).click();
    await expect(guestPage.getByTestId('header-username')).toHaveText('李娜');
    expect((await cartOf()).some((l) => l.packId === fresh.id)).toBe(false);
    await guest.close();
    await buyer.close();
  });
}
