import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '@/server/db/client';
import type { ApiHarness } from './api';
import { addressOf, fillCart, newKey, type Submitted } from './orders';

/** Fixtures of the allocation tests (ADR 0074): a pack's lots set by hand, orders placed through the API, and the rows read back. */
export function allocationFixtures(h: () => ApiHarness) {
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await h().db.db.execute(query));

  /** Replaces the pack's lots (and any allocation of them) with these; answers their ids by lot number. */
  const setLots = async (packId: number, lots: { lotNo: string; quantity: number; expiresOn?: string | null; retestOn?: string | null }[]) => {
    await q(sql`delete from order_allocations where pack_id = ${packId}`);
    await q(sql`delete from product_lots where pack_id = ${packId}`);
    const ids: Record<string, number> = {};
    for (const l of lots) {
      const [row] = await q<{ id: number }>(sql`insert into product_lots (pack_id, lot_no, quantity, expires_on, retest_on)
        values (${packId}, ${l.lotNo}, ${l.quantity}, ${l.expiresOn ?? null}, ${l.retestOn ?? null}) returning id`);
      ids[l.lotNo] = Number(row!.id);
    }
    return ids;
  };

  /** The buyer's order of these lines, submitted (collected: no delivery fee) and confirmed; answers its id and the confirmation's answer. */
  const place = async (token: string, login: string, lines: { packId: number; num: number }[]) => {
    await fillCart(h(), token, lines);
    const made = await h().call('POST', '/api/app/api/order/add', { token, json: { idempotencyKey: newKey(), addressId: await addressOf(h(), login), deliveryMethod: 'pickup' } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const order = made.body.data as Submitted;
    expect(order.status).toBe('passed');
    const placed = await h().call('POST', '/api/app/api/order/deal', { token, json: { id: order.id } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return order.id;
  };

  const lotQty = async (packId: number) => Object.fromEntries((await q<{ lot_no: string; quantity: number }>(sql`select lot_no, quantity from product_lots where pack_id = ${packId}`))
    .map((r) => [r.lot_no, Number(r.quantity)]));
  const allocations = async (orderId: number) => (await q<{ item: number; lot_no: string; quantity: number }>(sql`
    select order_item_id as item, lot_no, quantity from order_allocations where order_id = ${orderId} order by order_item_id, lot_no`))
    .map((r) => ({ item: Number(r.item), lotNo: r.lot_no, quantity: Number(r.quantity) }));
  const orderRow = async (orderId: number) => (await q<{ status: string; fulfilment: string; hold_reason: string; total: string; line_count: number }>(sql`
    select status, fulfilment, hold_reason, total::text as total, line_count from orders where id = ${orderId}`))[0]!;
  const lines = async (orderId: number) => (await q<{ id: number; num: number; backorder_qty: number; lead_time_days: number; lot_no: string | null; cancelled: boolean; line_total: string }>(sql`
    select id, num, backorder_qty, lead_time_days, lot_no, cancelled, line_total::text as line_total from order_items where order_id = ${orderId} order by id`))
    .map((r) => ({ ...r, id: Number(r.id), num: Number(r.num), backorder_qty: Number(r.backorder_qty), lead_time_days: Number(r.lead_time_days) }));
  const packStock = async (packId: number) => Number((await q<{ stock: number }>(sql`select stock from product_packs where id = ${packId}`))[0]!.stock);

  return { q, setLots, place, lotQty, allocations, orderRow, lines, packStock };
}
