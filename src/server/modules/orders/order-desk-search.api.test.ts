import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderDeskListInputSchema, type OrderDeskRowDto } from '@/contracts/orders-admin';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import { fileApiHarness } from '../../../../test/api';
import { complaintHarness } from '../../../../test/complaints';
import { listOrderDesk, ORDER_DESK_SEARCH_IDS } from './admin-queries';

/**
 * The order desk's hazardous and backorder flags, kept on the orders by the lines' triggers, and its search by
 * item number, CAS number and customer name, through the id lists of a short read and through the semi-join
 * beyond the threshold (ADR 0074, the order desk's search).
 */

const h = fileApiHarness();
const t = complaintHarness(() => h);

beforeAll(async () => {
  await t.login();
});

const staffOf = async (login: string, permissions: string[]): Promise<ScopedStaff> => {
  const [row] = await t.q<{ id: number }>(sql`select id from staff where login_name = ${login}`);
  return { staffId: Number(row!.id), permissions };
};
/** Every order the desk lists for the query (all pages), with the threshold of the search's id lists. */
const listed = async (actor: ScopedStaff, query: Record<string, string>, searchIds = ORDER_DESK_SEARCH_IDS): Promise<OrderDeskRowDto[]> => {
  const rows: OrderDeskRowDto[] = [];
  let cursor: string | null = null;
  do {
    const page = await listOrderDesk(h.db.db, actor, orderDeskListInputSchema.parse({ ...query, limit: 5, ...(cursor ? { cursor } : {}) }), { searchIds });
    rows.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return rows;
};
const ids = (rows: readonly OrderDeskRowDto[]) => rows.map((r) => r.id).sort((a, b) => a - b);
const orderIds = async (where: SQL) => (await t.q<{ id: number }>(sql`select o.id from orders o where ${where} order by o.id`)).map((r) => Number(r.id));
const flagsOf = async (orderId: number) => (await t.q<{ hazardous: boolean; backorder: boolean }>(sql`select hazardous, backorder from orders where id = ${orderId}`))[0];
/** The flags as the lines say them, for every order: what the kept columns must equal. */
const flagsDisagree = async () => Number((await t.q<{ n: number }>(sql`
  select count(*)::int as n from orders o
  where o.hazardous <> coalesce((select bool_or(i.hazardous) from order_items i where i.order_id = o.id), false)
     or o.backorder <> coalesce((select bool_or(i.backorder_qty > 0) from order_items i where i.order_id = o.id), false)`))[0]?.n);
/** A copy of an order line for another order (or the same), hazardous or not. */
const copyLine = (fromLine: number, toOrder: number, hazardous: boolean) => sql`
  insert into order_items (order_id, company_id, product_id, pack_id, item_no, cas, name_zh, name_en, size, unit_price, num, line_total, hazardous)
  select o.id, o.company_id, i.product_id, i.pack_id, i.item_no, i.cas, i.name_zh, i.name_en, i.size, i.unit_price, 1, i.unit_price, ${hazardous}
  from order_items i, orders o where i.id = ${fromLine} and o.id = ${toOrder} returning id`;

describe('the hazardous and backorder flags', () => {
  it('start as the seeded lines say', async () => {
    expect(await flagsDisagree()).toBe(0);
    expect(await orderIds(sql`o.hazardous`)).not.toEqual([]);
  });

  it('follow lines inserted, changed, moved and deleted, one row or many at a time, and the filters read them', async () => {
    const all = await staffOf('admin', ['ORDER.VIEW', 'ORDER.VIEW_ALL']);
    const [a, b] = await t.q<{ id: number; line: number }>(sql`
      select o.id, min(i.id) as line from orders o join order_items i on i.order_id = o.id
      where not o.hazardous and not o.backorder group by o.id order by o.id limit 2`);
    const first = Number(a!.id);
    const second = Number(b!.id);
    expect(ids(await listed(all, { hazardous: '1' }))).not.toContain(first);
    // A hazardous line joins the order: it lists as hazardous, and no longer as not hazardous.
    const [added] = await t.q<{ id: number }>(copyLine(Number(a!.line), first, true));
    expect(await flagsOf(first)).toEqual({ hazardous: true, backorder: false });
    expect(ids(await listed(all, { hazardous: '1' }))).toContain(first);
    expect(ids(await listed(all, { hazardous: '0' }))).not.toContain(first);
    expect((await listed(all, { companyId: String((await t.q<{ c: number }>(sql`select company_id as c from orders where id = ${first}`))[0]!.c) }))
      .find((r) => r.id === first)?.hazardous).toBe(true);
    // The line is no longer hazardous, then waits for stock, then is moved to the other order.
    await t.q(sql`update order_items set hazardous = false where id = ${added!.id}`);
    expect(await flagsOf(first)).toEqual({ hazardous: false, backorder: false });
    expect(ids(await listed(all, { hazardous: '1' }))).not.toContain(first);
    await t.q(sql`update order_items set hazardous = true, backorder_qty = 1 where id = ${added!.id}`);
    expect(await flagsOf(first)).toEqual({ hazardous: true, backorder: true });
    expect(ids(await listed(all, { backorder: '1' }))).toContain(first);
    await t.q(sql`update order_items set order_id = ${second} where id = ${added!.id}`);
    expect(await flagsOf(first)).toEqual({ hazardous: false, backorder: false });
    expect(await flagsOf(second)).toEqual({ hazardous: true, backorder: true });
    expect(ids(await listed(all, { backorder: '1' }))).toContain(second);
    expect(ids(await listed(all, { backorder: '0' }))).toContain(first);
    // Cancelling the line (backorder 0) keeps it hazardous; deleting it clears the order.
    await t.q(sql`update order_items set cancelled = true, backorder_qty = 0 where id = ${added!.id}`);
    expect(await flagsOf(second)).toEqual({ hazardous: true, backorder: false });
    await t.q(sql`delete from order_items where id = ${added!.id}`);
    expect(await flagsOf(second)).toEqual({ hazardous: false, backorder: false });
    // One statement over several orders and lines, then the same lines removed in one statement.
    await t.q(sql`
      insert into order_items (order_id, company_id, product_id, pack_id, item_no, cas, name_zh, name_en, size, unit_price, num, line_total, hazardous, backorder_qty)
      select o.id, o.company_id, i.product_id, i.pack_id, i.item_no, i.cas, i.name_zh, i.name_en, i.size, i.unit_price, 2, i.unit_price * 2, o.id = ${first}, case when o.id = ${second} then 1 else 0 end
      from orders o join order_items i on i.id = ${a!.line} where o.id in (${first}, ${second})`);
    expect(await flagsOf(first)).toEqual({ hazardous: true, backorder: false });
    expect(await flagsOf(second)).toEqual({ hazardous: false, backorder: true });
    expect(await flagsDisagree()).toBe(0);
    await t.q(sql`delete from order_items where order_id in (${first}, ${second}) and num = 2 and id > ${added!.id}`);
    expect(await flagsOf(first)).toEqual({ hazardous: false, backorder: false });
    expect(await flagsOf(second)).toEqual({ hazardous: false, backorder: false });
    expect(await flagsDisagree()).toBe(0);
  });

  it('follow a line\'s backorder set and cleared, and an order deleted with its lines', async () => {
    const [o] = await t.q<{ id: number; line: number }>(sql`select o.id, min(i.id) as line from orders o join order_items i on i.order_id = o.id
      where o.status = 'placed' and not o.backorder group by o.id order by o.id limit 1`);
    await t.q(sql`update order_items set backorder_qty = num where id = ${o!.line}`);
    expect((await flagsOf(Number(o!.id)))?.backorder).toBe(true);
    await t.q(sql`update order_items set backorder_qty = 0 where id = ${o!.line}`);
    expect((await flagsOf(Number(o!.id)))?.backorder).toBe(false);
    const copy = await t.placedOrder('buyer@demo.example.com');
    await t.q(sql`update order_items set hazardous = true where order_id = ${copy.id}`);
    expect((await flagsOf(copy.id))?.hazardous).toBe(true);
    await t.q(sql`delete from orders where id = ${copy.id}`);
    expect(await flagsDisagree()).toBe(0);
  });
});

/** One statement over order lines: new lines, changed hazard or backorder, lines moved to another order, lines removed. */
const lineChange = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), pick: fc.nat(), every: fc.integer({ min: 1, max: 4 }), hazardous: fc.boolean(), backorder: fc.boolean() }),
  fc.record({ kind: fc.constant('set' as const), pick: fc.nat(), every: fc.integer({ min: 1, max: 5 }), hazardous: fc.boolean(), backorder: fc.boolean() }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat(), every: fc.integer({ min: 1, max: 3 }) }),
);

