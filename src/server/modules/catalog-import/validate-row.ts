import 'server-only';
import { ITEM_NO, PRICE } from '@/contracts/catalog-editing-products';
import { normaliseCas } from '@/lib/cas';
import { molecularWeightOf } from '@/lib/formula';
import type { PinyinOfName } from '@/server/modules/catalog/pinyin';
import { isMolBlock } from '@/server/modules/structure-search/engine';
import type { ImportColumn } from './columns';

/**
 * The check of one data row of an import (ADR 0034), without the database: brands and categories
 * come as lookups loaded once per job. Every problem of the row is reported, each with its column
 * and a reason key (adminImports.reasons).
 */

export type RowCells = Partial<Record<ImportColumn, string>>;

export interface RowError {
  column: ImportColumn | '';
  reason: string;
  value: string;
}

/** A brand or category as the file names it: found, or why not. */
export type Resolved = { id: number } | { problem: string };

export interface RowLookups {
  brand: (value: string) => Resolved;
  category: (value: string) => Resolved;
}

/** The product fields a row sets: only those of columns the file has. */
export interface ProductFields {
  nameZh: string;
  nameEn: string;
  brandId: number;
  categoryId: number;
  cas?: string | null;
  formula?: string | null;
  molecularWeight?: string | null;
  /**
   * The structure as the file has it (a SMILES, or a MOL file); null clears it. Before the batch is
   * written, `readBatchStructures` replaces a MOL file by its canonical SMILES (what the product keeps).
   */
  smiles?: string | null;
  purity?: string;
  grade?: string;
  active?: boolean;
}

export interface PackFields {
  size: string;
  /** Two decimals. */
  price: string;
  leadTimeDays?: number;
  stock?: number;
}

export interface ValidRow {
  itemNo: string;
  product: ProductFields;
  pack: PackFields | null;
  /**
   * The Chinese name's pinyin, when the batch's check has worked it out already (it does, while the
   * batch before is written); the writer works it out itself otherwise.
   */
  names?: PinyinOfName;
  /** The row's number in the file (for a refusal found after the check: its structure). */
  rowNo?: number;
  /**
   * The substance of `product.smiles` (ADR 0080), found before the batch's transaction opens; undefined
   * when not looked for (the writer then keeps the product's substance if its structure is unchanged).
   */
  substanceId?: number | null;
}

export type RowResult = { ok: true; row: ValidRow } | { ok: false; errors: RowError[] };

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y', '是', '上架']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'n', '否', '下架']);
/** The CAS shape (hyphenated or digits only), to tell a wrong check digit from a malformed number. */
const CAS_SHAPE = /^(\d{2,7}-\d{2}-\d|\d{5,10})$/;

