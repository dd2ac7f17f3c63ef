import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FulfilmentResultDto, OrderAllocationDto } from '@/contracts/orders-allocation';
import type { OrderDetailDto } from '@/contracts/orders';
import { fileApiHarness } from '../../../../test/api';
import { allocationFixtures } from '../../../../test/allocation';
import { complaintHarness, type Login } from '../../../../test/complaints';
import { addressOf, fillCart, firstPacks, newKey, type Submitted } from '../../../../test/orders';
import zh from '../../../../messages/zh.json';

/** An error's text in the default language, up to its first parameter. */
const said = (key: keyof typeof zh.api.errors) => zh.api.errors[key].split('{')[0]!;

/** The order desk's allocation (ADR 0074): FEFO on placement, the staff's changes and cancellations, who may make them. */

const h = fileApiHarness({ products: 20 });
const t = complaintHarness(() => h);
const f = allocationFixtures(() => h);
let packs: Awaited<ReturnType<typeof firstPacks>>;
let buyer: string;

beforeAll(async () => {
  await t.login();
  buyer = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
  packs = await firstPacks(h, 12);
  await f.q(sql`update products set ghs = null, control_class = null`);
  await f.q(sql`delete from approval_rules`);
  await f.q(sql`update users set monthly_limit = null`);
  await f.q(sql`update companies set credit_limit = 0`);
});

const pack = (i: number) => packs[i]!.id;
const post = (who: Login | null, url: string, json: unknown) => t.call(who, 'POST', url, json);
const ok = (res: { status: number; body: { data?: unknown } }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as FulfilmentResultDto;
};

