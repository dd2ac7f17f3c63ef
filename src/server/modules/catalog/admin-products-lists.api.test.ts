import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fileApiHarness } from '../../../../test/api';
import { adminProductsHarness } from '../../../../test/admin-products';
import { bulkSetup } from '../../../../test/test-db';
import { withPatientStructurePool } from '../../../../test/workers/structure-pool';

// The back-office product list, and the prices and flags of saved products as the storefront shows them.
const h = fileApiHarness();
const { ids, product, create, list } = adminProductsHarness(h);
// Real structure workers with a time limit no drawing reaches (the limit is tested in the structures' file).
withPatientStructurePool();

describe('product lists and prices', () => {
  it('keeps a pack\'s regular price above its price, and the storefront cards, list rows, flag block and pack table carry it', async () => {
    const p = await create({
      itemNo: 'T-SPECIAL-1', isSpecial: true,
      packs: [{ size: '1 g', price: '80', listPrice: '100', stock: 3 }, { size: '5 g', price: '300', listPrice: '', stock: 1 }],
    });
    expect(p.packs.map((k) => [k.size, k.price, k.listPrice])).toEqual([['1 g', '80.00', '100.00'], ['5 g', '300.00', null]]);

    const refused = await h.call('PUT', `/api/admin/catalog/products/${p.id}`, {
      token: ids.admin, json: product({ itemNo: 'T-SPECIAL-1', isSpecial: true, packs: [{ id: p.packs[0]!.id, size: '1 g', price: '120', listPrice: '100' }, { id: p.packs[1]!.id, size: '5 g', price: '300' }] }),
      headers: { 'accept-language': 'en' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual([{ field: 'packs.0.listPrice', message: expect.stringContaining('regular price') }]);
    const refusedZh = await h.call('PUT', `/api/admin/catalog/products/${p.id}`, {
      token: ids.admin, json: product({ itemNo: 'T-SPECIAL-1', packs: [{ size: '1 g', price: '120', listPrice: '100' }] }),
    });
    expect((refusedZh.body.data as { message: string }[])[0]?.message).toContain('原价');
    expect((await h.call('GET', `/api/admin/catalog/products/${p.id}`, { token: ids.admin })).body.data).toEqual(p);

    const special = await h.call('POST', '/api/web/product/getPage', { json: { flag: 'special', key: 'T-SPECIAL-1', limit: 20 } });
    expect(special.status).toBe(200);
    const card = (special.body.data as { items: { id: number; minPrice: string; minListPrice: string | null }[] }).items.find((c) => c.id === p.id);
    expect(card).toMatchObject({ minPrice: '80.00', minListPrice: '100.00' });
    const { listFlaggedProducts } = await import('@/server/modules/catalog/queries');
    const block = await listFlaggedProducts(h.db.db, { flag: 'special', limit: 500, lang: 'en' });
    expect(block.find((c) => c.id === p.id)).toMatchObject({ minPrice: '80.00', minListPrice: '100.00' });
    const { findListRows } = await import('@/server/modules/catalog/browse');
    const [row] = await findListRows(h.db.db, [p.id], 'zh');
    expect(row?.packs.map((k) => [k.size, k.price, k.listPrice])).toEqual([['1 g', '80.00', '100.00'], ['5 g', '300.00', null]]);
    const all = await h.call('POST', '/api/web/product/details/all', { json: { id: p.id } });
    expect((all.body.data as { packs: { size: string; listPrice: string | null }[] }).packs.map((k) => [k.size, k.listPrice])).toEqual([['1 g', '100.00'], ['5 g', null]]);

    // Cleared: the cheapest pack has no regular price any more.
    const cleared = await h.call('PUT', `/api/admin/catalog/products/${p.id}`, {
      token: ids.admin, json: product({ itemNo: 'T-SPECIAL-1', isSpecial: true, packs: [{ id: p.packs[0]!.id, size: '1 g', price: '80', listPrice: null }, { id: p.packs[1]!.id, size: '5 g', price: '300' }] }),
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(await listFlaggedProducts(h.db.db, { flag: 'special', limit: 500, lang: 'zh' }).then((b) => b.find((c) => c.id === p.id)?.minListPrice)).toBeNull();
  });


  it('lists with the storefront search, withdrawn products included, filters, sorts and keyset pages', async () => {
    const p = await create({ itemNo: 'T-LIST-ACTIVE', nameZh: '列表测试甲', isHot: true });
    const off = await create({ itemNo: 'T-LIST-GONE', nameZh: '列表测试乙', active: false, cas: '7732-18-5' });
    expect((await list('key=T-LIST&active=true')).items.map((r) => r.itemNo)).toEqual(['T-LIST-ACTIVE']);
    expect((await list('key=T-LIST&active=false')).items.map((r) => r.itemNo)).toEqual(['T-LIST-GONE']);
    expect((await list('key=T-LIST')).items.map((r) => r.itemNo).sort()).toEqual(['T-LIST-ACTIVE', 'T-LIST-GONE']);
    expect((await list(`key=7732-18-5&active=false`)).items.map((r) => r.id)).toEqual([off.id]);
    expect((await list(`key=${encodeURIComponent('列表测试')}`)).items.map((r) => r.id)).toEqual(expect.arrayContaining([p.id, off.id]));
    const hot = await list('active=true&flag=hot&limit=100');
    expect(hot.items.every((r) => r.isHot && r.active)).toBe(true);
    expect(hot.items.map((r) => r.id)).toContain(p.id);
    const inactive = await list('active=false');
    expect(inactive.items.every((r) => !r.active)).toBe(true);
    const brand = await list(`brandId=${ids.brandId}&active=all&limit=5`);
    expect(brand.items.length).toBeGreaterThan(0);
    expect(brand.items.every((r) => r.brandZh.length > 0)).toBe(true);

    // Keyset pages, every state: newest first, then by item number; pages join without gaps or repeats.
    for (const q of ['active=all&sort=newest', 'active=all&sort=itemNo', 'active=true&sort=itemNo', 'active=true&sort=priceAsc']) {
      const one = await list(`${q}&limit=3`);
      expect(one.nextCursor, q).not.toBeNull();
      const two = await list(`${q}&limit=3&cursor=${encodeURIComponent(one.nextCursor!)}`);
      const both = await list(`${q}&limit=6`);
      expect([...one.items, ...two.items].map((r) => r.id), q).toEqual(both.items.map((r) => r.id));
    }
    const byItem = await list('active=all&sort=itemNo&limit=20');
    expect(byItem.items.map((r) => r.itemNo)).toEqual([...byItem.items.map((r) => r.itemNo)].sort());
    expect(byItem.totalCapped).toBe(false);
  });


  it('says "more than 1,000" for a key past the engine\'s cap, the withdrawn matches shown first aside', async () => {
    await bulkSetup(h.db.db, sql`
      insert into products (item_no, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id, active)
      select 'CAPL-' || g, '上限测试' || g, 'Capcheck ' || g, '', '', ${ids.brandId}, ${ids.leafId}, g > 2
      from generate_series(1, 1003) g`);
    const all = await list('key=capcheck&active=all&limit=5');
    expect(all).toMatchObject({ total: 1_000, totalCapped: true });
    expect(all.items.slice(0, 2).map((r) => r.active)).toEqual([false, false]);
    expect(await list('key=capcheck&active=false')).toMatchObject({ total: 2, totalCapped: false });
  });

  it('refuses bad list parameters with 400', async () => {
    for (const q of ['sort=password', 'active=maybe', 'flag=cold', 'limit=0', 'limit=101', `key=${'x'.repeat(51)}`, 'cursor=zzz', 'active=true&cursor=b.abc', 'brandId=abc']) {
      const res = await h.call('GET', `/api/admin/catalog/products?${q}`, { token: ids.admin });
      expect(res.status, q).toBe(400);
    }
  });


  it('keeps flagged products out of the storefront lists outside their promotion window', async () => {
    const past = await create({ itemNo: 'T-PROMO-PAST', isHot: true, promoStartsAt: '2020-01-01T00:00:00Z', promoEndsAt: '2020-02-01T00:00:00Z' });
    const now = await create({ itemNo: 'T-PROMO-NOW', isHot: true, promoStartsAt: '2020-01-01T00:00:00Z', promoEndsAt: null });
    const hot = await h.call('POST', '/api/web/product/getPage', { json: { flag: 'hot', limit: 100 } });
    expect(hot.status).toBe(200);
    const text = JSON.stringify(hot.body);
    expect(text).not.toContain('T-PROMO-PAST');
    expect(text).toContain('T-PROMO-NOW');
    const { listFlaggedProducts } = await import('@/server/modules/catalog/queries');
    const block = await listFlaggedProducts(h.db.db, { flag: 'hot', limit: 500, lang: 'zh' });
    expect(block.map((c) => c.id)).toContain(now.id);
    expect(block.map((c) => c.id)).not.toContain(past.id);
    // The back-office still finds it by its stored flag.
    expect((await list('active=true&flag=hot&key=T-PROMO')).items.map((r) => r.itemNo).sort()).toEqual(['T-PROMO-NOW', 'T-PROMO-PAST']);
  });

});
