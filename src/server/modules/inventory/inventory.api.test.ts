import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContainerDetailDto, ContainerPageDto, LocationTreeDto } from '@/contracts/inventory';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix, type MatrixAccount } from '../../../../test/authz-matrix';

/** The lab's shelf (ADR 0089): containers by hand, the ledger's transitions, locations, and who may do what. */

const h = fileApiHarness();
const m = authorisationMatrix(h);
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await h.db.db.execute(query));

async function call(who: MatrixAccount, method: string, path: string, json?: unknown, lang: 'zh' | 'en' = 'zh') {
  return h.call(method, path, { token: await m.tokenOf(who), json, headers: { 'accept-language': lang } });
}
async function ok<T>(who: MatrixAccount, method: string, path: string, json?: unknown): Promise<T> {
  const res = await call(who, method, path, json);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
}
const add = (who: MatrixAccount, body: Record<string, unknown>) => ok<ContainerDetailDto>(who, 'POST', '/api/app/inventory', body);
const fields = (res: { body: { data: unknown } }) => (res.body.data as { field: string }[]).map((e) => e.field);
const sumOfDeltas = async (id: number) => (await q<{ s: string }>(sql`select coalesce(sum(delta), 0)::text as s from inventory_ledger where container_id = ${id}`))[0]?.s;

let precursorPack: number;

beforeAll(async () => {
  const [pack] = await q<{ id: number }>(sql`select k.id from product_packs k join products p on p.id = k.product_id where p.control_class = 'precursor' order by k.id limit 1`);
  expect(pack).toBeDefined();
  precursorPack = Number(pack!.id);
});

