import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgreementDetailDto } from '@/contracts/price-agreements';
import { fileApiHarness } from '../../../../test/api';
import { agreementHarness } from '../../../../test/price-agreements';

const h = fileApiHarness();
const t = agreementHarness(() => h);
beforeAll(async () => t.setUp());

const exportOf = async (id: number) => {
  const res = await h.app.request(`/api/admin/price-agreements/${id}/rules.xlsx`, { headers: { authorization: t.tokens.sales! } });
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  return book;
};
const upload = async (id: number, book: ExcelJS.Workbook | Uint8Array, lang = 'zh') => {
  const bytes = book instanceof Uint8Array ? book : new Uint8Array(await book.xlsx.writeBuffer());
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'rules.xlsx');
  const res = await h.app.request(`/api/admin/price-agreements/${id}/rules.xlsx`, { method: 'POST', body: form, headers: { authorization: t.tokens.sales!, 'accept-language': lang } });
  return { status: res.status, body: (await res.json()) as { msg: string; data: unknown } };
};
const rowsOf = (book: ExcelJS.Workbook) => {
  const out: string[][] = [];
  book.worksheets[0]!.eachRow((row) => out.push(Array.from({ length: 11 }, (_v, i) => row.getCell(i + 1).text)));
  return out;
};

describe('an agreement\'s rules as Excel', () => {
  it('exports item numbers, sizes, brand codes and category names, and the same sheet imported into a draft gives the same rules', async () => {
    const [brand] = await t.q<{ code: string }>(sql`select code from brands where id = ${t.fixture.brandId}`);
    const source = await t.create('sales', {
      rules: [...t.fairRules(), { kind: 'discount', scope: 'brand', brandId: t.fixture.brandId, discountBp: 1250 }, { kind: 'discount', scope: 'category', categoryId: t.fixture.categoryId, discountBp: 500 }],
    });
    const book = await exportOf(source.id);
    const rows = rowsOf(book);
    expect(rows[0]).toEqual(['类型 Kind', '范围 Scope', '品牌 Brand', '分类 Category', '货号 Item no.', '规格 Pack', '商品 Product', '目录价 List price', '折扣 % Discount %', '协议单价 Net price', '起订数量 From qty']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[4], r[5]])).toEqual(expect.arrayContaining([
      ['discount', 'brand', brand!.code, '', ''], ['net', 'pack', '', t.fixture.packs[0]!.itemNo, t.fixture.packs[0]!.size],
    ]));
    const target = await t.create('sales', { rules: [] });
    const imported = await upload(target.id, book);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data).toEqual({ rules: 5 });
    const shape = (d: AgreementDetailDto) => d.rules.map(({ id: _id, ...r }) => r);
    const after = t.ok(await t.call('sales', 'GET', `/api/admin/price-agreements/${target.id}`));
    expect(shape(after)).toEqual(shape(source));
    const audit = await t.q<{ action: string; note: unknown }>(sql`select action, data->'note' as note from audit_log where entity = 'price_agreement' and entity_id = ${String(target.id)} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('reports every bad row by its sheet row in the caller\'s language, and keeps the draft\'s rules', async () => {
    const draft = await t.create();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('rules');
    sheet.addRow(['类型 Kind', '范围 Scope', '品牌 Brand', '分类 Category', '货号 Item no.', '规格 Pack', '商品', '目录价', '折扣 %', '协议单价', '起订数量']);
    sheet.addRow(['折扣', '全部', '', '', '', '', '', '', '8', '', '']);
    sheet.addRow(['discount', 'brand', 'NO-SUCH-BRAND', '', '', '', '', '', '5', '', '']);
    sheet.addRow(['net', 'pack', '', '', t.fixture.packs[0]!.itemNo, 'no-such-size', '', '', '', '10', '']);
    sheet.addRow(['阶梯价', '', '', '', t.fixture.packs[0]!.itemNo, t.fixture.packs[0]!.size, '', '', '', '12.345', '1']);
    sheet.addRow(['rebate', '', '', '', '', '', '', '', '', '', '']);
    const res = await upload(draft.id, book);
    expect(res.status).toBe(400);
    expect((res.body.data as { field: string; message: string }[]).map((f) => `${f.field}: ${f.message}`)).toEqual([
      'rows.3.brandId: 品牌不存在',
      'rows.4.packId: 规格不存在，请核对货号与规格',
      'rows.5.netCents: 价格须在 0 到 9,999,999.99 之间，最多两位小数',
      'rows.5.minQty: 起订数量须在 2 到 9999 之间',
      'rows.6.kind: 规则类型无效（折扣、协议价或阶梯价）',
    ]);
    const en = await upload(draft.id, book, 'en');
    expect((en.body.data as { field: string; message: string }[])[0]).toEqual({ field: 'rows.3.brandId', message: 'No such brand' });
    expect(t.ok(await t.call('sales', 'GET', `/api/admin/price-agreements/${draft.id}`)).rules.length).toBe(3);
  });

  it('refuses a file that is no workbook, and an agreement that is no longer a draft', async () => {
    const draft = await t.create();
    const junk = await upload(draft.id, new TextEncoder().encode('not a workbook'));
    expect([junk.status, junk.body.msg]).toEqual([400, '无法读取该文件，请上传导出格式的 .xlsx 文件']);
    const book = await exportOf(draft.id);
    t.ok(await t.call('sales', 'POST', `/api/admin/price-agreements/${draft.id}/submit`, {}));
    expect((await upload(draft.id, book)).status).toBe(409);
  });
});
