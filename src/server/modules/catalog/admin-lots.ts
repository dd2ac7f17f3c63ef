import 'server-only';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import {
  COA_MAX_BYTES, type AdminLotCreateInput, type AdminLotDto, type AdminLotUpdateInput, type AdminProductLotsDto,
} from '@/contracts/lots';
import type { Db } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/errors';
import { productDocuments, productLots, productPacks, products, type ProductLot } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { documentUrl } from '@/server/modules/content/documents';
import { acceptUpload, keptFileName, recordUpload } from '@/server/modules/files/upload';

/**
 * Lots of a product's packs in the back-office (ADR 0032): list, add, change, delete, and the COA PDF
 * of a lot. A pack's stock is the sum of its lots' quantities — the lots' statement trigger (migration
 * 0015) writes it in the same statement, and the packs' triggers then keep `products.in_stock`. A COA
 * is a `product_documents` row of kind 'coa' with the lot's number, the very row the storefront's COA
 * lookup (`findCoas`) and the product page read.
 */

function lotDto(l: ProductLot): AdminLotDto {
  return {
    id: l.id, packId: l.packId, lotNo: l.lotNo, quantity: l.quantity, manufacturedOn: l.manufacturedOn, expiresOn: l.expiresOn,
    retestOn: l.retestOn, warehouse: l.warehouse, coaDocumentId: l.coaDocumentId,
    coaUrl: l.coaDocumentId === null ? null : documentUrl(l.coaDocumentId), updatedAt: l.updatedAt.toISOString(),
  };
}

function lotAudited(l: Pick<ProductLot, 'lotNo' | 'quantity' | 'manufacturedOn' | 'expiresOn' | 'retestOn' | 'warehouse'> & { coaDocumentId?: number | null }) {
  return {
    lotNo: l.lotNo, quantity: l.quantity, manufacturedOn: l.manufacturedOn, expiresOn: l.expiresOn, retestOn: l.retestOn,
    warehouse: l.warehouse, coaDocumentId: l.coaDocumentId ?? null,
  };
}

/** A product's packs, in their order, each with its lots (by lot number): two queries through indexes. */
export async function listProductLots(db: Db, params: { productId: number }): Promise<AdminProductLotsDto> {
  const [product] = await db.select({ id: products.id, itemNo: products.itemNo }).from(products).where(eq(products.id, params.productId));
  if (!product) throw new AppError(404, 'catalogProductNotFound');
  const packs = await db.select({ id: productPacks.id, size: productPacks.size, stock: productPacks.stock })
    .from(productPacks).where(eq(productPacks.productId, params.productId)).orderBy(asc(productPacks.sort), asc(productPacks.id));
  const lots = packs.length === 0 ? [] : await db.select().from(productLots)
    .where(inArray(productLots.packId, packs.map((p) => p.id))).orderBy(asc(productLots.lotNo), asc(productLots.id));
  return {
    productId: product.id,
    itemNo: product.itemNo,
    packs: packs.map((p) => ({ packId: p.id, size: p.size, stock: p.stock, lots: lots.filter((l) => l.packId === p.id).map(lotDto) })),
  };
}

const lotTaken = () => new AppError(409, 'catalogLotNoTaken', [{ field: 'lotNo', message: 'catalogLotNoTaken' }]);

/** The pack, locked, when it belongs to the product; 404 otherwise. */
async function lockPack(tx: Db, productId: number, packId: number): Promise<void> {
  const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new AppError(404, 'catalogProductNotFound');
  const [pack] = await tx.select({ id: productPacks.id }).from(productPacks)
    .where(and(eq(productPacks.id, packId), eq(productPacks.productId, productId))).for('update');
  if (!pack) throw new AppError(404, 'catalogPackNotFound', [{ field: 'packId', message: 'catalogPackNotFound' }]);
}

/** The lot, locked, when it belongs to a pack of the product; 404 otherwise. */
async function lockLot(tx: Db, productId: number, lotId: number): Promise<ProductLot> {
  const [row] = await tx.select({ lot: productLots }).from(productLots)
    .innerJoin(productPacks, eq(productPacks.id, productLots.packId))
    .where(and(eq(productLots.id, lotId), eq(productPacks.productId, productId))).for('update', { of: productLots });
  if (!row) throw new AppError(404, 'catalogLotNotFound');
  return row.lot;
}

