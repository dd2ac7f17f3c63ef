import 'server-only';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { agreementRuleInputSchema, AGREEMENT_RULES_MAX, type AgreementRuleDto, type AgreementRuleInput } from '@/contracts/price-agreements';
import type { Lang } from '@/lib/lang';
import { rowsOf, type Db } from '@/server/db/client';
import { AppError, type FieldError } from '@/server/errors';
import { streamXlsx, type XlsxColumn } from '@/server/modules/exports/xlsx-stream';
import { xlsxUploadFault } from '@/server/modules/catalog-import/xlsx-rows';
import { agreementDetail, loadAgreement } from './queries';
import { replaceDraft, type AgreementActor } from './agreements';
import { checkRules } from './rules';

/** The sheet's columns, in order: both languages in each header, so that one file goes either way. */
const HEADERS = ['类型 Kind', '范围 Scope', '品牌 Brand', '分类 Category', '货号 Item no.', '规格 Pack', '商品 Product', '目录价 List price', '折扣 % Discount %', '协议单价 Net price', '起订数量 From qty'] as const;
/** The most bytes an agreement's workbook may have (500 rules fit in a few dozen KiB). */
export const AGREEMENT_SHEET_MAX_BYTES = 1024 * 1024;

const KIND_WORDS: Record<string, AgreementRuleInput['kind']> = { discount: 'discount', 折扣: 'discount', net: 'net', 协议价: 'net', break: 'break', 阶梯价: 'break' };
const SCOPE_WORDS: Record<string, AgreementRuleInput['scope']> = { all: 'all', 全部: 'all', brand: 'brand', 品牌: 'brand', category: 'category', 分类: 'category', pack: 'pack', 单品: 'pack' };

const yuanOf = (cents: number | null) => (cents === null ? null : cents / 100);

/** An agreement's rules as a workbook: one row per rule, item numbers and brand and category names (not ids). */
export async function exportAgreementRules(db: Db, actor: AgreementActor, id: number, lang: Lang): Promise<ReadableStream<Uint8Array>> {
  const detail = await agreementDetail(db, actor, id, lang);
  const codes = new Map(rowsOf<{ id: number; code: string }>(await db.execute(sql`select b.id, b.code from brands b join price_agreement_rules r on r.brand_id = b.id where r.agreement_id = ${id}`))
    .map((b) => [Number(b.id), b.code]));
  const columns: XlsxColumn<AgreementRuleDto>[] = [
    { header: HEADERS[0], width: 12, value: (r) => r.kind },
    { header: HEADERS[1], width: 12, value: (r) => r.scope },
    { header: HEADERS[2], width: 16, value: (r) => (r.brandId === null ? null : codes.get(r.brandId) ?? r.brandName) },
    { header: HEADERS[3], width: 20, value: (r) => r.categoryName },
    { header: HEADERS[4], width: 16, value: (r) => r.itemNo },
    { header: HEADERS[5], width: 10, value: (r) => r.size },
    { header: HEADERS[6], width: 36, value: (r) => r.productName },
    { header: HEADERS[7], width: 14, value: (r) => yuanOf(r.listCents), format: '#,##0.00' },
    { header: HEADERS[8], width: 14, value: (r) => (r.discountBp === null ? null : r.discountBp / 100), format: '0.00' },
    { header: HEADERS[9], width: 14, value: (r) => yuanOf(r.netCents), format: '#,##0.00' },
    { header: HEADERS[10], width: 12, value: (r) => (r.kind === 'break' ? r.minQty : null) },
  ];
  async function* pages() { yield detail.rules; }
  return streamXlsx({ name: 'price_agreement', sheet: detail.agreementNo, columns, pages: pages() });
}

/** A cell's text, trimmed ('' for an empty cell). */
function textOf(cell: ExcelJS.Cell): string {
  return (cell.text ?? '').trim();
}

/** A decimal cell with at most two decimals as hundredths (12.5 → 1250), or a key of the error. */
function hundredths(raw: string): number | 'bad' | undefined {
  if (raw === '') return undefined;
  const text = raw.replace(/[,¥\s%]/g, '');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) return 'bad';
  const [whole = '0', frac = ''] = text.split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
}

