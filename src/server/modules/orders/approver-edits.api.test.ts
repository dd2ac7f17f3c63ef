import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { approvalRules, users } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { addressOf, fillCart, firstPacks, newKey, type Submitted } from '../../../../test/orders';

/**
 * An approver edits a reviewing order before approving it: lines may be lowered or removed, never
 * raised — a raise answers 400 `orderQuantityRaised` and nothing of the call is applied.
 */

const h = fileApiHarness();
let approver = '';
let buyer = '';
let address = 0;
let packs: Awaited<ReturnType<typeof firstPacks>> = [];

interface Detail { status: string; total: string; items: { id: number; num: number; itemNo: string; unitPrice: string }[]; logs: unknown[] }

beforeAll(async () => {
  approver = await h.loginUser('approver@demo.example.com', 'Reagent#2026');
  buyer = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
  address = await addressOf(h, 'buyer@demo.example.com');
  packs = await firstPacks(h, 2);
  // Every order of the demo company needs approval.
  const db = h.db.db;
  const [demo] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
  await db.delete(approvalRules).where(eq(approvalRules.companyId, demo!.companyId));
  await db.insert(approvalRules).values({ companyId: demo!.companyId, kind: 'total_above', amount: '0.01', active: true });
});

/** A reviewing order of the buyer with two lines (3 and 2), waiting for the approver. */
async function reviewingOrder(): Promise<number> {
  await fillCart(h, buyer, [{ packId: packs[0]!.id, num: 3 }, { packId: packs[1]!.id, num: 2 }]);
  const res = await h.call('POST', '/api/app/api/order/add', { token: buyer, json: { idempotencyKey: newKey(), addressId: address } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const order = res.body.data as Submitted;
  expect(order.status).toBe('reviewing');
  return order.id;
}
const detailOf = async (id: number) => {
  const res = await h.call('GET', `/api/app/order/sale?id=${id}`, { token: approver });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Detail;
};
const approve = (id: number, body: Record<string, unknown>) => h.call('POST', '/api/app/order/approve', { token: approver, json: { id, decision: 'approve', ...body } });
const snapshot = (d: Detail) => ({ status: d.status, total: d.total, items: d.items.map((i) => [i.id, i.num]), logs: d.logs.length });

describe('an approver\'s edits', () => {
  it('refuse a raised quantity with 400 orderQuantityRaised, naming the line, and change nothing', async () => {
    const id = await reviewingOrder();
    const before = await detailOf(id);
    const [first, second] = before.items;
    for (const body of [
      { changes: [{ itemId: first!.id, num: 9999 }] },
      { changes: [{ itemId: first!.id, num: first!.num + 1 }] },
      // With a removal and a lowering in the same call: none of them is applied.
      { changes: [{ itemId: first!.id, num: first!.num + 1 }], removeItemIds: String(second!.id) },
      { changes: [{ itemId: second!.id, num: 1 }, { itemId: first!.id, num: first!.num + 5 }] },
    ]) {
      const res = await approve(id, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.msg).toContain(first!.itemNo);
      expect(snapshot(await detailOf(id))).toEqual(snapshot(before));
    }
    const errors = rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from order_approval_logs where order_id = ${id}`));
    expect(Number(errors[0]?.n)).toBe(before.logs.length);
  });

  it('lower a quantity or remove a line, and the total only falls', async () => {
    const id = await reviewingOrder();
    const before = await detailOf(id);
    const [first, second] = before.items;
    const res = await approve(id, { changes: [{ itemId: first!.id, num: first!.num - 1 }], removeItemIds: String(second!.id) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await detailOf(id);
    expect(after.status).toBe('passed');
    expect(after.items.map((i) => [i.id, i.num])).toEqual([[first!.id, first!.num - 1]]);
    expect(Number(after.total)).toBeLessThan(Number(before.total));
  });
});
