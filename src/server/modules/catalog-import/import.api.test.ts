import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJobDto, ImportJobListDto } from '@/contracts/catalog-import';
import { rowsOf } from '@/server/db/client';
import { importJobs } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';
import { zip } from '../../../../test/zip';
import { IMPORT_MAX_BYTES } from './jobs';

const h = fileApiHarness();
const matrix = authorisationMatrix(h);
let dir: string;
let admin = '';
let brandCode = '';
let leafId = 0;
let staffId = 0;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'catalog-import-'));
  process.env.FILES_DIR = path.join(dir, 'files');
  admin = await h.loginStaff('admin', 'Admin#2026');
  const [brand] = rowsOf<{ code: string }>(await h.db.db.execute(sql`select code from brands order by id limit 1`));
  const [leaf] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from categories where leaf order by id limit 1`));
  const [member] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select id from staff where login_name = 'admin'`));
  brandCode = brand!.code;
  leafId = Number(leaf!.id);
  staffId = Number(member!.id);
});
afterAll(() => {
  delete process.env.FILES_DIR;
  rmSync(dir, { recursive: true, force: true });
});

const HEADER = 'item_no,name_zh,name_en,brand,category,cas,formula,purity,pack_size,price,lead_time_days,stock';

function csv(lines: string[]): Uint8Array {
  return new TextEncoder().encode(`${[HEADER, ...lines].join('\r\n')}\r\n`);
}

