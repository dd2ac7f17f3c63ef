import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListDetailDto, ListIndexDto, ListSummaryDto, ListToCartResultDto } from '@/contracts/requisition-lists';
import { rowsOf } from '@/server/db/client';
import { productPacks, products } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';

const h = fileApiHarness();
const m = authorisationMatrix(h);
let packs: { id: number; productId: number; price: string; size: string }[];

beforeAll(async () => {
  packs = await h.db.db.select({ id: productPacks.id, productId: productPacks.productId, price: productPacks.price, size: productPacks.size })
    .from(productPacks).innerJoin(products, eq(products.id, productPacks.productId))
    .where(and(eq(products.active, true), gt(productPacks.stock, 0))).orderBy(asc(productPacks.id)).limit(200);
  // One pack per product: withdrawing one product then touches one line.
  packs = packs.filter((p, i) => packs.findIndex((q) => q.productId === p.productId) === i).slice(0, 6);
  expect(packs).toHaveLength(6);
});

type Who = 'buyerA' | 'adminA' | 'employeeA' | 'buyerB';
async function call(who: Who, method: string, path: string, json?: unknown) {
  return h.call(method, path, { token: await m.tokenOf(who), json });
}
async function create(who: Who, name: string, shared = false): Promise<ListSummaryDto> {
  const res = await call(who, 'POST', '/api/app/lists', { name, shared });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as ListSummaryDto;
}
const fields = (res: { body: { data: unknown } }) => (res.body.data as { field: string }[]).map((e) => e.field);
const pack = (i: number) => packs[i]!;

