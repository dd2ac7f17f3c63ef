import 'server-only';
import type { Lang } from '@/lib/lang';
import { serverMessages } from '@/server/messages';

/**
 * The columns of an import file and of an export (ADR 0034): one row per pack, the product's columns
 * repeated on each of its packs; a row without `pack_size` is the product alone. A header cell may be
 * the column's code (`item_no`) or its label in either language (`货号`, `Item number`). `smiles` is the
 * product's structure: a SMILES, or a whole MOL file in the cell (ADR 0080).
 */
export const IMPORT_COLUMNS = [
  'item_no', 'name_zh', 'name_en', 'brand', 'category', 'cas', 'formula', 'smiles', 'purity', 'grade', 'active',
  'pack_size', 'price', 'lead_time_days', 'stock',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Every row must have these (and the header must name them). */
export const REQUIRED_COLUMNS: readonly ImportColumn[] = ['item_no', 'name_zh', 'name_en', 'brand', 'category'];

/** The column's label in a language (adminImports.columns). */
export function columnLabel(column: string, lang: Lang): string {
  const labels = serverMessages(lang).adminImports.columns as Record<string, string>;
  return labels[column] ?? column;
}

function headerKey(text: string): string {
  return text.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/\s+/g, ' ');
}

const HEADER_NAMES: ReadonlyMap<string, ImportColumn> = new Map(
  IMPORT_COLUMNS.flatMap((c) => [[headerKey(c), c], [headerKey(columnLabel(c, 'zh')), c], [headerKey(columnLabel(c, 'en')), c]] as const),
);

export interface HeaderMap {
  /** Cell position (0-based) → column. */
  positions: Map<number, ImportColumn>;
  present: Set<ImportColumn>;
  /** Required columns the header lacks. */
  missing: ImportColumn[];
  /** Columns named twice. */
  duplicated: ImportColumn[];
}

/** Reads a header row: known columns by code or label; other cells are ignored. */
export function mapHeader(cells: readonly string[]): HeaderMap {
  const positions = new Map<number, ImportColumn>();
  const present = new Set<ImportColumn>();
  const duplicated: ImportColumn[] = [];
  cells.forEach((cell, i) => {
    const column = HEADER_NAMES.get(headerKey(cell));
    if (!column) return;
    if (present.has(column)) duplicated.push(column);
    else {
      present.add(column);
      positions.set(i, column);
    }
  });
  return { positions, present, missing: REQUIRED_COLUMNS.filter((c) => !present.has(c)), duplicated };
}
