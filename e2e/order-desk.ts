import type { Page } from '@playwright/test';
import { expect, fromSite } from './fixtures';
import { newProduct, switchTo } from './back-office';

/** The `data` of an API answer, once it answered 200 (its text shown otherwise). */
export async function dataOf<T>(res: { status: () => number; text: () => Promise<string>; json: () => Promise<unknown> }): Promise<T> {
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** The university's company: its buyer (`univ`) orders without approval rules, so an order passes at once. */
export const UNIVERSITY = '北京示例大学化学学院';

export interface DeskProduct { productId: number; itemNo: string; lotNo: string; packId: number; nameZh: string; nameEn: string }

/**
 * A product with one pack held in one lot of ten units, made by operations through the API (the signed-in member
 * must hold CATALOG rights: `ops`). A hazardous one carries a GHS flame and "danger", so its lines need a
 * dangerous-goods carrier.
 */
export async function productWithLot(page: Page, opts: { tag: string; hazardous?: boolean; price?: string }): Promise<DeskProduct> {
  const stamp = `${opts.tag}-${Date.now().toString(36).toUpperCase()}`;
  const itemNo = `E2E-${stamp}`;
  const nameZh = `${opts.hazardous ? '易燃' : ''}订单台试剂${stamp}`;
  const nameEn = `${opts.hazardous ? 'Flammable ' : ''}desk reagent ${stamp}`;
  const productId = await newProduct(page, {
    itemNo, nameZh, nameEn,
    ...(opts.hazardous ? { pictograms: ['GHS02'], signalWord: 'danger' } : {}),
    packs: [{ size: '5 g', price: opts.price ?? '48', stock: 0 }],
  });
  const packs = (await dataOf<{ packs: { packId: number }[] }>(await page.request.get(`/api/admin/catalog/products/${productId}/lots`))).packs;
  const packId = packs[0]!.packId;
  const lotNo = `L${stamp.replace(/[^A-Z0-9]/g, '').slice(-8)}`;
  await dataOf(await page.request.post(`/api/admin/catalog/products/${productId}/lots`, {
    headers: fromSite(), data: { packId, lotNo, quantity: 10, expiresOn: '2030-06-30' },
  }));
  return { productId, itemNo, lotNo, packId, nameZh, nameEn };
}

export interface PlacedOrder { id: number; orderNo: string }

/**
 * The university's buyer orders `num` units of each pack (an ordinary invoice asked for when `invoice`) and
 * confirms the order, which places it: its lines take their lots, or finance's credit rule holds it. The page
 * ends signed in as that buyer.
 */
export async function placeUniversityOrder(page: Page, lines: { packId: number; num: number }[], opts: { invoice?: boolean; key: string }): Promise<PlacedOrder> {
  await switchTo(page, 'univ');
  await dataOf(await page.request.post('/api/app/api/order/shopcart/clean', { headers: fromSite() }));
  for (const l of lines) await dataOf(await page.request.post('/api/app/api/order/shopcart/item/add', { headers: fromSite(), data: l }));
  const company = await dataOf<{ addresses: { id: number }[] }>(await page.request.get('/api/app/api/order/company'));
  const order = await dataOf<{ id: number; orderNo: string; status: string }>(await page.request.post('/api/app/api/order/add', {
    headers: fromSite(),
    data: {
      idempotencyKey: `e2e-${opts.key}-${Date.now()}`, addressId: company.addresses[0]!.id, deliveryMethod: 'pickup',
      ...(opts.invoice ? { invoiceType: 'ordinary', invoiceTitle: UNIVERSITY, buyerKind: 'public' } : {}),
    },
  }));
  expect(order.status).toBe('passed');
  await dataOf(await page.request.post('/api/app/api/order/deal', { headers: fromSite(), data: { id: order.id } }));
  return { id: order.id, orderNo: order.orderNo };
}

/** The university's customer record id and credit terms, as the back-office reads them (the page must be signed in as staff). */
export async function universityCustomer(page: Page): Promise<{ id: number; creditLimit: string; creditDays: number }> {
  const list = await dataOf<{ items: { id: number; name: string }[] }>(await page.request.get(`/api/admin/customers?key=${encodeURIComponent(UNIVERSITY)}&limit=5`));
  const row = list.items.find((c) => c.name === UNIVERSITY);
  if (!row) throw new Error('the university is not a customer of the back-office');
  const detail = await dataOf<{ creditLimit: string; creditDays: number }>(await page.request.get(`/api/admin/customers/${row.id}`));
  return { id: row.id, creditLimit: detail.creditLimit, creditDays: detail.creditDays };
}

/** Sets the university's credit limit as the administrator (the page ends signed in as `admin`). */
export async function setUniversityCreditLimit(page: Page, creditLimit: string): Promise<string> {
  await switchTo(page, 'admin');
  const customer = await universityCustomer(page);
  await dataOf(await page.request.put(`/api/admin/customers/${customer.id}`, { headers: fromSite(), data: { id: customer.id, creditLimit } }));
  return customer.creditLimit;
}

/** A fresh 20-digit invoice number (as printed by the tax platform), different for each call. */
export function invoiceNumber(): string {
  return `26${String(Date.now()).padStart(14, '0')}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`.slice(0, 20);
}

/** The tax in an amount with tax at 13 % (ADR 0065), in yuan with two decimals. */
export const taxOf = (amount: string) => (Math.round((Number(amount) * 100 * 13) / 113) / 100).toFixed(2);