function wholeNumberIn(text: string, max: number): number | null {
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

/**
 * Molecular weights of the formulas seen lately: a product's packs are rows of one formula, and many
 * products share one. Bounded: emptied when full.
 */
const weights = new Map<string, string | null>();
const WEIGHTS_KEPT = 10_000;

function weightOf(formula: string): string | null {
  if (formula.length > 200) return null;
  const known = weights.get(formula);
  if (known !== undefined) return known;
  const weight = molecularWeightOf(formula);
  if (weights.size >= WEIGHTS_KEPT) weights.clear();
  weights.set(formula, weight);
  return weight;
}

/** One row being checked: its cells, and the problems found so far. */
class RowCheck {
  readonly errors: RowError[] = [];

  constructor(private readonly cells: RowCells) {}

  get(c: ImportColumn): string {
    return (this.cells[c] ?? '').trim();
  }

  fail(column: ImportColumn, reason: string): void {
    this.errors.push({ column, reason, value: (this.cells[column] ?? '').slice(0, 200) });
  }

  text(c: ImportColumn, max: number, required: boolean): string {
    const v = this.get(c);
    if (required && !v) this.fail(c, 'required');
    else if (v.length > max) this.fail(c, 'tooLong');
    return v;
  }

  resolve(c: 'brand' | 'category', lookups: RowLookups): number {
    const v = this.get(c);
    if (!v) {
      this.fail(c, 'required');
      return 0;
    }
    const found = lookups[c](v);
    if ('problem' in found) {
      this.fail(c, found.problem);
      return 0;
    }
    return found.id;
  }
}

/** Checks and converts one row. `present` are the columns of the file's header. */
export function validateRow(cells: RowCells, present: ReadonlySet<ImportColumn>, lookups: RowLookups): RowResult {
  const row = new RowCheck(cells);

  const itemNo = row.get('item_no').toUpperCase();
  if (!itemNo) row.fail('item_no', 'required');
  else if (!ITEM_NO.test(itemNo)) row.fail('item_no', 'itemNoInvalid');

  const nameZh = row.text('name_zh', 200, true);
  const nameEn = row.text('name_en', 200, true);
  const brandId = row.resolve('brand', lookups);
  const categoryId = row.resolve('category', lookups);

  const product: ProductFields = { nameZh, nameEn, brandId, categoryId };
  if (present.has('cas')) {
    const v = row.get('cas');
    if (!v) product.cas = null;
    else {
      const cas = normaliseCas(v);
      if (cas) product.cas = cas;
      else row.fail('cas', CAS_SHAPE.test(v) ? 'casCheckDigit' : 'casInvalid');
    }
  }
  if (present.has('formula')) {
    const v = row.get('formula');
    if (!v) {
      product.formula = null;
      product.molecularWeight = null;
    } else {
      const mw = weightOf(v);
      if (mw === null) row.fail('formula', 'formulaInvalid');
      else {
        product.formula = v;
        product.molecularWeight = mw;
      }
    }
  }
  if (present.has('smiles')) {
    // A MOL file keeps its leading lines (its first line, the name, may be empty); a SMILES is one word.
    const raw = cells.smiles ?? '';
    const text = isMolBlock(raw.trim()) ? raw.replace(/\s+$/, '') : raw.trim();
    if (!text) product.smiles = null;
    else if (!isMolBlock(text) && /\s/.test(text)) row.fail('smiles', 'smilesSpaces');
    else product.smiles = text;
  }
  if (present.has('purity')) product.purity = row.text('purity', 40, false);
  if (present.has('grade')) product.grade = row.text('grade', 60, false);
  if (present.has('active')) {
    const v = row.get('active').toLowerCase();
    if (v === '') product.active = true;
    else if (TRUE_WORDS.has(v)) product.active = true;
    else if (FALSE_WORDS.has(v)) product.active = false;
    else row.fail('active', 'activeInvalid');
  }

  let pack: PackFields | null = null;
  const size = row.get('pack_size');
  if (size) {
    if (size.length > 40) row.fail('pack_size', 'tooLong');
    const priceText = row.get('price').replace(/^[¥￥]/, '');
    if (!priceText) row.fail('price', 'required');
    else if (!PRICE.test(priceText)) row.fail('price', 'priceInvalid');
    pack = { size, price: PRICE.test(priceText) ? Number(priceText).toFixed(2) : '0.00' };
    if (present.has('lead_time_days') && row.get('lead_time_days') !== '') {
      const n = wholeNumberIn(row.get('lead_time_days'), 365);
      if (n === null) row.fail('lead_time_days', 'leadTimeInvalid');
      else pack.leadTimeDays = n;
    }
    if (present.has('stock') && row.get('stock') !== '') {
      const n = wholeNumberIn(row.get('stock'), 1_000_000);
      if (n === null) row.fail('stock', 'stockInvalid');
      else pack.stock = n;
    }
  } else if (row.get('price') || row.get('lead_time_days') || row.get('stock')) {
    row.fail('pack_size', 'packSizeMissing');
  }

  if (row.errors.length > 0) return { ok: false, errors: row.errors };
  return { ok: true, row: { itemNo, product, pack } };
}

/** Whether every cell of a row is empty (such rows are skipped, not counted). */
export function isBlankRow(cells: RowCells): boolean {
  return Object.values(cells).every((v) => (v ?? '').trim() === '');
}

const PRODUCT_COLUMNS: readonly ImportColumn[] = ['name_zh', 'name_en', 'brand', 'category', 'cas', 'formula', 'smiles', 'purity', 'grade', 'active'];

/**
 * The rows of one product go one after another, each with the same product columns and a pack size
 * of its own: a row that contradicts the row before it of the same item number would make a second
 * import of the file change the product again. Only the current product is remembered (memory stays
 * flat); a product named again further down the file is imported again, its last row winning.
 */
export class ProductGroupCheck {
  private itemNo = '';
  private fingerprint = '';
  private sizes = new Set<string>();

  /** The row's conflict with the rows before it of its product, or null. */
  check(cells: RowCells): RowError | null {
    const itemNo = (cells.item_no ?? '').trim().toUpperCase();
    const fingerprint = PRODUCT_COLUMNS.map((c) => (cells[c] ?? '').trim()).join('\u0000');
    const size = (cells.pack_size ?? '').trim();
    if (itemNo !== this.itemNo) {
      this.itemNo = itemNo;
      this.fingerprint = fingerprint;
      this.sizes = new Set(size ? [size] : []);
      return null;
    }
    if (fingerprint !== this.fingerprint) {
      const column = PRODUCT_COLUMNS.find((c, i) => (cells[c] ?? '').trim() !== this.fingerprint.split('\u0000')[i]) ?? 'name_zh';
      return { column, reason: 'productConflict', value: (cells[column] ?? '').slice(0, 200) };
    }
    if (size && this.sizes.has(size)) return { column: 'pack_size', reason: 'packDuplicate', value: size.slice(0, 200) };
    if (size) this.sizes.add(size);
    return null;
  }
}
