import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerOrderDto } from '@/contracts/customers';
import { approvalRules, orderItems, productPacks, products, users } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { addressOf, fillCart, firstPacks, newKey, type Submitted } from '../../../../test/orders';

/**
 * A line short of stock at submission records its backorder — what the stock lacked and the pack's lead
 * time, by the one availability rule — for the buyer's order page and the back-office's customer record.
 */

const h = fileApiHarness();
let buyer = '';
let approver = '';
let sales = '';
let address = 0;
let companyId = 0;
let packs: Awaited<ReturnType<typeof firstPacks>> = [];

beforeAll(async () => {
  buyer = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
  approver = await h.loginUser('approver@demo.example.com', 'Reagent#2026');
  sales = await h.loginStaff('sales', 'Sales#2026');
  address = await addressOf(h, 'buyer@demo.example.com');
  const some = await firstPacks(h, 20);
  packs = [some[0]!, some.find((p) => p.productId !== some[0]!.productId)!];
  const db = h.db.db;
  await db.update(products).set({ ghs: null, controlClass: null, active: true }).where(inArray(products.id, packs.map((p) => p.productId)));
  await db.update(productPacks).set({ price: '10.00', stock: 2, leadTimeDays: 5 }).where(eq(productPacks.id, packs[0]!.id));
  await db.update(productPacks).set({ price: '10.00', stock: 50, leadTimeDays: 9 }).where(eq(productPacks.id, packs[1]!.id));
  const [demo] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
  companyId = demo!.companyId;
  await db.delete(approvalRules).where(eq(approvalRules.companyId, companyId));
  await db.update(users).set({ monthlyLimit: null }).where(eq(users.companyId, companyId));
});

async function submit(lines: { packId: number; num: number }[]): Promise<Submitted> {
  await fillCart(h, buyer, lines);
  const res = await h.call('POST', '/api/app/api/order/add', { token: buyer, json: { idempotencyKey: newKey(), addressId: address } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Submitted;
}
const linesOf = (orderId: number) => h.db.db.select({ packId: orderItems.packId, num: orderItems.num, backorderQty: orderItems.backorderQty, leadTimeDays: orderItems.leadTimeDays })
  .from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);

describe('a backorder at checkout', () => {
  it('is recorded on the short line with the lead time, not on the line the stock covers, and shown to buyer and staff', async () => {
    const order = await submit([{ packId: packs[0]!.id, num: 6 }, { packId: packs[1]!.id, num: 3 }]);
    expect(await linesOf(order.id)).toEqual([
      { packId: packs[0]!.id, num: 6, backorderQty: 4, leadTimeDays: 5 },
      { packId: packs[1]!.id, num: 3, backorderQty: 0, leadTimeDays: 0 },
    ]);
    const detail = (await h.call('GET', `/api/app/order/sale?id=${order.id}`, { token: buyer })).body.data as { items: { backorderQty: number; leadTimeDays: number }[] };
    expect(detail.items.map((i) => [i.backorderQty, i.leadTimeDays])).toEqual([[4, 5], [0, 0]]);

    const crm = await h.call('GET', `/api/admin/customers/${companyId}/orders`, { token: sales });
    expect(crm.status, JSON.stringify(crm.body)).toBe(200);
    const listed = (crm.body.data as CustomerOrderDto[]).find((o) => o.id === order.id);
    expect(listed?.lines.map((l) => [l.num, l.backorderQty, l.leadTimeDays])).toEqual([[6, 4, 5], [3, 0, 0]]);
    expect((await h.call('GET', `/api/admin/customers/${companyId}/orders`)).status).toBe(401);
    expect((await h.call('GET', '/api/admin/customers/abc/orders', { token: sales })).status).toBe(400);
  });

  it('keeps what the stock covered when an approver lowers the line', async () => {
    await h.db.db.insert(approvalRules).values({ companyId, kind: 'total_above', amount: '0.01', active: true });
    try {
      const order = await submit([{ packId: packs[0]!.id, num: 6 }]);
      expect(order.status).toBe('reviewing');
      const [line] = await h.db.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, order.id));
      const res = await h.call('POST', '/api/app/order/approve', { token: approver, json: { id: order.id, decision: 'approve', changes: [{ itemId: line!.id, num: 3 }] } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // Two were in stock at submission: of three, one is still short.
      expect(await linesOf(order.id)).toEqual([{ packId: packs[0]!.id, num: 3, backorderQty: 1, leadTimeDays: 5 }]);
    } finally {
      await h.db.db.delete(approvalRules).where(eq(approvalRules.companyId, companyId));
    }
  });
});
