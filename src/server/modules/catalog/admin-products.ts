import 'server-only';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AdminPackInput, AdminProductBulkInput, AdminProductDto, AdminProductInput, StructurePreviewDto,
} from '@/contracts/catalog-editing-products';
import { molecularWeightOf } from '@/lib/formula';
import { rowsOf, type Db } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/errors';
import { brands, categories, productPacks, products, type GhsBlock } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { pinyinOf } from '@/server/modules/catalog/pinyin';
import { intArray } from '@/server/modules/catalog/search/conditions';
import { statementText } from '@/server/modules/product-detail/labels';
import { readingFault, readSubstance, type SubstanceRecord } from '@/server/modules/structure-search/engine';
import { pruneSubstances, saveSubstance } from '@/server/modules/structure-search/store';
import { readStructure, smilesFault } from '@/server/modules/chemistry/structures';
import { DRAWING_BOX, keepDrawing } from '@/server/modules/product-detail/structure-cache';
import { UnsafeStructureSvgError } from '@/server/modules/product-detail/structure-svg';

/**
 * Products in the back-office (ADR 0030): one product with its packs, saves in one transaction with
 * audit rows, bulk flags, and deletion of products nobody ordered. The list is in product-list.ts.
 */

type ProductRow = typeof products.$inferSelect;

function toDto(p: ProductRow, packs: AdminProductDto['packs'], hasOrders: boolean): AdminProductDto {
  return {
    id: p.id, itemNo: p.itemNo, cas: p.cas, mdl: p.mdl, nameZh: p.nameZh, nameEn: p.nameEn,
    synonyms: splitSynonyms(p.synonyms), pinyin: p.pinyin, pinyinInitials: p.pinyinInitials,
    formula: p.formula, molecularWeight: p.molecularWeight, smiles: p.smiles,
    purity: p.purity, grade: p.grade, gradeZh: p.gradeZh, density: p.density, storage: p.storage, shipping: p.shipping,
    pictograms: p.ghs?.pictograms ?? [], signalWord: p.ghs?.signalWord ?? null,
    hazardStatements: p.ghs?.hazardStatements ?? [], precautionaryStatements: p.ghs?.precautionaryStatements ?? [],
    controlClass: p.controlClass, brandId: p.brandId, categoryId: p.categoryId,
    isHot: p.isHot, isNew: p.isNew, isSpecial: p.isSpecial,
    promoStartsAt: p.promoStartsAt?.toISOString() ?? null, promoEndsAt: p.promoEndsAt?.toISOString() ?? null,
    active: p.active, createdAt: p.createdAt.toISOString(), hasOrders, packs,
  };
}

function splitSynonyms(value: string): string[] {
  return value.split(/;\s*/).map((s) => s.trim()).filter(Boolean);
}

/**
 * Which of these packs order, cart or quotation lines (and customers' quote requests) refer to, through
 * each table's index on `pack_id`.
 */
async function referencedPacks(db: Db, packIds: readonly number[]): Promise<Set<number>> {
  if (packIds.length === 0) return new Set();
  const rows = rowsOf<{ id: number }>(await db.execute(sql`
    select x.id::int as id from unnest(${intArray(packIds)}) as x(id)
    where exists (select 1 from order_items o where o.pack_id = x.id) or exists (select 1 from cart_items c where c.pack_id = x.id)
      or exists (select 1 from quotation_lines q where q.pack_id = x.id) or exists (select 1 from quote_request_lines r where r.pack_id = x.id)`));
  return new Set(rows.map((r) => Number(r.id)));
}

/** Which of these packs have lots (their stock is derived, ADR 0032), through `product_lots_pack_lot_uq`. */
async function packsWithLots(db: Db, packIds: readonly number[]): Promise<Set<number>> {
  if (packIds.length === 0) return new Set();
  const rows = rowsOf<{ id: number }>(await db.execute(sql`
    select x.id::int as id from unnest(${intArray(packIds)}) as x(id) where exists (select 1 from product_lots l where l.pack_id = x.id)`));
  return new Set(rows.map((r) => Number(r.id)));
}

async function productHasOrders(db: Db, id: number): Promise<boolean> {
  const rows = rowsOf<{ n: number }>(await db.execute(sql`select 1 as n from order_items where product_id = ${id} limit 1`));
  return rows.length > 0;
}

