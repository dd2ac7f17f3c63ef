import type { Page } from '@playwright/test';
import { chooseOption, expect, expectHydrated, expectLoaded, loginAs, test } from '../fixtures';
import { slow, switchTo } from '../back-office';

test.describe.configure({ timeout: 180_000 });

interface Row { id: number; orderNo: string; companyName: string }
interface Shippable { allocationId: number; lotNo: string; remaining: number; hazardous: boolean; storage: string; shipping: string; controlClass: string | null }
interface Shipments { fulfilment: string; shippable: Shippable[]; shipments: { shipmentNo: string }[] }

const json = async <T,>(page: Page, url: string): Promise<T> => {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  return ((await res.json()) as { data: T }).data;
};

const cold = (s: Shippable) => s.shipping !== 'ambient' || ['-20c', 'dry-ice'].includes(s.storage);
/** The carrier the lines need (the desk's rule): dangerous goods, cold chain, both, or ordinary express. */
const carrierFor = (lines: Shippable[]): { zh: string; en: string } => {
  const dg = lines.some((l) => l.hazardous);
  const c = lines.some(cold);
  if (dg && c) return { zh: '危险品冷链专线', en: 'Dangerous goods cold-chain line' };
  if (dg) return { zh: '中外运化工物流', en: 'Sinotrans Chemical Logistics' };
  if (c) return { zh: '顺丰冷运', en: 'SF Cold Chain' };
  return { zh: '顺丰速运', en: 'SF Express' };
};

test('operations ship part of an order with a tracking number; the buyer sees it on the order page and confirms receipt (zh, then en)', async ({ page }) => {
  await loginAs(page, 'ops');
  // An allocated order of the demo buyer, without controlled goods, with two units or more to ship.
  const placed = await json<{ items: Row[] }>(page, '/api/admin/orders?status=placed&limit=50');
  let order: Row | undefined;
  let data: Shipments | undefined;
  // Other journeys place orders of other customers (the university's buyer): only the demo buyer's company's are tried.
  for (const row of placed.items.filter((r) => r.companyName === '上海示例生物科技有限公司')) {
    const s = await json<Shipments>(page, `/api/admin/orders/${row.id}/shipments`);
    if (s.shipments.length === 0 && s.shippable.length > 0 && s.shippable.every((l) => l.controlClass === null) && s.shippable.reduce((n, l) => n + l.remaining, 0) >= 2) {
      order = row; data = s; break;
    }
  }
  if (!order || !data) throw new Error('no allocated demo order to ship');
  const [first, ...others] = data.shippable;
  const carrier = carrierFor([first!]);

  await page.goto(`/admin/orders/list?id=${order.id}`);
  await expectHydrated(page);
  const section = page.getByTestId('order-shipments');
  await slow(section).toBeVisible();
  await expect(section.getByTestId('ship-remaining')).toBeVisible();
  await section.getByTestId('ship-open').click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('ship-lines')).toBeVisible();
  // Part of the order: one unit of the first lot, nothing of the others.
  await dialog.getByTestId(`ship-qty-${first!.lotNo}`).fill('1');
  for (const l of others) await dialog.getByTestId(`ship-qty-${l.lotNo}`).fill('0');
  await chooseOption(page, dialog.getByTestId('ship-carrier').locator('input'), carrier.zh);
  await dialog.getByTestId('ship-tracking').fill('SF1357924680123');
  await dialog.getByTestId('ship-confirm').click();
  await expect(dialog).toBeHidden();

  const card = section.locator('[data-testid^="shipment-DN"]');
  await slow(card).toHaveCount(1);
  await expect(card).toContainText('SF1357924680123');
  await expect(card).toContainText(carrier.zh);
  await expect(card.getByTestId('shipment-status')).toHaveText('运输中');
  await expect(section.getByTestId('order-fulfilment')).toHaveText('部分发货');
  const shipmentNo = ((await card.getAttribute('data-testid')) ?? '').replace('shipment-', '');
  expect(shipmentNo).toMatch(/^DN\d{12}$/);

  // The buyer, in English: the shipment on the order page, with its lot, carrier and tracking number.
  await switchTo(page, 'buyer');
  await page.goto(`/en/order/detail?id=${order.id}`);
  await expectHydrated(page);
  const mine = page.getByTestId(`my-shipment-${shipmentNo}`);
  await slow(mine).toBeVisible();
  await expect(page.getByTestId('my-fulfilment')).toHaveText('Partly shipped');
  await expect(mine.getByTestId('my-shipment-carrier')).toHaveText(carrier.en);
  await expect(mine.getByTestId('my-shipment-tracking')).toHaveText('SF1357924680123');
  await expect(mine).toContainText(first!.lotNo);
  if (carrier.zh.startsWith('顺丰')) await expect(mine.getByRole('link', { name: 'Track' })).toHaveAttribute('href', /SF1357924680123/);
  await expect(mine.getByTestId('my-shipment-status')).toHaveText('In transit');
  await mine.getByTestId('my-shipment-confirm').click();
  await page.locator('.ant-popconfirm:visible .ant-popconfirm-buttons .ant-btn-primary').click();
  await expect(mine.getByTestId('my-shipment-status')).toHaveText('Received');
  await expect(mine.getByTestId('my-shipment-confirm')).toHaveCount(0);

  // In Chinese the same shipment reads received; the desk shows it too.
  await page.goto(`/order/detail?id=${order.id}`);
  await expectHydrated(page);
  await expect(page.getByTestId(`my-shipment-${shipmentNo}`).getByTestId('my-shipment-status')).toHaveText('已收货');
  await switchTo(page, 'ops');
  await page.goto(`/admin/orders/list?id=${order.id}`);
  await expectHydrated(page);
  await expectLoaded(page);
  await slow(page.getByTestId(`shipment-${shipmentNo}`).getByTestId('shipment-status')).toHaveText('已收货');
});

test('the carriers page lists the carriers with their qualifications and adds one (en)', async ({ page }) => {
  await loginAs(page, 'ops');
  const code = `YTO-${Date.now().toString(36).slice(-6).toUpperCase()}`;
  await page.goto('/en/admin/orders/carriers');
  await expectHydrated(page);
  const view = page.getByTestId('carriers-view');
  await slow(view).toBeVisible();
  await expectLoaded(page);
  await expect(view.getByTestId('carrier-row-SINOTRANS-CHEM')).toContainText('Dangerous goods');
  await expect(view.getByTestId('carrier-row-SF-COLD')).toContainText('Cold chain');
  await expect(view.getByTestId('carrier-row-SF')).toContainText('Ordinary goods');
  await view.getByTestId('carrier-add').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('carrier-code').fill(code);
  await dialog.getByTestId('carrier-name-zh').fill('圆通速递');
  await dialog.getByTestId('carrier-name-en').fill('YTO Express');
  await dialog.getByTestId('carrier-url').fill('https://www.yto.net.cn/track?no={no}');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await slow(view.getByTestId(`carrier-row-${code}`)).toContainText('YTO Express');
});
