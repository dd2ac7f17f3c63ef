import 'server-only';
import { sql } from 'drizzle-orm';
import { textArray } from '@/server/modules/catalog/search/conditions';
import { rowsOf, type Db } from '@/server/db/client';
import { brands, categories } from '@/server/db/schema';
import { changedFields, type AuditActor, type AuditRecord } from '@/server/modules/audit/record';
import { pinyinOf } from '@/server/modules/catalog/pinyin';
import type { Resolved, RowLookups, ValidRow } from './validate-row';
import {
  mergePack, mergeProduct, packAudit, packKey, productAudit, productColumns, stateOf, substanceOf,
  type PackRow, type PackState, type ProductRow, type ProductState,
} from './row-state';
import { insertAuditRows, insertPacks, insertProducts, reserveIds, updatePacks, updateProducts, type AuditRow, type NewPackRow, type NewProductRow, type Step } from './write-batch';

/**
 * Writes one batch of checked rows (ADR 0034), in the caller's transaction. Products are matched on
 * the item number and packs on (product, size); a row whose values equal what is stored writes
 * nothing and no audit row, so importing the same file again changes nothing. Packs the file does
 * not name are kept (an import adds and updates, it never removes). The stock of a pack with lots is
 * their sum (ADR 0032): an import leaves it as it is.
 */

export type RowOutcome = 'created' | 'updated' | 'unchanged';

/** Brands by code or name, leaf categories by id or name, case-insensitive; loaded once per job. */
export async function loadLookups(db: Db): Promise<RowLookups> {
  const [brandRows, categoryRows] = await Promise.all([
    db.select({ id: brands.id, code: brands.code, nameZh: brands.nameZh, nameEn: brands.nameEn }).from(brands),
    db.select({ id: categories.id, nameZh: categories.nameZh, nameEn: categories.nameEn, leaf: categories.leaf }).from(categories),
  ]);
  const brandKeys = new Map<string, Set<number>>();
  const add = (map: Map<string, Set<number>>, key: string, id: number) => {
    const k = key.trim().toLowerCase();
    if (!k) return;
    const set = map.get(k) ?? new Set<number>();
    set.add(id);
    map.set(k, set);
  };
  for (const b of brandRows) {
    add(brandKeys, b.code, b.id);
    add(brandKeys, b.nameZh, b.id);
    add(brandKeys, b.nameEn, b.id);
  }
  const categoryById = new Map(categoryRows.map((c) => [c.id, c]));
  const categoryKeys = new Map<string, Set<number>>();
  for (const c of categoryRows) {
    add(categoryKeys, c.nameZh, c.id);
    add(categoryKeys, c.nameEn, c.id);
  }
  return {
    brand(value): Resolved {
      const ids = brandKeys.get(value.trim().toLowerCase());
      if (!ids) return { problem: 'brandUnknown' };
      if (ids.size > 1) return { problem: 'brandAmbiguous' };
      return { id: [...ids][0] ?? 0 };
    },
    category(value): Resolved {
      const v = value.trim();
      let ids: number[];
      if (/^\d{1,9}$/.test(v)) ids = categoryById.has(Number(v)) ? [Number(v)] : [];
      else ids = [...(categoryKeys.get(v.toLowerCase()) ?? [])];
      if (ids.length === 0) return { problem: 'categoryUnknown' };
      const leaves = ids.filter((id) => categoryById.get(id)?.leaf);
      if (leaves.length === 0) return { problem: 'categoryNotLeaf' };
      if (leaves.length > 1) return { problem: 'categoryAmbiguous' };
      return { id: leaves[0] ?? 0 };
    },
  };
}

export interface ApplyOptions {
  /** Statements of the caller's to send with the batch's reads (the transaction's settings). */
  first?: readonly Step[];
  /**
   * Statements of the caller's to send with the batch's last write (its audit rows) — the job's
   * counts and checkpoint — given the rows' outcomes.
   */
  alongside?: (outcomes: readonly RowOutcome[]) => Step[];
  /**
   * Send statements that do not depend on each other's answers together (PostgreSQL: postgres-js
   * pipelines them on the transaction's connection, one round trip instead of several); one after
   * another otherwise (PGlite).
   */
  pipeline?: boolean;
}

/**
 * Runs the statements together (pipelined) or one after another; all of them either way. Together, it
 * answers once every one has ended (the first failure, if any, in their order): a statement that waits
 * before it is sent (the checkpoint waits for the batch before) is never sent after its transaction ended.
 */
export async function together(pipeline: boolean, steps: readonly Step[]): Promise<void> {
  if (pipeline) {
    const ended = await Promise.allSettled(steps.map((step) => step()));
    const failed = ended.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return;
  }
  for (const step of steps) await step();
}

type PackRead = PackRow & { has_lots: boolean };
type BatchRead = { existing: ProductRow[]; packRows: PackRead[] };

