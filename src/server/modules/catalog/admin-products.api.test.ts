import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductDto, AdminProductListDto } from '@/contracts/catalog-editing-products';
import { MAX_SMILES_CHARS, MAX_STRUCTURE_ATOMS } from '@/lib/structure-limits';
import { rowsOf } from '@/server/db/client';
import { setStructurePool, type StructureReading, type StructureTask } from '@/server/modules/chemistry/structures';
import { WorkerPool } from '@/server/modules/chemistry/worker-pool';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';
import { closedGate, GATED_WORKER, type Gate } from '../../../../test/workers/gate';
import { withPatientStructurePool } from '../../../../test/workers/structure-pool';

const h = fileApiHarness();
const matrix = authorisationMatrix(h);
// Real structure workers with a time limit no drawing reaches (the limit is tested with the gated worker below).
withPatientStructurePool();

let admin = '';
let leafId = 0;
let branchId = 0;
let brandId = 0;

beforeAll(async () => {
  admin = await h.loginStaff('admin', 'Admin#2026');
  const [leaf] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from categories where leaf order by id limit 1`));
  const [branch] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from categories where not leaf order by id limit 1`));
  const [brand] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from brands order by id limit 1`));
  leafId = Number(leaf!.id);
  branchId = Number(branch!.id);
  brandId = Number(brand!.id);
});

async function auditRows(entity: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from audit_log where entity = ${entity}`));
  return Number(rows[0]?.n ?? 0);
}

function product(over: Record<string, unknown> = {}) {
  return {
    itemNo: 'T-ETOH-1', cas: '64-17-5', mdl: 'MFCD00003568', nameZh: '无水乙醇', nameEn: 'Ethanol, absolute',
    synonyms: ['Ethyl alcohol', '酒精'], formula: 'C2H6O', smiles: 'CCO', purity: '≥99.8%', grade: 'AR', gradeZh: '分析纯',
    storage: 'rt', shipping: 'ambient', pictograms: ['GHS02', 'GHS07'], signalWord: 'danger',
    hazardStatements: ['H225'], precautionaryStatements: ['P210'], controlClass: null,
    brandId, categoryId: leafId, isHot: false, isNew: true, isSpecial: false, promoStartsAt: null, promoEndsAt: null, active: true,
    packs: [{ size: '500 mL', price: '38.50', leadTimeDays: 0, stock: 12 }, { size: '2.5 L', price: 120, leadTimeDays: 3, stock: 0 }],
    ...over,
  };
}