describe('the kept flags under any changes of lines', () => {
  it('equal the flags the lines say after every statement', async () => {
    const orders = (await t.q<{ id: number }>(sql`select id from orders order by id`)).map((r) => Number(r.id));
    await fc.assert(fc.asyncProperty(fc.array(lineChange, { minLength: 1, maxLength: 6 }), async (changes) => {
      for (const c of changes) {
        const id = orders[c.pick % orders.length]!;
        // The lines of the few orders from the picked one, in one statement.
        const lines = sql`select id from order_items where order_id >= ${id} order by id`;
        if (c.kind === 'add') {
          await t.q(sql`insert into order_items (order_id, company_id, product_id, pack_id, item_no, name_zh, name_en, size, unit_price, num, line_total, hazardous, backorder_qty)
            select order_id, company_id, product_id, pack_id, item_no, name_zh, name_en, size, unit_price, num, line_total, ${c.hazardous}, case when ${c.backorder} then num else 0 end
            from order_items where id in (${lines} limit ${c.every}::int)`);
        } else if (c.kind === 'set') {
          await t.q(sql`update order_items set hazardous = ${c.hazardous}, backorder_qty = case when ${c.backorder} then num else 0 end
            where id in (${lines} limit ${c.every}::int)`);
        } else if (c.kind === 'move') {
          await t.q(sql`update order_items i set order_id = o.id, company_id = o.company_id from orders o
            where o.id = ${orders[c.to % orders.length]!} and i.id in (${lines} limit 1)`);
        } else {
          // Never an order's last line: complaints and shipments of the seed point at some.
          await t.q(sql`delete from order_items where id in (select i.id from order_items i where i.order_id >= ${id}
            and (select count(*) from order_items x where x.order_id = i.order_id) > 1
            and not exists (select 1 from complaint_lines k where k.order_item_id = i.id) order by i.id limit ${c.every}::int)`);
        }
      }
      expect(await flagsDisagree()).toBe(0);
    }), { numRuns: 20, seed: 2612 });
    expect(await orderIds(sql`o.hazardous`)).not.toEqual([]);
    expect(await orderIds(sql`o.backorder`)).not.toEqual([]);
  });
});

