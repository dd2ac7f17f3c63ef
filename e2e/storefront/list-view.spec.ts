import { expect, expectNoHorizontalOverflow, fromSite, loginAs, test } from '../fixtures';

const ETHANOL = '乙醇';

for (const { prefix, list, cards, login } of [
  { prefix: '', list: '列表', cards: '卡片', login: '账号登录' },
  { prefix: '/en', list: 'List', cards: 'Cards', login: 'Sign in' },
]) {
  test(`${prefix || '/'}: the list view groups one substance's items under its CAS number, with packs and prices per item @mobile`, async ({ page }) => {
    await page.goto(`${prefix}/product/list?sk=${encodeURIComponent(ETHANOL)}&type=3`);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await page.getByTestId('view-links').getByRole('link', { name: list }).click();
    await expect(page).toHaveURL(/[?&]view=list(&|$)/);
    await expect(page.getByTestId('view-links').getByText(list)).toHaveAttribute('aria-current', 'true');

    const groups = page.getByTestId('substance-group');
    await expect(groups.first()).toBeVisible();
    // Ethanol is sold under several brands: one group, its items below it.
    const ethanol = groups.filter({ has: page.getByTestId('substance-cas').getByText('64-17-5', { exact: true }) });
    await expect(ethanol).toHaveCount(1);
    const items = ethanol.getByTestId('product-row');
    expect(await items.count()).toBeGreaterThan(1);
    await expect(ethanol.getByTestId('substance-count')).toContainText(String(await items.count()));
    // No CAS number heads two groups of one page.
    const casOnPage = await page.getByTestId('substance-cas').allTextContents();
    expect(new Set(casOnPage).size).toBe(casOnPage.length);
    // Each item: brand, item number linking to its page, and its packs with a price.
    const first = items.first();
    await expect(first.getByTestId('product-item-no')).toHaveText(/\S+/);
    expect(await first.getByTestId('pack-row').count()).toBeGreaterThan(0);
    await expect(first.getByTestId('pack-price').first()).toHaveText(/[¥￥]\s?\d/);
    await expectNoHorizontalOverflow(page);

    // Sorting and filtering keep the view.
    await page.getByTestId('sort-links').getByRole('link').first().click();
    await expect(page).toHaveURL(/[?&]sort=newest(&|$)/);
    await expect(page).toHaveURL(/[?&]view=list(&|$)/);
    await expect(page.getByTestId('product-rows')).toBeVisible();

    // A guest asked to sign in before adding from the list.
    await page.getByTestId('add-to-cart').first().click();
    await expect(page.getByRole('dialog', { name: login })).toBeVisible();
    await page.getByTestId('login-close').click();

    // Back to cards, with the list's sort kept (closing the dialog went home, docs/requirements/account.md#login-dialog).
    await page.goto(`${prefix}/product/list?sk=${encodeURIComponent(ETHANOL)}&type=3&sort=newest&view=list`);
    await page.getByTestId('view-links').getByRole('link', { name: cards }).click();
    await expect(page).not.toHaveURL(/view=list/);
    await expect(page).toHaveURL(/[?&]sort=newest(&|$)/);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
  });
}

test('a signed-in buyer adds a pack straight from the list view', async ({ page }) => {
  await loginAs(page, 'buyer');
  const cartLines = async () => ((await (await page.request.post('/api/app/api/order/shopcart/items', { headers: fromSite() })).json()) as { data: { list: { packId: number; num: number }[] } }).data.list;
  const inCart = new Set((await cartLines()).map((l) => l.packId));
  await page.goto(`/product/list?sk=${encodeURIComponent(ETHANOL)}&type=3&view=list`);
  const count = page.getByTestId('cart-count');
  const before = Number(await count.textContent());
  // A pack that is not in the cart yet.
  const rows = page.getByTestId('pack-row');
  const ids = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-pack-id'))));
  const picked = ids.findIndex((id) => !inCart.has(id));
  expect(picked).toBeGreaterThanOrEqual(0);
  const packId = ids[picked];
  const row = rows.nth(picked);
  await row.getByTestId('pack-quantity').fill('2');
  await row.getByTestId('add-to-cart').click();
  await expect(count).toHaveText(String(before + 1));
  expect((await cartLines()).find((l) => l.packId === packId)?.num).toBe(2);
});

test('the brand filter narrows as one types and says when no brand matches', async ({ page }) => {
  await page.goto('/product/list');
  const facets = page.getByTestId('brand-facet');
  const all = await facets.count();
  expect(all).toBeGreaterThanOrEqual(8);
  const name = ((await facets.nth(3).getByTestId('brand-facet-name').textContent()) ?? '').trim();
  const box = page.getByTestId('brand-facet-search');
  await box.fill(name);
  await expect(facets.filter({ visible: true }).first()).toContainText(name);
  expect(await facets.filter({ visible: true }).count()).toBeLessThan(all);
  await box.fill('zzzz-no-such-brand');
  await expect(facets.filter({ visible: true })).toHaveCount(0);
  await expect(page.getByTestId('brand-facet-none')).toBeVisible();
  await box.fill('');
  await expect(facets.filter({ visible: true })).toHaveCount(all);
});