export async function getAdminProduct(db: Db, params: { id: number }): Promise<AdminProductDto> {
  const [row] = await db.select().from(products).where(eq(products.id, params.id));
  if (!row) throw new AppError(404, 'catalogProductNotFound');
  const packs = await db.select().from(productPacks).where(eq(productPacks.productId, params.id)).orderBy(asc(productPacks.sort), asc(productPacks.id));
  const [referenced, hasOrders, withLots] = await Promise.all([
    referencedPacks(db, packs.map((p) => p.id)), productHasOrders(db, params.id), packsWithLots(db, packs.map((p) => p.id)),
  ]);
  return toDto(row, packs.map((p) => ({
    id: p.id, size: p.size, price: p.price, listPrice: p.listPrice, leadTimeDays: p.leadTimeDays, stock: p.stock, sort: p.sort, referenced: referenced.has(p.id),
    hasLots: withLots.has(p.id),
  })), hasOrders);
}

/** The fields of a product an audit row keeps (flat values, dates as ISO text). */
function audited(p: ProductRow | ReturnType<typeof columnsOf>) {
  const ghs = p.ghs;
  return {
    itemNo: p.itemNo, cas: p.cas, mdl: p.mdl, nameZh: p.nameZh, nameEn: p.nameEn, synonyms: p.synonyms,
    formula: p.formula, molecularWeight: p.molecularWeight, smiles: p.smiles, purity: p.purity, grade: p.grade, gradeZh: p.gradeZh,
    density: p.density === null ? null : Number(p.density).toFixed(3), storage: p.storage, shipping: p.shipping, pictograms: ghs?.pictograms ?? [], signalWord: ghs?.signalWord ?? null,
    hazardStatements: ghs?.hazardStatements ?? [], precautionaryStatements: ghs?.precautionaryStatements ?? [],
    controlClass: p.controlClass, brandId: p.brandId, categoryId: p.categoryId, isHot: p.isHot, isNew: p.isNew, isSpecial: p.isSpecial,
    promoStartsAt: p.promoStartsAt?.toISOString() ?? null, promoEndsAt: p.promoEndsAt?.toISOString() ?? null, active: p.active,
  };
}

function packAudited(p: { size: string; price: string; listPrice: string | null; leadTimeDays: number; stock: number; sort: number }) {
  return { size: p.size, price: Number(p.price).toFixed(2), listPrice: p.listPrice === null ? null : Number(p.listPrice).toFixed(2), leadTimeDays: p.leadTimeDays, stock: p.stock, sort: p.sort };
}

/** The product's columns from the input: computed molecular weight, pinyin, GHS block. */
function columnsOf(input: AdminProductInput) {
  const { pinyin, initials } = pinyinOf(input.nameZh);
  const ghsEmpty = input.pictograms.length === 0 && !input.signalWord && input.hazardStatements.length === 0 && input.precautionaryStatements.length === 0;
  const ghs: GhsBlock | null = ghsEmpty ? null : {
    pictograms: [...new Set(input.pictograms)], signalWord: input.signalWord,
    hazardStatements: [...new Set(input.hazardStatements)], precautionaryStatements: [...new Set(input.precautionaryStatements)],
  };
  return {
    itemNo: input.itemNo, cas: input.cas, mdl: input.mdl, nameZh: input.nameZh, nameEn: input.nameEn,
    pinyin, pinyinInitials: initials, synonyms: input.synonyms.join('; '),
    formula: input.formula, molecularWeight: input.formula ? molecularWeightOf(input.formula) : null, smiles: input.smiles,
    purity: input.purity, grade: input.grade, gradeZh: input.gradeZh, density: input.density, storage: input.storage, shipping: input.shipping, ghs,
    controlClass: input.controlClass, brandId: input.brandId, categoryId: input.categoryId,
    isHot: input.isHot, isNew: input.isNew, isSpecial: input.isSpecial,
    promoStartsAt: input.promoStartsAt ? new Date(input.promoStartsAt) : null, promoEndsAt: input.promoEndsAt ? new Date(input.promoEndsAt) : null,
    active: input.active,
  };
}

/**
 * The checks zod cannot make: the SMILES parses, the statements are in the table, brand and leaf
 * category exist. A SMILES the product already has (`storedSmiles`) is not read again: an edit of
 * another field neither waits for a structure worker nor is refused for a structure saved earlier.
 */
