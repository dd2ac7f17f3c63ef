import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportCommitDto, ImportPreviewDto } from '@/contracts/inventory-io';
import { rowsOf } from '@/server/db/client';
import { inventoryContainers, inventoryLedger, inventoryLocations, products } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';

const h = fileApiHarness();
const m = authorisationMatrix(h);
const HEADER = 'name_zh,name_en,cas,item_no,lot_no,amount,unit,received_on,expires_on,location,owner,control,hazardous,note';

let companyA: number;
let product: { id: number; itemNo: string; nameZh: string };

beforeAll(async () => {
  const [row] = rowsOf<{ id: number }>(await h.db.db.execute(sql`select company_id as id from users where login_name = 'buyer@demo.example.com'`));
  companyA = row!.id;
  [product] = await h.db.db.select({ id: products.id, itemNo: products.itemNo, nameZh: products.nameZh }).from(products).where(eq(products.active, true)).limit(1) as [typeof product];
});

function csv(lines: string[]): { name: string; bytes: Uint8Array } {
  return { name: 'stock.csv', bytes: new TextEncoder().encode(`${[HEADER, ...lines].join('\r\n')}\r\n`) };
}

type Who = 'buyerA' | 'adminA' | 'employeeA' | 'buyerB';
async function upload(who: Who | 'guest', step: 'preview' | 'commit', file: { name: string; bytes: Uint8Array }, lang: 'zh' | 'en' = 'zh') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const headers: Record<string, string> = { 'accept-language': lang === 'en' ? 'en' : 'zh-CN' };
  if (who !== 'guest') headers.authorization = await m.tokenOf(who);
  const res = await h.app.request(`/api/app/inventory/import/${step}`, { method: 'POST', headers, body: form });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

