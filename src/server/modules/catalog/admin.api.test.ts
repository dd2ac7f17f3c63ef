import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminBrandDto, AdminCategoryDto } from '@/contracts/catalog-editing';
import { rowsOf } from '@/server/db/client';
import { categories, products } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';

const h = fileApiHarness();
const matrix = authorisationMatrix(h);

let admin = '';
beforeAll(async () => {
  admin = await h.loginStaff('admin', 'Admin#2026');
});

async function auditCount(entity: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from audit_log where entity = ${entity}`));
  return Number(rows[0]?.n ?? 0);
}

async function history(entity: string, id: number): Promise<{ action: string; changes: Record<string, { from: unknown; to: unknown }> }[]> {
  const res = await h.call('GET', `/api/admin/audit?entity=${entity}&entityId=${id}`, { token: admin });
  return (res.body.data as { items: { action: string; changes: Record<string, { from: unknown; to: unknown }> }[] }).items;
}

const BRAND = {
  code: 'nordlab', nameZh: '诺德实验', nameEn: 'Nordlab', country: 'se', logoText: 'NORDLAB',
  descriptionZh: '瑞典实验室耗材品牌。', descriptionEn: 'Swedish lab consumables.', authorised: true, recommended: false, sort: 5,
};

async function tree(): Promise<AdminCategoryDto[]> {
  return (await h.call('GET', '/api/admin/catalog/categories', { token: admin })).body.data as AdminCategoryDto[];
}

function flat(nodes: readonly AdminCategoryDto[]): AdminCategoryDto[] {
  return nodes.flatMap((n) => [n, ...flat(n.children)]);
}

describe('brands', () => {
  it('lists with search, filters, sort and pages', async () => {
    const all = (await h.call('GET', '/api/admin/catalog/brands?limit=50', { token: admin })).body.data as { total: number; items: AdminBrandDto[] };
    expect(all.total).toBeGreaterThan(3);
    expect(all.items.map((b) => b.sort)).toEqual([...all.items.map((b) => b.sort)].sort((a, b) => a - b));
    expect(all.items.some((b) => b.productCount > 0)).toBe(true);
    const found = (await h.call('GET', `/api/admin/catalog/brands?key=${encodeURIComponent('阿拉丁')}`, { token: admin })).body.data as { items: AdminBrandDto[] };
    expect(found.items.map((b) => b.code)).toEqual(['aladdin']);
    const byCode = (await h.call('GET', '/api/admin/catalog/brands?key=MACK', { token: admin })).body.data as { items: AdminBrandDto[] };
    expect(byCode.items.map((b) => b.code)).toEqual(['macklin']);
    const authorised = (await h.call('GET', '/api/admin/catalog/brands?authorised=true&limit=50', { token: admin })).body.data as { total: number; items: AdminBrandDto[] };
    expect(authorised.items.every((b) => b.authorised)).toBe(true);
    const notAuthorised = (await h.call('GET', '/api/admin/catalog/brands?authorised=false&limit=50', { token: admin })).body.data as { total: number };
    expect(authorised.total + notAuthorised.total).toBe(all.total);
    const recommended = (await h.call('GET', '/api/admin/catalog/brands?recommended=1&limit=50', { token: admin })).body.data as { items: AdminBrandDto[] };
    expect(recommended.items.length).toBeGreaterThan(0);
    expect(recommended.items.every((b) => b.recommended)).toBe(true);
    const up = (await h.call('GET', '/api/admin/catalog/brands?sort=code&limit=50', { token: admin })).body.data as { items: AdminBrandDto[] };
    const down = (await h.call('GET', '/api/admin/catalog/brands?sort=-code&limit=50', { token: admin })).body.data as { items: AdminBrandDto[] };
    expect(down.items.map((b) => b.code)).toEqual(up.items.map((b) => b.code).reverse());
    expect(up.items[0]!.code < up.items.at(-1)!.code).toBe(true);
    const page2 = (await h.call('GET', '/api/admin/catalog/brands?limit=2&offset=2', { token: admin })).body.data as { items: AdminBrandDto[] };
    expect(page2.items.map((b) => b.id)).toEqual(all.items.slice(2, 4).map((b) => b.id));
  });

  it('refuses bad list parameters with 400', async () => {
    for (const q of ['sort=password', 'authorised=maybe', 'limit=0', 'limit=51', 'offset=-1', `key=${'x'.repeat(51)}`]) {
      const res = await h.call('GET', `/api/admin/catalog/brands?${q}`, { token: admin });
      expect(res.status, q).toBe(400);
      expect(res.body.code, q).toBe(400);
    }
  });

  it('adds, reads, updates and deletes a brand, each change audited; the storefront lists it', async () => {
    const before = await auditCount('brand');
    const made = await h.call('POST', '/api/admin/catalog/brands', { token: admin, json: BRAND });
    expect(made.status).toBe(200);
    const brand = made.body.data as AdminBrandDto;
    expect(brand).toMatchObject({ ...BRAND, country: 'SE', productCount: 0 });
    expect(await auditCount('brand')).toBe(before + 1);
    expect((await h.call('GET', `/api/admin/catalog/brands/${brand.id}`, { token: admin })).body.data).toEqual(brand);

    const storefront = await h.call('POST', '/api/web/brand/getPage', { json: { type: 1, limit: 50, offset: 1 } });
    expect(JSON.stringify(storefront.body.data)).toContain('诺德实验');

    const updated = await h.call('PUT', `/api/admin/catalog/brands/${brand.id}`, { token: admin, json: { ...BRAND, nameZh: '诺德', recommended: true } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ nameZh: '诺德', recommended: true });
    const entries = await history('brand', brand.id);
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(entries[0]!.changes).toEqual({ nameZh: { from: '诺德实验', to: '诺德' }, recommended: { from: false, to: true } });

    const taken = await h.call('POST', '/api/admin/catalog/brands', { token: admin, json: { ...BRAND, code: 'aladdin' } });
    expect(taken.status).toBe(409);
    expect(taken.body.data).toEqual([expect.objectContaining({ field: 'code' })]);
    const takenByUpdate = await h.call('PUT', `/api/admin/catalog/brands/${brand.id}`, { token: admin, json: { ...BRAND, code: 'macklin' } });
    expect(takenByUpdate.status).toBe(409);

    expect((await h.call('DELETE', `/api/admin/catalog/brands/${brand.id}`, { token: admin })).status).toBe(200);
    expect((await h.call('GET', `/api/admin/catalog/brands/${brand.id}`, { token: admin })).status).toBe(404);
    expect((await history('brand', brand.id)).map((e) => e.action)).toEqual(['delete', 'update', 'create']);
  });

  it('refuses bad input with field errors in the caller\'s language, and writes nothing', async () => {
    const before = await auditCount('brand');
    const bad = await h.call('POST', '/api/admin/catalog/brands', {
      token: admin, json: { code: 'Bad Code!', nameZh: '', nameEn: 'x'.repeat(61), country: 'Sweden', sort: -1, authorised: 'perhaps' },
    });
    expect(bad.status).toBe(400);
    const fields = (bad.body.data as { field: string; message: string }[]);
    expect(fields.map((f) => f.field).sort()).toEqual(['authorised', 'code', 'country', 'nameEn', 'nameZh', 'sort']);
    expect(fields.find((f) => f.field === 'country')?.message).toContain('CN');
    const english = await h.call('POST', '/api/admin/catalog/brands', { token: admin, json: { ...BRAND, nameZh: ' ' }, headers: { 'accept-language': 'en' } });
    expect((english.body.data as { message: string }[])[0]?.message).toBe('Enter a name that is not too long');
    expect(await auditCount('brand')).toBe(before);
    expect((await h.call('PUT', '/api/admin/catalog/brands/999999', { token: admin, json: BRAND })).status).toBe(404);
    expect((await h.call('DELETE', '/api/admin/catalog/brands/999999', { token: admin })).status).toBe(404);
    expect((await h.call('GET', '/api/admin/catalog/brands/abc', { token: admin })).status).toBe(400);
  });

  it('refuses to delete a brand that products use, with a clear message', async () => {
    const all = (await h.call('GET', '/api/admin/catalog/brands?limit=50', { token: admin })).body.data as { items: AdminBrandDto[] };
    const used = all.items.find((b) => b.productCount > 0)!;
    const res = await h.call('DELETE', `/api/admin/catalog/brands/${used.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('商品');
    expect((await h.call('GET', `/api/admin/catalog/brands/${used.id}`, { token: admin })).status).toBe(200);
  });
});