/** Names of the catalogue the sheet uses, resolved in three queries: brands by code or name, categories by name, packs by item number and size. */
async function resolver(db: Db, rows: { brand: string; category: string; itemNo: string; size: string }[]) {
  const list = (pick: (r: (typeof rows)[number]) => string) => [...new Set(rows.map(pick).filter(Boolean))];
  const inList = (values: string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
  const [brands, categories, itemNos] = [list((r) => r.brand), list((r) => r.category), list((r) => r.itemNo)];
  const [b, c, p] = await Promise.all([
    brands.length ? db.execute(sql`select id, code, name_zh, name_en from brands where code in (${inList(brands)}) or name_zh in (${inList(brands)}) or name_en in (${inList(brands)})`) : null,
    categories.length ? db.execute(sql`select id, name_zh, name_en from categories where name_zh in (${inList(categories)}) or name_en in (${inList(categories)})`) : null,
    itemNos.length ? db.execute(sql`select k.id, p.item_no, k.size from product_packs k join products p on p.id = k.product_id where p.item_no in (${inList(itemNos)})`) : null,
  ]);
  const many = <T>(rs: T[], match: (r: T) => boolean): number[] => rs.filter(match).map((r) => Number((r as { id: number }).id));
  const brandRows = b ? rowsOf<{ id: number; code: string; name_zh: string; name_en: string }>(b) : [];
  const categoryRows = c ? rowsOf<{ id: number; name_zh: string; name_en: string }>(c) : [];
  const packRows = p ? rowsOf<{ id: number; item_no: string; size: string }>(p) : [];
  return {
    brand: (v: string) => {
      const byCode = many(brandRows, (r) => r.code === v);
      return byCode.length ? byCode : many(brandRows, (r) => r.name_zh === v || r.name_en === v);
    },
    category: (v: string) => many(categoryRows, (r) => r.name_zh === v || r.name_en === v),
    pack: (itemNo: string, size: string) => many(packRows, (r) => r.item_no === itemNo && r.size.toLowerCase() === size.toLowerCase()),
  };
}

/**
 * Replaces a draft's rules with a workbook's (the export's layout): each row resolved by item number and
 * pack size, brand code or name, category name; every bad row reported at once (`rows.<row>.<column>`,
 * the sheet's row number) and nothing written; otherwise the rules replaced in one transaction, audited.
 */
export async function importAgreementRules(db: Db, actor: AgreementActor, id: number, file: File): Promise<{ rules: number }> {
  if ((await loadAgreement(db, actor, id)).state !== 'draft') throw new AppError(409, 'agreementNotDraft');
  if (file.size === 0) throw new AppError(400, 'agreementSheetUnreadable', [{ field: 'file', message: 'agreementSheetUnreadable' }]);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (await xlsxUploadFault(bytes)) throw new AppError(400, 'agreementSheetUnreadable', [{ field: 'file', message: 'agreementSheetUnreadable' }]);
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch {
    throw new AppError(400, 'agreementSheetUnreadable', [{ field: 'file', message: 'agreementSheetUnreadable' }]);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new AppError(400, 'agreementSheetUnreadable', [{ field: 'file', message: 'agreementSheetUnreadable' }]);
  const raw: { row: number; cells: string[] }[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const cells = HEADERS.map((_h, i) => textOf(row.getCell(i + 1)));
    if (cells.some(Boolean)) raw.push({ row: n, cells });
  });
  if (raw.length > AGREEMENT_RULES_MAX) throw new AppError(400, 'agreementTooManyRules', [{ field: 'file', message: 'agreementTooManyRules' }]);
  const names = await resolver(db, raw.map((r) => ({ brand: r.cells[2] ?? '', category: r.cells[3] ?? '', itemNo: r.cells[4] ?? '', size: r.cells[5] ?? '' })));
  const errors: FieldError[] = [];
  const rules: AgreementRuleInput[] = [];
  const rowOf: number[] = [];
  for (const { row, cells } of raw) {
    const [kindText = '', scopeText = '', brand = '', category = '', itemNo = '', size = '', , , discount = '', net = '', qty = ''] = cells;
    const failed = new Set<string>();
    const at = (field: string, message: string) => {
      failed.add(field);
      errors.push({ field: `rows.${row}.${field}`, message });
    };
    const kind = KIND_WORDS[kindText.toLowerCase()];
    if (!kind) {
      at('kind', 'agreementRuleKindInvalid');
      continue;
    }
    const scope = SCOPE_WORDS[scopeText.toLowerCase()] ?? (kind && kind !== 'discount' ? 'pack' : undefined);
    const one = (ids: number[], field: string, unknown: string) => {
      if (ids.length === 1) return ids[0];
      at(field, ids.length ? 'agreementNameAmbiguous' : unknown);
      return undefined;
    };
    const bp = hundredths(discount);
    const cents = hundredths(net);
    if (bp === 'bad') at('discountBp', 'agreementDiscountInvalid');
    if (cents === 'bad') at('netCents', 'agreementPriceInvalid');
    const candidate = {
      kind, scope,
      brandId: brand ? one(names.brand(brand), 'brandId', 'agreementBrandUnknown') : undefined,
      categoryId: category ? one(names.category(category), 'categoryId', 'agreementCategoryUnknown') : undefined,
      packId: itemNo || size ? one(names.pack(itemNo, size), 'packId', 'agreementPackUnknown') : undefined,
      discountBp: bp === 'bad' ? undefined : bp, netCents: cents === 'bad' ? undefined : cents, minQty: qty === '' ? undefined : qty,
    };
    const parsed = agreementRuleInputSchema.safeParse(candidate);
    if (!parsed.success) {
      // A cell already reported (a name not found, a number unreadable) is not reported again as missing.
      const fresh = parsed.error.issues.filter((issue) => !failed.has(String(issue.path[0] ?? 'kind')));
      for (const issue of fresh) at(String(issue.path[0] ?? 'kind'), issue.message.startsWith('agreement') ? issue.message : 'agreementRuleKindInvalid');
      continue;
    }
    rules.push(parsed.data);
    rowOf.push(row);
  }
  if (errors.length) throw new AppError(400, 'validation', errors);
  const checked = await checkRules(db, rules, (i) => `rows.${rowOf[i] ?? i}`);
  await replaceDraft(db, actor, id, checked);
  return { rules: checked.length };
}