async function validate(db: Db, input: AdminProductInput, storedSmiles?: string | null): Promise<SubstanceRecord | null> {
  const fields: { field: string; message: string }[] = [];
  const changed = Boolean(input.smiles) && input.smiles !== storedSmiles;
  const smiles = changed && input.smiles ? await smilesFault(input.smiles) : null;
  if (smiles) fields.push({ field: 'smiles', message: smiles });
  // The substance (ADR 0075): RDKit.js reads the structure once, here, into what structure search keeps.
  let substance: SubstanceRecord | null = null;
  if (changed && input.smiles && !smiles) {
    const reading = await readSubstance(input.smiles);
    if (reading.kind === 'ok') substance = reading;
    else fields.push({ field: 'smiles', message: saveFault(reading) });
  }
  if (input.hazardStatements.some((c) => !c.startsWith('H') && !c.startsWith('EUH'))
    || input.hazardStatements.some((c) => statementText(c, 'en') === '')) fields.push({ field: 'hazardStatements', message: 'catalogProductGhsInvalid' });
  if (input.precautionaryStatements.some((c) => !c.startsWith('P'))
    || input.precautionaryStatements.some((c) => statementText(c, 'en') === '')) fields.push({ field: 'precautionaryStatements', message: 'catalogProductGhsInvalid' });
  const [[brand], [category]] = await Promise.all([
    db.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId)),
    db.select({ id: categories.id, leaf: categories.leaf }).from(categories).where(eq(categories.id, input.categoryId)),
  ]);
  if (!brand) fields.push({ field: 'brandId', message: 'catalogProductBrandInvalid' });
  if (!category || !category.leaf) fields.push({ field: 'categoryId', message: 'catalogProductCategoryNotLeaf' });
  if (fields.length > 0) throw new AppError(400, fields[0]?.message ?? 'badRequest', fields);
  return substance;
}

/**
 * The field message of a structure RDKit refuses: its reason, where the message needs no detail (field
 * messages are not filled in); the general "cannot be read" for a syntax or valence error.
 */
function saveFault(reading: Parameters<typeof readingFault>[0]): string {
  const fault = readingFault(reading);
  if (!fault || Object.keys(fault.details).length > 0) return 'catalogProductSmilesInvalid';
  return fault.key;
}

/** The product's substance id after a save: the new structure's, none without a SMILES, else the one it has. */
async function substanceIdFor(tx: Db, input: AdminProductInput, substance: SubstanceRecord | null, current: number | null): Promise<number | null> {
  if (!input.smiles) return null;
  if (substance) return saveSubstance(tx, substance);
  return current;
}

async function assertItemNoFree(db: Db, itemNo: string, exceptId?: number): Promise<void> {
  const [taken] = await db.select({ id: products.id }).from(products).where(eq(products.itemNo, itemNo));
  if (taken && taken.id !== exceptId) throw new AppError(409, 'catalogProductItemNoTaken', [{ field: 'itemNo', message: 'catalogProductItemNoTaken' }]);
}

/** Writes the packs as given (order = position), removing the ones left out; one audit row per changed pack. */
async function savePacks(tx: Db, actor: AuditActor, productId: number, packs: readonly AdminPackInput[]): Promise<void> {
  const existing = await tx.select().from(productPacks).where(eq(productPacks.productId, productId)).for('update');
  const byId = new Map(existing.map((p) => [p.id, p]));
  const kept = new Set<number>();
  for (const p of packs) {
    if (p.id === undefined) continue;
    if (!byId.has(p.id) || kept.has(p.id)) throw new AppError(400, 'catalogPackUnknown', [{ field: 'packs', message: 'catalogPackUnknown' }]);
    kept.add(p.id);
  }
  const removed = existing.filter((p) => !kept.has(p.id));
  const referenced = await referencedPacks(tx, removed.map((p) => p.id));
  if (referenced.size > 0) {
    const sizes = removed.filter((p) => referenced.has(p.id)).map((p) => p.size).join(', ');
    throw new AppError(409, 'catalogPackReferenced', [{ field: 'packs', message: 'catalogPackReferenced' }, { field: 'sizes', message: sizes }]);
  }
  if (removed.length > 0) {
    await tx.delete(productPacks).where(inArray(productPacks.id, removed.map((p) => p.id)));
    for (const p of removed) await recordAudit(tx, actor, { action: 'delete', entity: 'product_pack', entityId: p.id, before: packAudited(p), note: { productId } });
  }
  // A pack with lots has its stock derived from them (ADR 0032): the stock sent for it is ignored.
  const withLots = await packsWithLots(tx, [...kept]);
  for (const [i, p] of packs.entries()) {
    const derived = p.id !== undefined && withLots.has(p.id) ? byId.get(p.id)?.stock : undefined;
    const values = { size: p.size, price: Number(p.price).toFixed(2), listPrice: p.listPrice === null ? null : Number(p.listPrice).toFixed(2), leadTimeDays: p.leadTimeDays, stock: derived ?? p.stock, sort: (i + 1) * 10 };
    if (p.id === undefined) {
      const [row] = await tx.insert(productPacks).values({ productId, ...values }).returning({ id: productPacks.id });
      if (!row) throw new AppError(500);
      await recordAudit(tx, actor, { action: 'create', entity: 'product_pack', entityId: row.id, after: packAudited(values), note: { productId } });
    } else {
      const before = byId.get(p.id);
      if (!before) continue;
      if (await recordAudit(tx, actor, { action: 'update', entity: 'product_pack', entityId: p.id, before: packAudited(before), after: packAudited(values), note: { productId } })) {
        await tx.update(productPacks).set(values).where(eq(productPacks.id, p.id));
      }
    }
  }
}

