import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';
import { streamXlsx } from './xlsx-stream';

const h = fileApiHarness();
const tokens: Record<string, string> = {};

beforeAll(async () => {
  tokens.admin = await h.loginStaff('admin', 'Admin#2026');
  tokens.sales = await h.loginStaff('sales', 'Sales#2026');
});

/** Every row of the first sheet, read back from the bytes with exceljs, as text. */
async function readBack(bytes: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(values.slice(1).map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

async function download(path: string, token: string): Promise<{ status: number; type: string | null; rows: string[][] }> {
  const res = await h.app.request(path, { headers: { authorization: token } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), rows: res.status === 200 ? await readBack(bytes) : [] };
}

describe('the shared streamed XLSX writer', () => {
  it('escapes formula starts (=, +, -, @, tab, carriage return) and keeps numbers and dates', async () => {
    const rows = [['=1+1'], ['+86 138'], ['-2'], ['@SUM(A1)'], ['\tx'], ['\ry'], ['上海 a=b']].map(([v]) => ({ text: v!, n: 12.5, d: new Date('2026-11-01T00:00:00Z') }));
    async function* pages() { yield rows.slice(0, 3); yield rows.slice(3); }
    const stream = streamXlsx({ name: 'test', sheet: '=Sheet', pages: pages(), columns: [
      { header: '=Text', width: 10, value: (r: (typeof rows)[number]) => r.text }, { header: 'n', width: 8, value: (r) => r.n }, { header: 'd', width: 8, value: (r) => r.d },
    ] });
    const chunks: Buffer[] = [];
    for await (const chunk of Readable.fromWeb(stream as import('node:stream/web').ReadableStream)) chunks.push(Buffer.from(chunk as Uint8Array));
    const back = await readBack(new Uint8Array(Buffer.concat(chunks)));
    expect(back[0]).toEqual(["'=Text", 'n', 'd']);
    // (XML reads a carriage return back as a line feed.)
    expect(back.slice(1).map((r) => r[0])).toEqual(["'=1+1", "'+86 138", "'-2", "'@SUM(A1)", "'\tx", "'\ny", '上海 a=b']);
    expect(back[1]!.slice(1)).toEqual(['12.5', '2026-11-01']);
  });
});

describe('the CRM list exports', () => {
  it('answer streamed workbooks that read back, for customers, cases, expenses, complaints and quotations', async () => {
    for (const [path, first] of [
      ['/api/admin/customers/export', '客户名称'], ['/api/admin/cases/export', '案例编号'], ['/api/admin/expenses/export', null], ['/api/admin/complaints/export', '投诉编号'],
      ['/api/admin/quotations/export', '报价单号'], ['/api/admin/suppliers/export', '供应商名称'],
    ] as const) {
      const res = await download(path, tokens.admin!);
      expect(res.status, path).toBe(200);
      expect(res.type).toContain('spreadsheetml');
      expect(res.rows.length, path).toBeGreaterThan(1);
      if (first) expect(res.rows[0]![0], path).toBe(first);
    }
    const complaints = await download('/api/admin/complaints/export?status=rejected', tokens.admin!);
    expect(complaints.rows.slice(1).every((r) => r[6] === '审核未通过')).toBe(true);
    // Scoped like the list: another team's complaints are not in a sales member's export.
    const mine = await download('/api/admin/complaints/export', tokens.sales!);
    expect(mine.rows.slice(1).some((r) => r[1] === '北京示例大学化学学院')).toBe(false);
    expect((await download('/api/admin/complaints/export?status=bogus', tokens.admin!)).status).toBe(400);
  });

  it('date each row by the business day it was made on, not by its UTC day', async () => {
    // Seeded complaints are made at midnight in Beijing: 16:00 UTC of the day before.
    const days = new Map(rowsOf<{ no: string; day: string }>(await h.db.db.execute(sql`
      select complaint_no as no, to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day from complaints`)).map((r) => [r.no, r.day]));
    const res = await download('/api/admin/complaints/export', tokens.admin!);
    const rows = res.rows.slice(1);
    expect(rows.length).toBe(days.size);
    for (const r of rows) expect(r.at(-1), r[0]).toBe(days.get(r[0]!));
  });

  it('export the suppliers of the list\'s filters, to SUPPLIER.EDIT holders only', async () => {
    const all = await download('/api/admin/suppliers/export', tokens.admin!);
    const found = await download(`/api/admin/suppliers/export?key=${encodeURIComponent(all.rows[1]![0]!)}`, tokens.admin!);
    expect(found.rows.slice(1).map((r) => r[0])).toEqual([all.rows[1]![0]]);
    expect((await download('/api/admin/suppliers/export?sort=bogus', tokens.admin!)).status).toBe(400);
    expect((await download('/api/admin/suppliers/export', '')).status).toBe(401);
  });

  it('export the quotations a member sees, filtered as the list is', async () => {
    const sent = await download('/api/admin/quotations/export?state=sent', tokens.admin!);
    expect(sent.rows.length).toBeGreaterThan(1);
    expect(sent.rows.slice(1).every((r) => r[6] === '已发送')).toBe(true);
    // Scoped like the list: a sales member's export has exactly the rows of their list.
    const listed = await h.call('GET', '/api/admin/quotations?limit=200', { token: tokens.sales! });
    const mine = await download('/api/admin/quotations/export', tokens.sales!);
    const all = await download('/api/admin/quotations/export', tokens.admin!);
    expect(mine.rows.length - 1).toBe((listed.body.data as { total: number }).total);
    expect(mine.rows.length).toBeLessThan(all.rows.length);
    expect((await download('/api/admin/quotations/export?state=bogus', tokens.admin!)).status).toBe(400);
    expect((await download('/api/admin/quotations/export', '')).status).toBe(401);
  });

  it('escape formula-like text written by users', async () => {
    await h.db.db.execute(sql`update complaints set description = '=HYPERLINK("http://evil")' where id = (select min(id) from complaints)`);
    const res = await download('/api/admin/complaints/export', tokens.admin!);
    expect(res.rows.some((r) => r[3] === '\'=HYPERLINK("http://evil")')).toBe(true);
    expect(res.rows.every((r) => !r[3]?.startsWith('='))).toBe(true);
  });

  it('have no row cap: more than 10,000 cases all go into the workbook', async () => {
    await h.db.db.execute(sql`insert into testing_cases (case_no, owner_id, customer_name, samples, test_fee, service_fee, invoice_type)
      select 'TSX' || lpad(g::text, 6, '0'), (select id from staff where login_name = 'admin'), '批量客户 ' || g, '样品', 1.00, 1.15, 'ordinary' from generate_series(1, 10050) g`);
    const total = Number(rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from testing_cases`))[0]!.n);
    const res = await download('/api/admin/cases/export', tokens.admin!);
    expect(res.status).toBe(200);
    expect(res.rows.length - 1).toBe(total);
    expect(total).toBeGreaterThan(10_000);
  }, 120_000);
});
