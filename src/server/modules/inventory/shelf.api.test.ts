import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContainerDetailDto, ContainerPageDto, InventoryChoicesDto, LedgerPageDto } from '@/contracts/inventory';
import type { CarrierDto } from '@/contracts/shipments';
import { rowsOf } from '@/server/db/client';
import { SYSTEM_ACTOR } from '@/server/modules/audit/record';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix, type MatrixAccount } from '../../../../test/authz-matrix';
import { allocatedOrder } from '../../../../test/shipments';
import { containersFromShipment } from './deliveries';

/** The shelf from deliveries, the list's filters, and the authorisation matrix (ADR 0089). */

const h = fileApiHarness();
const m = authorisationMatrix(h);
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await h.db.db.execute(query));
const BUYER = 'buyer@demo.example.com';

async function call(who: MatrixAccount, method: string, path: string, json?: unknown) {
  return h.call(method, path, { token: await m.tokenOf(who), json });
}
async function ok<T>(who: MatrixAccount, method: string, path: string, json?: unknown): Promise<T> {
  const res = await call(who, method, path, json);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
}

let carrierId: number;
beforeAll(async () => {
  const res = await call('staffOps', 'GET', '/api/admin/carriers');
  carrierId = (res.body.data as CarrierDto[]).find((c) => c.code === 'SF')!.id;
});