async function upload(token: string | undefined, file: { bytes: Uint8Array; name: string } | null, headers: Record<string, string> = {}) {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const res = await h.app.request('/api/admin/catalog/imports', { method: 'POST', headers: { ...(token ? { authorization: token } : {}), ...headers }, body: form });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

async function finished(id: number): Promise<ImportJobDto> {
  for (let i = 0; i < 600; i += 1) {
    const res = await h.call('GET', `/api/admin/catalog/imports/${id}`, { token: admin });
    const job = res.body.data as ImportJobDto;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${id} did not finish`);
}

async function importFile(bytes: Uint8Array, name: string, headers: Record<string, string> = {}): Promise<ImportJobDto> {
  const res = await upload(admin, { bytes, name }, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return finished((res.body.data as ImportJobDto).id);
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: number }>(await h.db.db.execute(query))[0]?.n ?? 0);
}

const auditCount = () => count(sql`select count(*)::int as n from audit_log where entity in ('product', 'product_pack')`);

async function report(id: number): Promise<string> {
  const res = await h.app.request(`/api/admin/catalog/imports/${id}/errors`, { headers: { authorization: admin } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/csv');
  // Read as bytes: Response.text() would drop the byte-order mark.
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
}

describe('catalogue import', () => {
  const good = () => [
    `IM-0001,无水乙醇,Ethanol,${brandCode},${leafId},64-17-5,C2H6O,≥99.7%,500 mL,38.5,0,12`,
    `IM-0001,无水乙醇,Ethanol,${brandCode},${leafId},64-17-5,C2H6O,≥99.7%,2.5 L,120,3,0`,
    `im-0002,丙酮,Acetone,${brandCode},${leafId},67641,C3H6O,AR,500 mL,25.00,,`,
    `IM-0003,氯化钠,Sodium chloride,${brandCode},${leafId},,NaCl,,,,,`,
    `IM-0004,坏CAS,Bad CAS,${brandCode},${leafId},64-17-6,C2H6O,,1 g,1,,`,
    `IM-0005,无品牌,No brand,NO-SUCH-BRAND,${leafId},,,,1 g,abc,,`,
    `,缺货号,No item,${brandCode},${leafId},,,,,,,`,
  ];

  it('imports products and packs row by row, refuses bad rows with an error report, and audits the writes', async () => {
    const audits = await auditCount();
    const job = await importFile(csv(good()), 'products.csv');
    expect(job).toMatchObject({ status: 'succeeded', format: 'csv', rowsDone: 7, rowsTotal: 7, created: 4, updated: 0, unchanged: 0, failed: 3, progress: 100 });
    expect(job.errorReportUrl).toBe(`/api/admin/catalog/imports/${job.id}/errors`);
    const rows = rowsOf<{ item_no: string; molecular_weight: string; pinyin: string; cas: string | null; packs: number }>(await h.db.db.execute(sql`
      select p.item_no, p.molecular_weight::text as molecular_weight, p.pinyin, p.cas, (select count(*)::int from product_packs k where k.product_id = p.id) as packs
      from products p where p.item_no like 'IM-%' order by p.item_no`));
    expect(rows.map((r) => [r.item_no, r.molecular_weight, r.cas, Number(r.packs)])).toEqual([
      ['IM-0001', '46.069', '64-17-5', 2], ['IM-0002', '58.080', '67-64-1', 1], ['IM-0003', '58.440', null, 0],
    ]);
    expect(rows[0]?.pinyin).toBe('wushuiyichun');
    // The pack facts the packs' triggers keep are right from the product's insert on (ADR 0042).
    const facts = rowsOf<{ item_no: string; min_price: string | null; pack_count: number; in_stock: boolean }>(await h.db.db.execute(sql`
      select item_no, min_price::text as min_price, pack_count, in_stock from products where item_no like 'IM-%' order by item_no`));
    expect(facts.map((r) => [r.item_no, r.min_price, Number(r.pack_count), r.in_stock])).toEqual([
      ['IM-0001', '38.50', 2, true], ['IM-0002', '25.00', 1, false], ['IM-0003', null, 0, false],
    ]);
    // 3 products and 3 packs created, each with its audit row, by the importer, naming the job.
    expect(await auditCount()).toBe(audits + 6);
    const byEntity = rowsOf<{ entity: string; n: number }>(await h.db.db.execute(sql`
      select entity, count(*)::int as n from audit_log where entity in ('product', 'product_pack') and action = 'create'
        and actor_type = 'staff' and actor_id = ${staffId} and (data->'note'->>'importJob')::int = ${job.id} group by entity order by entity`));
    expect(byEntity.map((r) => [r.entity, Number(r.n)])).toEqual([['product', 3], ['product_pack', 3]]);

    const zh = await report(job.id);
    expect(zh.charCodeAt(0)).toBe(0xfeff);
    expect(zh).toContain('行号,列,原因,内容');
    expect(zh).toContain('6,CAS号,CAS 号校验位错误,64-17-6');
    expect(zh).toContain('7,品牌,找不到该品牌,NO-SUCH-BRAND');
    expect(zh).toContain('7,价格,价格须为不小于 0 的数字，最多两位小数,abc');
    expect(zh).toContain('8,货号,必填,');
  });

  it('changes nothing and writes no audit row when the same file is imported again', async () => {
    const audits = await auditCount();
    const before = rowsOf(await h.db.db.execute(sql`select p.*, k.* from products p left join product_packs k on k.product_id = p.id where p.item_no like 'IM-%' order by p.id, k.id`));
    const job = await importFile(csv(good()), 'products-again.csv');
    expect(job).toMatchObject({ status: 'succeeded', created: 0, updated: 0, unchanged: 4, failed: 3 });
    expect(await auditCount()).toBe(audits);
    const after = rowsOf(await h.db.db.execute(sql`select p.*, k.* from products p left join product_packs k on k.product_id = p.id where p.item_no like 'IM-%' order by p.id, k.id`));
    expect(after).toEqual(before);
  });

  it('updates what differs from an Excel file, reports in English for an English-speaking importer', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['Item number', 'Chinese name', 'English name', 'Brand', 'Category', 'Pack size', 'Price', 'Stock']);
    sheet.addRow(['IM-0001', '无水乙醇', 'Ethanol, absolute', brandCode, leafId, '500 mL', 39, 12]);
    sheet.addRow(['IM-0006', '甲醇', { richText: [{ text: 'Meth' }, { text: 'anol' }] }, brandCode, leafId, '1 L', 20.5, 4]);
    sheet.addRow([]);
    sheet.addRow(['IM-0007', '乙腈', 'Acetonitrile', brandCode, leafId, '1 L', -1, 'many']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const audits = await auditCount();
    const job = await importFile(bytes, 'products.xlsx', { 'accept-language': 'en' });
    expect(job).toMatchObject({ status: 'succeeded', format: 'xlsx', rowsTotal: 3, created: 1, updated: 1, unchanged: 0, failed: 1 });
    const [p1] = rowsOf<{ name_en: string; price: string }>(await h.db.db.execute(sql`
      select p.name_en, k.price::text as price from products p join product_packs k on k.product_id = p.id where p.item_no = 'IM-0001' and k.size = '500 mL'`));
    expect(p1).toEqual({ name_en: 'Ethanol, absolute', price: '39.00' });
    expect(await count(sql`select count(*)::int as n from products where item_no = 'IM-0006' and name_en = 'Methanol'`)).toBe(1);
    // One product update, one pack update, one product and one pack created.
    expect(await auditCount()).toBe(audits + 4);
    const en = await report(job.id);
    expect(en).toContain('Row,Column,Reason,Value');
    // The blank row 4 is skipped; values that start like a formula are escaped.
    expect(en).toContain('5,Price,The price must be a number of at least 0 with at most two decimals,\'-1');
    expect(en).toContain('5,Stock,"The stock must be a whole number 0–1,000,000",many');

    // The same report as an Excel workbook (ADR 0042), formula-like values escaped there too.
    const res = await h.app.request(`/api/admin/catalog/imports/${job.id}/errors?format=xlsx`, { headers: { authorization: admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const rows = book.worksheets[0]!.getSheetValues().slice(1).map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(rows[0]).toEqual(['Row', 'Column', 'Reason', 'Value']);
    expect(rows).toContainEqual([5, 'Price', 'The price must be a number of at least 0 with at most two decimals', "'-1"]);
    const bad = await h.app.request(`/api/admin/catalog/imports/${job.id}/errors?format=pdf`, { headers: { authorization: admin } });
    expect(bad.status).toBe(400);
  });

  it('keeps a pack\'s regular price above a new price, and drops it when the price reaches it', async () => {
    const line = (price: string) => `IM-0020,乙酸乙酯,Ethyl acetate,${brandCode},${leafId},141-78-6,C4H8O2,AR,500 mL,${price},0,5`;
    expect(await importFile(csv([line('30')]), 'offer.csv')).toMatchObject({ status: 'succeeded', created: 1 });
    await h.db.db.execute(sql`update product_packs set list_price = 50 where product_id = (select id from products where item_no = 'IM-0020')`);
    const listPrice = async () => rowsOf<{ list_price: string | null }>(await h.db.db.execute(sql`
      select k.list_price::text as list_price from product_packs k join products p on p.id = k.product_id where p.item_no = 'IM-0020'`))[0]?.list_price;
    expect(await importFile(csv([line('40')]), 'offer-2.csv')).toMatchObject({ status: 'succeeded', updated: 1, failed: 0 });
    expect(await listPrice()).toBe('50.00');
    expect(await importFile(csv([line('50')]), 'offer-3.csv')).toMatchObject({ status: 'succeeded', updated: 1, failed: 0 });
    expect(await listPrice()).toBeNull();
  });

  it('refuses rows that contradict the previous row of their product, and a repeated pack size', async () => {
    const job = await importFile(csv([
      `IM-0010,试剂甲,Reagent A,${brandCode},${leafId},,,,1 g,1,,`,
      `IM-0010,试剂甲,Reagent A2,${brandCode},${leafId},,,,5 g,4,,`,
      `IM-0010,试剂甲,Reagent A,${brandCode},${leafId},,,,1 g,2,,`,
    ]), 'groups.csv');
    expect(job).toMatchObject({ created: 1, failed: 2 });
    const text = await report(job.id);
    expect(text).toContain('3,英文名称,与同一货号的上一行商品信息不一致,Reagent A2');
    expect(text).toContain('4,规格,同一货号的规格重复,1 g');
  });

  it('fails a file whose header lacks required columns, naming them in the report', async () => {
    const job = await importFile(new TextEncoder().encode('item_no,name_zh\nIM-0020,甲\n'), 'short.csv');
    expect(job).toMatchObject({ status: 'failed', failure: 'columnsMissing', created: 0 });
    const text = await report(job.id);
    expect(text).toContain('1,英文名称,缺少必需的列');
    expect(text).toContain('1,品牌,缺少必需的列');
  });

  it('reads GBK text (Excel\'s Chinese CSV)', async () => {
    const gbk = Buffer.from([
      ...Buffer.from(`${HEADER}\r\nIM-0030,`), 0xc1, 0xf2, 0xcb, 0xe1, // 硫酸
      ...Buffer.from(`,Sulfuric acid,${brandCode},${leafId},7664-93-9,H2SO4,,,,,\r\n`),
    ]);
    const job = await importFile(new Uint8Array(gbk), 'gbk.csv');
    expect(job).toMatchObject({ status: 'succeeded', created: 1 });
    expect(await count(sql`select count(*)::int as n from products where item_no = 'IM-0030' and name_zh = '硫酸'`)).toBe(1);
  });

  it('answers 400 for a wrong type or an empty file, 415 without a multipart body, and writes nothing', async () => {
    const jobs = await count(sql`select count(*)::int as n from import_jobs`);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect((await upload(admin, { bytes: png, name: 'image.csv' })).status).toBe(400);
    expect((await upload(admin, { bytes: csv([]), name: 'products.pdf' })).status).toBe(400);
    expect((await upload(admin, { bytes: csv([]), name: 'products.xlsx' })).status).toBe(400);
    const empty = await upload(admin, { bytes: new Uint8Array(0), name: 'empty.csv' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('文件是空的');
    expect((await upload(admin, null)).status).toBe(400);
    const json = await h.call('POST', '/api/admin/catalog/imports', { token: admin, json: { file: 'x' } });
    expect(json.status).toBe(415);
    expect(await count(sql`select count(*)::int as n from import_jobs`)).toBe(jobs);
  });

  it('takes a file over the API\'s 1 MiB body limit, up to IMPORT_MAX_BYTES, and answers 413 importFileTooLarge beyond it', async () => {
    // Three products, each row carrying 900 KB in a column the import does not know: 2.7 MB in all.
    const filler = 'x'.repeat(900_000);
    const lines = ['IM-BIG-1', 'IM-BIG-2', 'IM-BIG-3'].map((itemNo) => `${itemNo},大文件,Large file,${brandCode},${leafId},,,,1 g,10,0,1,${filler}`);
    const bytes = new TextEncoder().encode(`${HEADER},note\r\n${lines.join('\r\n')}\r\n`);
    expect(bytes.length).toBeGreaterThan(2 * 1024 * 1024);
    const job = await importFile(bytes, 'large.csv');
    expect(job).toMatchObject({ status: 'succeeded', created: 3 });
    // A body that says it is larger than the limit is refused before it is read.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(csv([]))]), 'huge.csv');
    const body = new Uint8Array(await new Response(form).arrayBuffer());
    const type = new Response(form).headers.get('content-type') ?? '';
    const res = await h.app.request('/api/admin/catalog/imports', {
      method: 'POST', body, headers: { authorization: admin, 'content-type': type, 'content-length': String(IMPORT_MAX_BYTES + 65 * 1024), 'accept-language': 'en' },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { msg: string }).msg).toBe(`The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
  });

  it('refuses at once a workbook whose shared strings unpack to millions of empty entries, and fails one that lies about it', async () => {
    const jobs = await count(sql`select count(*)::int as n from import_jobs`);
    const parts = (shared: { data: string; size?: number }) => zip([
      { name: 'xl/workbook.xml', data: '<workbook><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>' },
      { name: 'xl/_rels/workbook.xml.rels', data: '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>' },
      { name: 'xl/worksheets/sheet1.xml', data: '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>' },
      { name: 'xl/sharedStrings.xml', ...shared },
    ]);
    const empties = `<sst>${'<si/>'.repeat(6_000_000)}</sst>`;
    const honest = await upload(admin, { bytes: parts({ data: empties }), name: 'bomb.xlsx' }, { 'accept-language': 'en' });
    expect(honest.status).toBe(400);
    expect(honest.body.data).toEqual([{ field: 'file', message: expect.stringMatching(/unpacks to more than the import reads/) }]);
    expect(await count(sql`select count(*)::int as n from import_jobs`)).toBe(jobs);
    // Declaring a small size, it is queued, and its job stops where the part passes that size.
    const lying = await importFile(parts({ data: empties, size: 4096 }), 'lying.xlsx');
    expect(lying).toMatchObject({ status: 'failed', failure: 'fileOverLimits', created: 0 });
  });

  it('lists jobs newest first with keyset pages and cancels only unfinished ones', async () => {
    const list = await h.call('GET', '/api/admin/catalog/imports?limit=2', { token: admin });
    const page = list.body.data as ImportJobListDto;
    expect(page.items).toHaveLength(2);
    expect(page.items[0]!.id).toBeGreaterThan(page.items[1]!.id);
    expect(page.items[0]!.staffName).not.toBe('');
    const next = await h.call('GET', `/api/admin/catalog/imports?limit=2&cursor=${page.nextCursor}`, { token: admin });
    expect((next.body.data as ImportJobListDto).items[0]!.id).toBeLessThan(page.items[1]!.id);
    expect((await h.call('GET', '/api/admin/catalog/imports?limit=0', { token: admin })).status).toBe(400);

    const done = await h.call('POST', `/api/admin/catalog/imports/${page.items[0]!.id}/cancel`, { token: admin });
    expect(done.status).toBe(409);
    const [queued] = await h.db.db.insert(importJobs).values({ staffId, fileName: 'x.csv', filePath: 'imports/none.csv', format: 'csv', status: 'queued' }).returning();
    const cancelled = await h.call('POST', `/api/admin/catalog/imports/${queued!.id}/cancel`, { token: admin });
    expect(cancelled.status).toBe(200);
    expect((cancelled.body.data as ImportJobDto).status).toBe('cancelled');
    expect(await count(sql`select count(*)::int as n from audit_log where entity = 'import_job' and entity_id = ${String(queued!.id)} and action = 'cancel'`)).toBe(1);
    expect((await h.call('GET', '/api/admin/catalog/imports/999999', { token: admin })).status).toBe(404);
  });
});

