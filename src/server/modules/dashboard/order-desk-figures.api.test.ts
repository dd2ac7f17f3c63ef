import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DashboardDto } from '@/contracts/admin';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';
import { orderDeskFigures } from './order-desk-figures';

const h = fileApiHarness();
const q = async <T,>(query: ReturnType<typeof sql>) => rowsOf<T>(await h.db.db.execute(query));

/** The kept figures, and the same counted from the orders and their lines now (rows of zero left out). */
async function keptAndCounted(): Promise<{ kept: string[]; counted: string[] }> {
  const kept = await q<Record<string, unknown>>(sql`select fulfilment, invoice_status, lead_band, sum(orders)::int as n from order_fulfilment_totals
    group by 1, 2, 3 having sum(orders) <> 0 order by 1, 2, 3`);
  const counted = await q<Record<string, unknown>>(sql`select o.fulfilment, o.invoice_status,
      (case when o.fulfilment <> 'backordered' then 0
        else (select case when max(i.lead_time_days) is null then 0 when max(i.lead_time_days) <= 7 then 1 when max(i.lead_time_days) <= 30 then 2 else 3 end
          from order_items i where i.order_id = o.id and i.backorder_qty > 0 and not i.cancelled) end)::smallint as lead_band,
      count(*)::int as n
    from orders o where o.status = 'placed' group by 1, 2, 3 order by 1, 2, 3`);
  return { kept: kept.map((r) => JSON.stringify(r)), counted: counted.map((r) => JSON.stringify(r)) };
}

const STATUSES = ['reviewing', 'passed', 'placed', 'rejected', 'cancelled'] as const;
const FULFILMENTS = ['none', 'held', 'backordered', 'allocated', 'partly_shipped', 'shipped', 'delivered'] as const;
const INVOICE_STATES = ['none', 'requested', 'issued', 'reversed'] as const;