/** The batch's products and their packs, locked, in one round trip (the products first, then their packs). */
async function readBatch(tx: Db, itemNos: readonly string[], pipeline: boolean, first: readonly Step[]): Promise<BatchRead> {
  const read = { existing: [] as ProductRow[], packRows: [] as PackRead[] };
  await together(pipeline, [
    ...first,
    async () => {
      read.existing = rowsOf<ProductRow>(await tx.execute(sql`
        select id, item_no as "itemNo", name_zh as "nameZh", name_en as "nameEn", pinyin, pinyin_initials as "pinyinInitials",
          brand_id as "brandId", category_id as "categoryId", cas, formula, molecular_weight::text as "molecularWeight", smiles,
          substance_id as "substanceId", purity, grade, active
        from products where item_no = any(${textArray(itemNos)}) order by id for update`));
    },
    async () => {
      read.packRows = rowsOf<PackRead>(await tx.execute(sql`
        select k.id, k.product_id as "productId", k.size, k.price::text as price, k.stock, k.lead_time_days as "leadTimeDays", k.sort,
          exists (select 1 from product_lots l where l.pack_id = k.id) as has_lots
        from product_packs k
        where k.product_id = any(array(select p.id from products p where p.item_no = any(${textArray(itemNos)})))
        order by k.product_id, k.sort, k.id for update of k`));
    },
  ]);
  return read;
}

/** Writes the rows; answers each row's outcome, in order. */
export async function applyRows(tx: Db, actor: AuditActor, jobId: number, rows: readonly ValidRow[], options: ApplyOptions = {}): Promise<RowOutcome[]> {
  const pipeline = options.pipeline ?? false;
  if (rows.length === 0) {
    await together(pipeline, [...(options.first ?? []), ...(options.alongside?.([]) ?? [])]);
    return [];
  }
  const read = await readBatch(tx, [...new Set(rows.map((r) => r.itemNo))], pipeline, options.first ?? []);
  // The batch's states and audit records are done with once its statements are built: only the
  // statements' texts are held while they run (and the batch before commits).
  const { outcomes, writes } = await prepareWrites(tx, actor, jobId, rows, read);
  await together(pipeline, [...writes, ...(options.alongside?.(outcomes) ?? [])]);
  return outcomes;
}

/**
 * Works out each row's outcome and the batch's statements, their rows already written into them. The ids of
 * the rows the batch creates come first (so that every write of the batch can go in one round trip); the
 * rest is one synchronous pass, whose states and audit records are done with when it returns.
 */
async function prepareWrites(tx: Db, actor: AuditActor, jobId: number, rows: readonly ValidRow[], read: BatchRead): Promise<{ outcomes: RowOutcome[]; writes: Step[] }> {
  const itemNoById = new Map(read.existing.map((p) => [p.id, p.itemNo]));
  const products = new Set(itemNoById.values());
  const packs = new Set(read.packRows.map((k) => packKey(itemNoById.get(Number(k.productId)) ?? '', k.size)));
  let newProducts = 0;
  let newPacks = 0;
  for (const row of rows) {
    if (!products.has(row.itemNo)) {
      products.add(row.itemNo);
      newProducts += 1;
    }
    const key = row.pack ? packKey(row.itemNo, row.pack.size) : null;
    if (key !== null && !packs.has(key)) {
      packs.add(key);
      newPacks += 1;
    }
  }
  const ids = await reserveIds(tx, newProducts, newPacks);
  return planWrites(tx, actor, jobId, rows, read, itemNoById, ids);
}