export async function createProduct(db: Db, params: { actor: AuditActor; product: AdminProductInput }): Promise<AdminProductDto> {
  const substance = await validate(db, params.product);
  const columns = columnsOf(params.product);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await assertItemNoFree(tx, columns.itemNo);
      const substanceId = await substanceIdFor(tx, params.product, substance, null);
      const [row] = await tx.insert(products).values({ ...columns, substanceId }).returning({ id: products.id });
      if (!row) throw new AppError(500);
      await recordAudit(tx, params.actor, { action: 'create', entity: 'product', entityId: row.id, after: audited(columns) });
      await savePacks(tx, params.actor, row.id, params.product.packs);
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'catalogProductItemNoTaken', [{ field: 'itemNo', message: 'catalogProductItemNoTaken' }]);
    throw error;
  }
  return getAdminProduct(db, { id });
}

export async function updateProduct(db: Db, params: { actor: AuditActor; id: number; product: AdminProductInput }): Promise<AdminProductDto> {
  const [stored] = await db.select({ smiles: products.smiles }).from(products).where(eq(products.id, params.id));
  if (!stored) throw new AppError(404, 'catalogProductNotFound');
  let substance = await validate(db, params.product, stored.smiles);
  const columns = columnsOf(params.product);
  const after = { replaced: null as number | null };
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(products).where(eq(products.id, params.id)).for('update');
      if (!before) throw new AppError(404, 'catalogProductNotFound');
      // The SMILES was changed by another save since it was compared: the one sent is read after all.
      if (params.product.smiles && params.product.smiles === stored.smiles && before.smiles !== stored.smiles) {
        const fault = await smilesFault(params.product.smiles);
        if (fault) throw new AppError(400, fault, [{ field: 'smiles', message: fault }]);
        const reading = await readSubstance(params.product.smiles);
        if (reading.kind !== 'ok') {
          const key = saveFault(reading);
          throw new AppError(400, key, [{ field: 'smiles', message: key }]);
        }
        substance = reading;
      }
      await assertItemNoFree(tx, columns.itemNo, params.id);
      const substanceId = await substanceIdFor(tx, params.product, substance, before.substanceId);
      await tx.update(products).set({ ...columns, substanceId }).where(eq(products.id, params.id));
      await recordAudit(tx, params.actor, { action: 'update', entity: 'product', entityId: params.id, before: audited(before), after: audited(columns) });
      await savePacks(tx, params.actor, params.id, params.product.packs);
      after.replaced = before.substanceId !== null && before.substanceId !== substanceId ? before.substanceId : null;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'catalogProductItemNoTaken', [{ field: 'itemNo', message: 'catalogProductItemNoTaken' }]);
    throw error;
  }
  // The substance of the structure replaced or cleared goes when no other product has it (ADR 0087).
  if (after.replaced !== null) await pruneSubstances(db, [after.replaced]);
  return getAdminProduct(db, { id: params.id });
}

/**
 * Deletes a product nobody ordered and no cart holds (its packs and documents go with it); one with
 * orders is refused (409): its order lines keep pointing at it, and withdrawing it (`active`) is
 * the way to take it off the storefront (ADR 0030).
 */