describe('containers from a delivery', () => {
  it('makes one container per delivered unit with the lot\'s dates, the buyer as owner, and never twice', async () => {
    const order = await allocatedOrder(h, BUYER, [{ num: 3 }]);
    const lotNo = order.lines[0]!.allocations[0]!.lotNo;
    await q(sql`update product_lots set expires_on = '2027-06-30', retest_on = '2027-01-31' where lot_no = ${lotNo}`);
    const shipped = await call('staffOps', 'POST', `/api/admin/orders/${order.id}/shipments`, {
      carrierId, trackingNo: 'SF1234567890999', lines: [{ allocationId: order.lines[0]!.allocations[0]!.id, quantity: 3 }],
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const shipmentId = (shipped.body.data as { id: number }).id;
    expect((await call('buyerA', 'POST', `/api/app/orders/${order.id}/shipments/${shipmentId}/receive`)).status).toBe(200);

    const rows = await q<{ id: number; code: string; unit_index: number; expires_on: string; retest_on: string; remaining: string; amount: string; owner_id: number; lot_id: number | null; location_id: number | null; state: string }>(sql`
      select id, code, unit_index, expires_on::text as expires_on, retest_on::text as retest_on, remaining::text as remaining, amount::text as amount, owner_id, lot_id, location_id, state
      from inventory_containers where order_id = ${order.id} order by unit_index`);
    expect(rows.map((r) => r.unit_index)).toEqual([0, 1, 2]);
    expect(new Set(rows.map((r) => r.code)).size).toBe(3);
    const [buyer] = await q<{ id: number }>(sql`select id from users where login_name = ${BUYER}`);
    for (const r of rows) {
      expect(r).toMatchObject({ expires_on: '2027-06-30', retest_on: '2027-01-31', state: 'in_use', location_id: null, owner_id: buyer!.id });
      expect(r.remaining).toBe(r.amount);
      expect(r.lot_id).not.toBeNull();
    }
    const ledger = await q<{ kind: string; n: number }>(sql`select kind, count(*)::int as n from inventory_ledger where container_id in (select id from inventory_containers where order_id = ${order.id}) group by kind`);
    expect(ledger).toEqual([{ kind: 'received', n: 3 }]);

    // Delivering again: refused, and the containers stay three; the receipt itself adds none a second time.
    expect((await call('buyerA', 'POST', `/api/app/orders/${order.id}/shipments/${shipmentId}/receive`)).status).toBe(409);
    const again = await h.db.db.transaction((tx) => containersFromShipment(tx, {
      shipmentId, order: { id: order.id, companyId: order.companyId, userId: Number(buyer!.id) }, day: '2026-12-01', who: { userId: null, name: 'system', audit: SYSTEM_ACTOR },
    }));
    expect(again).toBe(0);
    expect((await q<{ n: number }>(sql`select count(*)::int as n from inventory_containers where order_id = ${order.id}`))[0]?.n).toBe(3);

    // The buyer's shelf shows them with the order and the lot.
    const page = await ok<ContainerPageDto>('buyerA', 'GET', `/api/app/inventory?key=${encodeURIComponent(rows[0]!.code)}`);
    expect(page.list.map((c) => c.id)).toEqual([Number(rows[0]!.id)]);
    const detail = await ok<ContainerDetailDto>('buyerA', 'GET', `/api/app/inventory/${rows[0]!.id}`);
    expect(detail.order).toEqual({ id: order.id, orderNo: order.orderNo });
    expect(detail.container).toMatchObject({ source: 'order', lotNo, expiresOn: '2027-06-30' });
  });
});

describe('the list', () => {
  it('filters by state, hazard and expiry, searches, sorts and pages, within the company', async () => {
    const made: ContainerDetailDto[] = [];
    for (const [name, amount, expiresOn] of [['甲苯 Toluene', '500', '2020-01-01'], ['苯酚 Phenol', '100', null], ['乙腈 Acetonitrile', '4000', '2099-12-31']] as const) {
      made.push(await ok<ContainerDetailDto>('buyerA', 'POST', '/api/app/inventory', { name, amount, unit: 'mL', cas: name.startsWith('甲苯') ? '108-88-3' : '', ...(expiresOn ? { expiresOn } : {}) }));
    }
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await q(sql`update inventory_containers set expires_on = ${soon}, control_class = 'toxic' where id = ${made[1]!.container.id}`);
    const ids = (page: ContainerPageDto) => page.list.map((c) => c.id);
    expect(ids(await ok('buyerA', 'GET', '/api/app/inventory?key=toluene'))).toEqual([made[0]!.container.id]);
    expect(ids(await ok('buyerA', 'GET', '/api/app/inventory?key=108-88-3'))).toEqual([made[0]!.container.id]);
    expect(ids(await ok('buyerA', 'GET', '/api/app/inventory?key=苯酚'))).toEqual([made[1]!.container.id]);
    // Any case; a label code alone, typed in lower case too.
    expect(ids(await ok('buyerA', 'GET', '/api/app/inventory?key=TOLUENE'))).toEqual([made[0]!.container.id]);
    expect(ids(await ok('buyerA', 'GET', `/api/app/inventory?key=${made[1]!.container.code.toLowerCase()}`))).toEqual([made[1]!.container.id]);
    expect(ids(await ok('buyerA', 'GET', '/api/app/inventory?expiry=expired&key=甲苯'))).toEqual([made[0]!.container.id]);
    expect(ids(await ok('buyerA', 'GET', '/api/app/inventory?expiry=soon'))).toContain(made[1]!.container.id);
    expect(ids(await ok('buyerA', 'GET', '/api/app/inventory?expiry=soon'))).not.toContain(made[2]!.container.id);
    const toxic = await ok<ContainerPageDto>('buyerA', 'GET', '/api/app/inventory?hazard=toxic');
    expect(ids(toxic)).toContain(made[1]!.container.id);
    expect(toxic.list.every((c) => c.controlClass === 'toxic')).toBe(true);
    expect((await ok<ContainerPageDto>('buyerA', 'GET', '/api/app/inventory?hazard=controlled')).list.every((c) => c.controlClass !== null)).toBe(true);
    // Sorted by what is left, paged.
    const byRemaining = await ok<ContainerPageDto>('buyerA', 'GET', '/api/app/inventory?sort=remaining&order=desc&limit=2&offset=1&state=all');
    expect(byRemaining.list).toHaveLength(2);
    expect(Number(byRemaining.list[0]!.remaining)).toBeGreaterThanOrEqual(Number(byRemaining.list[1]!.remaining));
    const second = await ok<ContainerPageDto>('buyerA', 'GET', '/api/app/inventory?sort=remaining&order=desc&limit=2&offset=2&state=all');
    expect(second.total).toBe(byRemaining.total);
    expect(ids(second).some((id) => ids(byRemaining).includes(id))).toBe(false);
    // Used up: not in use any more, but in the empty ones.
    await ok('buyerA', 'POST', `/api/app/inventory/${made[2]!.container.id}/use`, { amount: '4000' });
    expect(ids(await ok('buyerA', 'GET', '/api/app/inventory?key=乙腈'))).toEqual([]);
    expect(ids(await ok('buyerA', 'GET', '/api/app/inventory?key=乙腈&state=empty'))).toEqual([made[2]!.container.id]);
    // The ledger pages, newest first.
    const ledger = await ok<LedgerPageDto>('buyerA', 'GET', `/api/app/inventory/${made[2]!.container.id}/ledger?limit=1&offset=2`);
    expect(ledger).toMatchObject({ total: 2, page: 2, list: [{ kind: 'received' }] });
    // The other company sees none of it.
    const univ = await ok<ContainerPageDto>('buyerB', 'GET', '/api/app/inventory?state=all&limit=100');
    expect(ids(univ).some((id) => made.some((c) => c.container.id === id))).toBe(false);
    const choices = await ok<InventoryChoicesDto>('buyerA', 'GET', '/api/app/inventory/choices');
    expect(choices.users.length).toBeGreaterThan(1);
    expect(choices.departments.length).toBeGreaterThan(0);
    const bad = await call('buyerA', 'GET', '/api/app/inventory?sort=colour');
    expect(bad.status).toBe(400);
  });
});

describe('who may do what', () => {
  it('follows the rule: another company 404, no INVENTORY.VIEW 403, controlled chemicals need INVENTORY.CONTROLLED', async () => {
    const plain = await ok<ContainerDetailDto>('adminA', 'POST', '/api/app/inventory', { name: '氯化钠', amount: '500', unit: 'g' });
    const controlled = await ok<ContainerDetailDto>('adminA', 'POST', '/api/app/inventory', { name: '高锰酸钾', amount: '500', unit: 'g' });
    await q(sql`update inventory_containers set control_class = 'precursor' where id = ${controlled.container.id}`);
    const p = plain.container.id;
    const c = controlled.container.id;
    const ledgerRow = controlled.ledger.list[0]!.id;
    expect(await m.permissionsOf('buyerA')).toEqual(expect.arrayContaining(['INVENTORY.VIEW', 'INVENTORY.EDIT']));
    expect(await m.permissionsOf('buyerA')).not.toContain('INVENTORY.CONTROLLED');
    const read = { adminA: 200, buyerA: 200, employeeA: 403, buyerB: 404, guest: 401, staffOps: 401 };
    await m.expect([
      { method: 'GET', path: '/api/app/inventory', expect: { adminA: 200, buyerA: 200, employeeA: 403, buyerB: 200, guest: 401, staffAdmin: 401 } },
      { method: 'GET', path: '/api/app/inventory/locations', expect: { adminA: 200, buyerA: 200, employeeA: 403, buyerB: 200, guest: 401 } },
      { method: 'GET', path: '/api/app/inventory/choices', expect: { adminA: 200, employeeA: 403, guest: 401 } },
      { method: 'GET', path: `/api/app/inventory/${c}`, expect: read },
      { method: 'GET', path: `/api/app/inventory/${c}/ledger`, expect: read },
      { method: 'POST', path: `/api/app/inventory/${p}/use`, json: { amount: '1' }, expect: { buyerA: 200, adminA: 200, employeeA: 403, buyerB: 404, guest: 401 } },
      { method: 'POST', path: `/api/app/inventory/${c}/use`, json: { amount: '1' }, expect: { buyerA: 403, employeeA: 403, buyerB: 404, adminA: 200, guest: 401 } },
      { method: 'POST', path: `/api/app/inventory/${c}/correct`, json: { entryId: ledgerRow, delta: '1', purpose: '复核' }, expect: { buyerA: 403, buyerB: 404, adminA: 200 } },
      { method: 'POST', path: `/api/app/inventory/${c}/edit`, json: { note: '台账已复核' }, expect: { buyerA: 200, employeeA: 403, buyerB: 404 } },
      { method: 'POST', path: '/api/app/inventory', json: { name: 'x', amount: '1', unit: 'g' }, expect: { employeeA: 403, approverA: 403, guest: 401, staffAdmin: 401 } },
      { method: 'POST', path: '/api/app/inventory/locations', json: { name: '授权测试楼' }, expect: { employeeA: 403, guest: 401 } },
    ]);
    // buyerA refused, nothing recorded on the controlled one by them.
    const uses = await q<{ actor_name: string }>(sql`select actor_name from inventory_ledger where container_id = ${c} and kind = 'used'`);
    expect(uses).toHaveLength(1);
    await m.expect([
      { method: 'POST', path: `/api/app/inventory/${c}/move`, json: { locationId: null }, expect: { buyerA: 403, buyerB: 404 } },
      { method: 'POST', path: `/api/app/inventory/${c}/dispose`, json: {}, expect: { buyerA: 403, buyerB: 404, adminA: 200 } },
    ]);
  });
});