describe('requisition lists', () => {
  it('creates, lists with line counts, renames, shares and deletes', async () => {
    const made = await create('buyerA', '月度溶剂');
    expect(made).toMatchObject({ name: '月度溶剂', shared: false, mine: true, canEdit: true, canManage: true, lineCount: 0 });
    const added = await call('buyerA', 'POST', `/api/app/lists/${made.id}/lines`, { lines: [{ packId: pack(0).id, num: 2 }, { packId: pack(1).id }] });
    expect(added.body.data).toEqual({ added: 2, raised: 0, lineCount: 2 });
    const index = (await call('buyerA', 'GET', '/api/app/lists')).body.data as ListIndexDto;
    expect(index.items.find((l) => l.id === made.id)).toMatchObject({ lineCount: 2 });
    const renamed = await call('buyerA', 'POST', `/api/app/lists/${made.id}/update`, { name: '每月溶剂', shared: true });
    expect(renamed.body.data).toMatchObject({ name: '每月溶剂', shared: true });
    // Shared: the company's other members see it; the other company never does.
    expect(((await call('employeeA', 'GET', '/api/app/lists')).body.data as ListIndexDto).items.map((l) => l.id)).toContain(made.id);
    expect(((await call('buyerB', 'GET', '/api/app/lists')).body.data as ListIndexDto).items.map((l) => l.id)).not.toContain(made.id);
    expect((await call('buyerA', 'POST', `/api/app/lists/${made.id}/delete`)).status).toBe(200);
    expect((await call('buyerA', 'GET', `/api/app/lists/${made.id}`)).status).toBe(404);
    const [left] = rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from requisition_list_lines where list_id = ${made.id}`));
    expect(left?.n).toBe(0);
  });

  it('raises the quantity of a pack added again, and adds from the cart and from an order', async () => {
    const list = await create('buyerA', '再次加入');
    await call('buyerA', 'POST', `/api/app/lists/${list.id}/lines`, { lines: [{ packId: pack(0).id, num: 2 }] });
    const again = await call('buyerA', 'POST', `/api/app/lists/${list.id}/lines`, { lines: [{ packId: pack(0).id, num: 3 }, { packId: pack(0).id, num: 1 }] });
    expect(again.body.data).toEqual({ added: 0, raised: 1, lineCount: 1 });
    await call('buyerA', 'POST', '/api/app/api/order/shopcart/clean');
    expect((await call('buyerA', 'POST', `/api/app/lists/${list.id}/lines`, { source: 'cart' })).status).toBe(400);
    await call('buyerA', 'POST', '/api/app/api/order/shopcart/item/add', { packId: pack(2).id, num: 4 });
    expect((await call('buyerA', 'POST', `/api/app/lists/${list.id}/lines`, { source: 'cart' })).body.data).toEqual({ added: 1, raised: 0, lineCount: 2 });
    const [order] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select o.id from orders o join users u on u.id = o.user_id where u.login_name = 'buyer@demo.example.com' order by o.id limit 1`));
    const fromOrder = await call('buyerA', 'POST', `/api/app/lists/${list.id}/lines`, { source: 'order', orderId: order!.id });
    expect(fromOrder.status, JSON.stringify(fromOrder.body)).toBe(200);
    const [univOrder] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select o.id from orders o join users u on u.id = o.user_id where u.login_name = 'buyer@univ.example.com' order by o.id limit 1`));
    expect((await call('buyerA', 'POST', `/api/app/lists/${list.id}/lines`, { source: 'order', orderId: univOrder!.id })).status).toBe(404);
    const detail = (await call('buyerA', 'GET', `/api/app/lists/${list.id}?pageSize=10`)).body.data as ListDetailDto;
    expect(detail.lines[0]).toMatchObject({ packId: pack(0).id, num: 6, flags: [], available: true, price: pack(0).price, listPrice: null });
    expect(detail.lines.find((l) => l.packId === pack(2).id)?.num).toBe(4);
  });

  it('pages the lines, updates a line, removes lines, and flags a changed, removed or withdrawn pack', async () => {
    const list = await create('buyerA', '分页与提示');
    await call('buyerA', 'POST', `/api/app/lists/${list.id}/lines`, { lines: packs.map((p) => ({ packId: p.id })) });
    const page2 = (await call('buyerA', 'GET', `/api/app/lists/${list.id}?page=2&pageSize=10`)).body.data as ListDetailDto;
    expect(page2).toMatchObject({ total: packs.length, page: 2, lines: [] });
    const page1 = (await call('buyerA', 'GET', `/api/app/lists/${list.id}?pageSize=10`)).body.data as ListDetailDto;
    expect(page1.lines.map((l) => l.packId)).toEqual(packs.map((p) => p.id));
    const first = page1.lines[0]!;
    const updated = await call('buyerA', 'POST', `/api/app/lists/${list.id}/lines/update`, { lineId: first.id, num: 7, note: '冷藏' });
    expect(updated.body.data).toMatchObject({ id: first.id, num: 7, note: '冷藏' });
    // The catalogue changes under the list.
    await h.db.db.update(productPacks).set({ price: sql`${productPacks.price} + 1` }).where(eq(productPacks.id, pack(0).id));
    await h.db.db.update(productPacks).set({ size: 'x-changed' }).where(eq(productPacks.id, pack(1).id));
    const line3 = page1.lines[2]!;
    await h.db.db.execute(sql`update requisition_list_lines set pack_id = null where id = ${line3.id}`);
    const flagged = (await call('buyerA', 'GET', `/api/app/lists/${list.id}`)).body.data as ListDetailDto;
    expect(flagged.lines[0]!.flags).toEqual(['priceChanged']);
    expect(flagged.lines[1]!.flags).toEqual(['sizeChanged']);
    expect(flagged.lines[2]).toMatchObject({ flags: ['packRemoved'], available: false, price: null });
    // "Add all to cart": the unavailable line is skipped and named.
    await call('buyerA', 'POST', '/api/app/api/order/shopcart/clean');
    const toCart = (await call('buyerA', 'POST', `/api/app/lists/${list.id}/cart`, { all: true, lines: [{ lineId: first.id, num: 2 }] })).body.data as ListToCartResultDto;
    expect(toCart).toMatchObject({ added: packs.length - 1, count: packs.length - 1, skipped: [{ lineId: line3.id, reason: 'packRemoved' }] });
    const cart = (await call('buyerA', 'POST', '/api/app/api/order/shopcart/items')).body.data as { list: { packId: number; num: number }[] };
    expect(cart.list.find((l) => l.packId === pack(0).id)?.num).toBe(2);
    await h.db.db.update(products).set({ active: false }).where(eq(products.id, pack(3).productId));
    const chosen = (await call('buyerA', 'POST', `/api/app/lists/${list.id}/cart`, { lines: [{ lineId: page1.lines[3]!.id, num: 1 }, { lineId: page1.lines[4]!.id, num: 5 }] })).body.data as ListToCartResultDto;
    expect(chosen.added).toBe(1);
    expect(chosen.skipped.map((s) => s.reason)).toEqual(['withdrawn']);
    await h.db.db.update(products).set({ active: true }).where(eq(products.id, pack(3).productId));
    await h.db.db.update(productPacks).set({ price: sql`${productPacks.price} - 1` }).where(eq(productPacks.id, pack(0).id));
    await h.db.db.update(productPacks).set({ size: pack(1).size }).where(eq(productPacks.id, pack(1).id));
    const removed = await call('buyerA', 'POST', `/api/app/lists/${list.id}/lines/delete`, { lineIds: [first.id, line3.id] });
    expect(removed.body.data).toEqual({ removed: 2, lineCount: packs.length - 2 });
  });

  it('copies a list it sees, with its lines, and exports a list as a workbook', async () => {
    const shared = await create('adminA', '公司共享试剂', true);
    await call('adminA', 'POST', `/api/app/lists/${shared.id}/lines`, { lines: [{ packId: pack(0).id, num: 3, note: '常备' }] });
    const copy = await call('employeeA', 'POST', `/api/app/lists/${shared.id}/copy`, { name: '我的副本' });
    expect(copy.body.data).toMatchObject({ name: '我的副本', shared: false, mine: true, lineCount: 1 });
    const res = await h.app.request(`/api/app/lists/${shared.id}/export?lang=en`, { headers: { authorization: await m.tokenOf('buyerA') } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const employee = await h.app.request(`/api/app/lists/${shared.id}/export`, { headers: { authorization: await m.tokenOf('employeeA') } });
    expect(employee.status).toBe(200);
    const other = await h.app.request(`/api/app/lists/${shared.id}/export`, { headers: { authorization: await m.tokenOf('buyerB') } });
    expect(other.status).toBe(404);
    expect((await h.app.request(`/api/app/lists/${shared.id}/export`)).status).toBe(401);
  });

  it('refuses bad input with the field and changes nothing', async () => {
    const list = await create('buyerA', '输入检查');
    await create('buyerA', '重名');
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/app/lists', { name: '' }, 'name'],
      ['POST', '/api/app/lists', { name: '长'.repeat(61) }, 'name'],
      ['POST', '/api/app/lists', { name: 'x', shared: 'maybe' }, 'shared'],
      ['POST', `/api/app/lists/${list.id}/update`, {}, 'name'],
      ['POST', `/api/app/lists/${list.id}/copy`, { name: '  ' }, 'name'],
      ['POST', `/api/app/lists/${list.id}/lines`, { lines: [] }, 'lines'],
      ['POST', `/api/app/lists/${list.id}/lines`, { lines: [{ packId: pack(0).id, num: 0 }] }, 'lines.0.num'],
      ['POST', `/api/app/lists/${list.id}/lines`, { lines: [{ packId: 2_000_000_000 }] }, 'lines.0.packId'],
      ['POST', `/api/app/lists/${list.id}/lines`, { source: 'order' }, 'orderId'],
      ['POST', `/api/app/lists/${list.id}/lines`, { source: 'bogus' }, 'source'],
      ['POST', `/api/app/lists/${list.id}/lines/update`, { lineId: 1, note: 'n'.repeat(201) }, 'note'],
      ['POST', `/api/app/lists/${list.id}/lines/update`, { lineId: 1 }, 'num'],
      ['POST', `/api/app/lists/${list.id}/lines/delete`, { lineIds: [] }, 'lineIds'],
      ['POST', `/api/app/lists/${list.id}/cart`, { lines: [] }, 'lines'],
      ['POST', `/api/app/lists/${list.id}/cart`, { lines: [{ lineId: 2_000_000_000, num: 1 }] }, 'lines.0.lineId'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await call('buyerA', method, path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(fields(res), JSON.stringify(res.body)).toContain(field);
    }
    expect(fields(await call('buyerA', 'GET', `/api/app/lists/${list.id}?pageSize=13`))).toEqual(['pageSize']);
    expect(fields(await call('buyerA', 'GET', `/api/app/lists/${list.id}?page=0`))).toEqual(['page']);
    expect((await call('buyerA', 'GET', '/api/app/lists/abc')).status).toBe(400);
    const taken = await call('buyerA', 'POST', '/api/app/lists', { name: '重名' });
    expect([taken.status, fields(taken)]).toEqual([409, ['name']]);
    expect((await call('buyerA', 'POST', `/api/app/lists/${list.id}/lines/update`, { lineId: 2_000_000_000, num: 1 })).status).toBe(404);
    expect(((await call('buyerA', 'GET', `/api/app/lists/${list.id}`)).body.data as ListDetailDto).total).toBe(0);
  });

  it('holds at most 500 lines in a list', async () => {
    const list = await create('buyerA', '满额');
    const rows = Array.from({ length: 500 }, (_, i) => sql`(${list.id}, ${i}, 1, 'X', 'x', 'x', '1', '1.00')`);
    await h.db.db.execute(sql`insert into requisition_list_lines (list_id, sort, num, item_no, name_zh, name_en, size_added, price_added) values ${sql.join(rows, sql`, `)}`);
    expect((await call('buyerA', 'POST', `/api/app/lists/${list.id}/lines`, { lines: [{ packId: pack(0).id }] })).status).toBe(409);
  });
});

describe('who may see and change a list (authorisation matrix)', () => {
  it('a private list is its owner\'s alone; a shared list follows the company\'s roles; another company never sees it', async () => {
    const priv = await create('buyerA', '私人矩阵');
    const shared = await create('adminA', '共享矩阵', true);
    await call('buyerA', 'POST', `/api/app/lists/${priv.id}/lines`, { lines: [{ packId: pack(0).id }] });
    await call('adminA', 'POST', `/api/app/lists/${shared.id}/lines`, { lines: [{ packId: pack(0).id }] });
    const lineOf = async (id: number, who: Who) => ((await call(who, 'GET', `/api/app/lists/${id}`)).body.data as ListDetailDto).lines[0]!.id;
    const privLine = await lineOf(priv.id, 'buyerA');
    const sharedLine = await lineOf(shared.id, 'adminA');
    const staff = { guest: 401, staffAdmin: 401, staffSales: 401 } as const;
    await m.expect([
      { method: 'GET', path: '/api/app/lists', expect: { ...staff, buyerA: 200, adminA: 200, employeeA: 200, buyerB: 200 } },
      { method: 'POST', path: '/api/app/lists', json: { name: `矩阵新建` }, expect: { ...staff } },
      { method: 'GET', path: `/api/app/lists/${priv.id}`, expect: { ...staff, buyerA: 200, adminA: 404, employeeA: 404, buyerB: 404 } },
      { method: 'GET', path: `/api/app/lists/${shared.id}`, expect: { ...staff, buyerA: 200, adminA: 200, employeeA: 200, approverA: 200, buyerB: 404 } },
      { method: 'POST', path: `/api/app/lists/${priv.id}/lines`, json: { lines: [{ packId: pack(1).id }] }, expect: { ...staff, adminA: 404, buyerB: 404, buyerA: 200 } },
      { method: 'POST', path: `/api/app/lists/${shared.id}/lines`, json: { lines: [{ packId: pack(1).id }] }, expect: { ...staff, employeeA: 403, buyerB: 404, buyerA: 200 } },
      { method: 'POST', path: `/api/app/lists/${shared.id}/lines/update`, json: { lineId: sharedLine, num: 2 }, expect: { ...staff, employeeA: 403, buyerB: 404, buyerA: 200 } },
      { method: 'POST', path: `/api/app/lists/${priv.id}/lines/update`, json: { lineId: privLine, num: 2 }, expect: { ...staff, adminA: 404, buyerB: 404 } },
      { method: 'POST', path: `/api/app/lists/${shared.id}/update`, json: { name: '共享矩阵' }, expect: { ...staff, buyerA: 403, employeeA: 403, buyerB: 404, adminA: 200 } },
      { method: 'POST', path: `/api/app/lists/${priv.id}/update`, json: { name: '私人矩阵' }, expect: { ...staff, adminA: 404, buyerB: 404, buyerA: 200 } },
      { method: 'POST', path: `/api/app/lists/${shared.id}/copy`, json: { name: '共享矩阵副本' }, expect: { ...staff, employeeA: 200, buyerB: 404 } },
      { method: 'POST', path: `/api/app/lists/${priv.id}/copy`, json: { name: '私人矩阵副本' }, expect: { ...staff, adminA: 404, buyerB: 404 } },
      { method: 'POST', path: `/api/app/lists/${shared.id}/cart`, json: { all: true }, expect: { ...staff, employeeA: 200, buyerB: 404 } },
      { method: 'POST', path: `/api/app/lists/${priv.id}/cart`, json: { all: true }, expect: { ...staff, adminA: 404, buyerB: 404, buyerA: 200 } },
      { method: 'POST', path: `/api/app/lists/${shared.id}/lines/delete`, json: { lineIds: [sharedLine] }, expect: { ...staff, employeeA: 403, buyerB: 404 } },
      { method: 'POST', path: `/api/app/lists/${priv.id}/lines/delete`, json: { lineIds: [privLine] }, expect: { ...staff, adminA: 404, buyerB: 404 } },
      { method: 'POST', path: `/api/app/lists/${shared.id}/delete`, expect: { ...staff, buyerA: 403, employeeA: 403, buyerB: 404 } },
      { method: 'POST', path: `/api/app/lists/${priv.id}/delete`, expect: { ...staff, adminA: 404, buyerB: 404, employeeA: 404 } },
      { method: 'POST', path: `/api/app/lists/${shared.id}/delete`, expect: { adminA: 200 } },
      { method: 'POST', path: `/api/app/lists/${priv.id}/delete`, expect: { buyerA: 200 } },
    ]);
  });
});
