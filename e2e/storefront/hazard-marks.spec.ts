import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, fromSite, test } from '../fixtures';

/**
 * Acetone is a precursor chemical (易制毒) and dangerous goods (危险品) in the demo catalogue. The
 * marks show before the buyer commits: on the search results and the product page for everyone, and
 * for a signed-in buyer, with what the company's approval rules will need, on the product page and in
 * the cart.
 */
const LANGS = [
  { lang: 'zh', prefix: '', precursor: '易制毒', hazardous: '危险品', needs: '需审批：危险品、易制毒许可证' },
  { lang: 'en', prefix: '/en', precursor: 'Precursor', hazardous: 'Dangerous goods', needs: 'Needs approval: dangerous goods, precursor permit' },
] as const;

const CART = '/api/app/api/order/shopcart';

async function acetone(page: Page): Promise<{ id: number; itemNo: string }> {
  const res = await page.request.post('/api/web/product/getPage', { form: { key: '67-64-1', type: '2', limit: '50' } });
  expect(res.status()).toBe(200);
  const items = ((await res.json()) as { data: { items: { id: number; itemNo: string; hazard: { controlClass: string | null } }[] } }).data.items;
  const found = items.find((i) => i.hazard.controlClass === 'precursor');
  expect(found, 'a precursor acetone in the demo catalogue').toBeTruthy();
  return found!;
}

for (const { lang, prefix, precursor, hazardous, needs } of LANGS) {
  test(`acetone is marked in the results and on its page (${lang}) @mobile`, async ({ page }) => {
    const product = await acetone(page);
    await page.goto(`${prefix}/product/list?sk=67-64-1&type=2`);
    const card = page.getByTestId('product-card').filter({ hasText: product.itemNo });
    await expect(card.getByTestId('mark-control')).toHaveText(precursor);
    await expect(card.getByTestId('mark-hazardous')).toHaveText(hazardous);
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/product/detail\\?id=${product.id}$`));
    const marks = page.getByTestId('product-detail').getByTestId('hazard-marks').first();
    await expect(marks.getByTestId('mark-control')).toHaveText(precursor);
    await expect(marks.getByTestId('mark-hazardous')).toHaveText(hazardous);
    // A guest has no company rules: marks, no approval note.
    await expect(marks.getByTestId('approval-note')).toHaveCount(0);
  });

  test(`a signed-in buyer sees what approval acetone needs, on its page and in the cart (${lang})`, async ({ page }) => {
    const product = await acetone(page);
    await page.goto(prefix || '/');
    const login = await page.request.post('/api/web/auth/login', {
      form: { loginName: 'employee@demo.example.com', password: createHash('sha256').update('Reagent#2026').digest('hex') },
      headers: fromSite(),
    });
    expect(login.status()).toBe(200);
    await page.goto(`${prefix}/product/detail?id=${product.id}`);
    await expect(page.getByTestId('product-detail').getByTestId('approval-note').first()).toHaveText(needs);

    const detail = await page.request.post('/api/web/product/details/all', { form: { id: String(product.id) }, headers: fromSite() });
    expect(detail.status(), await detail.text()).toBe(200);
    const packId = ((await detail.json()) as { data: { packs: { id: number }[] } }).data.packs[0]!.id;
    expect((await page.request.post(`${CART}/clean`, { headers: fromSite() })).status()).toBe(200);
    expect((await page.request.post(`${CART}/item/add`, { form: { packId: String(packId) }, headers: fromSite() })).status()).toBe(200);
    await page.goto(`${prefix}/order/shoppingcart?default=2`);
    const line = page.getByTestId('cart-line').filter({ hasText: product.itemNo });
    await expect(line.getByTestId('mark-control')).toHaveText(precursor);
    await expect(line.getByTestId('mark-hazardous')).toHaveText(hazardous);
    await expect(line.getByTestId('approval-note')).toHaveText(needs);
    expect((await page.request.post(`${CART}/clean`, { headers: fromSite() })).status()).toBe(200);
  });
}