describe('the search', () => {
  /** An item number and a CAS number on lines of two orders of the demo buyer's company and one of the university's. */
  const ITEM = 'SRCH-A1';
  const CAS = '7732-18-5';
  beforeAll(async () => {
    const orders = await t.q<{ id: number; line: number }>(sql`
      (select o.id, min(i.id) as line from orders o join order_items i on i.order_id = o.id join users u on u.company_id = o.company_id
       where u.login_name = 'buyer@demo.example.com' group by o.id order by o.id limit 2)
      union all
      (select o.id, min(i.id) as line from orders o join order_items i on i.order_id = o.id join users u on u.company_id = o.company_id
       where u.login_name = 'buyer@univ.example.com' group by o.id order by o.id limit 1)`);
    expect(orders).toHaveLength(3);
    for (const o of orders) {
      const [line] = await t.q<{ id: number }>(copyLine(Number(o.line), Number(o.id), false));
      await t.q(sql`update order_items set item_no = ${ITEM}, cas = ${CAS} where id = ${line!.id}`);
    }
  });

  /** The orders of the search as the lines and customers say, in `scope`. */
  const expected = (line: SQL, name: string | null, scope: SQL = sql`true`) => orderIds(sql`${scope} and (
    exists (select 1 from order_items i where i.order_id = o.id and ${line})
    ${name === null ? sql`` : sql`or o.company_id in (select c.id from companies c where c.name ilike ${`%${name}%`})`})`);

  it('finds the orders of an item number through the id list and through the semi-join beyond the threshold', async () => {
    const all = await staffOf('ops', ['ORDER.VIEW', 'ORDER.VIEW_ALL']);
    const item = { item_no: ITEM };
    const want = await expected(sql`i.item_no = ${item!.item_no}`, item!.item_no);
    expect(want.length).toBeGreaterThan(1);
    expect(ids(await listed(all, { key: item!.item_no.toLowerCase() }))).toEqual(want);
    expect(ids(await listed(all, { key: item!.item_no }, 1))).toEqual(want);
    // The count beside the page counts the same orders either way.
    for (const searchIds of [ORDER_DESK_SEARCH_IDS, 1]) {
      expect((await listOrderDesk(h.db.db, all, orderDeskListInputSchema.parse({ key: item!.item_no, limit: 1 }), { searchIds })).total).toBe(want.length);
    }
  });

  it('finds the orders of a CAS number both ways', async () => {
    const all = await staffOf('ops', ['ORDER.VIEW', 'ORDER.VIEW_ALL']);
    const want = await expected(sql`i.cas = ${CAS}`, null);
    expect(want.length).toBeGreaterThan(2);
    expect(ids(await listed(all, { key: CAS }))).toEqual(want);
    expect(ids(await listed(all, { key: CAS }, 2))).toEqual(want);
    // A CAS number is no item number or name: its digits alone find nothing.
    expect(await listed(all, { key: CAS.replace(/-/g, '') })).toEqual([]);
  });

  it('finds the orders of customers by a part of their name both ways, and nothing for a key nothing matches', async () => {
    const all = await staffOf('ops', ['ORDER.VIEW', 'ORDER.VIEW_ALL']);
    const names = await t.q<{ id: number }>(sql`select id from companies where name ilike '%示例%'`);
    expect(names.length).toBeGreaterThan(1);
    const want = await expected(sql`i.item_no = '示例'`, '示例');
    expect(want.length).toBeGreaterThan(0);
    expect(ids(await listed(all, { key: '示例' }))).toEqual(want);
    expect(ids(await listed(all, { key: '示例' }, 1))).toEqual(want);
    // Wildcards are letters: a percent sign finds no customer named by it.
    expect(await listed(all, { key: '%' })).toEqual([]);
    expect(await listed(all, { key: 'NO-SUCH-ITEM-9' })).toEqual([]);
    const none = await t.call('admin', 'GET', `/api/admin/orders?key=${encodeURIComponent('无此客户或货号')}`);
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({ total: 0, items: [], nextCursor: null });
  });

  it('keeps a sales member to the orders of the customers he sees, whichever way the search goes', async () => {
    const sales = await staffOf('sales', ['ORDER.VIEW', 'CUSTOMER.VIEW']);
    const seen = sql`o.company_id in (select c.id from companies c where c.owner_staff_id is null
      or c.owner_staff_id in (select m.id from staff m join staff me on me.team_id = m.team_id where me.login_name = 'sales')
      or c.owner_staff_id in (select m.id from staff m join staff_teams tm on tm.id = m.team_id join staff me on me.id = tm.manager_id where me.login_name = 'sales'))`;
    // An item number ordered both inside and outside his scope.
    const item = { item_no: ITEM };
    const want = await expected(sql`i.item_no = ${item!.item_no}`, item!.item_no, seen);
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan((await expected(sql`i.item_no = ${item!.item_no}`, item!.item_no)).length);
    for (const searchIds of [ORDER_DESK_SEARCH_IDS, 1]) expect(ids(await listed(sales, { key: item!.item_no }, searchIds))).toEqual(want);
    // Another team's customer by name: found by the search, outside his scope.
    for (const searchIds of [ORDER_DESK_SEARCH_IDS, 1]) expect(await listed(sales, { key: '北京示例大学' }, searchIds)).toEqual([]);
    const res = await t.call('sales', 'GET', `/api/admin/orders?key=${encodeURIComponent(item!.item_no)}&limit=200`);
    expect(res.status).toBe(200);
    expect(ids((res.body.data as { items: OrderDeskRowDto[] }).items)).toEqual(want);
  });
});