function planWrites(tx: Db, actor: AuditActor, jobId: number, rows: readonly ValidRow[], read: BatchRead, itemNoById: ReadonlyMap<number, string>,
  ids: { products: number[]; packs: number[] }): { outcomes: RowOutcome[]; writes: Step[] } {
  const { existing, packRows } = read;
  const productsByNo = new Map<string, ProductState>(existing.map((p) => [p.itemNo, stateOf(p)]));
  const packs = new Map<string, PackState>();
  const nextSort = new Map<string, number>();
  for (const k of packRows) {
    const itemNo = itemNoById.get(Number(k.productId)) ?? '';
    const key = packKey(itemNo, k.size);
    nextSort.set(itemNo, Math.max(nextSort.get(itemNo) ?? 0, Number(k.sort) + 10));
    if (packs.has(key)) continue; // two packs of one size: the first is the one an import updates
    const s: PackState = {
      id: Number(k.id), productKey: itemNo, size: k.size, price: Number(k.price).toFixed(2), leadTimeDays: Number(k.leadTimeDays),
      stock: Number(k.stock), sort: Number(k.sort), hasLots: Boolean(k.has_lots), before: null, dirty: false,
    };
    s.before = packAudit(s);
    packs.set(key, s);
  }

  // New products and packs take the reserved ids in the order they first appear; they have no `before`.
  let nextProductId = 0;
  let nextPackId = 0;
  const outcomes: RowOutcome[] = [];
  for (const row of rows) {
    let created = false;
    let changed = false;
    let p = productsByNo.get(row.itemNo);
    if (!p) {
      const { pinyin, initials } = row.names ?? pinyinOf(row.product.nameZh);
      p = {
        id: ids.products[nextProductId++] ?? null, itemNo: row.itemNo, nameZh: row.product.nameZh, nameEn: row.product.nameEn, pinyin,
        pinyinInitials: initials, brandId: row.product.brandId, categoryId: row.product.categoryId, cas: row.product.cas ?? null,
        formula: row.product.formula ?? null, molecularWeight: row.product.molecularWeight ?? null,
        smiles: row.product.smiles ?? null, substanceId: substanceOf(row, null), purity: row.product.purity ?? '',
        grade: row.product.grade ?? '', active: row.product.active ?? true, before: null, dirty: true,
      };
      productsByNo.set(row.itemNo, p);
      created = true;
    } else if (mergeProduct(p, row)) {
      p.dirty = true;
      changed = true;
    }
    if (row.pack) {
      const key = packKey(row.itemNo, row.pack.size);
      let k = packs.get(key);
      if (!k) {
        const sort = nextSort.get(row.itemNo) ?? 10;
        nextSort.set(row.itemNo, sort + 10);
        k = {
          id: ids.packs[nextPackId++] ?? null, productKey: row.itemNo, size: row.pack.size, price: row.pack.price,
          leadTimeDays: row.pack.leadTimeDays ?? 0, stock: row.pack.stock ?? 0, sort, hasLots: false, before: null, dirty: true,
        };
        packs.set(key, k);
        created = true;
      } else if (mergePack(k, row)) {
        k.dirty = true;
        changed = true;
      }
    }
    outcomes.push(created ? 'created' : changed ? 'updated' : 'unchanged');
  }

  // New products go in with the facts of the packs the batch creates for them (all their packs so far).
  const fresh = [...productsByNo.values()].filter((p) => p.before === null);
  const freshPacks = [...packs.values()].filter((k) => k.before === null);
  const changedProducts = [...productsByNo.values()].filter((p) => p.before !== null && p.dirty);
  const changedPacks = [...packs.values()].filter((k) => k.before !== null && k.dirty);
  const freshFacts = new Map<string, { min: number | null; count: number; inStock: boolean }>();
  for (const k of freshPacks) {
    const f = freshFacts.get(k.productKey) ?? { min: null, count: 0, inStock: false };
    const price = Number(k.price);
    f.min = f.min === null ? price : Math.min(f.min, price);
    f.count += 1;
    f.inStock ||= k.stock > 0;
    freshFacts.set(k.productKey, f);
  }

  const audits: AuditRow[] = [];
  const audit = (action: 'create' | 'update', entity: 'product' | 'product_pack', entityId: number, before: AuditRecord | null, after: AuditRecord) => {
    const changes = changedFields(before, after);
    if (action === 'update' && Object.keys(changes).length === 0) return;
    audits.push({ action, entity, entity_id: String(entityId), data: { changes, note: { importJob: jobId } } });
  };
  const newProducts: NewProductRow[] = [];
  for (const p of fresh) {
    if (p.id === null) continue;
    const f = freshFacts.get(p.itemNo);
    newProducts.push({ ...productColumns(p), id: p.id, item_no: p.itemNo, min_price: f?.min == null ? null : f.min.toFixed(2), pack_count: f?.count ?? 0, in_stock: f?.inStock ?? false });
    audit('create', 'product', p.id, null, productAudit(p));
  }
  for (const p of changedProducts) audit('update', 'product', p.id as number, p.before, productAudit(p));
  const newPacks: NewPackRow[] = [];
  for (const k of freshPacks) {
    const productId = productsByNo.get(k.productKey)?.id ?? null;
    if (k.id === null || productId === null) continue;
    newPacks.push({ id: k.id, product_id: productId, size: k.size, price: k.price, lead_time_days: k.leadTimeDays, stock: k.stock, sort: k.sort });
    audit('create', 'product_pack', k.id, null, { ...packAudit(k), productId });
  }
  for (const k of changedPacks) audit('update', 'product_pack', k.id as number, k.before, packAudit(k));
  // In this order: the products before the packs that refer to them.
  const writes = [
    insertProducts(tx, newProducts),
    updateProducts(tx, changedProducts.map((p) => ({ ...productColumns(p), id: p.id as number }))),
    insertPacks(tx, newPacks),
    updatePacks(tx, changedPacks.map((k) => ({ id: k.id as number, price: k.price, lead_time_days: k.leadTimeDays, stock: k.stock }))),
    insertAuditRows(tx, actor, audits),
  ];
  return { outcomes, writes };
}
