import 'server-only';
import { PassThrough, Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { ImportFormat } from '@/contracts/catalog-import';
import type { Lang } from '@/lib/lang';
import { csvField, escapeFormula } from '@/lib/spreadsheet-cell';
import type { Db } from '@/server/db/client';
import { brands, categories } from '@/server/db/schema';
import { serverMessages } from '@/server/messages';
import { columnLabel, IMPORT_COLUMNS, REQUIRED_COLUMNS } from './columns';

/**
 * The import template (ADR 0034): the header row in the staff member's language and one example row
 * (a real brand and leaf category); the Excel one has a second sheet explaining every column in both
 * languages.
 */
export async function importTemplate(db: Db, format: ImportFormat, lang: Lang): Promise<{ body: ReadableStream<Uint8Array> | Uint8Array; fileName: string }> {
  const [[brand], [leaf]] = await Promise.all([
    db.select({ code: brands.code }).from(brands).orderBy(asc(brands.sort), asc(brands.id)).limit(1),
    db.select({ nameZh: categories.nameZh, nameEn: categories.nameEn }).from(categories).where(eq(categories.leaf, true)).orderBy(asc(categories.id)).limit(1),
  ]);
  const example: Record<string, string | number> = {
    item_no: 'EX-0001', name_zh: '无水乙醇', name_en: 'Ethanol, absolute', brand: brand?.code ?? '', category: (lang === 'en' ? leaf?.nameEn : leaf?.nameZh) ?? '',
    cas: '64-17-5', formula: 'C2H6O', smiles: 'CCO', purity: '≥99.7%', grade: 'AR', active: 1, pack_size: '500 mL', price: 38.5, lead_time_days: 0, stock: 12,
  };
  const header = IMPORT_COLUMNS.map((c) => columnLabel(c, lang));
  const m = serverMessages(lang).adminImports;
  if (format === 'csv') {
    const text = `\uFEFF${header.map(csvField).join(',')}\r\n${IMPORT_COLUMNS.map((c) => csvField(String(example[c] ?? ''))).join(',')}\r\n`;
    return { body: new TextEncoder().encode(text), fileName: 'import-template.csv' };
  }
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const data = workbook.addWorksheet(m.guide.dataSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  data.columns = IMPORT_COLUMNS.map((c) => ({ key: c, width: c.startsWith('name') ? 28 : 14 }));
  const head = data.addRow(header);
  head.font = { bold: true };
  head.commit();
  data.addRow(IMPORT_COLUMNS.map((c) => (typeof example[c] === 'string' ? escapeFormula(example[c] as string) : example[c]))).commit();
  data.commit();
  const zh = serverMessages('zh').adminImports;
  const en = serverMessages('en').adminImports;
  const guide = workbook.addWorksheet(m.guide.sheet);
  guide.columns = [{ width: 16 }, { width: 14 }, { width: 18 }, { width: 8 }, { width: 60 }, { width: 70 }];
  const guideHead = guide.addRow([zh.guide.code, `${zh.guide.label}`, `${en.guide.label}`, `${zh.guide.required} / ${en.guide.required}`, zh.guide.description, en.guide.description]);
  guideHead.font = { bold: true };
  guideHead.commit();
  const zhDesc = zh.descriptions as Record<string, string>;
  const enDesc = en.descriptions as Record<string, string>;
  for (const c of IMPORT_COLUMNS) {
    const required = REQUIRED_COLUMNS.includes(c);
    guide.addRow([c, columnLabel(c, 'zh'), columnLabel(c, 'en'), required ? `${zh.guide.yes} / ${en.guide.yes}` : `${zh.guide.no} / ${en.guide.no}`, zhDesc[c] ?? '', enDesc[c] ?? '']).commit();
  }
  guide.addRow([]).commit();
  guide.addRow([zh.guide.notes]).commit();
  guide.addRow([en.guide.notes]).commit();
  guide.commit();
  void workbook.commit().catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))));
  return { body: Readable.toWeb(out) as ReadableStream<Uint8Array>, fileName: 'import-template.xlsx' };
}
