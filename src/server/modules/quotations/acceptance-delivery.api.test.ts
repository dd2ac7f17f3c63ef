import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuotationDetailDto } from '@/contracts/quotations';
import { rowsOf } from '@/server/db/client';
import { approvalRules, orderItems, orders, productPacks, products, quotations } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { addressOf, firstPacks } from '../../../../test/orders';

/**
 * A quotation's acceptance chooses the order's delivery as the checkout does (ADR 0065): the options and
 * fees of the same server function, next-day air refused for a hazardous line, pickup free; a bad choice
 * refuses the acceptance and changes nothing; the order records the method, the fee and each line's backorder.
 */

const h = fileApiHarness();
const USERS = { buyer: 'buyer@demo.example.com', approver: 'approver@demo.example.com', univ: 'buyer@univ.example.com' } as const;
type Who = keyof typeof USERS | 'sales' | null;
const tokens: Partial<Record<Exclude<Who, null>, string>> = {};
let packs: Awaited<ReturnType<typeof firstPacks>> = [];
let address = 0;
let otherAddress = 0;
const HAZARD = { signalWord: 'danger' as const, pictograms: ['GHS02'], hazardStatements: [], precautionaryStatements: [] };

beforeAll(async () => {
  for (const [key, login] of Object.entries(USERS)) tokens[key as keyof typeof USERS] = await h.loginUser(login, 'Reagent#2026');
  tokens.sales = await h.loginStaff('sales', 'Sales#2026');
  // Two packs of two products: one plain, one hazardous.
  const some = await firstPacks(h, 20);
  packs = [some[0]!, some.find((p) => p.productId !== some[0]!.productId)!];
  address = await addressOf(h, USERS.buyer);
  otherAddress = await addressOf(h, USERS.univ);
  const db = h.db.db;
  await db.update(products).set({ ghs: null, controlClass: null, shipping: 'ambient', active: true }).where(inArray(products.id, packs.map((p) => p.productId)));
  await db.update(products).set({ ghs: HAZARD }).where(eq(products.id, packs[1]!.productId));
  await db.update(productPacks).set({ price: '100.00', stock: 100, leadTimeDays: 0 }).where(inArray(productPacks.id, packs.map((p) => p.id)));
  await db.delete(approvalRules).where(sql`true`);
});

const call = (who: Who, method: string, url: string, json?: unknown) => h.call(method, url, { token: who ? tokens[who] : undefined, json });
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

/** A quotation of the buyer for these lines at ¥100 each, taken, priced and sent by sales. */
async function sentQuote(lines: { packId: number; num: number }[]): Promise<QuotationDetailDto> {
  const asked = await call('buyer', 'POST', '/api/app/quotations', { source: 'cart', note: '', lines: lines.map((l) => ({ ...l, comment: '' })) });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const id = (asked.body.data as QuotationDetailDto).id;
  expect((await call('sales', 'PUT', `/api/admin/quotations/${id}/state`, { to: 'draft' })).status).toBe(200);
  const priced = await call('sales', 'PUT', `/api/admin/quotations/${id}/draft`, { discountBp: 0, validUntil: inDays(10), note: '', lines: lines.map((l) => ({ ...l, unitCents: 10000 })) });
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  const sent = await call('sales', 'PUT', `/api/admin/quotations/${id}/state`, { to: 'sent' });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return (await call('buyer', 'GET', `/api/app/quotations/${id}`)).body.data as QuotationDetailDto;
}

