import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductDto } from '@/contracts/catalog-editing-products';
import type { AdminProductLotsDto } from '@/contracts/lots';
import type { AdminProductDocumentDto, AdminProductDocumentsDto, DocumentFileCheck, MissingDocumentsPage } from '@/contracts/product-documents';
import { PRODUCT_DOCUMENT_MAX_BYTES } from '@/contracts/product-documents';
import { rowsOf } from '@/server/db/client';
import { EXAMPLE_STAMP } from '@/server/modules/files/documents';
import { getFileStore } from '@/server/modules/files/store';
import { getProductDetailAll } from '@/server/modules/product-detail/service';
import { ensureSeedFiles } from '@/server/seed/files';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';
import { checkDocumentFiles, uploadedDocumentsAfter } from './admin-documents';

const h = fileApiHarness({ products: 20 });
const matrix = authorisationMatrix(h);

let dir = '';
let admin = '';
let product: AdminProductDto;
let other: AdminProductDto;

/** A small well-formed PDF (header, body, `%%EOF`), told apart by `mark`. */
const pdf = (mark: string) => Buffer.from(`%PDF-1.4\n% ${mark}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

function chinaDay(offsetDays = 0): string {
  return new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

async function createProduct(itemNo: string): Promise<AdminProductDto> {
  const [leaf] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from categories where leaf order by id limit 1`));
  const [brand] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from brands order by id limit 1`));
  const res = await h.call('POST', '/api/admin/catalog/products', {
    token: admin,
    json: { itemNo, nameZh: '文档测试试剂', nameEn: 'Document test reagent', brandId: Number(brand!.id), categoryId: Number(leaf!.id), packs: [{ size: '5 g', price: '50', stock: 3 }] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as AdminProductDto;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'documents-'));
  process.env.FILES_DIR = path.join(dir, 'files');
  admin = await h.loginStaff('admin', 'Admin#2026');
  product = await createProduct('T-DOCS-1');
  other = await createProduct('T-DOCS-2');
});
afterAll(() => {
  delete process.env.FILES_DIR;
  rmSync(dir, { recursive: true, force: true });
});

type Answer = { status: number; body: { code: number; msg: string; data: unknown } };

async function send(url: string, fields: Record<string, string>, bytes: Uint8Array | null, token: string | undefined = admin, name = 'sheet.pdf'): Promise<Answer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (bytes) form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const res = await h.app.request(url, { method: 'POST', headers: token ? { authorization: token } : {}, body: form });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const base = (id = product.id) => `/api/admin/catalog/products/${id}/documents`;
const sds = (version: string, issuedOn = chinaDay(), extra: Record<string, string> = {}) => ({ kind: 'msds', lang: 'zh', title: '文档测试试剂 安全技术说明书', version, issuedOn, ...extra });

async function upload(fields: Record<string, string>, bytes: Uint8Array | null, id = product.id): Promise<AdminProductDocumentDto> {
  const res = await send(base(id), fields, bytes);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as AdminProductDocumentDto;
}

async function list(id = product.id): Promise<AdminProductDocumentDto[]> {
  const res = await h.call('GET', base(id), { token: admin });
  expect(res.status).toBe(200);
  return (res.body.data as AdminProductDocumentsDto).list;
}

async function shown(id = product.id) {
  return (await getProductDetailAll(h.db.db, { id, lang: 'zh' }))!.documents;
}

async function download(id: number): Promise<{ status: number; bytes: Buffer }> {
  const res = await h.app.request(`/api/web/files/document/${id}`);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function counts(): Promise<{ rows: number; audits: number }> {
  const [r] = rowsOf<{ rows: number; audits: number }>(await h.db.db.execute(sql`select
    (select count(*)::int from product_documents) as rows,
    (select count(*)::int from audit_log where entity = 'product_document') as audits`));
  return { rows: Number(r!.rows), audits: Number(r!.audits) };
}

describe('product documents (ADR 0063)', () => {
  let v1: AdminProductDocumentDto;
  let v2: AdminProductDocumentDto;
  let v3: AdminProductDocumentDto;

  it('uploads an SDS: the shown version of its kind and language, served as sent', async () => {
    v1 = await upload(sds('1.0', chinaDay(-30)), pdf('v1'));
    expect(v1).toMatchObject({ kind: 'msds', lang: 'zh', version: '1.0', issuedOn: chinaDay(-30), state: 'current', generated: false, fileName: 'sheet.pdf', missingSince: null });
    expect(v1.fileSize).toBe(pdf('v1').byteLength);
    const docs = await shown();
    expect(docs.msds.map((d) => [d.id, d.version, d.available])).toEqual([[v1.id, '1.0', true]]);
    const file = await download(v1.id);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(pdf('v1'))).toBe(true);
    // The staff's own download answers the same file.
    const staff = await h.app.request(v1.url, { headers: { authorization: admin } });
    expect(staff.status).toBe(200);
    expect(Buffer.from(await staff.arrayBuffer()).equals(pdf('v1'))).toBe(true);
  });

  it('a newer version is shown in its place and the old one is kept; other kinds and languages stand apart', async () => {
    v2 = await upload(sds('2.0', chinaDay(-1)), pdf('v2'));
    const tds = await upload({ kind: 'tds', lang: 'en', title: 'Specification sheet', version: 'Rev. 3', issuedOn: chinaDay(-2) }, pdf('tds'));
    const handbook = await upload({ kind: 'handbook', lang: 'zh', title: '使用手册', version: '1', issuedOn: chinaDay() }, pdf('hb'));
    const states = Object.fromEntries((await list()).map((d) => [d.id, d.state]));
    expect(states).toEqual({ [v1.id]: 'superseded', [v2.id]: 'current', [tds.id]: 'current', [handbook.id]: 'current' });
    const docs = await shown();
    expect(docs.msds.map((d) => d.id)).toEqual([v2.id]);
    expect(docs.tds.map((d) => d.id)).toEqual([tds.id]);
    expect(docs.handbook.map((d) => d.id)).toEqual([handbook.id]);
    // An older version is still served, for the links that name it.
    expect((await download(v1.id)).status).toBe(200);
  });

  it('replaces a document by a new version with its kind, language and title', async () => {
    const res = await send(`${base()}/${v2.id}/replace`, { version: '3.0', issuedOn: chinaDay() }, pdf('v3'), admin, 'SDS v3.pdf');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    v3 = res.body.data as AdminProductDocumentDto;
    expect(v3).toMatchObject({ kind: 'msds', lang: 'zh', title: v2.title, version: '3.0', state: 'current', fileName: 'SDS v3.pdf' });
    expect((await list()).find((d) => d.id === v2.id)?.state).toBe('superseded');
    expect((await shown()).msds.map((d) => d.id)).toEqual([v3.id]);
  });

  it('withdraws a document (the previous version is shown again, the withdrawn one is not served) and restores it', async () => {
    const out = await h.call('POST', `${base()}/${v3.id}/withdraw`, { token: admin });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect((out.body.data as AdminProductDocumentDto).state).toBe('withdrawn');
    expect((await shown()).msds.map((d) => d.id)).toEqual([v2.id]);
    expect((await download(v3.id)).status).toBe(404);
    const again = await h.call('POST', `${base()}/${v3.id}/withdraw`, { token: admin });
    expect([again.status, again.body.msg]).toEqual([409, '该文档已下架']);
    const back = await h.call('POST', `${base()}/${v3.id}/restore`, { token: admin });
    expect((back.body.data as AdminProductDocumentDto).state).toBe('current');
    expect((await shown()).msds.map((d) => d.id)).toEqual([v3.id]);
    const notWithdrawn = await h.call('POST', `${base()}/${v3.id}/restore`, { token: admin });
    expect(notWithdrawn.status).toBe(409);
  });

  it('audits every change of a document', async () => {
    const rows = rowsOf<{ action: string; entity_id: string }>(await h.db.db.execute(sql`select action, entity_id from audit_log where entity = 'product_document' order by id`));
    expect(rows.map((r) => r.action)).toEqual(['upload', 'upload', 'upload', 'upload', 'replace', 'withdraw', 'restore']);
    expect(rows.at(-1)?.entity_id).toBe(String(v3.id));
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const before = await counts();
    const cases: [Record<string, string>, Uint8Array | null, number, string][] = [
      [sds('1'), PNG, 415, '文档只接受 PDF 文件（按文件内容判断；不接受 HTML、SVG 或图片）'],
      [sds('1'), Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n', 'latin1'), 415, '文档只接受 PDF 文件（按文件内容判断；不接受 HTML、SVG 或图片）'],
      [sds('1'), Buffer.alloc(0), 400, ''],
      [sds('1'), null, 400, ''],
      [sds('1', chinaDay(), { kind: 'coa' }), pdf('x'), 400, ''],
      [sds('1', chinaDay(), { lang: 'fr' }), pdf('x'), 400, ''],
      [sds('1', chinaDay(), { title: '  ' }), pdf('x'), 400, ''],
      [sds('v<1>'), pdf('x'), 400, ''],
      [sds('1', '2026-02-30'), pdf('x'), 400, ''],
      [sds('1', chinaDay(2)), pdf('x'), 400, ''],
    ];
    const wrong: string[] = [];
    for (const [fields, bytes, status, msg] of cases) {
      const res = await send(base(), fields, bytes);
      if (res.status !== status || (msg && res.body.msg !== msg)) wrong.push(`${JSON.stringify(fields)}: ${res.status} ${res.body.msg}`);
    }
    expect(wrong).toEqual([]);
    const future = await send(base(), sds('1', chinaDay(2)), pdf('x'));
    expect(future.body.data).toEqual([{ field: 'issuedOn', message: '文档日期不能晚于今天' }]);
    const kind = await send(base(), sds('1', chinaDay(), { kind: 'coa' }), pdf('x'));
    expect(kind.body.data).toEqual([expect.objectContaining({ field: 'kind' })]);
    expect((await send(base(999_999), sds('1'), pdf('x'))).status).toBe(404);
    // Larger than the cap: refused before a byte is stored.
    const big = Buffer.concat([pdf('big'), Buffer.alloc(PRODUCT_DOCUMENT_MAX_BYTES, 0x20)]);
    expect((await send(base(), sds('1'), big)).status).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it('replace and withdraw name a document of the product in the path; a COA is replaced on its lot', async () => {
    expect((await send(`${base(other.id)}/${v3.id}/replace`, { version: '4', issuedOn: chinaDay() }, pdf('x'))).status).toBe(404);
    expect((await h.call('POST', `${base(other.id)}/${v3.id}/withdraw`, { token: admin })).status).toBe(404);
    expect((await send(`${base()}/999999/replace`, { version: '4', issuedOn: chinaDay() }, pdf('x'))).status).toBe(404);
    const lots = (await h.call('POST', `/api/admin/catalog/products/${product.id}/lots`, { token: admin, json: { packId: product.packs[0]!.id, lotNo: 'DOC1', quantity: 2 } })).body.data as AdminProductLotsDto;
    const lot = lots.packs[0]!.lots[0]!;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf('coa'))], { type: 'application/pdf' }), 'coa.pdf');
    expect((await h.app.request(`/api/admin/catalog/products/${product.id}/lots/${lot.id}/coa`, { method: 'POST', headers: { authorization: admin }, body: form })).status).toBe(200);
    const coa = (await list()).find((d) => d.kind === 'coa');
    expect(coa).toMatchObject({ lotNo: 'DOC1', generated: false, state: 'current', fileName: 'coa.pdf' });
    const refused = await send(`${base()}/${coa!.id}/replace`, { version: '2', issuedOn: chinaDay() }, pdf('x'));
    expect([refused.status, refused.body.msg]).toEqual([409, 'COA 属于批次，请在该批次中上传新的 COA']);
  });

  it('an uploaded file gone from the store is reported missing and never written again; the storefront says it is unavailable', async () => {
    const store = getFileStore();
    const coa = (await list()).find((d) => d.kind === 'coa')!;
    const [row] = rowsOf<{ file_path: string }>(await h.db.db.execute(sql`select file_path from product_documents where id = ${coa.id}`));
    await store.remove(row!.file_path);
    const [sdsRow] = rowsOf<{ file_path: string }>(await h.db.db.execute(sql`select file_path from product_documents where id = ${v3.id}`));
    await store.remove(sdsRow!.file_path);
    // The demo's start-up check writes the seed's files only.
    await ensureSeedFiles(h.db.db, store);
    expect(await store.exists(row!.file_path)).toBe(false);
    // A download finds no file: 404, and the document is marked missing.
    expect((await download(v3.id)).status).toBe(404);
    expect((await list()).find((d) => d.id === v3.id)?.missingSince).not.toBeNull();
    // The check finds the COA too.
    const check = await h.call('POST', '/api/admin/catalog/documents/check', { token: admin });
    expect(check.status).toBe(200);
    expect(check.body.data).toMatchObject({ missing: 2, found: 0 });
    const missing = (await h.call('GET', '/api/admin/catalog/documents/missing', { token: admin })).body.data as MissingDocumentsPage;
    expect(missing.total).toBe(2);
    expect(missing.list.map((d) => [d.id, d.itemNo, d.kind])).toEqual(expect.arrayContaining([[coa.id, 'T-DOCS-1', 'coa'], [v3.id, 'T-DOCS-1', 'msds']]));
    const docs = await shown();
    expect(docs.msds.map((d) => [d.id, d.available])).toEqual([[v3.id, false]]);
    expect(docs.coa.map((d) => [d.id, d.available])).toEqual([[coa.id, false]]);
    // The lot offers no COA link while its file is missing.
    const detail = (await getProductDetailAll(h.db.db, { id: product.id, lang: 'zh' }))!;
    expect(detail.packs[0]!.lots.find((l) => l.lotNo === 'DOC1')?.coaUrl).toBeNull();

    // The file put back: the check finds it again. A new COA on the lot clears the other mark.
    await store.write(sdsRow!.file_path, pdf('v3'));
    expect(await checkDocumentFiles(h.db.db, store)).toMatchObject<Partial<DocumentFileCheck>>({ missing: 1, found: 1 });
    const lot = detail.packs[0]!.lots.find((l) => l.lotNo === 'DOC1');
    expect(lot).toBeDefined();
    const lots = (await h.call('GET', `/api/admin/catalog/products/${product.id}/lots`, { token: admin })).body.data as AdminProductLotsDto;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf('coa2'))], { type: 'application/pdf' }), 'coa2.pdf');
    expect((await h.app.request(`/api/admin/catalog/products/${product.id}/lots/${lots.packs[0]!.lots[0]!.id}/coa`, { method: 'POST', headers: { authorization: admin }, body: form })).status).toBe(200);
    expect(((await h.call('GET', '/api/admin/catalog/documents/missing', { token: admin })).body.data as MissingDocumentsPage).total).toBe(0);
    expect((await shown()).coa.every((d) => d.available)).toBe(true);
  });

  it('the demo\'s generated documents are written again when missing, stamped as examples on every page', async () => {
    const [seeded] = rowsOf<{ id: number; file_path: string }>(await h.db.db.execute(sql`select id, file_path from product_documents where generated order by id limit 1`));
    expect(seeded).toBeDefined();
    const store = getFileStore();
    await store.remove(seeded!.file_path);
    await ensureSeedFiles(h.db.db, store);
    const file = await download(Number(seeded!.id));
    expect(file.status).toBe(200);
    const text = file.bytes.toString('latin1');
    const stampHex = [...EXAMPLE_STAMP].map((ch) => ch.charCodeAt(0).toString(16).padStart(4, '0')).join('').toUpperCase();
    const pages = (text.match(/\/Type \/Page /g) ?? []).length;
    expect(pages).toBeGreaterThan(0);
    // Across the page and at its top and foot.
    expect(text.split(stampHex).length - 1).toBe(3 * pages);
    // The check of uploaded files leaves the demo's alone.
    await store.remove(seeded!.file_path);
    await checkDocumentFiles(h.db.db, store);
    const [after] = rowsOf<{ missing_since: string | null }>(await h.db.db.execute(sql`select missing_since from product_documents where id = ${seeded!.id}`));
    expect(after?.missing_since).toBeNull();
    await ensureSeedFiles(h.db.db, store);
  });

  it('walks only the uploaded documents, through their own index (a demo of millions of generated rows is not read)', async () => {
    const query = uploadedDocumentsAfter(h.db.db, 0).toSQL();
    const plan = await h.db.db.transaction(async (tx) => {
      // As on a large database, where reading the whole table would cost more than the index.
      await tx.execute(sql`set local enable_seqscan = off`);
      const client = sql.join([sql.raw('explain (format json) '), sql.raw(query.sql.replace(/\$(\d+)/g, (_, n: string) => `'${String(query.params[Number(n) - 1])}'`))]);
      return JSON.stringify(rowsOf(await tx.execute(client)));
    });
    expect(plan).toContain('product_documents_uploaded_idx');
  });

  it('authorisation: anonymous and customers 401, staff without CATALOG.EDIT 403', async () => {
    const calls = [
      { method: 'GET', path: base() },
      { method: 'POST', path: base(), form: { file: 'x' } },
      { method: 'POST', path: `${base()}/${v3.id}/replace`, form: { file: 'x' } },
      { method: 'POST', path: `${base()}/${v3.id}/withdraw` },
      { method: 'POST', path: `${base()}/${v3.id}/restore` },
      { method: 'GET', path: `${base()}/${v3.id}/file` },
      { method: 'GET', path: '/api/admin/catalog/documents/missing' },
      { method: 'POST', path: '/api/admin/catalog/documents/check' },
    ];
    await matrix.expect(calls.map((c) => ({ ...c, expect: { guest: 401, adminA: 401, buyerB: 401, staffSales: 403 } })));
    await matrix.expect([{ method: 'GET', path: base(), expect: { staffOps: 200, staffAdmin: 200 } }]);
    // A guest's large upload is refused before its body is read.
    const big = await send(base(), sds('1'), Buffer.alloc(2 * 1024 * 1024, 0x20), '');
    expect(big.status).toBe(401);
  });
});