export async function deleteProduct(db: Db, params: { actor: AuditActor; id: number }): Promise<void> {
  const substanceId = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'catalogProductNotFound');
    if (await productHasOrders(tx, params.id)) throw new AppError(409, 'catalogProductHasOrders');
    const inCart = rowsOf<{ n: number }>(await tx.execute(sql`select 1 as n from cart_items where product_id = ${params.id} limit 1`));
    if (inCart.length > 0) throw new AppError(409, 'catalogProductInCarts');
    const packs = await tx.select().from(productPacks).where(eq(productPacks.productId, params.id));
    if ((await referencedPacks(tx, packs.map((p) => p.id))).size > 0) throw new AppError(409, 'catalogProductQuoted');
    await tx.delete(products).where(eq(products.id, params.id));
    await recordAudit(tx, params.actor, { action: 'delete', entity: 'product', entityId: params.id, before: audited(before), note: { packs: packs.map((p) => `${p.size} ${p.price}`) } });
    return before.substanceId;
  });
  // Its substance goes with it when no other product has it (ADR 0087).
  if (substanceId !== null) await pruneSubstances(db, [substanceId]);
}

/** Sets active and the flags of up to 200 products at once, one audit row per product that changed. */
export async function bulkUpdateProducts(db: Db, params: { actor: AuditActor } & AdminProductBulkInput): Promise<{ updated: number }> {
  const set = Object.fromEntries(Object.entries(params.set).filter(([, v]) => v !== undefined)) as Partial<Record<'active' | 'isHot' | 'isNew' | 'isSpecial', boolean>>;
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: products.id, active: products.active, isHot: products.isHot, isNew: products.isNew, isSpecial: products.isSpecial })
      .from(products).where(inArray(products.id, [...new Set(params.ids)])).orderBy(asc(products.id)).for('update');
    let updated = 0;
    for (const r of rows) {
      const before = { active: r.active, isHot: r.isHot, isNew: r.isNew, isSpecial: r.isSpecial };
      const after = { ...before, ...set };
      if ((Object.keys(set) as (keyof typeof set)[]).every((k) => before[k] === after[k])) continue;
      await recordAudit(tx, params.actor, { action: 'update', entity: 'product', entityId: r.id, before, after, note: { bulk: true } });
      updated += 1;
    }
    if (rows.length > 0) await tx.update(products).set(set).where(inArray(products.id, rows.map((r) => r.id)));
    return { updated };
  });
}

// ---- structure preview -------------------------------------------------------------------------

/**
 * The drawing of a typed SMILES (the same sanitised renderer and cache as the product page), with the
 * formula it implies, read in a structure worker. Over a cap or over the time limit: 400 naming it.
 */
export async function previewStructure(smiles: string): Promise<StructurePreviewDto> {
  const outcome = await readStructure(smiles, { draw: DRAWING_BOX, formula: true });
  if (outcome.kind === 'invalid') return { valid: false, svg: null, formula: null, molecularWeight: null };
  if (outcome.kind !== 'ok') {
    const message = outcome.kind === 'overLimit' ? outcome.fault : outcome.kind === 'tooManyAtoms' ? 'smilesTooManyAtoms' : 'structureTooComplex';
    throw new AppError(400, 'validation', [{ field: 'smiles', message }]);
  }
  let svg: string | null = null;
  try {
    svg = keepDrawing(smiles, outcome)?.svg ?? null;
  } catch (error) {
    if (!(error instanceof UnsafeStructureSvgError)) throw error;
    svg = null;
  }
  const formula = hill(outcome.formula ?? '');
  return { valid: true, svg, formula, molecularWeight: molecularWeightOf(formula) ?? (outcome.weight ?? 0).toFixed(3) };
}

/** Hill order (C, H, then alphabetical; without carbon all alphabetical) of openchemlib's formula text. */
function hill(formula: string): string {
  const counts = new Map<string, number>();
  for (const [, symbol = '', digits] of formula.matchAll(/([A-Z][a-z]?)(\d*)/g)) counts.set(symbol, (counts.get(symbol) ?? 0) + (digits ? Number(digits) : 1));
  const symbols = [...counts.keys()];
  const carbon = symbols.includes('C');
  const rest = symbols.filter((s) => !(carbon && (s === 'C' || s === 'H'))).sort();
  const ordered = carbon ? ['C', ...(symbols.includes('H') ? ['H'] : []), ...rest] : rest;
  return ordered.map((s) => `${s}${counts.get(s) === 1 ? '' : counts.get(s)}`).join('');
}
