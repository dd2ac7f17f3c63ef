import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MinimumsPageDto, ReorderResultDto } from '@/contracts/inventory-alerts';
import type { ListSummaryDto } from '@/contracts/requisition-lists';
import { rowsOf } from '@/server/db/client';
import { cartItems, products } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix, type MatrixAccount } from '../../../../test/authz-matrix';
import { demoPeople, grantShelf, putContainer, substanceWithPacks } from '../../../../test/shelf';

const h = fileApiHarness();
const m = authorisationMatrix(h);
let people: Awaited<ReturnType<typeof demoPeople>>;
let sub: Awaited<ReturnType<typeof substanceWithPacks>>;

beforeAll(async () => {
  await grantShelf(h.db.db);
  people = await demoPeople(h.db.db);
  sub = await substanceWithPacks(h.db.db);
});

async function call(who: MatrixAccount, method: string, path: string, json?: unknown, lang?: 'en') {
  return h.call(method, path, { token: await m.tokenOf(who), json, headers: lang ? { 'accept-language': lang } : undefined });
}
const audits = async (id: number) => rowsOf<{ action: string }>(await h.db.db.execute(sql`select action from audit_log where entity = 'inventory_minimum' and entity_id = ${String(id)} order by id`)).map((r) => r.action);

describe('minimum stock', () => {
  it('sets, lists against the in-use stock (mass, volume through the density), replaces and removes', async () => {
    const a = people.buyerA.companyId;
    const first = sub.packs[0]!;
    await h.db.db.update(products).set({ density: '0.800' }).where(eq(products.id, first.productId));
    await putContainer(h.db.db, { companyId: a, substanceId: sub.substanceId, productId: first.productId, remaining: '300', unit: 'g' });
    await putContainer(h.db.db, { companyId: a, substanceId: sub.substanceId, productId: first.productId, remaining: '0.5', unit: 'L' });
    await putContainer(h.db.db, { companyId: a, substanceId: sub.substanceId, productId: first.productId, remaining: '900', unit: 'g', state: 'empty' });
    const set = await call('buyerA', 'POST', '/api/app/inventory/minimums', { substanceId: sub.substanceId, amount: '1', unit: 'kg' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const id = (set.body.data as { id: number }).id;
    let page = (await call('buyerA', 'GET', '/api/app/inventory/minimums')).body.data as MinimumsPageDto;
    // 300 g + 500 mL × 0.8 g/mL = 700 g = 0.7 kg; the empty container does not count.
    expect(page.items.find((i) => i.id === id)).toMatchObject({ substanceId: sub.substanceId, amount: '1', unit: 'kg', current: '0.7', comparable: true, below: true, containers: 2 });
    expect(page.canEdit).toBe(true);
    expect(((await call('buyerA', 'GET', '/api/app/inventory/minimums?below=true')).body.data as MinimumsPageDto).items.map((i) => i.id)).toContain(id);

    // Replaced, not duplicated; the alert state starts afresh.
    expect((await call('buyerA', 'POST', '/api/app/inventory/minimums', { substanceId: sub.substanceId, amount: '500', unit: 'g' })).status).toBe(200);
    page = (await call('buyerA', 'GET', '/api/app/inventory/minimums')).body.data as MinimumsPageDto;
    expect(page.items.filter((i) => i.substanceId === sub.substanceId)).toEqual([expect.objectContaining({ id, amount: '500', unit: 'g', current: '700', below: false })]);

    // Without a density, a volume minimum against mass containers is not comparable.
    await h.db.db.update(products).set({ density: null }).where(eq(products.id, first.productId));
    expect((await call('buyerA', 'POST', '/api/app/inventory/minimums', { substanceId: sub.substanceId, amount: '2', unit: 'L' })).status).toBe(200);
    page = (await call('buyerA', 'GET', '/api/app/inventory/minimums')).body.data as MinimumsPageDto;
    expect(page.items.find((i) => i.id === id)).toMatchObject({ current: null, comparable: false, below: false });

    // A product key for containers without a substance.
    const loose = sub.packs[1]!;
    await putContainer(h.db.db, { companyId: a, productId: loose.productId, remaining: '3', unit: 'ea' });
    const byProduct = await call('buyerA', 'POST', '/api/app/inventory/minimums', { productId: loose.productId, amount: 5, unit: 'ea' });
    expect(byProduct.status).toBe(200);
    page = (await call('buyerA', 'GET', '/api/app/inventory/minimums')).body.data as MinimumsPageDto;
    expect(page.items.find((i) => i.productId === loose.productId)).toMatchObject({ current: '3', below: true, containers: 1 });

    expect((await call('buyerA', 'POST', `/api/app/inventory/minimums/${id}/delete`)).status).toBe(200);
    expect((await call('buyerA', 'POST', `/api/app/inventory/minimums/${id}/delete`)).status).toBe(404);
    expect(await audits(id)).toEqual(['create', 'update', 'update', 'delete']);
  });

  it('refuses bad input with a clear message in both languages, changing nothing', async () => {
    const before = ((await call('buyerA', 'GET', '/api/app/inventory/minimums')).body.data as MinimumsPageDto).total;
    const cases: [unknown, string][] = [
      [{ substanceId: sub.substanceId, amount: '0', unit: 'g' }, 'amount'],
      [{ substanceId: sub.substanceId, amount: '1.23456', unit: 'g' }, 'amount'],
      [{ substanceId: sub.substanceId, amount: '5', unit: 'lb' }, 'unit'],
      [{ amount: '5', unit: 'g' }, 'substanceId'],
      [{ substanceId: sub.substanceId, productId: sub.packs[0]!.productId, amount: '5', unit: 'g' }, 'substanceId'],
    ];
    for (const [json, field] of cases) {
      const res = await call('buyerA', 'POST', '/api/app/inventory/minimums', json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((res.body.data as { field: string }[]).map((f) => f.field), JSON.stringify(json)).toContain(field);
    }
    const zh = await call('buyerA', 'POST', '/api/app/inventory/minimums', { substanceId: sub.substanceId, amount: '0', unit: 'g' });
    expect((zh.body.data as { message: string }[])[0]?.message).toContain('大于 0');
    const en = await call('buyerA', 'POST', '/api/app/inventory/minimums', { substanceId: sub.substanceId, amount: '0', unit: 'g' }, 'en');
    expect((en.body.data as { message: string }[])[0]?.message).toContain('above 0');
    expect((await call('buyerA', 'POST', '/api/app/inventory/minimums', { substanceId: 99_999_999, amount: '1', unit: 'g' })).status).toBe(404);
    expect((await call('buyerA', 'GET', '/api/app/inventory/minimums?pageSize=7')).status).toBe(400);
    expect(((await call('buyerA', 'GET', '/api/app/inventory/minimums')).body.data as MinimumsPageDto).total).toBe(before);
  });

  it('is the company’s own: another company neither sees nor removes it; the matrix', async () => {
    const set = await call('buyerA', 'POST', '/api/app/inventory/minimums', { substanceId: sub.substanceId, amount: '2', unit: 'g' });
    const id = (set.body.data as { id: number }).id;
    await grantShelf(h.db.db);
    expect(((await call('buyerB', 'GET', '/api/app/inventory/minimums')).body.data as MinimumsPageDto).items.map((i) => i.id)).not.toContain(id);
    expect((await call('buyerB', 'POST', `/api/app/inventory/minimums/${id}/delete`)).status).toBe(404);
    const body = { substanceId: sub.substanceId, amount: '3', unit: 'g' };
    await m.expect([
      { method: 'GET', path: '/api/app/inventory/minimums', expect: { buyerA: 200, adminA: 200, employeeA: 403, guest: 401, staffAdmin: 401 } },
      { method: 'POST', path: '/api/app/inventory/minimums', json: body, expect: { buyerA: 200, adminA: 200, employeeA: 403, guest: 401, staffAdmin: 401 } },
      { method: 'POST', path: `/api/app/inventory/minimums/${id}/delete`, expect: { employeeA: 403, guest: 401, staffAdmin: 401, buyerB: 404 } },
    ]);
  });
});

describe('reorder from a container', () => {
  async function ownList(who: MatrixAccount, name: string, shared = false): Promise<ListSummaryDto> {
    return (await call(who, 'POST', '/api/app/lists', { name, shared })).body.data as ListSummaryDto;
  }

  it('puts the same pack in the cart while it is sold, else the cheapest per gram of the substance', async () => {
    const a = people.buyerA.companyId;
    const [p0, ...rest] = sub.packs;
    const c = await putContainer(h.db.db, { companyId: a, substanceId: sub.substanceId, productId: p0!.productId, packId: p0!.packId, expiresOn: '2026-12-20' });
    await h.db.db.delete(cartItems).where(eq(cartItems.userId, people.buyerA.id));
    const same = await call('buyerA', 'POST', `/api/app/inventory/containers/${c.id}/reorder`, { target: 'cart' });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data).toMatchObject({ target: 'cart', packId: p0!.packId, samePack: true, listId: null });
    const [line] = await h.db.db.select({ packId: cartItems.packId, num: cartItems.num }).from(cartItems).where(eq(cartItems.userId, people.buyerA.id));
    expect(line).toEqual({ packId: p0!.packId, num: 1 });

    // The pack's product withdrawn: the best other pack of the substance by price per gram.
    await h.db.db.update(products).set({ active: false }).where(eq(products.id, p0!.productId));
    const others = rest.filter((p) => p.productId !== p0!.productId && /^[0-9.]+ ?(g|kg|mg)$/.test(p.size));
    const grams = (s: string) => Number(s.replace(/[^0-9.]/g, '')) * (s.endsWith('kg') ? 1000 : s.endsWith('mg') ? 0.001 : 1);
    const other = await call('buyerA', 'POST', `/api/app/inventory/containers/${c.id}/reorder`, { target: 'cart' });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const picked = other.body.data as ReorderResultDto;
    expect(picked.samePack).toBe(false);
    if (others.length > 0) {
      const best = Math.min(...others.map((p) => Number(p.price) / grams(p.size)));
      expect(Number(picked.price) / grams(picked.size)).toBeLessThanOrEqual(best + 1e-9);
    }
    await h.db.db.update(products).set({ active: true }).where(eq(products.id, p0!.productId));
  });

  it('adds to a requisition list the lists’ own rule lets one edit', async () => {
    const a = people.buyerA.companyId;
    const p0 = sub.packs[0]!;
    const c = await putContainer(h.db.db, { companyId: a, substanceId: sub.substanceId, productId: p0.productId, packId: p0.packId });
    const mine = await ownList('buyerA', '再次采购');
    const res = await call('buyerA', 'POST', `/api/app/inventory/containers/${c.id}/reorder`, { target: 'list', listId: mine.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ target: 'list', listId: mine.id, packId: p0.packId });
    const [n] = rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from requisition_list_lines where list_id = ${mine.id} and pack_id = ${p0.packId}`));
    expect(n?.n).toBe(1);
    // The administrator's private list: not theirs to see (404); another company's list: 404.
    const adminList = await ownList('adminA', '管理员的清单');
    expect((await call('buyerA', 'POST', `/api/app/inventory/containers/${c.id}/reorder`, { target: 'list', listId: adminList.id })).status).toBe(404);
    const bList = await ownList('buyerB', '北京的清单');
    expect((await call('buyerA', 'POST', `/api/app/inventory/containers/${c.id}/reorder`, { target: 'list', listId: bList.id })).status).toBe(404);
  });

  it('refuses bad input, other companies’ containers and callers without the permissions', async () => {
    const a = people.buyerA.companyId;
    const p0 = sub.packs[0]!;
    const c = await putContainer(h.db.db, { companyId: a, substanceId: sub.substanceId, productId: p0.productId, packId: p0.packId });
    const bad = await call('buyerA', 'POST', `/api/app/inventory/containers/${c.id}/reorder`, { target: 'basket' });
    expect(bad.status).toBe(400);
    expect((bad.body.data as { field: string }[]).map((f) => f.field)).toContain('target');
    const noList = await call('buyerA', 'POST', `/api/app/inventory/containers/${c.id}/reorder`, { target: 'list' }, 'en');
    expect(noList.status).toBe(400);
    expect((noList.body.data as { message: string }[])[0]?.message).toContain('requisition list');
    expect((await call('buyerA', 'POST', '/api/app/inventory/containers/99999999/reorder', { target: 'cart' })).status).toBe(404);
    // Nothing sold of it any more: a clear conflict.
    const gone = await putContainer(h.db.db, { companyId: a, name: '自配溶液' });
    const none = await call('buyerA', 'POST', `/api/app/inventory/containers/${gone.id}/reorder`, { target: 'cart' });
    expect(none.status).toBe(409);
    expect(none.body.msg).toContain('没有在售');
    const b = await putContainer(h.db.db, { companyId: people.buyerB.companyId, substanceId: sub.substanceId, productId: p0.productId, packId: p0.packId });
    await m.expect([
      { method: 'POST', path: `/api/app/inventory/containers/${c.id}/reorder`, json: { target: 'cart' }, expect: { buyerA: 200, employeeA: 403, guest: 401, staffAdmin: 401, buyerB: 404 } },
      { method: 'POST', path: `/api/app/inventory/containers/${b.id}/reorder`, json: { target: 'cart' }, expect: { buyerA: 404, buyerB: 200 } },
    ]);
  });
});