describe('categories', () => {
  it('lists the three-level tree with both names, leaf flags and products', async () => {
    const nodes = flat(await tree());
    expect(nodes.length).toBeGreaterThan(10);
    expect(Math.max(...nodes.map((n) => n.level))).toBe(3);
    for (const n of nodes) expect(n.leaf, `${n.id}`).toBe(n.children.length === 0);
    expect(nodes.some((n) => n.hasProducts)).toBe(true);
    expect(nodes.every((n) => n.nameZh && n.nameEn)).toBe(true);
  });

  it('adds, renames, moves and deletes categories, keeping levels and leaf flags right, all audited', async () => {
    const before = await auditCount('category');
    const root = (await h.call('POST', '/api/admin/catalog/categories', { token: admin, json: { parentId: null, nameZh: '实验动物', nameEn: 'Lab animals' } })).body.data as AdminCategoryDto;
    expect(root).toMatchObject({ level: 1, leaf: true, parentId: null, hasProducts: false });
    const child = (await h.call('POST', '/api/admin/catalog/categories', { token: admin, json: { parentId: root.id, nameZh: '饲料', nameEn: 'Feed' } })).body.data as AdminCategoryDto;
    expect(child).toMatchObject({ level: 2, leaf: true, parentId: root.id });
    const grandchild = (await h.call('POST', '/api/admin/catalog/categories', { token: admin, json: { parentId: child.id, nameZh: '大鼠饲料', nameEn: 'Rat feed' } })).body.data as AdminCategoryDto;
    expect(grandchild.level).toBe(3);
    let nodes = flat(await tree());
    expect(nodes.find((n) => n.id === root.id)?.leaf).toBe(false);
    expect(nodes.find((n) => n.id === child.id)?.leaf).toBe(false);

    // A fourth level is refused, on creation and on a move.
    const tooDeep = await h.call('POST', '/api/admin/catalog/categories', { token: admin, json: { parentId: grandchild.id, nameZh: '四级', nameEn: 'Fourth' } });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.data).toEqual([expect.objectContaining({ field: 'parentId' })]);
    const other = (await h.call('POST', '/api/admin/catalog/categories', { token: admin, json: { parentId: null, nameZh: '器械', nameEn: 'Devices' } })).body.data as AdminCategoryDto;
    const otherChild = (await h.call('POST', '/api/admin/catalog/categories', { token: admin, json: { parentId: other.id, nameZh: '笼具', nameEn: 'Cages' } })).body.data as AdminCategoryDto;
    // `child` has a child of its own: under a level-2 category it would reach level 4.
    expect((await h.call('POST', `/api/admin/catalog/categories/${child.id}/move`, { token: admin, json: { parentId: otherChild.id, position: 0 } })).status).toBe(400);
    // Into itself or its own subtree.
    expect((await h.call('POST', `/api/admin/catalog/categories/${root.id}/move`, { token: admin, json: { parentId: grandchild.id, position: 0 } })).status).toBe(400);
    expect((await h.call('POST', `/api/admin/catalog/categories/${root.id}/move`, { token: admin, json: { parentId: root.id, position: 0 } })).status).toBe(400);

    const renamed = await h.call('PUT', `/api/admin/catalog/categories/${grandchild.id}`, { token: admin, json: { nameZh: '鼠粮', nameEn: 'Rodent feed' } });
    expect(renamed.body.data).toMatchObject({ nameZh: '鼠粮', nameEn: 'Rodent feed', level: 3 });

    // Move `child` (with its child) under `other`, first: levels follow, old parent becomes a leaf again.
    const moved = await h.call('POST', `/api/admin/catalog/categories/${child.id}/move`, { token: admin, json: { parentId: other.id, position: 0 } });
    expect(moved.status).toBe(200);
    nodes = flat(moved.body.data as AdminCategoryDto[]);
    expect(nodes.find((n) => n.id === root.id)).toMatchObject({ leaf: true, children: [] });
    expect(nodes.find((n) => n.id === other.id)?.children.map((c) => c.id)).toEqual([child.id, otherChild.id]);
    expect(nodes.find((n) => n.id === grandchild.id)?.level).toBe(3);
    // Move the grandchild to the top level: it becomes level 1, and `child` a leaf.
    nodes = flat((await h.call('POST', `/api/admin/catalog/categories/${grandchild.id}/move`, { token: admin, json: { parentId: null, position: 0 } })).body.data as AdminCategoryDto[]);
    expect(nodes.find((n) => n.id === grandchild.id)).toMatchObject({ level: 1, parentId: null });
    expect(nodes.find((n) => n.id === child.id)?.leaf).toBe(true);
    expect((await tree())[0]?.id).toBe(grandchild.id);
    // Reorder among siblings: a position past the end puts it last.
    const last = (await h.call('POST', `/api/admin/catalog/categories/${child.id}/move`, { token: admin, json: { parentId: other.id, position: 99 } })).body.data as AdminCategoryDto[];
    expect(flat(last).find((n) => n.id === other.id)?.children.map((c) => c.id)).toEqual([otherChild.id, child.id]);

    const moves = await history('category', child.id);
    expect(moves.map((e) => e.action)).toEqual(['move', 'update', 'move', 'update', 'create']);
    expect(moves[2]!.changes).toMatchObject({ parentId: { from: root.id, to: other.id } });
    // Leaf false, leaf true, then a new place when the grandchild went first at the top level.
    expect((await history('category', root.id)).map((e) => e.action)).toEqual(['update', 'update', 'update', 'create']);

    // Delete refuses a category with children; then deletes bottom-up, the parent a leaf again.
    const withChildren = await h.call('DELETE', `/api/admin/catalog/categories/${other.id}`, { token: admin });
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.msg).toBe('请先删除或移走其子分类');
    for (const id of [child.id, otherChild.id, other.id, grandchild.id, root.id]) {
      expect((await h.call('DELETE', `/api/admin/catalog/categories/${id}`, { token: admin })).status, `${id}`).toBe(200);
    }
    expect((await history('category', other.id)).map((e) => e.action)).toEqual(['delete', 'update', 'update', 'update', 'create']);
    expect(await auditCount('category')).toBeGreaterThan(before + 10);
    expect(flat(await tree()).some((n) => [root.id, child.id, other.id].includes(n.id))).toBe(false);
  });

  it('refuses to delete a category whose products or descendants\' products remain, and to nest under a category holding products', async () => {
    const [row] = await h.db.db.select({ categoryId: products.categoryId }).from(products).limit(1);
    const withProducts = row!.categoryId;
    const [category] = await h.db.db.select().from(categories).where(eq(categories.id, withProducts));
    const own = await h.call('DELETE', `/api/admin/catalog/categories/${withProducts}`, { token: admin });
    expect(own.status).toBe(409);
    expect(own.body.msg).toContain('商品');
    const ancestor = category!.parentId!;
    const viaDescendant = await h.call('DELETE', `/api/admin/catalog/categories/${ancestor}`, { token: admin });
    expect(viaDescendant.status).toBe(409);
    expect(viaDescendant.body.msg).toContain('商品');
    if (category!.level < 3) {
      const nested = await h.call('POST', '/api/admin/catalog/categories', { token: admin, json: { parentId: withProducts, nameZh: '子类', nameEn: 'Sub' } });
      expect(nested.status).toBe(400);
    }
  });

  it('refuses bad input and unknown ids', async () => {
    const before = await auditCount('category');
    const bad = await h.call('POST', '/api/admin/catalog/categories', { token: admin, json: { parentId: 'x', nameZh: '', nameEn: 'y'.repeat(61) } });
    expect(bad.status).toBe(400);
    expect((bad.body.data as { field: string }[]).map((f) => f.field).sort()).toEqual(['nameEn', 'nameZh', 'parentId']);
    const unknownParent = await h.call('POST', '/api/admin/catalog/categories', { token: admin, json: { parentId: 999999, nameZh: '甲', nameEn: 'A' } });
    expect(unknownParent.status).toBe(400);
    expect(unknownParent.body.data).toEqual([expect.objectContaining({ field: 'parentId' })]);
    expect((await h.call('PUT', '/api/admin/catalog/categories/999999', { token: admin, json: { nameZh: '甲', nameEn: 'A' } })).status).toBe(404);
    expect((await h.call('POST', '/api/admin/catalog/categories/999999/move', { token: admin, json: { parentId: null, position: 0 } })).status).toBe(404);
    expect((await h.call('DELETE', '/api/admin/catalog/categories/999999', { token: admin })).status).toBe(404);
    const [first] = await tree();
    expect((await h.call('POST', `/api/admin/catalog/categories/${first!.id}/move`, { token: admin, json: { parentId: null, position: -1 } })).status).toBe(400);
    expect((await h.call('POST', `/api/admin/catalog/categories/${first!.id}/move`, { token: admin, json: { parentId: null } })).status).toBe(400);
    expect(await auditCount('category')).toBe(before);
  });
});