const countOf = async (companyId: number) => rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from inventory_containers where company_id = ${companyId} and source = 'import'`))[0]!.n;

describe('the stock import', () => {
  it('downloads a template whose header carries both languages', async () => {
    const res = await h.app.request('/api/app/inventory/import/template', { headers: { authorization: await m.tokenOf('buyerA') } });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const head = workbook.worksheets[0]!.getRow(1).values as string[];
    expect(head.slice(1, 4)).toEqual(['中文名称 Chinese name', '英文名称 English name', 'CAS号 CAS']);
    expect(workbook.worksheets).toHaveLength(2);
  });

  it('previews, then imports every row in one go: containers, received ledger rows, new locations, the catalogue matched', async () => {
    const file = csv([
      '无水乙醇,Ethanol,64-17-5,,B-1,500,mL,2026-01-02,2028-01-01,导入楼 / 101 / 甲柜,buyer@demo.example.com,,否,',
      `,,,${product.itemNo},B-2,25,g,2026/1/3,,导入楼 / 101,,,,`,
      '高锰酸钾,Potassium permanganate,7722-64-7,,B-3,100,g,2026-01-04,,导入楼 / 101 / 甲柜,,易制爆,是,整瓶',
    ]);
    const before = await countOf(companyA);
    const preview = await upload('buyerA', 'preview', file);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const p = preview.body.data as ImportPreviewDto;
    expect(p.issues).toEqual([]);
    expect(p.newLocations).toEqual(['导入楼', '导入楼 / 101', '导入楼 / 101 / 甲柜']);
    expect(p.rows.map((r) => [r.row, r.amount, r.unit, r.matched, r.owner])).toEqual([[2, '500', 'mL', expect.any(Boolean), expect.any(String)], [3, '25', 'g', true, ''], [4, '100', 'g', false, '']]);
    expect(p.rows[0]!.owner).not.toBe('');
    expect(await countOf(companyA)).toBe(before);

    const commit = await upload('buyerA', 'commit', file);
    expect(commit.status, JSON.stringify(commit.body)).toBe(200);
    const done = commit.body.data as ImportCommitDto;
    expect(done).toMatchObject({ created: 3, locationsCreated: 3 });
    const made = await h.db.db.select().from(inventoryContainers).where(and(eq(inventoryContainers.companyId, companyA), eq(inventoryContainers.source, 'import')));
    const byLot = new Map(made.map((c) => [c.lotNo, c]));
    expect(byLot.get('B-2')).toMatchObject({ productId: product.id, nameZh: product.nameZh, receivedOn: '2026-01-03', remaining: '25.0000' });
    expect(byLot.get('B-3')).toMatchObject({ controlClass: 'explosive', hazardous: true, note: '整瓶' });
    expect(byLot.get('B-1')!.code).toMatch(/^C\d{7}$/);
    const ledger = await h.db.db.select().from(inventoryLedger).where(eq(inventoryLedger.containerId, byLot.get('B-1')!.id));
    expect(ledger.map((l) => [l.kind, l.delta, l.balance, l.happenedOn])).toEqual([['received', '500.0000', '500.0000', '2026-01-02']]);
    const cabinet = await h.db.db.select().from(inventoryLocations).where(and(eq(inventoryLocations.companyId, companyA), eq(inventoryLocations.name, '甲柜')));
    expect(cabinet.map((c) => c.kind)).toEqual(['cabinet']);
    expect(byLot.get('B-1')!.locationId).toBe(cabinet[0]!.id);
    // The same paths again: no second set of locations.
    const again = await upload('buyerA', 'preview', file);
    expect((again.body.data as ImportPreviewDto).newLocations).toEqual([]);
    // Another company never sees them.
    const other = await h.app.request(`/api/app/inventory/labels?ids=${done.ids.join(',')}`, { headers: { authorization: await m.tokenOf('buyerB') } });
    expect(other.status).toBe(404);
  });

  it('gives a row matched by CAS alone its product\'s control class, 剧毒 included', async () => {
    // A product of the catalogue made 剧毒 for this file's database (the import had known only the other two classes).
    const [azide] = rowsOf<{ cas: string }>(await h.db.db.execute(sql`
      update products set control_class = 'toxic' where id = (
        select id from products where cas is not null and substance_id is not null and cas not in (select cas from products where control_class is not null and cas is not null) order by id limit 1)
      returning cas`));
    expect(azide).toBeDefined();
    const commit = await upload('buyerA', 'commit', csv([`剧毒试剂,,${azide!.cas},,T-1,25,g,2026-01-05,,,,,,`]));
    expect(commit.status, JSON.stringify(commit.body)).toBe(200);
    const [made] = await h.db.db.select().from(inventoryContainers).where(and(eq(inventoryContainers.companyId, companyA), eq(inventoryContainers.lotNo, 'T-1')));
    expect(made).toMatchObject({ cas: azide!.cas, controlClass: 'toxic' });
    expect(made!.substanceId).not.toBeNull();
  });

  it('names the row and the column of every bad cell in both languages, and a commit of it writes nothing', async () => {
    const file = csv([
      '乙醇,,,,,5,mL,2026-01-02,,,,,,',
      '丙酮,,,,,abc,bottle,2026-02-30,,,nobody@example.com,,,',
      '甲苯,,,,,1,L,,,A / B / C / D,buyer@univ.example.com,,,',
    ]);
    const before = await countOf(companyA);
    const locationsBefore = rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from inventory_locations where company_id = ${companyA}`))[0]!.n;
    const preview = await upload('buyerA', 'preview', file, 'en');
    const p = preview.body.data as ImportPreviewDto;
    expect(p.issues.map((i) => [i.row, i.column])).toEqual([[3, 'amount'], [3, 'unit'], [3, 'received_on'], [4, 'location']]);
    expect(p.issues[1]).toMatchObject({ messageZh: expect.stringContaining('第 3 行「单位」') as unknown, messageEn: expect.stringContaining('Row 3, Unit: unknown unit') as unknown });
    // Row 3's owner is checked once its cells are good; a user of another company is unknown here.
    const owner = await upload('buyerA', 'preview', csv(['甲苯,,,,,1,L,,,,buyer@univ.example.com,,,']));
    expect((owner.body.data as ImportPreviewDto).issues.map((i) => [i.row, i.column, i.messageEn])).toEqual([[2, 'owner', 'Row 2, Owner login: no user of your company has this login name']]);
    const commit = await upload('buyerA', 'commit', file, 'en');
    expect(commit.status).toBe(400);
    expect(commit.body.msg).toBe('The import file has problems; correct them and import again');
    expect(await countOf(companyA)).toBe(before);
    expect(rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from inventory_locations where company_id = ${companyA}`))[0]!.n).toBe(locationsBefore);
  });

  it('refuses a file of another kind, an empty one and one without the needed columns', async () => {
    expect((await upload('buyerA', 'preview', { name: 'stock.pdf', bytes: new TextEncoder().encode('%PDF') })).status).toBe(400);
    expect((await upload('buyerA', 'preview', { name: 'stock.csv', bytes: new Uint8Array() })).status).toBe(400);
    const noHeader = await upload('buyerA', 'preview', { name: 'stock.csv', bytes: new TextEncoder().encode('a,b\r\n1,2\r\n') });
    expect((noHeader.body.data as ImportPreviewDto).issues.map((i) => [i.row, i.column])).toEqual([[1, 'file']]);
  });

  it('reads an Excel file with real dates and numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stock');
    sheet.addRow(['中文名称', 'Amount', '单位', 'Received on', 'Location']);
    sheet.addRow(['氯化钠', 250, 'g', new Date(Date.UTC(2026, 0, 15)), 'Excel楼']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const preview = await upload('adminA', 'preview', { name: 'stock.xlsx', bytes });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const p = preview.body.data as ImportPreviewDto;
    expect(p.issues).toEqual([]);
    expect(p.rows.map((r) => [r.name, r.amount, r.receivedOn, r.location])).toEqual([['氯化钠', '250', '2026-01-15', 'Excel楼']]);
  });

  it('follows the authorisation matrix', async () => {
    const file = csv(['乙醇,,,,,5,mL,2026-01-02,,,,,,']);
    expect((await upload('guest', 'preview', file)).status).toBe(401);
    expect((await upload('employeeA', 'preview', file)).status).toBe(403);
    expect((await upload('employeeA', 'commit', file)).status).toBe(403);
    await m.expect([{ method: 'GET', path: '/api/app/inventory/import/template', expect: { guest: 401, employeeA: 403, staffAdmin: 401 } }]);
  });
});
