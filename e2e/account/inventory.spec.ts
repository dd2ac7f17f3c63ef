import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectHydrated, expectNoHorizontalOverflow, fromSite, loginAs, test } from '../fixtures';
import { slow } from '../back-office';

/** The lab's shelf (ADR 0089): a delivery becomes containers; a controlled chemical's use joins its ledger. */

test.describe.configure({ timeout: 180_000 });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Row { id: number; orderNo: string; companyName: string }
interface Shippable { allocationId: number; lotNo: string; remaining: number; hazardous: boolean; storage: string; shipping: string; controlClass: string | null }
interface Shipments { fulfilment: string; shippable: Shippable[]; shipments: { id: number; shipmentNo: string }[] }

const json = async <T,>(page: Page, url: string): Promise<T> => {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  return ((await res.json()) as { data: T }).data;
};

async function signIn(page: Page, login: string): Promise<void> {
  await page.goto('about:blank');
  await page.context().clearCookies();
  const res = await page.request.post('/api/web/auth/login', { form: { loginName: login, password: sha256('Reagent#2026') }, headers: fromSite() });
  expect(res.status(), await res.text()).toBe(200);
}

const CASES = [
  { lang: 'zh', prefix: '', login: 'buyer@demo.example.com', company: '上海示例生物科技有限公司', received: '已收货', fromOrder: '来自订单', menu: '库存', receivedKind: '入库' },
  // The company administrator sees every order of the company (ORDER.APPROVE) and keeps the same shelf.
  { lang: 'en', prefix: '/en', login: 'admin@demo.example.com', company: '上海示例生物科技有限公司', received: 'Received', fromOrder: 'From order', menu: 'Inventory', receivedKind: 'Received' },
] as const;

