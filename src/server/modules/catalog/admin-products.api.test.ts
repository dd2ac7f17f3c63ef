import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminProductDto } from '@/contracts/catalog-editing-products';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';
import { adminProductsHarness } from '../../../../test/admin-products';
import { authorisationMatrix } from '../../../../test/authz-matrix';
import { withPatientStructurePool } from '../../../../test/workers/structure-pool';

// Saving and deleting back-office products; their lists and prices are in admin-products-lists.api.test.ts,
// their structures in admin-products-structures.api.test.ts.
const h = fileApiHarness();
const matrix = authorisationMatrix(h);
const { ids, auditRows, product, create } = adminProductsHarness(h);
// Real structure workers with a time limit no drawing reaches (the limit is tested in the structures' file).
withPatientStructurePool();

describe('products', () => {
  it('adds a product with its packs, computing molecular weight and pinyin; audited; the storefront shows it', async () => {
    const before = await auditRows('product');
    const beforePacks = await auditRows('product_pack');
    const p = await create();
    expect(p).toMatchObject({
      itemNo: 'T-ETOH-1', cas: '64-17-5', molecularWeight: '46.069', pinyin: 'wushuiyichun', pinyinInitials: 'wsyc',
      synonyms: ['Ethyl alcohol', '酒精'], pictograms: ['GHS02', 'GHS07'], signalWord: 'danger', hasOrders: false,
    });
    expect(p.packs.map((k) => [k.size, k.price, k.sort])).toEqual([['500 mL', '38.50', 10], ['2.5 L', '120.00', 20]]);
    expect(await auditRows('product')).toBe(before + 1);
    expect(await auditRows('product_pack')).toBe(beforePacks + 2);
    expect((await h.call('GET', `/api/admin/catalog/products/${p.id}`, { token: ids.admin })).body.data).toEqual(p);

    const detail = await h.call('POST', '/api/web/product/getDetails', { json: { id: p.id } });
    expect(JSON.stringify(detail.body)).toContain('无水乙醇');
  });


  it('updates fields and packs in one save: edits, reorders, adds and removes packs', async () => {
    const p = await create({ itemNo: 'T-UPD-1' });
    const [first, second] = p.packs;
    const res = await h.call('PUT', `/api/admin/catalog/products/${p.id}`, {
      token: ids.admin,
      json: product({
        itemNo: 't-upd-1', nameEn: 'Ethanol', formula: 'CuSO4·5H2O', smiles: null, cas: '7758998', density: 0.789,
        packs: [{ id: second!.id, size: '2.5 L', price: '99', leadTimeDays: 2, stock: 4 }, { size: '10 L', price: '0', stock: 1 }],
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = res.body.data as AdminProductDto;
    expect(saved).toMatchObject({ itemNo: 'T-UPD-1', nameEn: 'Ethanol', cas: '7758-99-8', molecularWeight: '249.677', smiles: null, density: '0.789' });
    expect(saved.packs.map((k) => [k.id === second!.id, k.size, k.price, k.sort])).toEqual([[true, '2.5 L', '99.00', 10], [false, '10 L', '0.00', 20]]);
    expect(saved.packs.some((k) => k.id === first!.id)).toBe(false);
    const history = (await h.call('GET', `/api/admin/audit?entity=product&entityId=${p.id}`, { token: ids.admin })).body.data as { items: { action: string; changes: Record<string, unknown> }[] };
    expect(history.items.map((e) => e.action)).toEqual(['update', 'create']);
    expect(Object.keys(history.items[0]!.changes).sort()).toEqual(['cas', 'density', 'formula', 'molecularWeight', 'nameEn', 'smiles']);
  });


  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await auditRows('product');
    const cases: [Record<string, unknown>, string, number][] = [
      [{ cas: '64-17-6' }, 'cas', 400],
      [{ smiles: 'C1CC(' }, 'smiles', 400],
      [{ formula: 'C6H12Xx6' }, 'formula', 400],
      [{ formula: 'Ca(OH2' }, 'formula', 400],
      [{ categoryId: ids.branchId }, 'categoryId', 400],
      [{ brandId: 999999 }, 'brandId', 400],
      [{ packs: [{ size: '1 g', price: '-1' }] }, 'packs.0.price', 400],
      [{ packs: [{ size: '1 g', price: '1.234' }] }, 'packs.0.price', 400],
      [{ packs: [{ size: '1 g', price: '10', listPrice: '10' }] }, 'packs.0.listPrice', 400],
      [{ packs: [{ size: '1 g', price: '10', listPrice: '9.99' }] }, 'packs.0.listPrice', 400],
      [{ packs: [{ size: '1 g', price: '10', listPrice: '12.345' }] }, 'packs.0.listPrice', 400],
      [{ packs: [{ size: '1 g', price: '10', listPrice: 'abc' }] }, 'packs.0.listPrice', 400],
      [{ hazardStatements: ['H999'] }, 'hazardStatements', 400],
      [{ precautionaryStatements: ['H225'] }, 'precautionaryStatements', 400],
      [{ pictograms: ['GHS10'] }, 'pictograms.0', 400],
      [{ mdl: 'MFCD1' }, 'mdl', 400],
      [{ itemNo: 'bad item!' }, 'itemNo', 400],
      [{ density: '0' }, 'density', 400],
      [{ density: '31' }, 'density', 400],
      [{ density: '0.7891' }, 'density', 400],
      [{ density: 'heavy' }, 'density', 400],
      [{ promoStartsAt: '2026-02-01T00:00:00Z', promoEndsAt: '2026-01-01T00:00:00Z' }, 'promoEndsAt', 400],
    ];
    for (const [over, field, status] of cases) {
      const res = await h.call('POST', '/api/admin/catalog/products', { token: ids.admin, json: product({ itemNo: 'T-BAD-1', ...over }) });
      expect(res.status, JSON.stringify(over)).toBe(status);
      expect((res.body.data as { field: string }[]).map((f) => f.field), JSON.stringify(over)).toContain(field);
    }
    const english = await h.call('POST', '/api/admin/catalog/products', { token: ids.admin, json: product({ itemNo: 'T-BAD-1', cas: '50-00-1' }), headers: { 'accept-language': 'en' } });
    expect((english.body.data as { message: string }[])[0]?.message).toContain('check digit');
    expect(await auditRows('product')).toBe(before);
    expect((await h.call('GET', '/api/admin/catalog/products/999999', { token: ids.admin })).status).toBe(404);
    expect((await h.call('PUT', '/api/admin/catalog/products/999999', { token: ids.admin, json: product({ itemNo: 'T-NONE' }) })).status).toBe(404);
  });


  it('answers 409 for a taken item number, on create and update', async () => {
    const a = await create({ itemNo: 'T-DUP-A' });
    await create({ itemNo: 'T-DUP-B' });
    const taken = await h.call('POST', '/api/admin/catalog/products', { token: ids.admin, json: product({ itemNo: 't-dup-a' }) });
    expect(taken.status).toBe(409);
    expect(taken.body.data).toEqual([expect.objectContaining({ field: 'itemNo' })]);
    expect((await h.call('PUT', `/api/admin/catalog/products/${a.id}`, { token: ids.admin, json: product({ itemNo: 'T-DUP-B' }) })).status).toBe(409);
  });


  it('sets active and flags in bulk, audited per product', async () => {
    const a = await create({ itemNo: 'T-BULK-A' });
    const b = await create({ itemNo: 'T-BULK-B' });
    const res = await h.call('POST', '/api/admin/catalog/products/bulk', { token: ids.admin, json: { ids: [a.id, b.id], set: { active: false, isSpecial: true } } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ updated: 2 });
    const again = await h.call('POST', '/api/admin/catalog/products/bulk', { token: ids.admin, json: { ids: [a.id, b.id], set: { active: false } } });
    expect(again.body.data).toEqual({ updated: 0 });
    expect((await h.call('GET', `/api/admin/catalog/products/${a.id}`, { token: ids.admin })).body.data).toMatchObject({ active: false, isSpecial: true });
    expect((await h.call('POST', '/api/admin/catalog/products/bulk', { token: ids.admin, json: { ids: [a.id], set: {} } })).status).toBe(400);
    expect((await h.call('POST', '/api/admin/catalog/products/bulk', { token: ids.admin, json: { ids: [], set: { active: true } } })).status).toBe(400);
  });


  it('refuses to delete or drop packs that orders or carts use; deletes an unused product', async () => {
    const [ordered] = rowsOf<{ product_id: number; pack_id: number }>(await h.db.db.execute(sql`select product_id, pack_id from order_items order by id limit 1`));
    expect(ordered).toBeDefined();
    const res = await h.call('DELETE', `/api/admin/catalog/products/${ordered!.product_id}`, { token: ids.admin });
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('订单');
    const current = (await h.call('GET', `/api/admin/catalog/products/${ordered!.product_id}`, { token: ids.admin })).body.data as AdminProductDto;
    expect(current.hasOrders).toBe(true);
    expect(current.packs.find((k) => k.id === Number(ordered!.pack_id))?.referenced).toBe(true);
    const input = {
      ...product(), ...Object.fromEntries(Object.entries(current).filter(([k]) => k in product())),
      packs: current.packs.filter((k) => k.id !== Number(ordered!.pack_id)).map(({ id, size, price, leadTimeDays, stock }) => ({ id, size, price, leadTimeDays, stock })),
    };
    const drop = await h.call('PUT', `/api/admin/catalog/products/${current.id}`, { token: ids.admin, json: input });
    expect(drop.status, JSON.stringify(drop.body)).toBe(409);

    // On a customer's quote request (no orders, no carts): neither the product nor that pack can go.
    const quoted = await create({ itemNo: 'T-QUOTE-1' });
    await h.db.db.execute(sql`with r as (
        insert into quote_requests (company_id, user_id, source) select u.company_id, u.id, 'product' from users u where u.company_id is not null order by u.id limit 1 returning id)
      insert into quote_request_lines (request_id, product_id, pack_id, num) select r.id, ${quoted.id}, ${quoted.packs[0]!.id}, 1 from r`);
    const quotedDelete = await h.call('DELETE', `/api/admin/catalog/products/${quoted.id}`, { token: ids.admin });
    expect(quotedDelete.status).toBe(409);
    expect(quotedDelete.body.msg).toContain('报价');
    const onQuote = (await h.call('GET', `/api/admin/catalog/products/${quoted.id}`, { token: ids.admin })).body.data as AdminProductDto;
    expect(onQuote.packs.find((k) => k.id === quoted.packs[0]!.id)?.referenced).toBe(true);
    const quotedDrop = await h.call('PUT', `/api/admin/catalog/products/${quoted.id}`, { token: ids.admin, json: product({ itemNo: 'T-QUOTE-1', packs: [] }) });
    expect(quotedDrop.status, JSON.stringify(quotedDrop.body)).toBe(409);

    // In a cart (no orders): neither the product nor that pack can go.
    const carted = await create({ itemNo: 'T-CART-1' });
    await h.db.db.execute(sql`insert into cart_items (company_id, user_id, product_id, pack_id, num)
      select u.company_id, u.id, ${carted.id}, ${carted.packs[0]!.id}, 1 from users u where u.company_id is not null order by u.id limit 1`);
    const inCart = await h.call('DELETE', `/api/admin/catalog/products/${carted.id}`, { token: ids.admin, headers: { 'accept-language': 'en' } });
    expect(inCart.status).toBe(409);
    expect(inCart.body.msg).toContain('carts');
    const dropCarted = await h.call('PUT', `/api/admin/catalog/products/${carted.id}`, { token: ids.admin, json: product({ itemNo: 'T-CART-1', packs: [] }) });
    expect(dropCarted.status).toBe(409);
    expect(((await h.call('GET', `/api/admin/catalog/products/${carted.id}`, { token: ids.admin })).body.data as AdminProductDto).packs).toHaveLength(2);

    const unused = await create({ itemNo: 'T-DEL-1' });
    expect((await h.call('DELETE', `/api/admin/catalog/products/${unused.id}`, { token: ids.admin })).status).toBe(200);
    expect((await h.call('GET', `/api/admin/catalog/products/${unused.id}`, { token: ids.admin })).status).toBe(404);
    expect((await h.call('DELETE', `/api/admin/catalog/products/${unused.id}`, { token: ids.admin })).status).toBe(404);
  });

});

describe('authorisation', () => {
  it('answers 401 to guests and customers, 403 to staff without CATALOG.EDIT, and lets operations staff in', async () => {
    const paths = [
      { method: 'GET', path: '/api/admin/catalog/products' },
      { method: 'GET', path: '/api/admin/catalog/products/1' },
      { method: 'GET', path: '/api/admin/catalog/products/structure-preview?smiles=CCO' },
      { method: 'POST', path: '/api/admin/catalog/products', json: product({ itemNo: 'T-AUTHZ' }) },
      { method: 'PUT', path: '/api/admin/catalog/products/1', json: product({ itemNo: 'T-AUTHZ' }) },
      { method: 'POST', path: '/api/admin/catalog/products/bulk', json: { ids: [1], set: { active: true } } },
      { method: 'DELETE', path: '/api/admin/catalog/products/1' },
    ];
    await matrix.expect(paths.map((p) => ({ ...p, expect: { guest: 401, adminA: 401, buyerB: 401, staffSales: 403 } })));
    await matrix.expect([
      { method: 'GET', path: '/api/admin/catalog/products', expect: { staffOps: 200, staffAdmin: 200 } },
      { method: 'GET', path: '/api/admin/catalog/products/1', expect: { staffOps: 200, staffAdmin: 200 } },
    ]);
  });
});
