import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LabelDto } from '@/contracts/inventory-io';
import { siteUrl } from '@/lib/seo';
import { rowsOf } from '@/server/db/client';
import { inventoryContainers, inventoryLedger, inventoryLocations } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';

const h = fileApiHarness();
const m = authorisationMatrix(h);

let companyA: number;
let companyB: number;
let controlled: number;
let plain: number;
let other: number;

async function companyOf(login: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select company_id as id from users where login_name = ${login}`));
  return row!.id;
}

/** A container with its ledger rows written as the shelf writes them (delta, running balance). */
async function container(companyId: number, values: { code: string; nameZh: string; nameEn: string; cas?: string; controlClass?: 'precursor' | null; locationId?: number | null; moves: [kind: 'received' | 'used' | 'moved' | 'disposed' | 'correction', delta: string, day: string][] }): Promise<number> {
  const amount = values.moves[0]![1];
  const [row] = await h.db.db.insert(inventoryContainers).values({
    companyId, code: values.code, nameZh: values.nameZh, nameEn: values.nameEn, cas: values.cas ?? '', controlClass: values.controlClass ?? null,
    hazardous: values.controlClass != null, lotNo: 'L-1', expiresOn: '2028-01-31', amount, remaining: amount, unit: 'mL', locationId: values.locationId ?? null,
    source: 'manual', receivedOn: values.moves[0]![2],
  }).returning({ id: inventoryContainers.id });
  let balance = 0;
  for (const [kind, delta, day] of values.moves) {
    balance += Number(delta);
    await h.db.db.insert(inventoryLedger).values({
      companyId, containerId: row!.id, kind, delta, balance: String(balance), happenedOn: day, actorName: '张三', purpose: kind === 'used' ? '合成实验' : '',
      toLocationId: values.locationId ?? null,
    });
  }
  await h.db.db.update(inventoryContainers).set({ remaining: String(balance) }).where(eq(inventoryContainers.id, row!.id));
  return row!.id;
}

beforeAll(async () => {
  companyA = await companyOf('buyer@demo.example.com');
  companyB = await companyOf('buyer@univ.example.com');
  const [building] = await h.db.db.insert(inventoryLocations).values({ companyId: companyA, kind: 'building', name: '化学楼' }).returning();
  const [room] = await h.db.db.insert(inventoryLocations).values({ companyId: companyA, parentId: building!.id, kind: 'room', name: '301' }).returning();
  const [cabinet] = await h.db.db.insert(inventoryLocations).values({ companyId: companyA, parentId: room!.id, kind: 'cabinet', name: 'A柜' }).returning();
  controlled = await container(companyA, {
    code: 'T0000001', nameZh: '盐酸', nameEn: 'Hydrochloric acid', cas: '7647-01-0', controlClass: 'precursor', locationId: cabinet!.id,
    moves: [['received', '500', '2026-01-05'], ['used', '-20', '2026-02-01'], ['used', '-30.5', '2026-03-01'], ['correction', '5', '2026-03-02'], ['disposed', '-454.5', '2026-04-01']],
  });
  plain = await container(companyA, { code: 'T0000002', nameZh: '无水乙醇', nameEn: 'Ethanol', cas: '64-17-5', moves: [['received', '100', '2026-01-10']] });
  other = await container(companyB, { code: 'T0000001', nameZh: '丙酮', nameEn: 'Acetone', controlClass: 'precursor', moves: [['received', '250', '2026-01-07']] });
});

async function get(who: 'buyerA' | 'adminA' | 'buyerB' | 'employeeA', path: string, lang: 'zh' | 'en' = 'zh') {
  return h.app.request(path, { headers: { authorization: await m.tokenOf(who), 'accept-language': lang === 'en' ? 'en' : 'zh-CN' } });
}

async function sheetOf(res: Response): Promise<(string | number | null)[][]> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const rows: (string | number | null)[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    const values = row.values as (string | number | null | undefined)[];
    rows.push(Array.from({ length: 13 }, (_, i) => values[i + 1] ?? null));
  });
  return rows;
}

/** The data rows of this file's containers (codes T…): the demo's deliveries put containers on the shelves too. */
const ours = (rows: (string | number | null)[][]) => rows.slice(1).filter((r) => String(r[3]).startsWith('T'));

describe('labels', () => {
  it('answers each label with its facts, its place and the QR code of its page, in the order asked', async () => {
    const res = await get('buyerA', `/api/app/inventory/labels?ids=${plain},${controlled},${plain}`);
    const body = (await res.json()) as { data: { items: LabelDto[] } };
    expect(res.status).toBe(200);
    expect(body.data.items.map((l) => l.id)).toEqual([plain, controlled]);
    const label = body.data.items[1]!;
    expect(label).toMatchObject({ code: 'T0000001', nameZh: '盐酸', nameEn: 'Hydrochloric acid', cas: '7647-01-0', lotNo: 'L-1', amount: '500', remaining: '0', unit: 'mL', location: '化学楼 / 301 / A柜', controlClass: 'precursor', hazardous: true, expiresOn: '2028-01-31' });
    expect(label.url).toBe(`${siteUrl()}/account/inventory/${controlled}`);
    expect(label.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(label.qrSvg).toContain('<path');
    // The QR code holds the address and nothing more: no name, code or amount in the document.
    expect(label.qrSvg).not.toContain('盐酸');
    expect(body.data.items[0]!.location).toBe('');
  });

  it('answers 404 as a whole when an id is another company’s, and 400 in both languages for bad ids', async () => {
    expect((await get('buyerA', `/api/app/inventory/labels?ids=${plain},${other}`)).status).toBe(404);
    expect((await get('buyerB', `/api/app/inventory/labels?ids=${controlled}`)).status).toBe(404);
    const zh = await get('buyerA', '/api/app/inventory/labels?ids=x');
    expect(zh.status).toBe(400);
    const en = (await (await get('buyerA', `/api/app/inventory/labels?ids=${Array.from({ length: 97 }, (_, i) => i + 1).join(',')}`, 'en')).json()) as { msg: string };
    expect(en.msg).toBeTruthy();
  });

  it('finds the container a typed code or a scanned address names, in the caller’s company only', async () => {
    const byCode = await get('buyerA', '/api/app/inventory/labels/find?label=%20t0000002%20');
    expect(((await byCode.json()) as { data: unknown }).data).toEqual({ id: plain, code: 'T0000002' });
    const byUrl = await get('buyerA', `/api/app/inventory/labels/find?label=${encodeURIComponent(`${siteUrl()}/account/inventory/${controlled}`)}`);
    expect(((await byUrl.json()) as { data: unknown }).data).toEqual({ id: controlled, code: 'T0000001' });
    expect(((await (await get('buyerB', '/api/app/inventory/labels/find?label=T0000001')).json()) as { data: { id: number } }).data.id).toBe(other);
    expect((await get('buyerB', '/api/app/inventory/labels/find?label=T0000002')).status).toBe(404);
    expect((await get('buyerB', `/api/app/inventory/labels/find?label=${encodeURIComponent(`/account/inventory/${plain}`)}`)).status).toBe(404);
  });
});

describe('the ledger export', () => {
  it('lists controlled chemicals by default, oldest first, in the audit’s columns, with in, out and a running balance', async () => {
    const rows = await sheetOf(await get('buyerA', '/api/app/inventory/ledger/export'));
    expect(rows[0]).toEqual(['化学品名称', 'CAS号', '批号', '标签编号', '日期', '类型', '入库量', '出库量', '结存', '单位', '经手人', '用途', '存放位置']);
    const data = ours(rows);
    expect(data.map((r) => r[5])).toEqual(['入库', '领用', '领用', '更正', '处置']);
    expect(data[0]).toEqual(['盐酸', '7647-01-0', 'L-1', 'T0000001', '2026-01-05', '入库', 500, null, 500, 'mL', '张三', null, '化学楼 / 301 / A柜']);
    expect(data[2]!.slice(6, 9)).toEqual([null, 30.5, 449.5]);
    expect(data[1]![11]).toBe('合成实验');
    let sum = 0;
    for (const r of data) {
      sum += Number(r[6] ?? 0) - Number(r[7] ?? 0);
      expect(r[8]).toBeCloseTo(sum, 4);
    }
  });

  it('filters by dates, by one container and to all chemicals, in English when asked', async () => {
    const all = await sheetOf(await get('buyerA', '/api/app/inventory/ledger/export?controlledOnly=false', 'en'));
    expect(all[0]!.slice(0, 6)).toEqual(['Chemical', 'CAS', 'Lot', 'Label code', 'Date', 'Movement']);
    expect(ours(all).map((r) => r[3])).toEqual(['T0000001', 'T0000001', 'T0000001', 'T0000001', 'T0000001', 'T0000002']);
    expect(ours(all).map((r) => r[5])).toEqual(['Received', 'Used', 'Used', 'Correction', 'Disposed', 'Received']);
    const ranged = await sheetOf(await get('buyerA', '/api/app/inventory/ledger/export?from=2026-02-01&to=2026-03-01'));
    expect(ours(ranged).map((r) => r[4])).toEqual(['2026-02-01', '2026-03-01']);
    expect(ranged.slice(1).every((r) => String(r[4]) >= '2026-02-01' && String(r[4]) <= '2026-03-01')).toBe(true);
    const one = await sheetOf(await get('buyerA', `/api/app/inventory/ledger/export?containerId=${plain}&controlledOnly=false`));
    expect(one.slice(1).map((r) => r[0])).toEqual(['无水乙醇']);
    // Controlled only: every row is a controlled chemical's (the demo's deliveries hold plain ones as well).
    const controlledCodes = new Set(rowsOf<{ code: string }>(await h.db.db.execute(sql`select code from inventory_containers where company_id = ${companyA} and control_class is not null`)).map((r) => r.code));
    expect((await sheetOf(await get('buyerA', '/api/app/inventory/ledger/export'))).slice(1).every((r) => controlledCodes.has(String(r[3])))).toBe(true);
  });

  it('never shows another company’s rows, and refuses a reversed range with nothing streamed', async () => {
    const b = await sheetOf(await get('buyerB', '/api/app/inventory/ledger/export?controlledOnly=false'));
    expect(ours(b).map((r) => r[0])).toEqual(['丙酮']);
    const codesOfA = new Set(rowsOf<{ code: string }>(await h.db.db.execute(sql`select code from inventory_containers where company_id = ${companyA} and code not in (select code from inventory_containers where company_id = ${companyB})`)).map((r) => r.code));
    expect(b.slice(1).some((r) => codesOfA.has(String(r[3])) || r[0] === '盐酸' || r[0] === '无水乙醇')).toBe(false);
    expect((await sheetOf(await get('buyerB', `/api/app/inventory/ledger/export?containerId=${controlled}`))).length).toBe(1);
    const reversed = await get('buyerA', '/api/app/inventory/ledger/export?from=2026-03-01&to=2026-02-01', 'en');
    expect(reversed.status).toBe(400);
    expect(((await reversed.json()) as { data: { field: string; message: string }[] }).data).toEqual([{ field: 'to', message: 'The end date cannot be before the start date' }]);
  });
});

describe('who may print, find and export', () => {
  it('follows the authorisation matrix', async () => {
    await m.expect([
      { method: 'GET', path: `/api/app/inventory/labels?ids=${plain}`, expect: { guest: 401, employeeA: 403, buyerA: 200, adminA: 200, buyerB: 404, staffAdmin: 401 } },
      { method: 'GET', path: '/api/app/inventory/labels/find?label=T0000002', expect: { guest: 401, employeeA: 403, buyerA: 200, buyerB: 404, staffAdmin: 401 } },
      // A workbook is no envelope: the callers who get one are checked above (buyerA, buyerB) and here by status.
      { method: 'GET', path: '/api/app/inventory/ledger/export', expect: { guest: 401, employeeA: 403, staffAdmin: 401 } },
    ]);
    expect((await get('adminA', '/api/app/inventory/ledger/export')).status).toBe(200);
  });
});