async function create(over: Record<string, unknown> = {}): Promise<AdminProductDto> {
  const res = await h.call('POST', '/api/admin/catalog/products', { token: admin, json: product(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as AdminProductDto;
}

async function list(query: string): Promise<AdminProductListDto> {
  const res = await h.call('GET', `/api/admin/catalog/products?${query}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as AdminProductListDto;
}

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
    expect((await h.call('GET', `/api/admin/catalog/products/${p.id}`, { token: admin })).body.data).toEqual(p);

    const detail = await h.call('POST', '/api/web/product/getDetails', { json: { id: p.id } });
    expect(JSON.stringify(detail.body)).toContain('无水乙醇');
  });

  it('updates fields and packs in one save: edits, reorders, adds and removes packs', async () => {
    const p = await create({ itemNo: 'T-UPD-1' });
    const [first, second] = p.packs;
    const res = await h.call('PUT', `/api/admin/catalog/products/${p.id}`, {
      token: admin,
      json: product({
        itemNo: 't-upd-1', nameEn: 'Ethanol', formula: 'CuSO4·5H2O', smiles: null, cas: '7758998',
        packs: [{ id: second!.id, size: '2.5 L', price: '99', leadTimeDays: 2, stock: 4 }, { size: '10 L', price: '0', stock: 1 }],
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = res.body.data as AdminProductDto;
    expect(saved).toMatchObject({ itemNo: 'T-UPD-1', nameEn: 'Ethanol', cas: '7758-99-8', molecularWeight: '249.677', smiles: null });
    expect(saved.packs.map((k) => [k.id === second!.id, k.size, k.price, k.sort])).toEqual([[true, '2.5 L', '99.00', 10], [false, '10 L', '0.00', 20]]);
    expect(saved.packs.some((k) => k.id === first!.id)).toBe(false);
    const history = (await h.call('GET', `/api/admin/audit?entity=product&entityId=${p.id}`, { token: admin })).body.data as { items: { action: string; changes: Record<string, unknown> }[] };
    expect(history.items.map((e) => e.action)).toEqual(['update', 'create']);
    expect(Object.keys(history.items[0]!.changes).sort()).toEqual(['cas', 'formula', 'molecularWeight', 'nameEn', 'smiles']);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await auditRows('product');
    const cases: [Record<string, unknown>, string, number][] = [
      [{ cas: '64-17-6' }, 'cas', 400],
      [{ smiles: 'C1CC(' }, 'smiles', 400],
      [{ formula: 'C6H12Xx6' }, 'formula', 400],
      [{ formula: 'Ca(OH2' }, 'formula', 400],
      [{ categoryId: branchId }, 'categoryId', 400],
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
      [{ promoStartsAt: '2026-02-01T00:00:00Z', promoEndsAt: '2026-01-01T00:00:00Z' }, 'promoEndsAt', 400],
    ];
    for (const [over, field, status] of cases) {
      const res = await h.call('POST', '/api/admin/catalog/products', { token: admin, json: product({ itemNo: 'T-BAD-1', ...over }) });
      expect(res.status, JSON.stringify(over)).toBe(status);
      expect((res.body.data as { field: string }[]).map((f) => f.field), JSON.stringify(over)).toContain(field);
    }
    const english = await h.call('POST', '/api/admin/catalog/products', { token: admin, json: product({ itemNo: 'T-BAD-1', cas: '50-00-1' }), headers: { 'accept-language': 'en' } });
    expect((english.body.data as { message: string }[])[0]?.message).toContain('check digit');
    expect(await auditRows('product')).toBe(before);
    expect((await h.call('GET', '/api/admin/catalog/products/999999', { token: admin })).status).toBe(404);
    expect((await h.call('PUT', '/api/admin/catalog/products/999999', { token: admin, json: product({ itemNo: 'T-NONE' }) })).status).toBe(404);
  });

  it('keeps a pack\'s regular price above its price, and the storefront cards, list rows, flag block and pack table carry it', async () => {
    const p = await create({
      itemNo: 'T-SPECIAL-1', isSpecial: true,
      packs: [{ size: '1 g', price: '80', listPrice: '100', stock: 3 }, { size: '5 g', price: '300', listPrice: '', stock: 1 }],
    });
    expect(p.packs.map((k) => [k.size, k.price, k.listPrice])).toEqual([['1 g', '80.00', '100.00'], ['5 g', '300.00', null]]);

    const refused = await h.call('PUT', `/api/admin/catalog/products/${p.id}`, {
      token: admin, json: product({ itemNo: 'T-SPECIAL-1', isSpecial: true, packs: [{ id: p.packs[0]!.id, size: '1 g', price: '120', listPrice: '100' }, { id: p.packs[1]!.id, size: '5 g', price: '300' }] }),
      headers: { 'accept-language': 'en' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual([{ field: 'packs.0.listPrice', message: expect.stringContaining('regular price') }]);
    const refusedZh = await h.call('PUT', `/api/admin/catalog/products/${p.id}`, {
      token: admin, json: product({ itemNo: 'T-SPECIAL-1', packs: [{ size: '1 g', price: '120', listPrice: '100' }] }),
    });
    expect((refusedZh.body.data as { message: string }[])[0]?.message).toContain('原价');
    expect((await h.call('GET', `/api/admin/catalog/products/${p.id}`, { token: admin })).body.data).toEqual(p);

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
      token: admin, json: product({ itemNo: 'T-SPECIAL-1', isSpecial: true, packs: [{ id: p.packs[0]!.id, size: '1 g', price: '80', listPrice: null }, { id: p.packs[1]!.id, size: '5 g', price: '300' }] }),
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(await listFlaggedProducts(h.db.db, { flag: 'special', limit: 500, lang: 'zh' }).then((b) => b.find((c) => c.id === p.id)?.minListPrice)).toBeNull();
  });

  it('answers 409 for a taken item number, on create and update', async () => {
    const a = await create({ itemNo: 'T-DUP-A' });
    await create({ itemNo: 'T-DUP-B' });
    const taken = await h.call('POST', '/api/admin/catalog/products', { token: admin, json: product({ itemNo: 't-dup-a' }) });
    expect(taken.status).toBe(409);
    expect(taken.body.data).toEqual([expect.objectContaining({ field: 'itemNo' })]);
    expect((await h.call('PUT', `/api/admin/catalog/products/${a.id}`, { token: admin, json: product({ itemNo: 'T-DUP-B' }) })).status).toBe(409);
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
    const brand = await list(`brandId=${brandId}&active=all&limit=5`);
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

  it('refuses bad list parameters with 400', async () => {
    for (const q of ['sort=password', 'active=maybe', 'flag=cold', 'limit=0', 'limit=101', `key=${'x'.repeat(51)}`, 'cursor=zzz', 'active=true&cursor=b.abc', 'brandId=abc']) {
      const res = await h.call('GET', `/api/admin/catalog/products?${q}`, { token: admin });
      expect(res.status, q).toBe(400);
    }
  });

  it('sets active and flags in bulk, audited per product', async () => {
    const a = await create({ itemNo: 'T-BULK-A' });
    const b = await create({ itemNo: 'T-BULK-B' });
    const res = await h.call('POST', '/api/admin/catalog/products/bulk', { token: admin, json: { ids: [a.id, b.id], set: { active: false, isSpecial: true } } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ updated: 2 });
    const again = await h.call('POST', '/api/admin/catalog/products/bulk', { token: admin, json: { ids: [a.id, b.id], set: { active: false } } });
    expect(again.body.data).toEqual({ updated: 0 });
    expect((await h.call('GET', `/api/admin/catalog/products/${a.id}`, { token: admin })).body.data).toMatchObject({ active: false, isSpecial: true });
    expect((await h.call('POST', '/api/admin/catalog/products/bulk', { token: admin, json: { ids: [a.id], set: {} } })).status).toBe(400);
    expect((await h.call('POST', '/api/admin/catalog/products/bulk', { token: admin, json: { ids: [], set: { active: true } } })).status).toBe(400);
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

  it('refuses to delete or drop packs that orders or carts use; deletes an unused product', async () => {
    const [ordered] = rowsOf<{ product_id: number; pack_id: number }>(await h.db.db.execute(sql`select product_id, pack_id from order_items order by id limit 1`));
    expect(ordered).toBeDefined();
    const res = await h.call('DELETE', `/api/admin/catalog/products/${ordered!.product_id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('订单');
    const current = (await h.call('GET', `/api/admin/catalog/products/${ordered!.product_id}`, { token: admin })).body.data as AdminProductDto;
    expect(current.hasOrders).toBe(true);
    expect(current.packs.find((k) => k.id === Number(ordered!.pack_id))?.referenced).toBe(true);
    const input = {
      ...product(), ...Object.fromEntries(Object.entries(current).filter(([k]) => k in product())),
      packs: current.packs.filter((k) => k.id !== Number(ordered!.pack_id)).map(({ id, size, price, leadTimeDays, stock }) => ({ id, size, price, leadTimeDays, stock })),
    };
    const drop = await h.call('PUT', `/api/admin/catalog/products/${current.id}`, { token: admin, json: input });
    expect(drop.status, JSON.stringify(drop.body)).toBe(409);

    // On a customer's quote request (no orders, no carts): neither the product nor that pack can go.
    const quoted = await create({ itemNo: 'T-QUOTE-1' });
    await h.db.db.execute(sql`with r as (
        insert into quote_requests (company_id, user_id, source) select u.company_id, u.id, 'product' from users u where u.company_id is not null order by u.id limit 1 returning id)
      insert into quote_request_lines (request_id, product_id, pack_id, num) select r.id, ${quoted.id}, ${quoted.packs[0]!.id}, 1 from r`);
    const quotedDelete = await h.call('DELETE', `/api/admin/catalog/products/${quoted.id}`, { token: admin });
    expect(quotedDelete.status).toBe(409);
    expect(quotedDelete.body.msg).toContain('报价');
    const onQuote = (await h.call('GET', `/api/admin/catalog/products/${quoted.id}`, { token: admin })).body.data as AdminProductDto;
    expect(onQuote.packs.find((k) => k.id === quoted.packs[0]!.id)?.referenced).toBe(true);
    const quotedDrop = await h.call('PUT', `/api/admin/catalog/products/${quoted.id}`, { token: admin, json: product({ itemNo: 'T-QUOTE-1', packs: [] }) });
    expect(quotedDrop.status, JSON.stringify(quotedDrop.body)).toBe(409);

    // In a cart (no orders): neither the product nor that pack can go.
    const carted = await create({ itemNo: 'T-CART-1' });
    await h.db.db.execute(sql`insert into cart_items (company_id, user_id, product_id, pack_id, num)
      select u.company_id, u.id, ${carted.id}, ${carted.packs[0]!.id}, 1 from users u where u.company_id is not null order by u.id limit 1`);
    const inCart = await h.call('DELETE', `/api/admin/catalog/products/${carted.id}`, { token: admin, headers: { 'accept-language': 'en' } });
    expect(inCart.status).toBe(409);
    expect(inCart.body.msg).toContain('carts');
    const dropCarted = await h.call('PUT', `/api/admin/catalog/products/${carted.id}`, { token: admin, json: product({ itemNo: 'T-CART-1', packs: [] }) });
    expect(dropCarted.status).toBe(409);
    expect(((await h.call('GET', `/api/admin/catalog/products/${carted.id}`, { token: admin })).body.data as AdminProductDto).packs).toHaveLength(2);

    const unused = await create({ itemNo: 'T-DEL-1' });
    expect((await h.call('DELETE', `/api/admin/catalog/products/${unused.id}`, { token: admin })).status).toBe(200);
    expect((await h.call('GET', `/api/admin/catalog/products/${unused.id}`, { token: admin })).status).toBe(404);
    expect((await h.call('DELETE', `/api/admin/catalog/products/${unused.id}`, { token: admin })).status).toBe(404);
  });

  it('previews a SMILES as a drawing with its formula, and says when it does not parse', async () => {
    const ok = await h.call('GET', `/api/admin/catalog/products/structure-preview?smiles=${encodeURIComponent('c1ccccc1O')}`, { token: admin });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ valid: true, formula: 'C6H6O', molecularWeight: '94.113' });
    expect((ok.body.data as { svg: string }).svg).toMatch(/^<svg /);
    const bad = await h.call('GET', `/api/admin/catalog/products/structure-preview?smiles=${encodeURIComponent('C1CC(')}`, { token: admin });
    expect(bad.body.data).toMatchObject({ valid: false, svg: null });
    expect((await h.call('GET', '/api/admin/catalog/products/structure-preview', { token: admin })).status).toBe(400);
  });
});