const stateOf = async (id: number) => rowsOf<{ state: string; order_id: number | null }>(await h.db.db.execute(sql`select state, order_id from quotations where id = ${id}`))[0];
const orderCount = async () => (await h.db.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
const accept = (who: Who, id: number, body: Record<string, unknown>) => call(who, 'POST', `/api/app/quotations/${id}/accept`, { addressId: address, invoiceType: 'none', ...body });

describe('the delivery of a quotation\'s acceptance', () => {
  it('offers the checkout\'s options and fees, and the order records the one chosen', async () => {
    const q = await sentQuote([{ packId: packs[0]!.id, num: 2 }]);
    // ¥200 of goods: standard ¥20 (free only from ¥500), next-day air ¥45, pickup free.
    expect(q.delivery).toEqual([
      { method: 'standard', fee: '20.00', unavailable: null, tax: '25.31', total: '220.00' },
      { method: 'express', fee: '45.00', unavailable: null, tax: '28.19', total: '245.00' },
      { method: 'pickup', fee: '0.00', unavailable: null, tax: '23.01', total: '200.00' },
    ]);
    const res = await accept('buyer', q.id, { deliveryMethod: 'express' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const made = (res.body.data as { order: { id: number; total: string } }).order;
    expect(made.total).toBe('245.00');
    const [row] = await h.db.db.select().from(orders).where(eq(orders.id, made.id));
    expect(row).toMatchObject({ deliveryMethod: 'express', deliveryFee: '45.00', subtotal: '200.00', total: '245.00' });
    const converted = (await call('buyer', 'GET', `/api/app/quotations/${q.id}`)).body.data as QuotationDetailDto;
    expect(converted).toMatchObject({ state: 'converted', delivery: null });
  });

  it('refuses next-day air for a hazardous line before anything changes, and takes pickup for it', async () => {
    const q = await sentQuote([{ packId: packs[1]!.id, num: 1 }]);
    expect(q.delivery?.find((d) => d.method === 'express')?.unavailable).toBe('hazardousByGround');
    const before = await orderCount();
    const refused = await accept('buyer', q.id, { deliveryMethod: 'express' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 400 });
    expect((refused.body.data as { field: string }[]).map((e) => e.field)).toEqual(['deliveryMethod']);
    expect(await stateOf(q.id)).toEqual({ state: 'sent', order_id: null });
    expect(await orderCount()).toBe(before);

    const pickup = await accept('buyer', q.id, { deliveryMethod: 'pickup' });
    expect(pickup.status, JSON.stringify(pickup.body)).toBe(200);
    const id = (pickup.body.data as { order: { id: number } }).order.id;
    expect((await h.db.db.select().from(orders).where(eq(orders.id, id)))[0]).toMatchObject({ deliveryMethod: 'pickup', deliveryFee: '0.00', total: '100.00' });
  });

  it('refuses bad input with the envelope and leaves the quotation sent', async () => {
    const q = await sentQuote([{ packId: packs[0]!.id, num: 1 }]);
    const before = await orderCount();
    for (const body of [{ deliveryMethod: 'drone' }, { deliveryMethod: 'pickup', deliveryFee: '0' }, { deliveryMethod: 7 }, { addressId: otherAddress }]) {
      const res = await accept('buyer', q.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 400, msg: expect.any(String) });
      expect(await stateOf(q.id)).toEqual({ state: 'sent', order_id: null });
    }
    expect(await orderCount()).toBe(before);
  });

  it('is the buyer\'s to choose: guests 401, accounts without SALE.CREATE 403, another company 404, and nothing changes', async () => {
    const q = await sentQuote([{ packId: packs[0]!.id, num: 1 }]);
    expect((await accept(null, q.id, { deliveryMethod: 'pickup' })).status).toBe(401);
    expect((await accept('approver', q.id, { deliveryMethod: 'pickup' })).status).toBe(403);
    expect((await accept('univ', q.id, { deliveryMethod: 'pickup', addressId: otherAddress })).status).toBe(404);
    expect((await call('univ', 'GET', `/api/app/quotations/${q.id}`)).status).toBe(404);
    expect(await stateOf(q.id)).toEqual({ state: 'sent', order_id: null });
  });
});

describe('a backorder at a quotation\'s conversion', () => {
  it('is recorded on the order line with the pack\'s lead time, and the order page shows it', async () => {
    const q = await sentQuote([{ packId: packs[0]!.id, num: 5 }]);
    await h.db.db.update(productPacks).set({ stock: 2, leadTimeDays: 7 }).where(eq(productPacks.id, packs[0]!.id));
    try {
      const res = await accept('buyer', q.id, { deliveryMethod: 'standard' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const id = (res.body.data as { order: { id: number } }).order.id;
      const lines = await h.db.db.select({ backorderQty: orderItems.backorderQty, leadTimeDays: orderItems.leadTimeDays }).from(orderItems).where(eq(orderItems.orderId, id));
      expect(lines).toEqual([{ backorderQty: 3, leadTimeDays: 7 }]);
      const detail = (await call('buyer', 'GET', `/api/app/order/sale?id=${id}`)).body.data as { items: { backorderQty: number; leadTimeDays: number }[] };
      expect(detail.items[0]).toMatchObject({ backorderQty: 3, leadTimeDays: 7 });
    } finally {
      await h.db.db.update(productPacks).set({ stock: 100, leadTimeDays: 0 }).where(eq(productPacks.id, packs[0]!.id));
    }
    expect((await h.db.db.select({ state: quotations.state }).from(quotations).where(eq(quotations.id, q.id)))[0]?.state).toBe('converted');
  });
});
