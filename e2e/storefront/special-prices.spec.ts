import { expect, expectNoHorizontalOverflow, test } from '../fixtures';

interface Packs { data: { packs: { id: number; price: string; listPrice: string | null }[] } }

const LANGS = [
  { prefix: '', lang: 'zh', saving: /^省 ¥[\d,]+\.\d{2}$/, regular: '原价' },
  { prefix: '/en', lang: 'en', saving: /^Save CN¥[\d,]+\.\d{2}$/, regular: 'Regular price' },
] as const;

const amount = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

for (const x of LANGS) {
  test(`the special offers show the regular price struck through, with the saving (${x.lang}) @mobile`, async ({ page, request }) => {
    await page.goto(`${x.prefix}/product/index/special`);
    const card = page.getByTestId('product-card').filter({ has: page.getByTestId('regular-price') }).first();
    const regular = card.getByTestId('regular-price');
    await expect(regular).toBeVisible();
    await expect(regular.locator('s')).toContainText(x.regular);
    await expect(regular.getByTestId('price-saving')).toHaveText(x.saving);
    await expectNoHorizontalOverflow(page);

    // The product page's pack table strikes each offered pack's regular price through beside its price.
    const id = /[?&]id=(\d+)/.exec((await card.getAttribute('href')) ?? '')?.[1];
    expect(id).toBeDefined();
    const packs = ((await (await request.post('/api/web/product/details/all', { form: { id: id! } })).json()) as Packs).data.packs;
    const offered = packs.find((k) => k.listPrice !== null);
    expect(offered, 'a pack with a regular price').toBeDefined();
    await card.click();
    await expect(page).toHaveURL(new RegExp(`id=${id}$`));
    const row = page.locator(`[data-testid="pack-row"][data-pack-id="${offered!.id}"]`);
    await expect(row.getByTestId('price-saving')).toHaveText(x.saving);
    expect(amount(await row.getByTestId('price-saving').textContent())).toBeCloseTo(Number(offered!.listPrice) - Number(offered!.price), 2);
    expect(amount(await row.getByTestId('regular-price').locator('s').textContent())).toBeCloseTo(Number(offered!.listPrice), 2);
    await expectNoHorizontalOverflow(page);
  });
}
