import 'server-only';
import type { productPacks, products } from '@/server/db/schema';
import type { AuditRecord } from '@/server/modules/audit/record';
import { pinyinOf } from '@/server/modules/catalog/pinyin';
import type { ValidRow } from './validate-row';
import type { ProductUpdateRow } from './write-batch';

/**
 * What an import batch holds of each product and pack it names (ADR 0034): the stored values read at the batch's
 * start, the row's values merged onto them, whether anything changed, and the audit's view of both.
 */

/** The product columns an import reads and writes. */
export type ProductRow = Pick<typeof products.$inferSelect, 'id' | 'itemNo' | 'nameZh' | 'nameEn' | 'pinyin' | 'pinyinInitials' | 'brandId'
  | 'categoryId' | 'cas' | 'formula' | 'molecularWeight' | 'smiles' | 'substanceId' | 'purity' | 'grade' | 'active'>;
export type PackRow = typeof productPacks.$inferSelect;

/** The product columns an import writes, as the audit keeps them. */
export function productAudit(p: ProductState): AuditRecord {
  return {
    itemNo: p.itemNo, nameZh: p.nameZh, nameEn: p.nameEn, brandId: p.brandId, categoryId: p.categoryId, cas: p.cas,
    formula: p.formula, molecularWeight: p.molecularWeight, smiles: p.smiles, purity: p.purity, grade: p.grade, active: p.active,
  };
}

export function packAudit(p: PackState): AuditRecord {
  return { size: p.size, price: p.price, leadTimeDays: p.leadTimeDays, stock: p.stock, sort: p.sort };
}

export interface ProductState {
  id: number | null;
  itemNo: string;
  nameZh: string;
  nameEn: string;
  pinyin: string;
  pinyinInitials: string;
  brandId: number;
  categoryId: number;
  cas: string | null;
  formula: string | null;
  molecularWeight: string | null;
  smiles: string | null;
  substanceId: number | null;
  purity: string;
  grade: string;
  active: boolean;
  before: AuditRecord | null;
  dirty: boolean;
}

export interface PackState {
  id: number | null;
  productKey: string;
  size: string;
  price: string;
  leadTimeDays: number;
  stock: number;
  sort: number;
  hasLots: boolean;
  before: AuditRecord | null;
  dirty: boolean;
}

export function stateOf(p: ProductRow): ProductState {
  const s: ProductState = {
    id: p.id, itemNo: p.itemNo, nameZh: p.nameZh, nameEn: p.nameEn, pinyin: p.pinyin, pinyinInitials: p.pinyinInitials,
    brandId: p.brandId, categoryId: p.categoryId, cas: p.cas, formula: p.formula, molecularWeight: p.molecularWeight,
    smiles: p.smiles, substanceId: p.substanceId === null ? null : Number(p.substanceId), purity: p.purity, grade: p.grade, active: p.active, before: null, dirty: false,
  };
  s.before = productAudit(s);
  return s;
}

/** Sets the row's product fields on the state; true when any differed. */
export function mergeProduct(s: ProductState, row: ValidRow): boolean {
  const f = row.product;
  let changed = false;
  const set = <K extends keyof ProductState>(key: K, value: ProductState[K] | undefined) => {
    if (value === undefined || s[key] === value) return;
    s[key] = value;
    changed = true;
  };
  if (f.nameZh !== s.nameZh) {
    const { pinyin, initials } = row.names ?? pinyinOf(f.nameZh);
    s.pinyin = pinyin;
    s.pinyinInitials = initials;
  }
  set('nameZh', f.nameZh);
  set('nameEn', f.nameEn);
  set('brandId', f.brandId);
  set('categoryId', f.categoryId);
  set('cas', f.cas);
  set('formula', f.formula);
  set('molecularWeight', f.molecularWeight);
  if (f.smiles !== undefined) set('substanceId', substanceOf(row, s));
  set('smiles', f.smiles);
  set('purity', f.purity);
  set('grade', f.grade);
  set('active', f.active);
  return changed;
}

/**
 * The substance of the row's structure (ADR 0080): the one found before the transaction, else the
 * product's own when its structure is unchanged (to be linked by `structures:rebuild` otherwise).
 */
export function substanceOf(row: ValidRow, stored: Pick<ProductState, 'smiles' | 'substanceId'> | null): number | null {
  if (!row.product.smiles) return null;
  if (row.substanceId !== undefined) return row.substanceId;
  return stored?.smiles === row.product.smiles ? stored.substanceId : null;
}

export function mergePack(s: PackState, row: ValidRow): boolean {
  const p = row.pack;
  if (!p) return false;
  let changed = false;
  if (s.price !== p.price) {
    s.price = p.price;
    changed = true;
  }
  if (p.leadTimeDays !== undefined && s.leadTimeDays !== p.leadTimeDays) {
    s.leadTimeDays = p.leadTimeDays;
    changed = true;
  }
  if (p.stock !== undefined && !s.hasLots && s.stock !== p.stock) {
    s.stock = p.stock;
    changed = true;
  }
  return changed;
}

export const packKey = (itemNo: string, size: string) => `${itemNo}\u0000${size}`;

/** The columns an import writes, as the batch's statements take them. */
export function productColumns(s: ProductState): Omit<ProductUpdateRow, 'id'> {
  return {
    name_zh: s.nameZh, name_en: s.nameEn, pinyin: s.pinyin, pinyin_initials: s.pinyinInitials, brand_id: s.brandId,
    category_id: s.categoryId, cas: s.cas, formula: s.formula, molecular_weight: s.molecularWeight, smiles: s.smiles, substance_id: s.substanceId, purity: s.purity,
    grade: s.grade, active: s.active,
  };
}
