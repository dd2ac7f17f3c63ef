import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectHydrated, expectNoHorizontalOverflow, fromSite, test } from '../fixtures';
import { messagesTo } from '../outbox';

/**
 * The lab's shelf warns and reorders (ADR 0091): the daily pass mails the containers about to expire with a
 * link to each; from an expiring container the buyer reorders its pack into the cart at their own price; the
 * company administrator sets a substance's minimum stock.
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const CART = '/api/app/api/order/shopcart';

async function signIn(page: Page, login: string): Promise<void> {
  await page.goto('about:blank');
  await page.context().clearCookies();
  const res = await page.request.post('/api/web/auth/login', { form: { loginName: login, password: sha256('Reagent#2026') }, headers: fromSite() });
  expect(res.status(), await res.text()).toBe(200);
}

test('the daily pass mails the company administrator the expiring containers, each linked to its page in both languages', async ({ page }) => {
  // The pass ran when the server started (once a business day); the demo administrator reads Chinese (the
  // language of their latest order) and keeps the shelf: one digest with 丙酮, due within 12 days.
  const mails = await messagesTo('admin@demo.example.com', /^Subject: 库存提醒：\d+ 项需要处理$/m);
  expect(mails).toHaveLength(1);
  const line = /· (C\d{7}) 丙酮：将于 (\d{4}-\d{2}-\d{2}) 过期\n\s+(https?:\/\/\S+\/account\/inventory\/(\d+))\n/.exec(mails[0]!);
  expect(line, mails[0]).not.toBeNull();
  const [, code, due, link, id] = line!;
  expect(link).not.toContain('/en/');

  await signIn(page, 'admin@demo.example.com');
  // The link opens the container; its English page names the same container and date.
  for (const prefix of ['', '/en']) {
    await page.goto(`${prefix}${new URL(link!).pathname}`);
    await expectHydrated(page);
    await expect(page).toHaveURL(new RegExp(`${prefix}/account/inventory/${id}$`));
    await expect(page.getByTestId('container-title')).toHaveText('丙酮');
    await expect(page.getByTestId('container-code')).toHaveText(code!);
    await expect(page.getByTestId('mark-soon')).toBeVisible();
    await expect(page.locator('main')).toContainText(due!);
  }
});

const REORDER_CASES = [
  { lang: 'zh', prefix: '', expiring: '30 天内到期', toCart: '加入购物车', viewCart: '查看购物车' },
  { lang: 'en', prefix: '/en', expiring: 'Expiring within 30 days', toCart: 'Add to cart', viewCart: 'View cart' },
] as const;

for (const c of REORDER_CASES) {
  test(`a buyer reorders an expiring container into the cart at their own price (${c.lang}) @mobile`, async ({ page }) => {
    await signIn(page, 'buyer@demo.example.com');
    expect((await page.request.post(`${CART}/clean`, { headers: fromSite() })).status()).toBe(200);

    // A pack of the catalogue on the shelf, expiring in ten days (the demo's expiring containers were bought
    // elsewhere, with no pack of the catalogue to reorder).
    const expires = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const added = await page.request.post('/api/app/inventory', { data: { packId: 1, lotNo: `REORDER-${c.lang}`, expiresOn: expires }, headers: fromSite() });
    expect(added.status(), await added.text()).toBe(200);
    const container = ((await added.json()) as { data: { container: { id: number; code: string; name: string } } }).data.container;

    // The list's expiring filter: only containers within 30 days of their date (or past it) stay listed.
    await page.goto(`${c.prefix}/account/inventory?default=8`);
    await expectHydrated(page);
    await page.getByTestId('filter-expiry').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: c.expiring }).click();
    const rows = page.locator('[data-testid="inventory-table"] tr.ant-table-row, [data-testid="inventory-card"]').filter({ visible: true });
    await expect(rows.filter({ hasNot: page.locator('[data-testid="mark-soon"], [data-testid="mark-expired"]') })).toHaveCount(0);
    await rows.filter({ hasText: container.code }).locator('[data-testid="container-open"], a').first().click();
    await expect(page).toHaveURL(new RegExp(`/account/inventory/${container.id}(\\?|$)`));
    await expectHydrated(page);
    await expect(page.getByTestId('container-code')).toHaveText(container.code);

    await page.getByTestId('reorder-open').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('radio', { name: c.toCart })).toBeChecked();
    await dialog.locator('.ant-btn-primary').click();
    const done = page.getByTestId('reorder-done');
    await expect(done).toBeVisible();
    // "<item no.> (<size>) … ¥<price>" / "已将 <货号>（<规格>）加入购物车，单价 ¥<价格>".
    const said = /([A-Z0-9-]+) ?[（(][^)）]+[)）].*¥([\d.]+)/.exec(await done.innerText());
    expect(said, await done.innerText()).not.toBeNull();
    const [, itemNo, price] = said!;

    await done.getByRole('link', { name: c.viewCart }).click();
    await expect(page).toHaveURL(/\/order\/shoppingcart/);
    await expectHydrated(page);
    // The cart holds that pack once, one unit, at the price the reorder named (the buyer's own).
    const line = page.getByTestId('cart-line').filter({ has: page.getByTestId('cart-line-facts').filter({ hasText: itemNo! }) });
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId('cart-quantity')).toHaveValue('1');
    const total = (await line.getByTestId('cart-line-total').innerText()).replace(/[^\d.]/g, '');
    expect(Number(total)).toBe(Number(price));
    await expectNoHorizontalOverflow(page);
    expect((await page.request.post(`${CART}/clean`, { headers: fromSite() })).status()).toBe(200);
  });
}

/** Substances of the demo shelf: its acetone (430 mL left) and its α-Tubulin antibody (two of 100 µL). */
const MINIMUM_CASES = [
  { lang: 'zh', prefix: '', key: '67-64-1', unit: 'mL', high: '1000', low: '100', set: '设置最低库存', save: '保存', below: '低于最低库存', enough: '充足' },
  { lang: 'en', prefix: '/en', key: 'α-Tubulin', unit: 'µL', high: '500', low: '50', set: 'Set a minimum', save: 'Save', below: 'Below minimum', enough: 'Enough' },
] as const;

for (const c of MINIMUM_CASES) {
  test(`the company administrator sets a substance's minimum stock and lowers it (${c.lang})`, async ({ page }) => {
    await signIn(page, 'admin@demo.example.com');
    await page.goto(`${c.prefix}/account/inventory/minimums`);
    await expectHydrated(page);
    await page.getByTestId('minimum-set').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('minimum-key').click();
    await page.keyboard.type(c.key);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: c.key }).first().click();
    await dialog.getByTestId('minimum-amount').fill(c.high);
    await dialog.getByTestId('minimum-unit').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${c.unit}$`) }).click();
    await dialog.getByRole('button', { name: c.save }).click();
    await expect(dialog).toBeHidden();

    // More than the shelf holds: the substance is below its minimum.
    const row = page.getByTestId('minimums').locator('tbody tr.ant-table-row').filter({ hasText: c.key });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`${c.high} ${c.unit}`);
    await expect(row.getByTestId('minimum-status')).toHaveText(c.below);

    // Lowered below what is on the shelf: enough.
    await row.getByTestId('minimum-edit').click();
    await dialog.getByTestId('minimum-amount').fill(c.low);
    await dialog.getByRole('button', { name: c.save }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(`${c.low} ${c.unit}`);
    await expect(row.getByTestId('minimum-status')).toHaveText(c.enough);
    await expectNoHorizontalOverflow(page);
  });
}
