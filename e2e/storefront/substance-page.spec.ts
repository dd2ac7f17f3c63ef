import type { Page } from '@playwright/test';
import { expect, expectNoHorizontalOverflow, fromSite, gotoHydrated, loginAs, test } from '../fixtures';

/**
 * One page per substance (ADR 0086): reached from a product page, every brand's packs with the price per
 * millilitre, and the cheapest mix for 1.2 kg of ethanol (sold by volume: through its density), put in the
 * cart in one click by the demo buyer.
 */
const ETHANOL = 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N';
const CART = '/api/app/api/order/shopcart';
const LANGS = [
  { lang: 'zh', prefix: '', name: '乙醇', link: '查看该物质的全部品牌', invalid: '请输入数量和单位', density: '已按产品密度换算', added: '已将' },
  { lang: 'en', prefix: '/en', name: 'Ethanol', link: 'All brands of this substance', invalid: 'Enter an amount with a unit', density: 'converted through the products\' density', added: 'added to the cart' },
] as const;

test.describe.configure({ mode: 'serial' });

async function ethanolProduct(page: Page): Promise<number> {
  const res = await page.request.post('/api/web/product/getPage', { form: { key: '64-17-5', type: '2', limit: '10' }, headers: fromSite() });
  expect(res.status()).toBe(200);
  const items = ((await res.json()) as { data: { items: { id: number }[] } }).data.items;
  expect(items.length).toBeGreaterThan(0);
  return items[0]!.id;
}

async function cartLines(page: Page): Promise<{ packId: number; num: number }[]> {
  const res = await page.request.post(`${CART}/items`, { headers: fromSite() });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { list: { packId: number; num: number }[] } }).data.list.map((l) => ({ packId: l.packId, num: l.num }));
}

for (const { lang, prefix, name, link, invalid, density, added } of LANGS) {
  test(`a buyer goes from a product page to ethanol's page and buys the cheapest mix for 1.2 kg (${lang})`, async ({ page }) => {
    await loginAs(page, 'buyer');
    expect((await page.request.post(`${CART}/clean`, { headers: fromSite() })).status()).toBe(200);
    const productId = await ethanolProduct(page);
    await gotoHydrated(page, `${prefix}/product/detail?id=${productId}`);
    await page.getByTestId('substance-page-link').filter({ hasText: link }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/substance/${ETHANOL}$`));
    await expect(page.getByTestId('page-title')).toHaveText(name);
    await expect(page.getByTestId('fact-inchikey')).toContainText(ETHANOL);
    await expect(page.getByTestId('ghs-block')).toBeVisible();
    // Reached by a move within the site, the packs table shows once its chunk has come (a first load has it in the HTML).
    const rows = page.getByTestId('substance-pack');
    await expect(rows.nth(1)).toBeVisible();
    await expect(rows.first().getByTestId('pack-per-unit')).toContainText('/mL');
    await expect(rows.first().getByTestId('pack-brand')).toHaveAttribute('href', /\/brand\/detail\?id=\d+/);

    // An amount without a unit is refused in the page's language.
    const amount = page.getByTestId('cheapest-amount');
    await amount.fill('1.2');
    await page.getByTestId('cheapest-submit').click();
    await expect(page.getByTestId('cheapest-amount-error')).toContainText(invalid);

    await amount.fill('1.2 kg');
    await page.getByTestId('cheapest-submit').click();
    const result = page.getByTestId('cheapest-result');
    await expect(result).toHaveAttribute('data-kind', 'mix');
    await expect(result.getByTestId('cheapest-density')).toContainText(density);
    const lines = result.getByTestId('cheapest-line');
    const mix: { packId: number; num: number }[] = [];
    for (const line of await lines.all()) {
      const text = (await line.textContent()) ?? '';
      mix.push({ packId: Number(await line.getAttribute('data-pack-id')), num: Number(/× (\d+)/.exec(text)?.[1]) });
    }
    expect(mix.length).toBeGreaterThan(0);

    await result.getByTestId('cheapest-add').click();
    await expect(page.getByText(added)).toBeVisible();
    const cart = await cartLines(page);
    expect(cart.sort((a, b) => a.packId - b.packId)).toEqual(mix.sort((a, b) => a.packId - b.packId));
  });
}

test('the list view\'s CAS group and structure search\'s substance heading lead to the substance page', async ({ page }) => {
  await gotoHydrated(page, `/en/product/list?sk=${encodeURIComponent('64-17-5')}&type=2&view=list`);
  const group = page.getByTestId('substance-group').filter({ has: page.getByTestId('substance-cas').filter({ hasText: '64-17-5' }) }).first();
  await group.getByTestId('substance-link').click();
  await expect(page).toHaveURL(new RegExp(`/en/substance/${ETHANOL}$`));
  await expect(page.getByTestId('page-title')).toHaveText('Ethanol');

  await gotoHydrated(page, `/product/list?type=5&mode=exact&sk=CCO`);
  await page.getByTestId('substance-group').first().getByTestId('substance-link').click();
  await expect(page).toHaveURL(new RegExp(`/substance/${ETHANOL}$`));
  await expect(page.getByTestId('page-title')).toHaveText('乙醇');
});

test('a guest is asked to sign in before the mix goes to the cart', async ({ page }) => {
  await gotoHydrated(page, `/substance/${ETHANOL}`);
  await page.getByTestId('cheapest-amount').fill('500 mL');
  await page.getByTestId('cheapest-submit').click();
  await expect(page.getByTestId('cheapest-result')).toHaveAttribute('data-kind', 'mix');
  await page.getByTestId('cheapest-add').click();
  await expect(page.getByTestId('login-dialog')).toBeVisible();
});

test('a CAS number redirects to the InChIKey, and the page fits a phone @mobile', async ({ page }) => {
  await gotoHydrated(page, '/en/substance/64-17-5');
  await expect(page).toHaveURL(new RegExp(`/en/substance/${ETHANOL}$`));
  await expectNoHorizontalOverflow(page);
  await page.getByTestId('cheapest-amount').fill('3 L');
  await page.getByTestId('cheapest-submit').click();
  await expect(page.getByTestId('cheapest-result')).toHaveAttribute('data-kind', 'mix');
  await expectNoHorizontalOverflow(page);
  await page.getByTestId('substance-sort').selectOption('brand');
  await expect(page.getByTestId('substance-pack').first()).toBeVisible();
});
