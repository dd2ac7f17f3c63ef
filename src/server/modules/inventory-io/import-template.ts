import 'server-only';
import ExcelJS from 'exceljs';
import type { Lang } from '@/lib/lang';
import { serverMessages } from '@/server/messages';
import { bilingualHeader, STOCK_COLUMNS, stockColumnLabel } from './import-columns';

const WIDTHS: Record<(typeof STOCK_COLUMNS)[number], number> = {
  name_zh: 22, name_en: 26, cas: 13, item_no: 12, lot_no: 12, amount: 9, unit: 7, received_on: 13, expires_on: 13,
  location: 32, owner: 24, control: 12, hazardous: 10, note: 24,
};

/**
 * The stock import template: the header row in both languages (either language's header is read back),
 * one example row, and a second sheet explaining each column in both languages.
 */
export async function stockImportTemplate(lang: Lang): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const m = serverMessages(lang).inventoryIo.import;
  const sheet = workbook.addWorksheet(m.templateSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = STOCK_COLUMNS.map((c) => ({ key: c, width: WIDTHS[c] }));
  const head = sheet.addRow(STOCK_COLUMNS.map(bilingualHeader));
  head.font = { bold: true };
  sheet.addRow(['无水乙醇', 'Ethanol, absolute', '64-17-5', '', 'B2026-01', '500', 'mL', '2026-03-01', '2028-03-01', '化学楼 / 301 / A柜', '', '', '否', m.exampleNote]);
  const guide = workbook.addWorksheet(m.guideSheet);
  guide.columns = [{ width: 22 }, { width: 60 }, { width: 60 }];
  guide.addRow([m.guideColumn, serverMessages('zh').inventoryIo.import.guideLabel, serverMessages('en').inventoryIo.import.guideLabel]).font = { bold: true };
  for (const c of STOCK_COLUMNS) {
    guide.addRow([`${stockColumnLabel(c, 'zh')} / ${stockColumnLabel(c, 'en')}`, serverMessages('zh').inventoryIo.import.guide[c], serverMessages('en').inventoryIo.import.guide[c]]);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