describe('containers by hand and their ledger', () => {
  it('adds a free-text container, uses it down to empty, corrects it back in use, and keeps the balance the sum of the ledger', async () => {
    const made = await add('buyerA', { name: '自配缓冲液 PBS', amount: '500', unit: 'mL', lotNo: 'LAB-1', expiresOn: '2030-01-31', note: '4 ℃ 保存' });
    expect(made.container).toMatchObject({ name: '自配缓冲液 PBS', amount: '500', remaining: '500', unit: 'mL', state: 'in_use', source: 'manual', lotNo: 'LAB-1', expiresOn: '2030-01-31', controlClass: null });
    expect(made.container.code).toMatch(/^C\d{7}$/);
    expect(made.ledger.list.map((r) => [r.kind, r.delta, r.balance])).toEqual([['received', '500', '500']]);
    const id = made.container.id;
    const used = await ok<ContainerDetailDto>('buyerA', 'POST', `/api/app/inventory/${id}/use`, { amount: '120.5', purpose: 'Western blot', day: '2026-11-02' });
    expect(used.container.remaining).toBe('379.5');
    expect(used.ledger.list[0]).toMatchObject({ kind: 'used', delta: '-120.5', balance: '379.5', purpose: 'Western blot', happenedOn: '2026-11-02' });
    // More than is left: 400 in both languages, nothing changed.
    const tooMuch = await call('buyerA', 'POST', `/api/app/inventory/${id}/use`, { amount: 400 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.msg).toContain('剩余量不能小于 0');
    const tooMuchEn = await call('buyerA', 'POST', `/api/app/inventory/${id}/use`, { amount: 400 }, 'en');
    expect(tooMuchEn.body.msg).toContain('The balance cannot go below 0');
    expect(await sumOfDeltas(id)).toBe('379.5000');
    const empty = await ok<ContainerDetailDto>('buyerA', 'POST', `/api/app/inventory/${id}/use`, { amount: '379.5' });
    expect(empty.container).toMatchObject({ remaining: '0', state: 'empty', can: { use: false } });
    expect((await call('buyerA', 'POST', `/api/app/inventory/${id}/use`, { amount: '1' })).status).toBe(409);
    // The first use was miscounted: a correction points at it and brings the container back in use.
    const usedRow = used.ledger.list[0]!;
    const corrected = await ok<ContainerDetailDto>('buyerA', 'POST', `/api/app/inventory/${id}/correct`, { entryId: usedRow.id, delta: '20.5', purpose: '称量记录有误' });
    expect(corrected.container).toMatchObject({ remaining: '20.5', state: 'in_use' });
    expect(corrected.ledger.list[0]).toMatchObject({ kind: 'correction', delta: '20.5', correctsId: usedRow.id, corrects: { happenedOn: usedRow.happenedOn, kind: 'used' } });
    expect(corrected.ledger.list[1]).toMatchObject({ corrects: null });
    const [original] = await q<{ delta: string }>(sql`select delta::text as delta from inventory_ledger where id = ${usedRow.id}`);
    expect(original?.delta).toBe('-120.5000');
    expect(await sumOfDeltas(id)).toBe('20.5000');
    const below = await call('buyerA', 'POST', `/api/app/inventory/${id}/correct`, { entryId: usedRow.id, delta: '-21', purpose: 'x' });
    expect([below.status, fields(below)]).toEqual([400, ['delta']]);
    // Disposed: nothing more is recorded.
    const disposed = await ok<ContainerDetailDto>('buyerA', 'POST', `/api/app/inventory/${id}/dispose`, { purpose: '过期废弃' });
    expect(disposed.container).toMatchObject({ state: 'disposed', remaining: '0', can: { edit: false, use: false } });
    expect((await call('buyerA', 'POST', `/api/app/inventory/${id}/move`, { locationId: null })).status).toBe(409);
    const audit = await q<{ action: string }>(sql`select action from audit_log where entity = 'inventory_container' and entity_id = ${String(id)} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['receive', 'use', 'use', 'correct', 'dispose']);
    // The ledger is append-only.
    await expect(h.db.db.execute(sql`update inventory_ledger set delta = 0 where container_id = ${id}`)).rejects.toThrow();
  });

  it('adds a catalogue pack with its names, CAS and control class; edits owner, department, expiry and note', async () => {
    const made = await add('adminA', { packId: precursorPack });
    expect(made.container).toMatchObject({ controlClass: 'precursor', source: 'manual', state: 'in_use' });
    expect(made.container.name.length).toBeGreaterThan(0);
    const [buyer] = await q<{ id: number; department_id: number }>(sql`select id, department_id from users where login_name = 'buyer@demo.example.com'`);
    const edited = await ok<ContainerDetailDto>('adminA', 'POST', `/api/app/inventory/${made.container.id}/edit`, { ownerId: buyer!.id, departmentId: buyer!.department_id, expiresOn: '2027-03-31', note: '放在防爆柜' });
    expect(edited.container).toMatchObject({ owner: { id: Number(buyer!.id) }, department: { id: Number(buyer!.department_id) }, expiresOn: '2027-03-31', note: '放在防爆柜' });
    const [other] = await q<{ id: number }>(sql`select id from users where login_name = 'buyer@univ.example.com'`);
    const foreign = await call('adminA', 'POST', `/api/app/inventory/${made.container.id}/edit`, { ownerId: other!.id });
    expect([foreign.status, fields(foreign)]).toEqual([400, ['ownerId']]);
  });

  it('gives a free-text container with a CAS number its catalogue product\'s substance and control class', async () => {
    const [product] = await q<{ cas: string; substance_id: number }>(sql`
      select cas, substance_id from products where control_class = 'precursor' and cas is not null and substance_id is not null order by id limit 1`);
    expect(product).toBeDefined();
    const made = await add('buyerA', { name: '自购试剂', cas: product!.cas, amount: '250', unit: 'mL' });
    expect(made.container).toMatchObject({ name: '自购试剂', cas: product!.cas, controlClass: 'precursor', source: 'manual' });
    const [row] = await q<{ substance_id: number }>(sql`select substance_id from inventory_containers where id = ${made.container.id}`);
    expect(Number(row!.substance_id)).toBe(Number(product!.substance_id));
    // Controlled now: the buyer without INVENTORY.CONTROLLED may add it but not use it.
    expect(made.container.can.use).toBe(false);
    expect((await call('buyerA', 'POST', `/api/app/inventory/${made.container.id}/use`, { amount: '1', purpose: 'x' })).status).toBe(403);
    // A CAS number the catalogue does not sell: free text, no class.
    const unknown = await add('buyerA', { name: '自配溶液', cas: '7732-18-5', amount: '1', unit: 'L' });
    expect(unknown.container.controlClass).toBeNull();
  });

  it('refuses bad input with the field named and changes nothing', async () => {
    const before = (await q<{ n: number }>(sql`select count(*)::int as n from inventory_containers`))[0]?.n;
    for (const [body, field] of [
      [{ amount: '5', unit: 'g' }, 'name'], [{ name: 'x', amount: '0', unit: 'g' }, 'amount'], [{ name: 'x', amount: '1.23456', unit: 'g' }, 'amount'],
      [{ name: 'x', amount: '1', unit: 'oz' }, 'unit'], [{ name: 'x', amount: '1', unit: 'g', cas: 'abc' }, 'cas'], [{ name: 'x', amount: '1', unit: 'g', expiresOn: '2026-02-30' }, 'expiresOn'],
      [{ packId: 2_000_000_000 }, 'packId'],
    ] as const) {
      const res = await call('buyerA', 'POST', '/api/app/inventory', body);
      expect([res.status, fields(res)], JSON.stringify(body)).toEqual([400, [field]]);
    }
    const made = await add('buyerA', { name: '乙醇', amount: 1, unit: 'L' });
    for (const [path, body, field] of [
      ['use', { amount: '-1' }, 'amount'], ['use', { amount: 'much' }, 'amount'], ['use', { amount: '1', purpose: 'x'.repeat(201) }, 'purpose'],
      ['correct', { entryId: made.ledger.list[0]!.id, delta: '0', purpose: 'x' }, 'delta'], ['correct', { entryId: made.ledger.list[0]!.id, delta: '1', purpose: '' }, 'purpose'],
      ['edit', { note: 'x'.repeat(501) }, 'note'], ['move', { locationId: 'here' }, 'locationId'],
    ] as const) {
      const res = await call('buyerA', 'POST', `/api/app/inventory/${made.container.id}/${path}`, body);
      expect([res.status, fields(res)], `${path} ${JSON.stringify(body)}`).toEqual([400, [field]]);
    }
    expect((await q<{ n: number }>(sql`select count(*)::int as n from inventory_containers`))[0]?.n).toBe(Number(before) + 1);
    expect(await sumOfDeltas(made.container.id)).toBe('1.0000');
  });
});

describe('locations', () => {
  it('nests buildings, rooms and cabinets; renames, reorders, moves containers in and deletes only what is empty', async () => {
    const tree1 = await ok<LocationTreeDto>('buyerA', 'POST', '/api/app/inventory/locations', { name: '测试楼 T' });
    const building = tree1.list.find((l) => l.name === '测试楼 T')!;
    expect(building).toMatchObject({ kind: 'building', parentId: null });
    const room = (await ok<LocationTreeDto>('buyerA', 'POST', '/api/app/inventory/locations', { parentId: building.id, name: '101' })).list.find((l) => l.parentId === building.id)!;
    expect(room.kind).toBe('room');
    const tree = await ok<LocationTreeDto>('buyerA', 'POST', '/api/app/inventory/locations', { parentId: room.id, name: '柜 A' });
    const cabinet = tree.list.find((l) => l.parentId === room.id)!;
    expect(cabinet.kind).toBe('cabinet');
    // Tree order: each location follows its parent.
    expect(tree.list.findIndex((l) => l.id === cabinet.id)).toBe(tree.list.findIndex((l) => l.id === room.id) + 1);
    const noMore = await call('buyerA', 'POST', '/api/app/inventory/locations', { parentId: cabinet.id, name: '抽屉' });
    expect([noMore.status, fields(noMore)]).toEqual([400, ['parentId']]);
    const twice = await call('buyerA', 'POST', '/api/app/inventory/locations', { parentId: room.id, name: '柜 A' });
    expect([twice.status, fields(twice)]).toEqual([409, ['name']]);
    expect((await call('buyerA', 'POST', '/api/app/inventory/locations', { name: '' })).status).toBe(400);
    await ok('buyerA', 'POST', '/api/app/inventory/locations', { parentId: room.id, name: '柜 B' });
    const reordered = await ok<LocationTreeDto>('buyerA', 'POST', `/api/app/inventory/locations/${cabinet.id}/reorder`, { direction: 'down' });
    expect(reordered.list.filter((l) => l.parentId === room.id).map((l) => l.name)).toEqual(['柜 B', '柜 A']);
    const renamed = await ok<LocationTreeDto>('buyerA', 'POST', `/api/app/inventory/locations/${cabinet.id}/rename`, { name: '防爆柜 A' });
    expect(renamed.list.find((l) => l.id === cabinet.id)?.name).toBe('防爆柜 A');

    const made = await add('buyerA', { name: '丙酮', amount: '2.5', unit: 'L', locationId: cabinet.id });
    expect(made.container.location.map((l) => l.name)).toEqual(['测试楼 T', '101', '防爆柜 A']);
    // The list filters by a location's whole subtree.
    const inBuilding = await ok<ContainerPageDto>('buyerA', 'GET', `/api/app/inventory?locationId=${building.id}`);
    expect(inBuilding.list.map((c) => c.id)).toEqual([made.container.id]);
    expect((await call('buyerA', 'POST', `/api/app/inventory/locations/${room.id}/delete`)).status).toBe(409);
    expect((await call('buyerA', 'POST', `/api/app/inventory/locations/${cabinet.id}/delete`)).body.msg).toContain('移走');
    const moved = await ok<ContainerDetailDto>('buyerA', 'POST', `/api/app/inventory/${made.container.id}/move`, { locationId: null });
    expect(moved.container.location).toEqual([]);
    expect(moved.ledger.list[0]).toMatchObject({ kind: 'moved', from: '测试楼 T / 101 / 防爆柜 A', to: null, delta: '0' });
    expect((await call('buyerA', 'POST', `/api/app/inventory/${made.container.id}/move`, { locationId: null })).status).toBe(400);
    // The ledger names the cabinet: it stays. The empty sibling goes.
    expect((await call('buyerA', 'POST', `/api/app/inventory/locations/${cabinet.id}/delete`)).status).toBe(409);
    const sibling = reordered.list.find((l) => l.name === '柜 B')!;
    expect((await call('buyerA', 'POST', `/api/app/inventory/locations/${sibling.id}/delete`)).status).toBe(200);
    // Another company's location does not exist for the buyer.
    const [univ] = await q<{ id: number }>(sql`
      insert into inventory_locations (company_id, kind, name) select company_id, 'building', '北楼' from users where login_name = 'buyer@univ.example.com' returning id`);
    expect((await call('buyerA', 'POST', `/api/app/inventory/${made.container.id}/move`, { locationId: univ!.id })).status).toBe(404);
    expect((await call('buyerA', 'POST', `/api/app/inventory/locations/${univ!.id}/rename`, { name: 'x' })).status).toBe(404);
  });
});
