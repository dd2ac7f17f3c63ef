import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductDto } from '@/contracts/catalog-editing-products';
import { COA_MAX_BYTES, type AdminProductLotsDto } from '@/contracts/lots';
import { rowsOf } from '@/server/db/client';
import { findCoas, listCoasOfYear, listCoaYears } from '@/server/modules/content/documents';
import { getProductDetailAll } from '@/server/modules/product-detail/service';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';

const h = fileApiHarness({ products: 20 });
const matrix = authorisationMatrix(h);

let dir = '';
let admin = '';
let product: AdminProductDto;
let packA = 0;
let packB = 0;

/** A small well-formed PDF (header, body, `%%EOF`). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

function inDays(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'lots-'));
  process.env.FILES_DIR = path.join(dir, 'files');
  admin = await h.loginStaff('admin', 'Admin#2026');
  const [leaf] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from categories where leaf order by id limit 1`));
  const [brand] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from brands order by id limit 1`));
  const res = await h.call('POST', '/api/admin/catalog/products', {
    token: admin,
    json: {
      itemNo: 'T-LOTS-1', nameZh: '批次测试试剂', nameEn: 'Lot test reagent', brandId: Number(brand!.id), categoryId: Number(leaf!.id),
      packs: [{ size: '5 g', price: '50', stock: 7 }, { size: '25 g', price: '180', stock: 0 }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  product = res.body.data as AdminProductDto;
  [packA, packB] = product.packs.map((p) => p.id) as [number, number];
});
afterAll(() => {
  delete process.env.FILES_DIR;
  rmSync(dir, { recursive: true, force: true });
});

async function packFacts(): Promise<{ stocks: number[]; inStock: boolean }> {
  const packs = rowsOf<{ stock: number }>(await h.db.db.execute(sql`select stock from product_packs where product_id = ${product.id} order by sort, id`));
  const [p] = rowsOf<{ in_stock: boolean }>(await h.db.db.execute(sql`select in_stock from products where id = ${product.id}`));
  return { stocks: packs.map((r) => Number(r.stock)), inStock: Boolean(p?.in_stock) };
}

async function auditActions(): Promise<string[]> {
  const rows = rowsOf<{ action: string }>(await h.db.db.execute(sql`select action from audit_log where entity = 'product_lot' order by id`));
  return rows.map((r) => r.action);
}

async function addLot(json: Record<string, unknown>, status = 200) {
  const res = await h.call('POST', `/api/admin/catalog/products/${product.id}/lots`, { token: admin, json });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res;
}

async function upload(token: string | undefined, lotId: number, bytes: Uint8Array, name = 'coa.pdf', productId = product.id) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const res = await h.app.request(`/api/admin/catalog/products/${productId}/lots/${lotId}/coa`, { method: 'POST', headers: token ? { authorization: token } : {}, body: form });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

function lotOf(lots: AdminProductLotsDto, lotNo: string) {
  return lots.packs.flatMap((p) => p.lots).find((l) => l.lotNo === lotNo);
}

describe('lots', () => {
  it('lists a product\'s packs with their lots; a pack without lots keeps its own stock', async () => {
    const res = await h.call('GET', `/api/admin/catalog/products/${product.id}/lots`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      productId: product.id, itemNo: 'T-LOTS-1',
      packs: [{ packId: packA, size: '5 g', stock: 7, lots: [] }, { packId: packB, size: '25 g', stock: 0, lots: [] }],
    });
    expect((await h.call('GET', '/api/admin/catalog/products/999999/lots', { token: admin })).status).toBe(404);
  });

  it('adds lots: the pack\'s stock becomes their sum, products.in_stock follows; audited', async () => {
    const res = await addLot({ packId: packB, lotNo: 'LT2601A1', quantity: 4, manufacturedOn: '2026-01-10', expiresOn: inDays(400), warehouse: 'sh' });
    const lots = res.body.data as AdminProductLotsDto;
    expect(lots.packs[1]).toMatchObject({ packId: packB, stock: 4 });
    expect(lotOf(lots, 'LT2601A1')).toMatchObject({ quantity: 4, manufacturedOn: '2026-01-10', expiresOn: inDays(400), retestOn: null, warehouse: 'sh', coaUrl: null });
    expect(await packFacts()).toEqual({ stocks: [7, 4], inStock: true });
    await addLot({ packId: packB, lotNo: 'LT2601B2', quantity: 6, retestOn: inDays(30), warehouse: 'bj' });
    expect((await packFacts()).stocks).toEqual([7, 10]);
    // Pack A gets one lot of 0: its stock is now derived (0), and the product still has stock through B.
    await addLot({ packId: packA, lotNo: 'LT-OLD', quantity: 0, expiresOn: inDays(-10), warehouse: 'gz' });
    expect(await packFacts()).toEqual({ stocks: [0, 10], inStock: true });
    expect(await auditActions()).toEqual(['create', 'create', 'create']);
  });

  it('a product save does not overwrite the stock of a pack with lots', async () => {
    const current = (await h.call('GET', `/api/admin/catalog/products/${product.id}`, { token: admin })).body.data as AdminProductDto;
    expect(current.packs.map((p) => [p.stock, p.hasLots])).toEqual([[0, true], [10, true]]);
    const { id: _id, createdAt: _c, hasOrders: _o, pinyin: _p, pinyinInitials: _i, molecularWeight: _m, packs, ...fields } = current;
    const res = await h.call('PUT', `/api/admin/catalog/products/${product.id}`, {
      token: admin, json: { ...fields, packs: packs.map((p) => ({ id: p.id, size: p.size, price: p.price, leadTimeDays: p.leadTimeDays, stock: 999 })) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await packFacts()).stocks).toEqual([0, 10]);
  });

  it('changes a lot; the stock follows; deleting lots drops it', async () => {
    const lots = (await h.call('GET', `/api/admin/catalog/products/${product.id}/lots`, { token: admin })).body.data as AdminProductLotsDto;
    const b2 = lotOf(lots, 'LT2601B2')!;
    const res = await h.call('PUT', `/api/admin/catalog/products/${product.id}/lots/${b2.id}`, {
      token: admin, json: { lotNo: 'LT2601B2', quantity: 1, retestOn: inDays(30), expiresOn: null, warehouse: 'cd' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(lotOf(res.body.data as AdminProductLotsDto, 'LT2601B2')).toMatchObject({ quantity: 1, warehouse: 'cd' });
    expect(await packFacts()).toEqual({ stocks: [0, 5], inStock: true });

    const old = lotOf(lots, 'LT-OLD')!;
    const del = await h.call('DELETE', `/api/admin/catalog/products/${product.id}/lots/${old.id}`, { token: admin });
    expect(del.status).toBe(200);
    // Its last lot gone, pack A's stock stays derived: 0.
    expect((await packFacts()).stocks).toEqual([0, 5]);
    expect((await auditActions()).slice(-2)).toEqual(['update', 'delete']);
  });

  it('refuses bad input with a field message in both languages', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ packId: packA, lotNo: 'N1', quantity: -1 }, 400, 'catalogLotQuantityInvalid'],
      [{ packId: packA, lotNo: 'N1', quantity: 1.5 }, 400, 'catalogLotQuantityInvalid'],
      [{ packId: packA, lotNo: '', quantity: 1 }, 400, 'catalogLotNoInvalid'],
      [{ packId: packA, lotNo: '<b>x</b>', quantity: 1 }, 400, 'catalogLotNoInvalid'],
      [{ packId: packA, lotNo: 'N1', quantity: 1, expiresOn: '2026-02-30' }, 400, 'catalogLotDateInvalid'],
      [{ packId: packA, lotNo: 'N1', quantity: 1, expiresOn: 'tomorrow' }, 400, 'catalogLotDateInvalid'],
      [{ packId: packA, lotNo: 'N1', quantity: 1, manufacturedOn: '2026-05-01', expiresOn: '2026-04-01' }, 400, 'catalogLotDatesOrder'],
      [{ packId: packA, lotNo: 'N1', quantity: 1, warehouse: 'mars' }, 400, 'catalogLotWarehouseInvalid'],
      [{ packId: packB, lotNo: 'LT2601A1', quantity: 1 }, 409, 'catalogLotNoTaken'],
      [{ packId: 999999, lotNo: 'N1', quantity: 1 }, 404, 'catalogPackNotFound'],
    ];
    for (const [json, status] of cases) await addLot(json, status);
    const zh = await h.call('POST', `/api/admin/catalog/products/${product.id}/lots`, { token: admin, json: { packId: packA, lotNo: 'N1', quantity: -1 }, headers: { 'accept-language': 'zh-CN' } });
    const en = await h.call('POST', `/api/admin/catalog/products/${product.id}/lots`, { token: admin, json: { packId: packA, lotNo: 'N1', quantity: -1 }, headers: { 'accept-language': 'en' } });
    expect(JSON.stringify(zh.body)).toContain('数量须为');
    expect(JSON.stringify(en.body)).toContain('The quantity must be');
    const taken = await h.call('POST', `/api/admin/catalog/products/${product.id}/lots`, { token: admin, json: { packId: packB, lotNo: 'LT2601A1', quantity: 1 }, headers: { 'accept-language': 'en' } });
    expect(taken.body.msg).toBe('This pack already has a lot with that number');
    // The same lot number in another pack is fine.
    await addLot({ packId: packA, lotNo: 'LT2601A1', quantity: 2, expiresOn: inDays(200) });
    // A pack of another product, an unknown product, a lot of another product.
    const [other] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from product_packs where product_id <> ${product.id} order by id limit 1`));
    await addLot({ packId: Number(other!.id), lotNo: 'N1', quantity: 1 }, 404);
    expect((await h.call('POST', '/api/admin/catalog/products/999999/lots', { token: admin, json: { packId: packA, lotNo: 'N1', quantity: 1 } })).status).toBe(404);
    const lots = (await h.call('GET', `/api/admin/catalog/products/${product.id}/lots`, { token: admin })).body.data as AdminProductLotsDto;
    const a1 = lotOf(lots, 'LT2601A1')!;
    expect((await h.call('PUT', `/api/admin/catalog/products/${product.id}/lots/999999`, { token: admin, json: { lotNo: 'X', quantity: 1 } })).status).toBe(404);
    const [otherProduct] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from products where id <> ${product.id} order by id limit 1`));
    expect((await h.call('DELETE', `/api/admin/catalog/products/${Number(otherProduct!.id)}/lots/${a1.id}`, { token: admin })).status).toBe(404);
    // Renaming a lot to a number its pack has: 409.
    const b2 = lotOf(lots, 'LT2601B2')!;
    const clash = await h.call('PUT', `/api/admin/catalog/products/${product.id}/lots/${b2.id}`, { token: admin, json: { lotNo: 'LT2601A1', quantity: 1 } });
    expect(clash.status).toBe(409);
  });

  it('takes a COA PDF for a lot; the storefront lookup and the product page find it; the download serves it', async () => {
    const lots = (await h.call('GET', `/api/admin/catalog/products/${product.id}/lots`, { token: admin })).body.data as AdminProductLotsDto;
    const a1 = lots.packs[1]!.lots.find((l) => l.lotNo === 'LT2601A1')!;
    const res = await upload(admin, a1.id, PDF, 'report.html');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = lotOf(res.body.data as AdminProductLotsDto, 'LT2601A1');
    expect(after?.coaUrl).toMatch(/^\/api\/web\/files\/document\/\d+$/);
    const download = await h.app.request(after!.coaUrl!);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);

    const found = await findCoas(h.db.db, { itemNo: 't-lots-1-25g', lotNo: 'lt2601a1', lang: 'en' });
    expect(found.map((d) => [d.id, d.lotNo, d.url])).toEqual([[after!.coaDocumentId, 'LT2601A1', after!.coaUrl]]);
    // COAs by year (the resources page's year filter) read the same documents: this one is in this year's list, China time.
    const year = Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Shanghai' }).format(new Date()));
    expect(await listCoaYears(h.db.db)).toContain(year);
    const ofYear = await listCoasOfYear(h.db.db, { year, keyword: 'LT2601A1', lang: 'en', limit: 20, offset: 1 });
    expect(ofYear.list.map((d) => [d.id, d.lotNo])).toEqual([[after!.coaDocumentId, 'LT2601A1']]);
    expect((await listCoasOfYear(h.db.db, { year: year - 30, keyword: 'LT2601A1', lang: 'en', limit: 20, offset: 1 })).total).toBe(0);
    const lookup = await h.call('POST', '/api/web/resourceManage/getCOAs', { json: { itemNo: 'T-LOTS-1', lotNo: 'LT2601A1' } });
    expect(lookup.status).toBe(200);
    expect(JSON.stringify(lookup.body)).toContain(after!.coaUrl!);

    // Replacing keeps the document (same id, same link), with the new file.
    const second = Buffer.concat([PDF.subarray(0, 9), Buffer.from('% second\n'), PDF.subarray(9)]);
    const replaced = await upload(admin, a1.id, second);
    expect(replaced.status).toBe(200);
    expect(lotOf(replaced.body.data as AdminProductLotsDto, 'LT2601A1')?.coaDocumentId).toBe(after!.coaDocumentId);
    expect(Buffer.from(await (await h.app.request(after!.coaUrl!)).arrayBuffer()).equals(second)).toBe(true);
    expect((await auditActions()).filter((a) => a === 'setCoa')).toHaveLength(2);

    // The product page: lots in stock, not expired, soonest date first, with the COA link.
    const detail = await getProductDetailAll(h.db.db, { id: product.id, lang: 'en' });
    const packOfB = detail?.packs.find((p) => p.id === packB);
    expect(packOfB?.lots.map((l) => [l.lotNo, l.quantity, l.coaUrl])).toEqual([['LT2601B2', 1, null], ['LT2601A1', 4, after!.coaUrl]]);
    expect(packOfB?.lots[0]).toMatchObject({ retestOn: inDays(30), expiresOn: null });
    const packOfA = detail?.packs.find((p) => p.id === packA);
    expect(packOfA?.lots.map((l) => l.lotNo)).toEqual(['LT2601A1']);
  });

  it('refuses a COA that is not a PDF by its bytes (415), or too large (413)', async () => {
    const lots = (await h.call('GET', `/api/admin/catalog/products/${product.id}/lots`, { token: admin })).body.data as AdminProductLotsDto;
    const b2 = lotOf(lots, 'LT2601B2')!;
    const refused = [
      Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
      // A PDF/HTML polyglot.
      Buffer.concat([PDF.subarray(0, 9), Buffer.from('<html><script>alert(1)</script></html>\n'), PDF.subarray(9)]),
      // No end marker.
      Buffer.from('%PDF-1.4\n1 0 obj\n'),
    ];
    for (const bytes of refused) {
      const res = await upload(admin, b2.id, bytes, 'coa.pdf');
      expect(res.status, res.body.msg).toBe(415);
      expect(res.body.msg).not.toBe('');
    }
    const big = Buffer.alloc(COA_MAX_BYTES + 1, 0x20);
    PDF.copy(big, 0);
    const tooLarge = await upload(admin, b2.id, big);
    expect(tooLarge.status).toBe(413);
    // Nothing was attached.
    const again = (await h.call('GET', `/api/admin/catalog/products/${product.id}/lots`, { token: admin })).body.data as AdminProductLotsDto;
    expect(lotOf(again, 'LT2601B2')?.coaUrl).toBeNull();
    expect((await upload(admin, 999999, PDF)).status).toBe(404);
    // A body just over the frame's 1 MiB but under the COA cap is taken.
    const mid = Buffer.concat([PDF.subarray(0, 9), Buffer.from(`%${' '.repeat(1_200_000)}\n`), PDF.subarray(9)]);
    expect((await upload(admin, b2.id, mid)).status).toBe(200);
  });

  it('deleting a lot keeps its COA unless asked; renaming a lot renames its COA', async () => {
    const lots = (await h.call('GET', `/api/admin/catalog/products/${product.id}/lots`, { token: admin })).body.data as AdminProductLotsDto;
    const b2 = lotOf(lots, 'LT2601B2')!;
    const renamed = await h.call('PUT', `/api/admin/catalog/products/${product.id}/lots/${b2.id}`, { token: admin, json: { lotNo: 'LT2601B3', quantity: 1, retestOn: inDays(30) } });
    expect(renamed.status).toBe(200);
    expect((await findCoas(h.db.db, { itemNo: 'T-LOTS-1', lotNo: 'LT2601B3', lang: 'zh' })).map((d) => d.id)).toEqual([b2.coaDocumentId]);

    const a1 = lots.packs[1]!.lots.find((l) => l.lotNo === 'LT2601A1')!;
    expect((await h.call('DELETE', `/api/admin/catalog/products/${product.id}/lots/${a1.id}`, { token: admin })).status).toBe(200);
    expect(await findCoas(h.db.db, { itemNo: 'T-LOTS-1', lotNo: 'LT2601A1', lang: 'zh' })).toHaveLength(1);
    expect((await packFacts()).stocks).toEqual([2, 1]);
    const del = await h.call('DELETE', `/api/admin/catalog/products/${product.id}/lots/${b2.id}?deleteCoa=true`, { token: admin });
    expect(del.status).toBe(200);
    expect(await findCoas(h.db.db, { itemNo: 'T-LOTS-1', lotNo: 'LT2601B3', lang: 'zh' })).toHaveLength(0);
    // A new lot with the number of a kept COA gets it back.
    const again = await addLot({ packId: packB, lotNo: 'LT2601A1', quantity: 3 });
    expect(lotOf(again.body.data as AdminProductLotsDto, 'LT2601A1')?.coaDocumentId).toBe(a1.coaDocumentId);
    expect(await packFacts()).toEqual({ stocks: [2, 3], inStock: true });
  });

  it('a product nobody ordered is deleted with its packs, lots and COAs', async () => {
    const [leaf] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from categories where leaf order by id limit 1`));
    const [brand] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from brands order by id limit 1`));
    const made = await h.call('POST', '/api/admin/catalog/products', {
      token: admin, json: { itemNo: 'T-LOTS-DEL', nameZh: '删除测试', nameEn: 'Deletion test', brandId: Number(brand!.id), categoryId: Number(leaf!.id), packs: [{ size: '1 g', price: '9' }] },
    });
    const p = made.body.data as AdminProductDto;
    const lots = (await h.call('POST', `/api/admin/catalog/products/${p.id}/lots`, { token: admin, json: { packId: p.packs[0]!.id, lotNo: 'DEL1', quantity: 2 } })).body.data as AdminProductLotsDto;
    expect((await upload(admin, lots.packs[0]!.lots[0]!.id, PDF, 'coa.pdf', p.id)).status).toBe(200);
    expect((await h.call('DELETE', `/api/admin/catalog/products/${p.id}`, { token: admin })).status).toBe(200);
    const left = rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from product_lots l join product_packs k on k.id = l.pack_id where k.product_id = ${p.id}`));
    expect(Number(left[0]?.n)).toBe(0);
    expect(await findCoas(h.db.db, { itemNo: 'T-LOTS-DEL', lotNo: 'DEL1', lang: 'zh' })).toEqual([]);
  });

  it('authorisation: anonymous 401, staff without CATALOG.EDIT 403, customers refused', async () => {
    const lots = (await h.call('GET', `/api/admin/catalog/products/${product.id}/lots`, { token: admin })).body.data as AdminProductLotsDto;
    const lotId = lots.packs[1]!.lots[0]!.id;
    const base = `/api/admin/catalog/products/${product.id}/lots`;
    const calls = [
      { method: 'GET', path: base },
      { method: 'POST', path: base, json: { packId: packA, lotNo: 'AUTH1', quantity: 1 } },
      { method: 'PUT', path: `${base}/${lotId}`, json: { lotNo: 'AUTH2', quantity: 1 } },
      { method: 'DELETE', path: `${base}/999999` },
      { method: 'POST', path: `${base}/${lotId}/coa`, form: { file: 'x' } },
    ];
    await matrix.expect(calls.map((c) => ({ ...c, expect: { guest: 401, adminA: 401, buyerB: 401, staffSales: 403 } })));
    await matrix.expect([{ method: 'GET', path: base, expect: { staffOps: 200, staffAdmin: 200 } }]);
    // A guest's large upload is refused before its body is read.
    const big = await upload(undefined, lotId, Buffer.alloc(2 * 1024 * 1024, 0x20));
    expect(big.status).toBe(401);
  });
});