describe('catalogue export', () => {
  it('streams the filtered list as Excel with the import columns, formula injection escaped', async () => {
    const injected = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\tTab', '\rCR'];
    const lines = injected.map((name, i) => `IM-X${i},"${name.replace(/"/g, '""')}",Injected ${i},${brandCode},${leafId},,,"=1+${i}",1 g,${i + 1},,`);
    const job = await importFile(csv(lines), 'injected.csv');
    expect(job).toMatchObject({ created: 6, failed: 0 });
    // Names keep leading tabs and carriage returns only when written past the import's trimming.
    for (const [i, name] of injected.entries()) await h.db.db.execute(sql`update products set name_zh = ${name} where item_no = ${`IM-X${i}`}`);
    const res = await h.app.request('/api/admin/catalog/products/export?key=IM-X&active=all&sort=itemNo', { headers: { authorization: admin, 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from(Buffer.from(await res.arrayBuffer())));
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Item number', 'Chinese name', 'English name', 'Brand', 'Category', 'CAS number', 'Formula', 'Structure (SMILES)', 'Purity', 'Grade', 'Active', 'Pack size', 'Price', 'Lead time (days)', 'Stock']);
    const names: string[] = [];
    sheet.eachRow((row, n) => {
      row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula));
      if (n > 1) names.push(String(row.getCell(2).value));
    });
    // XML reads a carriage return back as a line feed; the apostrophe in front is what matters.
    expect(names).toEqual(injected.map((v) => `'${v}`.replace(/\r/g, '\n')));
    expect(String(sheet.getRow(2).getCell(9).value)).toBe('\'=1+0');
    expect(sheet.getRow(2).getCell(13).value).toBe(1);
    expect(sheet.rowCount).toBe(7);
  });

  it('answers 400 for bad filters, and 401/403 by role for every endpoint', async () => {
    expect((await h.call('GET', '/api/admin/catalog/products/export?flag=nope', { token: admin })).status).toBe(400);
    expect((await h.call('GET', '/api/admin/catalog/imports/template?format=pdf', { token: admin })).status).toBe(400);
    const paths = [
      { method: 'GET', path: '/api/admin/catalog/imports' },
      { method: 'GET', path: '/api/admin/catalog/imports/1' },
      { method: 'POST', path: '/api/admin/catalog/imports/1/cancel' },
      { method: 'GET', path: '/api/admin/catalog/imports/1/errors' },
      { method: 'GET', path: '/api/admin/catalog/imports/template' },
      { method: 'GET', path: '/api/admin/catalog/products/export' },
      { method: 'POST', path: '/api/admin/catalog/imports' },
    ];
    await matrix.expect(paths.map((p) => ({ ...p, expect: { guest: 401, adminA: 401, buyerB: 401, staffSales: 403 } })));
  });

  it('offers templates: CSV with the header in the caller\'s language, Excel with a guide in both', async () => {
    const csvRes = await h.app.request('/api/admin/catalog/imports/template?format=csv', { headers: { authorization: admin } });
    expect(csvRes.status).toBe(200);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csvRes.arrayBuffer());
    expect(text.split('\r\n')[0]).toBe('\uFEFF货号,中文名称,英文名称,品牌,分类,CAS号,分子式,结构式（SMILES）,纯度,等级,上架,规格,价格,货期（天）,库存');
    const xlsxRes = await h.app.request('/api/admin/catalog/imports/template', { headers: { authorization: admin, 'accept-language': 'en' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from(Buffer.from(await xlsxRes.arrayBuffer())));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Products', 'Guide']);
    expect(workbook.worksheets[1]!.getRow(2).values).toContain('item_no');
    // The template, as downloaded, imports.
    const job = await importFile(new Uint8Array(await (await h.app.request('/api/admin/catalog/imports/template', { headers: { authorization: admin } })).arrayBuffer()), 'template.xlsx');
    expect(job).toMatchObject({ status: 'succeeded', rowsTotal: 1, failed: 0 });
  });
});