describe('allocation when an order is placed', () => {
  it('takes first-expiring lots first, never an expired one, and writes the rows, the lots and the line’s lot', async () => {
    await f.setLots(pack(0), [
      { lotNo: 'LATE', quantity: 5, expiresOn: '2031-06-01' }, { lotNo: 'SOON', quantity: 3, expiresOn: '2030-01-01' },
      { lotNo: 'OLD', quantity: 50, expiresOn: '2020-01-01' }, { lotNo: 'UNDATED', quantity: 9 }, { lotNo: 'RETEST', quantity: 1, retestOn: '2030-06-01' },
    ]);
    expect(await f.packStock(pack(0))).toBe(68);
    const id = await f.place(buyer, 'buyer@demo.example.com', [{ packId: pack(0), num: 7 }]);
    const [line] = await f.lines(id);
    expect(await f.allocations(id)).toEqual([
      { item: line!.id, lotNo: 'LATE', quantity: 3 }, { item: line!.id, lotNo: 'RETEST', quantity: 1 }, { item: line!.id, lotNo: 'SOON', quantity: 3 },
    ]);
    expect(await f.lotQty(pack(0))).toEqual({ LATE: 2, SOON: 0, OLD: 50, UNDATED: 9, RETEST: 0 });
    expect(await f.packStock(pack(0))).toBe(61);
    expect(line).toMatchObject({ backorder_qty: 0, lead_time_days: 0, lot_no: 'SOON' });
    expect(await f.orderRow(id)).toMatchObject({ status: 'placed', fulfilment: 'allocated', hold_reason: '' });
    const log = await f.q<{ action: string }>(sql`select action from order_approval_logs where order_id = ${id} order by id`);
    expect(log.map((l) => l.action)).toEqual(['submit', 'place', 'fulfil']);
  });

  it('leaves what stock lacks as the line’s backorder with a lead time, and allocating again takes only what is missing', async () => {
    await f.setLots(pack(1), [{ lotNo: 'A1', quantity: 4, expiresOn: '2030-01-01' }]);
    await f.q(sql`update product_packs set lead_time_days = 12 where id = ${pack(1)}`);
    const id = await f.place(buyer, 'buyer@demo.example.com', [{ packId: pack(1), num: 10 }]);
    expect(await f.orderRow(id)).toMatchObject({ fulfilment: 'backordered' });
    expect((await f.lines(id))[0]).toMatchObject({ backorder_qty: 6, lead_time_days: 12, lot_no: 'A1' });
    // Nothing arrived: allocating again changes nothing, and adds nothing to the timeline.
    const fulfilRows = async () => (await f.q<{ data: Record<string, unknown> }>(sql`select data from order_approval_logs where order_id = ${id} and action = 'fulfil' order by id`)).map((r) => r.data);
    expect(await fulfilRows()).toEqual([{ allocated: 4, fulfilmentFrom: 'none', fulfilment: 'backordered' }]);
    expect(ok(await post('ops', `/api/admin/orders/${id}/allocate`, {}))).toEqual({ status: 'placed', fulfilment: 'backordered', allocated: 0 });
    expect(await fulfilRows()).toHaveLength(1);
    // Stock arrives in a lot that expires sooner: it takes the six units still missing, nothing more.
    await f.q(sql`insert into product_lots (pack_id, lot_no, quantity, expires_on) values (${pack(1)}, 'A0', 20, '2029-01-01')`);
    expect(ok(await post('ops', `/api/admin/orders/${id}/allocate`, {}))).toEqual({ status: 'placed', fulfilment: 'allocated', allocated: 6 });
    expect((await fulfilRows())[1]).toEqual({ allocated: 6, fulfilmentFrom: 'backordered', fulfilment: 'allocated' });
    const [line] = await f.lines(id);
    expect(await f.allocations(id)).toEqual([{ item: line!.id, lotNo: 'A0', quantity: 6 }, { item: line!.id, lotNo: 'A1', quantity: 4 }]);
    expect(line).toMatchObject({ backorder_qty: 0, lead_time_days: 0, lot_no: 'A0' });
    expect(await f.lotQty(pack(1))).toEqual({ A0: 14, A1: 0 });
    const audit = await f.q<{ action: string; actor_name: string }>(sql`select action, actor_name from audit_log where entity = 'order' and entity_id = ${String(id)} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['allocate', 'allocate']);
  });

  it('shows the allocation to staff who see the order, with the free lots of its packs', async () => {
    await f.setLots(pack(2), [{ lotNo: 'B1', quantity: 2, expiresOn: '2030-01-01' }, { lotNo: 'B2', quantity: 5, expiresOn: '2031-01-01' }, { lotNo: 'BX', quantity: 5, expiresOn: '2021-01-01' }]);
    const id = await f.place(buyer, 'buyer@demo.example.com', [{ packId: pack(2), num: 3 }]);
    const res = await t.call('finance', 'GET', `/api/admin/orders/${id}/allocation`);
    expect(res.status).toBe(200);
    const view = res.body.data as OrderAllocationDto;
    expect(view).toMatchObject({ status: 'placed', fulfilment: 'allocated', holdReason: '', can: { fulfil: false, release: false } });
    expect(view.lines[0]!.lots.map((l) => [l.lotNo, l.quantity, l.shipped])).toEqual([['B1', 2, 0], ['B2', 1, 0]]);
    expect(view.freeLots.map((l) => [l.lotNo, l.quantity])).toEqual([['B2', 4]]);
    expect(((await t.call('ops', 'GET', `/api/admin/orders/${id}/allocation`)).body.data as OrderAllocationDto).can.fulfil).toBe(true);
  });
});

describe('staff change an allocation', () => {
  let id: number;
  let item: number;
  let lots: Record<string, number>;
  beforeAll(async () => {
    lots = await f.setLots(pack(3), [{ lotNo: 'C1', quantity: 5, expiresOn: '2030-01-01' }, { lotNo: 'C2', quantity: 5, expiresOn: '2031-01-01' }, { lotNo: 'CX', quantity: 5, expiresOn: '2020-01-01' }]);
    await f.setLots(pack(4), [{ lotNo: 'D1', quantity: 5 }]);
    id = await f.place(buyer, 'buyer@demo.example.com', [{ packId: pack(3), num: 4 }]);
    item = (await f.lines(id))[0]!.id;
  });
  const move = (who: Login, body: Record<string, unknown>) => post(who, `/api/admin/orders/${id}/allocation/move`, { itemId: item, reason: '客户要求较新批次', ...body });

  it('moves units to another lot of the pack and back to the backorder, each with its reason on the timeline and in the audit log', async () => {
    expect(await f.allocations(id)).toEqual([{ item, lotNo: 'C1', quantity: 4 }]);
    expect(ok(await move('ops', { fromLotId: lots.C1, toLotId: lots.C2, quantity: 3 }))).toMatchObject({ fulfilment: 'allocated' });
    expect(await f.allocations(id)).toEqual([{ item, lotNo: 'C1', quantity: 1 }, { item, lotNo: 'C2', quantity: 3 }]);
    expect(await f.lotQty(pack(3))).toMatchObject({ C1: 4, C2: 2 });
    expect(ok(await move('ops', { fromLotId: lots.C1, toLotId: null, quantity: 1 }))).toMatchObject({ fulfilment: 'backordered' });
    expect(await f.allocations(id)).toEqual([{ item, lotNo: 'C2', quantity: 3 }]);
    expect((await f.lines(id))[0]).toMatchObject({ backorder_qty: 1, lot_no: 'C2' });
    expect(await f.lotQty(pack(3))).toMatchObject({ C1: 5, C2: 2 });
    const log = await f.q<{ action: string; reason: string }>(sql`select action, reason from order_approval_logs where order_id = ${id} and action like 'allocation%' order by id`);
    expect(log).toEqual([{ action: 'allocationMove', reason: '客户要求较新批次' }, { action: 'allocationRelease', reason: '客户要求较新批次' }]);
    const audit = await f.q<{ action: string; data: { note: { reason: string; toLot: string } } }>(sql`select action, data from audit_log where entity = 'order' and entity_id = ${String(id)} order by id`);
    expect(audit.map((a) => [a.action, a.data.note.toLot])).toEqual([['change', 'C2'], ['change', '']]);
    // The buyer's timeline reads the change in words.
    const detail = (await t.call('buyer', 'GET', `/api/app/order/sale?id=${id}`)).body.data as OrderDetailDto;
    expect(detail.logs.find((l) => l.action === 'allocationMove')?.detail).toContain('C1 → C2');
  });

  it('refuses bad input with the envelope and changes nothing', async () => {
    const before = [await f.allocations(id), await f.lotQty(pack(3))];
    const cases: [Record<string, unknown>, number, keyof typeof zh.api.errors | ''][] = [
      [{ fromLotId: lots.C2, toLotId: lots.C1, quantity: 1, reason: '' }, 400, 'allocationReasonRequired'],
      [{ fromLotId: lots.C2, toLotId: lots.C1, quantity: 1, reason: 'x'.repeat(101) }, 400, 'allocationReasonTooLong'],
      [{ fromLotId: lots.C2, toLotId: lots.C2, quantity: 1 }, 400, 'allocationSameLot'],
      [{ fromLotId: lots.C2, toLotId: lots.C1, quantity: 0 }, 400, 'quantityRange'],
      [{ fromLotId: lots.C2, toLotId: lots.C1, quantity: '1.5' }, 400, 'notWholeNumber'],
      [{ fromLotId: lots.C2, toLotId: lots.C1, quantity: 1, extra: 1 }, 400, ''],
      [{ fromLotId: lots.C2, toLotId: lots.CX, quantity: 1 }, 400, 'lotNotAllocatable'],
      [{ fromLotId: lots.C2, toLotId: (await f.q<{ id: number }>(sql`select id from product_lots where lot_no = 'D1'`))[0]!.id, quantity: 1 }, 400, 'lotNotAllocatable'],
      [{ fromLotId: lots.C2, toLotId: lots.C1, quantity: 4 }, 409, 'allocationShipped'],
      [{ fromLotId: lots.C1, toLotId: lots.C2, quantity: 1 }, 404, 'allocationNotFound'],
      [{ fromLotId: lots.C2, toLotId: lots.C1, quantity: 1, itemId: 2147483647 }, 404, 'orderLineNotFound'],
    ];
    for (const [body, status, key] of cases) {
      const res = await move('ops', body);
      expect(res.status, JSON.stringify([body, res.body])).toBe(status);
      if (key) expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(said(key));
    }
    expect(await move('ops', { fromLotId: lots.C2, toLotId: lots.C1, quantity: 1 }).then((r) => r.status)).toBe(200);
    await move('ops', { fromLotId: lots.C1, toLotId: lots.C2, quantity: 1 });
    expect([await f.allocations(id), await f.lotQty(pack(3))]).toEqual(before);
  });

  it('moves shipped units never', async () => {
    await f.q(sql`update order_allocations set shipped = 2 where order_id = ${id}`);
    const res = await move('ops', { fromLotId: lots.C2, toLotId: lots.C1, quantity: 2 });
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain(said('allocationShipped'));
    expect(ok(await move('ops', { fromLotId: lots.C2, toLotId: lots.C1, quantity: 1 }))).toMatchObject({ status: 'placed' });
    await f.q(sql`update order_allocations set shipped = 0 where order_id = ${id}`);
  });
});

describe('cancellations', () => {
  it('cancels a line: its stock back to the lots, the totals recomputed, on the timeline and in the audit log; the last line voids the order', async () => {
    await f.setLots(pack(5), [{ lotNo: 'E1', quantity: 10 }]);
    await f.setLots(pack(6), [{ lotNo: 'F1', quantity: 10 }]);
    const id = await f.place(buyer, 'buyer@demo.example.com', [{ packId: pack(5), num: 2 }, { packId: pack(6), num: 3 }]);
    const [first, second] = await f.lines(id);
    const bad = await post('ops', `/api/admin/orders/${id}/lines/cancel`, { itemId: first!.id, reason: '  ' });
    expect(bad.status).toBe(400);
    expect((await f.lines(id))[0]!.cancelled).toBe(false);
    expect(ok(await post('ops', `/api/admin/orders/${id}/lines/cancel`, { itemId: first!.id, reason: '客户不再需要' }))).toMatchObject({ status: 'placed', fulfilment: 'allocated' });
    expect(await f.lotQty(pack(5))).toEqual({ E1: 10 });
    expect(await f.orderRow(id)).toMatchObject({ total: second!.line_total, line_count: 1 });
    expect((await post('ops', `/api/admin/orders/${id}/lines/cancel`, { itemId: first!.id, reason: '再次' })).status).toBe(404);
    const detail = (await t.call('buyer', 'GET', `/api/app/order/sale?id=${id}`)).body.data as OrderDetailDto;
    expect(detail.items.map((i) => i.cancelled)).toEqual([true, false]);
    expect(detail.total).toBe(second!.line_total);
    expect(ok(await post('ops', `/api/admin/orders/${id}/lines/cancel`, { itemId: second!.id, reason: '客户不再需要' }))).toEqual({ status: 'cancelled', fulfilment: 'none', allocated: 0 });
    expect(await f.lotQty(pack(6))).toEqual({ F1: 10 });
    expect(await f.allocations(id)).toEqual([]);
    const log = await f.q<{ action: string }>(sql`select action from order_approval_logs where order_id = ${id} order by id`);
    expect(log.map((l) => l.action)).toEqual(['submit', 'place', 'fulfil', 'cancelLine', 'cancelLine', 'void']);
    const audit = await f.q<{ action: string }>(sql`select action from audit_log where entity = 'order' and entity_id = ${String(id)} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['cancel', 'cancel']);
  });

  it('cancels an order: every allocation back to its lots; refuses shipped units and a cancelled order', async () => {
    await f.setLots(pack(7), [{ lotNo: 'G1', quantity: 10 }]);
    const id = await f.place(buyer, 'buyer@demo.example.com', [{ packId: pack(7), num: 4 }]);
    expect(await f.lotQty(pack(7))).toEqual({ G1: 6 });
    await f.q(sql`update order_allocations set shipped = 1 where order_id = ${id}`);
    const refused = await post('ops', `/api/admin/orders/${id}/cancel`, { reason: '客户取消' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(said('orderShipped'));
    const line = (await f.lines(id))[0]!.id;
    expect((await post('ops', `/api/admin/orders/${id}/lines/cancel`, { itemId: line, reason: '客户取消' })).body.msg).toBe(said('orderLineShipped'));
    expect(await f.orderRow(id)).toMatchObject({ status: 'placed', fulfilment: 'allocated' });
    await f.q(sql`update order_allocations set shipped = 0 where order_id = ${id}`);
    expect((await post('ops', `/api/admin/orders/${id}/cancel`, {})).status).toBe(400);
    expect(ok(await post('ops', `/api/admin/orders/${id}/cancel`, { reason: '客户取消' }))).toEqual({ status: 'cancelled', fulfilment: 'none', allocated: 0 });
    expect(await f.lotQty(pack(7))).toEqual({ G1: 10 });
    expect((await post('ops', `/api/admin/orders/${id}/cancel`, { reason: '再次' })).status).toBe(409);
    expect((await post('ops', `/api/admin/orders/${id}/allocate`, {})).status).toBe(409);
  });
});

describe('who may change an allocation', () => {
  it('answers guests and customers 401, staff without the permission 403, and staff outside the order’s scope 404', async () => {
    await f.setLots(pack(8), [{ lotNo: 'H1', quantity: 50 }]);
    const univ = await h.loginUser('buyer@univ.example.com', 'Reagent#2026');
    const mine = await f.place(buyer, 'buyer@demo.example.com', [{ packId: pack(8), num: 1 }]);
    const theirs = await f.place(univ, 'buyer@univ.example.com', [{ packId: pack(8), num: 1 }]);
    const lotId = (await f.q<{ id: number }>(sql`select id from product_lots where pack_id = ${pack(8)}`))[0]!.id;
    const calls = (orderId: number, itemId: number): [string, unknown][] => [
      [`/api/admin/orders/${orderId}/allocate`, {}],
      [`/api/admin/orders/${orderId}/allocation/move`, { itemId, fromLotId: lotId, toLotId: null, quantity: 1, reason: '测试' }],
      [`/api/admin/orders/${orderId}/lines/cancel`, { itemId, reason: '测试' }],
      [`/api/admin/orders/${orderId}/cancel`, { reason: '测试' }],
    ];
    const item = async (orderId: number) => (await f.lines(orderId))[0]!.id;
    for (const [url, body] of calls(mine, await item(mine))) {
      expect((await post(null, url, body)).status, url).toBe(401);
      expect((await post('buyer', url, body)).status, url).toBe(401);
      for (const who of ['sales', 'finance'] as const) {
        const res = await post(who, url, body);
        expect(res.status, `${who} ${url}`).toBe(403);
        expect(JSON.stringify(res.body)).toContain('ORDER.FULFIL');
      }
    }
    expect((await post('ops', `/api/admin/orders/${mine}/release`, { reason: '测试' })).status).toBe(403);
    expect((await t.call(null, 'GET', `/api/admin/orders/${mine}/allocation`)).status).toBe(401);
    expect(await f.orderRow(mine)).toMatchObject({ status: 'placed', fulfilment: 'allocated' });
    // Sales granted ORDER.FULFIL: their own customers' orders only; another team's is 404, as for one that does not exist.
    await f.q(sql`insert into staff_role_permissions (role_id, permission) select id, 'ORDER.FULFIL' from staff_roles where name = '销售' on conflict do nothing`);
    try {
      for (const [url, body] of calls(theirs, await item(theirs))) expect((await post('sales', url, body)).status, url).toBe(404);
      expect((await t.call('sales', 'GET', `/api/admin/orders/${theirs}/allocation`)).status).toBe(404);
      expect(await f.orderRow(theirs)).toMatchObject({ status: 'placed', fulfilment: 'allocated' });
      expect(ok(await post('sales', `/api/admin/orders/${mine}/allocation/move`, { itemId: await item(mine), fromLotId: lotId, toLotId: null, quantity: 1, reason: '测试' })))
        .toMatchObject({ fulfilment: 'backordered' });
      expect(ok(await post('sales', `/api/admin/orders/${mine}/cancel`, { reason: '测试' }))).toMatchObject({ status: 'cancelled' });
    } finally {
      await f.q(sql`delete from staff_role_permissions where permission = 'ORDER.FULFIL' and role_id in (select id from staff_roles where name = '销售')`);
    }
    for (const id of ['abc', '0', '-1', '2147483648']) expect((await post('ops', `/api/admin/orders/${id}/cancel`, { reason: 'x' })).status, id).toBe(400);
    expect((await post('ops', '/api/admin/orders/2147483647/cancel', { reason: 'x' })).status).toBe(404);
  });
});

describe('the order list by fulfilment', () => {
  it('filters by fulfilment state and shows it on each row; refuses an unknown state', async () => {
    const rows = async (fulfilment: string) => {
      const res = await t.call('admin', 'GET', `/api/admin/orders?fulfilment=${fulfilment}&limit=200`);
      expect(res.status).toBe(200);
      return (res.body.data as { items: { id: number; fulfilment: string }[] }).items;
    };
    const expected = async (state: string) => (await f.q<{ id: number }>(sql`select id from orders where fulfilment = ${state} order by created_at desc, id desc`)).map((r) => Number(r.id));
    for (const state of ['allocated', 'backordered', 'none']) {
      const got = await rows(state);
      expect(got.map((r) => r.id).sort()).toEqual((await expected(state)).sort());
      expect(got.every((r) => r.fulfilment === state)).toBe(true);
    }
    expect((await rows('allocated')).length).toBeGreaterThan(0);
    expect((await t.call('admin', 'GET', '/api/admin/orders?fulfilment=lost')).status).toBe(400);
  });
});

describe('the upgrade of a database made before allocation', () => {
  it('makes orders placed earlier wait for allocation and requests the invoice their buyer asked for; leaves the rest', async () => {
    await f.setLots(pack(9), [{ lotNo: 'U1', quantity: 10 }]);
    const earlier = await f.place(buyer, 'buyer@demo.example.com', [{ packId: pack(9), num: 2 }]);
    const allocated = await f.place(buyer, 'buyer@demo.example.com', [{ packId: pack(9), num: 1 }]);
    // As a release before this one left them: no allocation, no fulfilment, no invoice state.
    await f.q(sql`delete from order_allocations where order_id = ${earlier}`);
    await f.q(sql`update orders set fulfilment = 'none', invoice_status = 'none', invoice_type = 'ordinary' where id = ${earlier}`);
    await fillCart(h, buyer, [{ packId: pack(9), num: 1 }]);
    const made = await h.call('POST', '/api/app/api/order/add', { token: buyer, json: { idempotencyKey: newKey(), addressId: await addressOf(h, 'buyer@demo.example.com'), deliveryMethod: 'pickup', invoiceType: 'none' } });
    const passed = (made.body.data as Submitted).id;
    await f.q(sql.raw(readFileSync(path.resolve(__dirname, '../../db/upgrades/0023-placed-orders-fulfilment.sql'), 'utf8')));
    expect(await f.q(sql`select fulfilment, invoice_status from orders where id = ${earlier}`)).toEqual([{ fulfilment: 'backordered', invoice_status: 'requested' }]);
    expect(await f.orderRow(allocated)).toMatchObject({ fulfilment: 'allocated' });
    expect(await f.q(sql`select status, fulfilment, invoice_status from orders where id = ${passed}`)).toEqual([{ status: 'passed', fulfilment: 'none', invoice_status: 'none' }]);
    // Staff allocate it again from the record.
    expect(ok(await post('ops', `/api/admin/orders/${earlier}/allocate`, {}))).toEqual({ status: 'placed', fulfilment: 'allocated', allocated: 2 });
  });
});