for (const c of CASES) {
  test(`a buyer confirms a delivery and finds its units on the shelf as containers (${c.lang})`, async ({ page }) => {
    // The buyer's own orders (the Chinese case ships one of them).
    await signIn(page, c.login);
    const buyerOrders = new Set((await json<{ list: { orderNo: string }[] }>(page, '/api/app/sale/list?limit=100')).list.map((o) => o.orderNo));
    // Operations ship every unit of an allocated order of the buyer's company (one no other journey has shipped).
    await page.context().clearCookies();
    await loginAs(page, 'ops');
    const carriers = await json<{ id: number; code: string }[]>(page, '/api/admin/carriers');
    const placed = await json<{ items: Row[] }>(page, '/api/admin/orders?status=placed&limit=50');
    let chosen: { order: Row; lines: Shippable[] } | undefined;
    for (const row of placed.items.filter((r) => r.companyName === c.company).reverse()) {
      const s = await json<Shipments>(page, `/api/admin/orders/${row.id}/shipments`);
      if (s.shipments.length === 0 && s.shippable.length > 0 && s.shippable.every((l) => l.controlClass === null) && (c.lang === 'en' || buyerOrders.has(row.orderNo))) { chosen = { order: row, lines: s.shippable }; break; }
    }
    if (!chosen) throw new Error(`no allocated order of ${c.company} to ship`);
    const dg = chosen.lines.some((l) => l.hazardous);
    const cold = chosen.lines.some((l) => l.shipping !== 'ambient' || ['-20c', 'dry-ice'].includes(l.storage));
    const code = dg && cold ? 'DG-COLD' : dg ? 'SINOTRANS-CHEM' : cold ? 'SF-COLD' : 'SF';
    const shipped = await page.request.post(`/api/admin/orders/${chosen.order.id}/shipments`, {
      data: { carrierId: carriers.find((k) => k.code === code)!.id, trackingNo: 'SF2468013579246', lines: chosen.lines.map((l) => ({ allocationId: l.allocationId, quantity: l.remaining })) }, headers: fromSite(),
    });
    expect(shipped.status(), await shipped.text()).toBe(200);
    const shipmentNo = ((await shipped.json()) as { data: { shipmentNo: string } }).data.shipmentNo;
    const units = chosen.lines.reduce((n, l) => n + l.remaining, 0);

    // The buyer confirms receipt on the order page.
    await signIn(page, c.login);
    await page.goto(`${c.prefix}/order/detail?id=${chosen.order.id}`);
    await expectHydrated(page);
    const mine = page.getByTestId(`my-shipment-${shipmentNo}`);
    await slow(mine).toBeVisible();
    await mine.getByTestId('my-shipment-confirm').click();
    await page.locator('.ant-popconfirm:visible .ant-popconfirm-buttons .ant-btn-primary').click();
    await slow(mine.getByTestId('my-shipment-status')).toHaveText(c.received);

    // The shelf: from the account menu, the lot's containers, each from the order, not yet placed.
    await page.goto(`${c.prefix}/account/lists`);
    await expectHydrated(page);
    await page.getByTestId('account-menu-inventory').click();
    await expect(page).toHaveURL(/\/account\/inventory/);
    await expectHydrated(page);
    const lot = chosen.lines[0]!;
    await page.getByTestId('inventory-search').locator('input').fill(lot.lotNo);
    await page.getByTestId('inventory-search').locator('input').press('Enter');
    const rows = page.getByTestId('inventory-table').locator('tbody tr.ant-table-row');
    await slow(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(Math.min(lot.remaining, 20));
    await rows.first().getByTestId('container-open').click();
    await expect(page).toHaveURL(/\/account\/inventory\/\d+(\?|$)/);
    await expectHydrated(page);
    await slow(page.getByTestId('container-order')).toHaveText(`${c.fromOrder} ${chosen.order.orderNo}`);
    await expect(page.getByTestId('ledger')).toContainText(c.receivedKind);
    await expect(page.getByTestId('container-title')).toBeVisible();
    expect(units).toBeGreaterThan(0);
  });
}

const USE_CASES = [
  { lang: 'zh', prefix: '', precursor: '易制毒', use: '领用', used: '领用', purpose: '标准溶液配制', done: '已登记领用', controlledNote: '领用管制化学品' },
  { lang: 'en', prefix: '/en', precursor: 'Drug precursor', use: 'Use', used: 'Used', purpose: 'Calibration standards', done: 'Use recorded', controlledNote: 'Use and move controlled chemicals' },
] as const;

for (const c of USE_CASES) {
  test(`the company administrator uses part of a controlled chemical; the ledger grows and the balance falls (${c.lang}) @mobile`, async ({ page }) => {
    // The buyer may keep the shelf but not touch a controlled chemical.
    await signIn(page, 'buyer@demo.example.com');
    await page.goto(`${c.prefix}/account/inventory?default=8`);
    await expectHydrated(page);
    await page.getByTestId('filter-hazard').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: c.precursor }).first().click();
    const opener = page.locator('[data-testid="inventory-table"] [data-testid="container-open"], [data-testid="inventory-card"] a').filter({ visible: true }).first();
    await slow(opener).toBeVisible();
    await opener.click();
    // The container's page (a client-side navigation: the list stays on screen until it arrives).
    await expect(page).toHaveURL(/\/account\/inventory\/\d+(\?|$)/);
    await expectHydrated(page);
    await expect(page.getByTestId('mark-control')).toHaveText(c.precursor);
    await expect(page.getByTestId('controlled-note')).toContainText(c.controlledNote);
    await expect(page.getByTestId('action-use')).toHaveCount(0);
    const url = page.url();

    await signIn(page, 'admin@demo.example.com');
    await page.goto(url);
    await expectHydrated(page);
    const before = Number((await page.getByTestId('detail-remaining').innerText()).split(/\s/)[0]);
    const rowsBefore = await page.getByTestId('ledger').locator('tbody tr.ant-table-row').count();
    await page.getByTestId('action-use').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('use-amount').fill(String(before + 1));
    await dialog.getByTestId('action-purpose').fill(c.purpose);
    await dialog.getByTestId('action-submit').click();
    // More than is left: refused in the dialog, nothing sent.
    await expect(dialog.locator('.ant-form-item-explain-error')).toBeVisible();
    await dialog.getByTestId('use-amount').fill('1.5');
    await dialog.getByTestId('action-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(c.done)).toBeVisible();
    const ledger = page.getByTestId('ledger').locator('tbody tr.ant-table-row');
    await slow(ledger).toHaveCount(Math.min(rowsBefore + 1, 20));
    await expect(ledger.first()).toContainText(c.used);
    await expect(ledger.first()).toContainText(c.purpose);
    await expect(ledger.first()).toContainText('-1.5');
    const after = Number((await page.getByTestId('detail-remaining').innerText()).split(/\s/)[0]);
    expect(Math.round((before - after) * 10_000)).toBe(15_000);
    await expectNoHorizontalOverflow(page);
  });
}