/** A structure pool whose worker holds every task while the gate is closed, then reads every SMILES as unreadable. */
function heldStructures(gate: Gate, timeoutMs = 60_000) {
  return new WorkerPool<StructureTask, StructureReading>({
    script: GATED_WORKER, size: 1, timeoutMs, maxQueue: 4, maxWaitMs: 60_000,
    workerData: { gate: gate.buffer, holdAll: true, reply: { kind: 'invalid' } },
  });
}

const preview = (smiles: string) => `/api/admin/catalog/products/structure-preview?smiles=${encodeURIComponent(smiles)}`;
const en = { 'accept-language': 'en' };

describe('structure caps and workers', () => {
  it('refuses a 1,000-character SMILES of 1,000 atoms, and one over 1,000 characters, naming the cap, before parsing', async () => {
    const atoms = await h.call('GET', preview('C'.repeat(MAX_SMILES_CHARS)), { token: admin, headers: en });
    expect(atoms.status).toBe(400);
    expect(atoms.body.data).toEqual([{ field: 'smiles', message: `The structure has more than ${MAX_STRUCTURE_ATOMS} atoms` }]);
    const long = await h.call('GET', preview(`${'[13CH2]'.repeat(143)}`), { token: admin, headers: en });
    expect(long.status).toBe(400);
    expect(long.body.data).toEqual([{ field: 'smiles', message: `The SMILES is longer than ${MAX_SMILES_CHARS} characters` }]);
    const save = await h.call('POST', '/api/admin/catalog/products', { token: admin, headers: en, json: product({ itemNo: 'T-CAP-1', smiles: 'c1ccccc1'.repeat(125) }) });
    expect(save.status).toBe(400);
    expect(save.body.data).toEqual([{ field: 'smiles', message: `The structure has more than ${MAX_STRUCTURE_ATOMS} atoms` }]);
    // Within the caps, a large structure is read and drawn. (Well inside the atom cap: a structure at the cap
    // takes a good part of the time limit on a busy machine, and this test is about the caps, not the clock.)
    const big = await h.call('GET', preview('C'.repeat(100)), { token: admin });
    expect(big.status).toBe(200);
    expect(big.body.data).toMatchObject({ valid: true, formula: 'C100H202' });
  });

  it('saves an edit that keeps the stored SMILES without reading it again, even one over the caps', async () => {
    const p = await create({ itemNo: 'T-KEEP-1' });
    const stored = 'C'.repeat(MAX_STRUCTURE_ATOMS + 1);
    await h.db.db.execute(sql`update products set smiles = ${stored} where id = ${p.id}`);
    const packs = p.packs.map((k) => ({ id: k.id, size: k.size, price: k.price, leadTimeDays: k.leadTimeDays, stock: k.stock }));
    const renamed = await h.call('PUT', `/api/admin/catalog/products/${p.id}`, { token: admin, json: product({ itemNo: 'T-KEEP-1', nameEn: 'Ethanol, renamed', smiles: stored, packs }) });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({ nameEn: 'Ethanol, renamed', smiles: stored });
    // A changed SMILES is read again, and refused over a cap.
    const changed = await h.call('PUT', `/api/admin/catalog/products/${p.id}`, { token: admin, headers: en, json: product({ itemNo: 'T-KEEP-1', smiles: `${stored}C`, packs }) });
    expect(changed.status).toBe(400);
    expect(changed.body.data).toEqual([{ field: 'smiles', message: `The structure has more than ${MAX_STRUCTURE_ATOMS} atoms` }]);
  });

  it('saves an edit that keeps the stored SMILES while no structure worker can answer', async () => {
    const p = await create({ itemNo: 'T-KEEP-2', smiles: 'CCO' });
    const packs = p.packs.map((k) => ({ id: k.id, size: k.size, price: k.price, leadTimeDays: k.leadTimeDays, stock: k.stock }));
    // Every structure sent to this pool runs past its time limit while the gate is closed.
    const gate = closedGate();
    const pool = heldStructures(gate, 150);
    const previous = setStructurePool(pool);
    try {
      const renamed = await h.call('PUT', `/api/admin/catalog/products/${p.id}`, { token: admin, json: product({ itemNo: 'T-KEEP-2', nameEn: 'Ethanol, renamed', smiles: 'CCO', packs }) });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.data).toMatchObject({ nameEn: 'Ethanol, renamed', smiles: 'CCO' });
      expect(pool.dispatched).toBe(0);
      const changed = await h.call('PUT', `/api/admin/catalog/products/${p.id}`, { token: admin, headers: en, json: product({ itemNo: 'T-KEEP-2', smiles: 'OCC', packs }) });
      expect(changed.status).toBe(400);
      expect(changed.body.data).toEqual([{ field: 'smiles', message: expect.stringMatching(/took too long/) }]);
    } finally {
      gate.open();
      setStructurePool(previous);
      await pool.close();
    }
  });

  it('answers the health check while a structure is being read, and the preview once the worker answers', async () => {
    const gate = closedGate();
    const pool = heldStructures(gate);
    const previous = setStructurePool(pool);
    try {
      await pool.warm();
      let previewed = false;
      const pending = h.call('GET', preview('CCO'), { token: admin }).then((res) => {
        previewed = true;
        return res;
      });
      // The worker holds the structure: the server goes on answering meanwhile.
      for (; pool.dispatched === 0;) await new Promise<void>((resolve) => setImmediate(resolve));
      const health = await h.call('GET', '/api/health');
      expect(health.status).toBe(200);
      expect(previewed).toBe(false);
      gate.open();
      const res = await pending;
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ valid: false });
    } finally {
      gate.open();
      setStructurePool(previous);
      await pool.close();
    }
  });

  it('refuses a structure whose reading runs past the time limit, in the preview and on save', async () => {
    const gate = closedGate();
    const pool = heldStructures(gate, 150);
    const previous = setStructurePool(pool);
    try {
      const res = await h.call('GET', preview('CCCO'), { token: admin, headers: en });
      expect(res.status).toBe(400);
      expect(res.body.data).toEqual([{ field: 'smiles', message: expect.stringMatching(/took too long/) }]);
      const save = await h.call('POST', '/api/admin/catalog/products', { token: admin, headers: en, json: product({ itemNo: 'T-SLOW-1', smiles: 'CCCCO' }) });
      expect(save.status).toBe(400);
      expect(save.body.data).toEqual([{ field: 'smiles', message: expect.stringMatching(/took too long/) }]);
      expect(pool.terminations).toBe(2);
    } finally {
      gate.open();
      setStructurePool(previous);
      await pool.close();
    }
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