/** One change to the orders or their lines, made by a statement as the desk or a bulk job would. */
const change = fc.oneof(
  fc.record({ kind: fc.constant('order' as const), pick: fc.nat(), every: fc.integer({ min: 1, max: 4 }), status: fc.constantFrom(...STATUSES), fulfilment: fc.constantFrom(...FULFILMENTS), invoice: fc.constantFrom(...INVOICE_STATES) }),
  fc.record({ kind: fc.constant('line' as const), pick: fc.nat(), every: fc.integer({ min: 1, max: 5 }), backorder: fc.integer({ min: 0, max: 1 }), lead: fc.integer({ min: 0, max: 60 }), cancelled: fc.boolean() }),
  fc.record({ kind: fc.constant('copy' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('removeLine' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

/** Orders made by the test (the demo's own orders carry complaints and invoices that keep them from being deleted). */
const copies: number[] = [];
let made = 0;

async function apply(c: Change): Promise<void> {
  const ids = (await q<{ id: number }>(sql`select id from orders order by id`)).map((r) => Number(r.id));
  const id = ids[c.pick % ids.length]!;
  if (c.kind === 'order') {
    // Every `every`-th order from the picked one: one statement changing several orders at once.
    await h.db.db.execute(sql`update orders set status = ${c.status}, fulfilment = ${c.fulfilment}, invoice_status = ${c.invoice}
      where id >= ${id} and (id - ${id}::int) % ${c.every}::int = 0 and id < ${id + c.every * 3}`);
  } else if (c.kind === 'line') {
    await h.db.db.execute(sql`update order_items set backorder_qty = case when ${c.backorder}::int = 1 then num else 0 end, lead_time_days = ${c.lead}, cancelled = ${c.cancelled}
      where id in (select id from order_items where order_id >= ${id} order by id limit ${c.every}::int)`);
  } else if (c.kind === 'copy') {
    made += 1;
    const [row] = await q<{ id: number }>(sql`insert into orders (order_no, company_id, user_id, status, idempotency_key, receiver, phone, region, address_detail,
        subtotal, total, line_count, fulfilment, invoice_status, invoice_type)
      select 'T' || ${made}, o.company_id, o.user_id, 'placed', 'fig' || ${made}, 'r', 'p', 'x', 'y', o.subtotal, o.total,
        o.line_count, 'backordered', 'requested', 'ordinary' from orders o where o.id = ${id} returning id`);
    const copy = Number(row!.id);
    copies.push(copy);
    await h.db.db.execute(sql`insert into order_items (order_id, company_id, product_id, pack_id, item_no, name_zh, name_en, size, unit_price, num, line_total,
        backorder_qty, lead_time_days)
      select ${copy}, company_id, product_id, pack_id, item_no, name_zh, name_en, size, unit_price, num, line_total, num, 3 + (id % 40)
      from order_items where order_id = ${id}`);
  } else if (c.kind === 'removeLine') {
    if (copies.length === 0) return;
    const target = copies[c.pick % copies.length]!;
    await h.db.db.execute(sql`delete from order_items where id = (select min(id) from order_items where order_id = ${target})`);
  } else {
    if (copies.length === 0) return;
    const [target] = copies.splice(c.pick % copies.length, 1);
    await h.db.db.execute(sql`delete from orders where id = ${target!}`);
  }
}

describe('the order desk\'s kept figures', () => {
  it('equal a recount of the orders after any sequence of state, line, insert and delete changes', async () => {
    expect((await q<{ n: number }>(sql`select count(*)::int as n from orders where status = 'placed'`))[0]!.n).toBeGreaterThan(0);
    let before = await keptAndCounted();
    expect(before.kept).toEqual(before.counted);
    await fc.assert(fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 8 }), async (changes) => {
      for (const c of changes) await apply(c);
      const now = await keptAndCounted();
      expect(now.kept).toEqual(now.counted);
      before = now;
    }), { numRuns: 25, seed: 74 });
    expect(before.counted.length).toBeGreaterThan(1);
  });

  it('are what the dashboard shows: waiting to ship, held, backorders by lead time and invoices pending', async () => {
    // A known state: every placed order allocated with no invoice asked, then a few set apart.
    await h.db.db.execute(sql`update orders set status = 'placed' where id in (select id from orders order by id limit 8)`);
    await h.db.db.execute(sql`update orders set fulfilment = 'allocated', invoice_status = 'none' where status = 'placed'`);
    await h.db.db.execute(sql`update order_items set backorder_qty = 0, lead_time_days = 0, cancelled = false`);
    const placed = (await q<{ id: number }>(sql`select id from orders where status = 'placed' order by id`)).map((r) => Number(r.id));
    expect(placed.length).toBeGreaterThanOrEqual(6);
    const [held, partly, shipped, late, soon, undated] = placed;
    await h.db.db.execute(sql`update orders set fulfilment = 'held' where id = ${held!}`);
    await h.db.db.execute(sql`update orders set fulfilment = 'partly_shipped', invoice_status = 'requested' where id = ${partly!}`);
    await h.db.db.execute(sql`update orders set fulfilment = 'shipped', invoice_status = 'requested' where id = ${shipped!}`);
    await h.db.db.execute(sql`update orders set fulfilment = 'backordered' where id in (${late!}, ${soon!}, ${undated!})`);
    await h.db.db.execute(sql`update order_items set backorder_qty = 1, lead_time_days = 45 where id = (select min(id) from order_items where order_id = ${late!})`);
    await h.db.db.execute(sql`update order_items set backorder_qty = 1, lead_time_days = 5 where id = (select min(id) from order_items where order_id = ${soon!})`);
    // A requested invoice of an order not placed does not wait for anyone.
    await h.db.db.execute(sql`update orders set invoice_status = 'requested' where status = 'cancelled'`);
    const expected: DashboardDto['orderDesk'] = {
      waitingToShip: placed.length - 2, held: 1, backorders: { none: 1, upTo7: 1, upTo30: 0, over30: 1 }, invoicesPending: 2,
    };
    expect(await orderDeskFigures(h.db.db)).toEqual(expected);
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const res = await h.call('GET', '/api/admin/dashboard?from=2026-01-01&to=2026-01-31', { token: admin });
    expect(res.status).toBe(200);
    expect((res.body.data as DashboardDto).orderDesk).toEqual(expected);
    // A rebuild (after a bulk load with the triggers off) gives the same.
    await h.db.db.execute(sql`select rebuild_order_figures()`);
    expect(await orderDeskFigures(h.db.db)).toEqual(expected);
  });
});