async function lotNoFree(tx: Db, packId: number, lotNo: string, exceptId?: number): Promise<void> {
  const [taken] = await tx.select({ id: productLots.id }).from(productLots).where(and(eq(productLots.packId, packId), eq(productLots.lotNo, lotNo)));
  if (taken && taken.id !== exceptId) throw lotTaken();
}

/** A COA of the product with this lot number, if one exists (the seed's, or one uploaded before). */
async function existingCoa(tx: Db, productId: number, lotNo: string): Promise<number | null> {
  const [doc] = await tx.select({ id: productDocuments.id }).from(productDocuments)
    .where(and(eq(productDocuments.productId, productId), eq(productDocuments.kind, 'coa'), eq(productDocuments.lotNo, lotNo)))
    .orderBy(asc(productDocuments.id)).limit(1);
  return doc?.id ?? null;
}

/**
 * Adds a lot to a pack of the product (409 when the pack has that lot number). A COA the product
 * already has for that lot number becomes the lot's COA.
 */
export async function createLot(db: Db, params: { actor: AuditActor; lot: AdminLotCreateInput }): Promise<AdminProductLotsDto> {
  const { id: productId, packId, ...values } = params.lot;
  try {
    await db.transaction(async (tx) => {
      await lockPack(tx, productId, packId);
      await lotNoFree(tx, packId, values.lotNo);
      const coaDocumentId = await existingCoa(tx, productId, values.lotNo);
      const [row] = await tx.insert(productLots).values({ packId, ...values, coaDocumentId }).returning({ id: productLots.id });
      if (!row) throw new AppError(500);
      await recordAudit(tx, params.actor, { action: 'create', entity: 'product_lot', entityId: row.id, after: lotAudited({ ...values, coaDocumentId }), note: { productId, packId } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw lotTaken();
    throw error;
  }
  return listProductLots(db, { productId });
}

/** Changes a lot's number, quantity, dates and warehouse (its pack stays). */
export async function updateLot(db: Db, params: { actor: AuditActor; lot: AdminLotUpdateInput }): Promise<AdminProductLotsDto> {
  const { id: productId, lotId, ...values } = params.lot;
  try {
    await db.transaction(async (tx) => {
      const before = await lockLot(tx, productId, lotId);
      await lotNoFree(tx, before.packId, values.lotNo, lotId);
      const renamed = values.lotNo !== before.lotNo;
      let coaDocumentId = before.coaDocumentId;
      let renameCoa = false;
      if (renamed) {
        // The COA names the lot. One this lot alone uses follows it to its new number (a typo fixed);
        // one other packs' lots of the old number share stays theirs. Without one, the lot takes the
        // product's COA of its new number, if any.
        const shared = coaDocumentId !== null && (await tx.select({ id: productLots.id }).from(productLots)
          .where(and(eq(productLots.coaDocumentId, coaDocumentId), ne(productLots.id, lotId))).limit(1)).length > 0;
        const existing = await existingCoa(tx, productId, values.lotNo);
        if (coaDocumentId === null || shared) coaDocumentId = existing;
        else if (existing === null) renameCoa = true;
        else coaDocumentId = existing;
      }
      const after = { ...values, coaDocumentId };
      if (await recordAudit(tx, params.actor, { action: 'update', entity: 'product_lot', entityId: lotId, before: lotAudited(before), after: lotAudited(after) })) {
        await tx.update(productLots).set({ ...after, updatedAt: new Date() }).where(eq(productLots.id, lotId));
        if (renameCoa && coaDocumentId !== null) await tx.update(productDocuments).set({ lotNo: values.lotNo }).where(eq(productDocuments.id, coaDocumentId));
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw lotTaken();
    throw error;
  }
  return listProductLots(db, { productId });
}

/**
 * Deletes a lot; the pack's stock drops by its quantity. Its COA document stays (buyers of that lot
 * still find it by item and lot number) unless `deleteCoa` asks for it to go too.
 */
export async function deleteLot(db: Db, params: { actor: AuditActor; id: number; lotId: number; deleteCoa: boolean }): Promise<AdminProductLotsDto> {
  await db.transaction(async (tx) => {
    const before = await lockLot(tx, params.id, params.lotId);
    await tx.delete(productLots).where(eq(productLots.id, params.lotId));
    let coaDeleted = false;
    if (params.deleteCoa && before.coaDocumentId !== null) {
      await tx.delete(productDocuments).where(eq(productDocuments.id, before.coaDocumentId));
      coaDeleted = true;
    }
    await recordAudit(tx, params.actor, { action: 'delete', entity: 'product_lot', entityId: params.lotId, before: lotAudited(before), note: { productId: params.id, packId: before.packId, coaDeleted } });
  });
  return listProductLots(db, { productId: params.id });
}

/** The item number of a product's lot (404 when the lot is not the product's). */
async function lotItemNo(db: Db, productId: number, lotId: number): Promise<string> {
  const [known] = await db.select({ itemNo: products.itemNo }).from(productLots)
    .innerJoin(productPacks, eq(productPacks.id, productLots.packId))
    .innerJoin(products, eq(products.id, productPacks.productId))
    .where(and(eq(productLots.id, lotId), eq(productPacks.productId, productId)));
  if (!known) throw new AppError(404, 'catalogLotNotFound');
  return known.itemNo;
}

/**
 * Stores a lot's COA through the files module's upload pipeline: a PDF as its bytes say (`%PDF-` …
 * `%%EOF`, no markup; HTML, SVG, images and anything else 415), at most COA_MAX_BYTES (413). The lot's
 * COA document is replaced in place (same id, so links stay), or created: kind 'coa', the lot's
 * number, the product's Chinese title.
 */
export async function storeLotCoa(db: Db, params: { actor: AuditActor; id: number; lotId: number; bytes: Uint8Array; name?: string }): Promise<AdminProductLotsDto> {
  let itemNo = '';
  const { key, size } = await acceptUpload(params.bytes, {
    accept: 'pdf', maxBytes: COA_MAX_BYTES, tooLarge: 'catalogCoaTooLarge', refused: 'catalogCoaTypeRefused',
    place: async (name) => {
      itemNo = await lotItemNo(db, params.id, params.lotId);
      return `coa/${itemNo}/upload-${name}`;
    },
  });
  const uploaded = { generated: false, missingSince: null, fileName: keptFileName(params.name ?? '', 'pdf', `COA_${params.lotId}`), fileSize: size };
  await recordUpload({ key }, () => db.transaction(async (tx) => {
    const lot = await lockLot(tx, params.id, params.lotId);
    const [product] = await tx.select({ nameZh: products.nameZh }).from(products).where(eq(products.id, params.id));
    const title = `${product?.nameZh ?? itemNo} 分析证书（批号 ${lot.lotNo}）`;
    let documentId = lot.coaDocumentId;
    let previous: string | null = null;
    if (documentId !== null) {
      const [doc] = await tx.select({ filePath: productDocuments.filePath }).from(productDocuments).where(eq(productDocuments.id, documentId));
      previous = doc?.filePath ?? null;
      // The uploaded file replaces a demo one, a missing one or a withdrawn one: it is the lot's shown COA.
      await tx.update(productDocuments).set({ ...uploaded, filePath: key, lotNo: lot.lotNo, title, lang: 'zh', issuedAt: new Date(), state: 'current' }).where(eq(productDocuments.id, documentId));
    } else {
      const [doc] = await tx.insert(productDocuments).values({ ...uploaded, productId: params.id, kind: 'coa', lotNo: lot.lotNo, lang: 'zh', title, filePath: key }).returning({ id: productDocuments.id });
      if (!doc) throw new AppError(500);
      documentId = doc.id;
      await tx.update(productLots).set({ coaDocumentId: documentId, updatedAt: new Date() }).where(eq(productLots.id, lot.id));
    }
    // One lot packed in several sizes has one COA: the product's other lots of that number without one share it.
    await tx.update(productLots).set({ coaDocumentId: documentId, updatedAt: new Date() }).where(and(
      eq(productLots.lotNo, lot.lotNo), isNull(productLots.coaDocumentId),
      inArray(productLots.packId, tx.select({ id: productPacks.id }).from(productPacks).where(eq(productPacks.productId, params.id))),
    ));
    await recordAudit(tx, params.actor, {
      action: 'setCoa', entity: 'product_lot', entityId: lot.id, before: { coaDocumentId: lot.coaDocumentId, filePath: previous },
      after: { coaDocumentId: documentId, filePath: key }, note: { productId: params.id, size },
    });
  }));
  return listProductLots(db, { productId: params.id });
}
