import 'server-only';
import type { Lang } from '@/lib/lang';
import { serverMessages } from '@/server/messages';

/** The import file's columns, in the template's order. */
export const STOCK_COLUMNS = [
  'name_zh', 'name_en', 'cas', 'item_no', 'lot_no', 'amount', 'unit', 'received_on', 'expires_on', 'location', 'owner', 'control', 'hazardous', 'note',
] as const;
export type StockColumn = (typeof STOCK_COLUMNS)[number];

/** A column's header in one language. */
export function stockColumnLabel(column: StockColumn, lang: Lang): string {
  return serverMessages(lang).inventoryIo.import.columns[column];
}

/** The template's header: both languages in one cell, `中文名称 Chinese name`. */
export function bilingualHeader(column: StockColumn): string {
  return `${stockColumnLabel(column, 'zh')} ${stockColumnLabel(column, 'en')}`;
}

function normalise(text: string): string {
  return text.trim().toLowerCase().replace(/[\s_*()（）:：/-]+/g, '');
}

/** Which column each header cell names: the key, the Chinese or English header, or both (as the template writes them). */
export function mapStockHeader(cells: readonly string[]): Map<StockColumn, number> {
  const names = new Map<string, StockColumn>();
  for (const column of STOCK_COLUMNS) {
    for (const name of [column, stockColumnLabel(column, 'zh'), stockColumnLabel(column, 'en'), bilingualHeader(column)]) names.set(normalise(name), column);
  }
  const map = new Map<StockColumn, number>();
  cells.forEach((cell, index) => {
    const column = names.get(normalise(cell));
    if (column && !map.has(column)) map.set(column, index);
  });
  return map;
}