describe('authorisation', () => {
  it('answers 401 to guests and customers, 403 to staff without CATALOG.EDIT, and lets operations staff in', async () => {
    const paths = [
      { method: 'GET', path: '/api/admin/catalog/brands' },
      { method: 'GET', path: '/api/admin/catalog/brands/1' },
      { method: 'POST', path: '/api/admin/catalog/brands', json: { ...BRAND, code: 'authz-probe' } },
      { method: 'PUT', path: '/api/admin/catalog/brands/1', json: BRAND },
      { method: 'DELETE', path: '/api/admin/catalog/brands/1' },
      { method: 'GET', path: '/api/admin/catalog/categories' },
      { method: 'POST', path: '/api/admin/catalog/categories', json: { parentId: null, nameZh: '甲', nameEn: 'A' } },
      { method: 'PUT', path: '/api/admin/catalog/categories/1', json: { nameZh: '甲', nameEn: 'A' } },
      { method: 'POST', path: '/api/admin/catalog/categories/1/move', json: { parentId: null, position: 0 } },
      { method: 'DELETE', path: '/api/admin/catalog/categories/1' },
    ];
    await matrix.expect(paths.map((p) => ({ ...p, expect: { guest: 401, adminA: 401, buyerB: 401, staffSales: 403 } })));
    await matrix.expect([
      { method: 'GET', path: '/api/admin/catalog/brands', expect: { staffOps: 200, staffAdmin: 200 } },
      { method: 'GET', path: '/api/admin/catalog/categories', expect: { staffOps: 200, staffAdmin: 200 } },
    ]);
  });
});
