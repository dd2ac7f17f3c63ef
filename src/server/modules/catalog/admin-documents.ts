import 'server-only';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  PRODUCT_DOCUMENT_MAX_BYTES, type AdminDocumentReplaceInput, type AdminDocumentUploadInput, type AdminProductDocumentDto,
  type AdminProductDocumentsDto, type DocumentFileCheck, type DocumentState, type MissingDocumentsPage, type ProductDocumentKind,
} from '@/contracts/product-documents';
import type { Db } from '@/server/db/client';
import { productDocuments, products, type ProductDocument } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import type { FileStore } from '@/server/modules/files/store';
import { acceptUpload, keptFileName, recordUpload } from '@/server/modules/files/upload';
import { localised, type Lang } from '@/lib/lang';
import { businessDay, businessDayStart } from '@/server/business-time';

/**
 * A product's documents in the back-office (ADR 0063). Staff upload an SDS, a technical data or
 * specification sheet, a protocol or a handbook per language, each with the version and date printed on
 * it; a replacement is a new version of the same series (product, kind, language), and the older one is
 * kept. The newest version not withdrawn is `current`, the one the storefront shows (`settleSeries`, the
 * one rule of the states). A COA is uploaded on its lot (admin-lots.ts), and may be withdrawn here.
 * Uploaded files are never written by the product: one gone from the store is marked `missing_since` by
 * `checkDocumentFiles` (every start, `npm run doctor`, the back-office's check) or by a failed download.
 */

/** A document's staff download, in any state. */
export function adminDocumentUrl(productId: number, docId: number): string {
  return `/api/admin/catalog/products/${productId}/documents/${docId}/file`;
}

/** The business day of a moment (dates on documents are the shop's calendar days). */
const chinaDay = (d: Date): string => businessDay(d);

/** A calendar day as the moment it starts in the business zone. */
const chinaMidnight = (day: string): Date => businessDayStart(day);

function toDto(d: ProductDocument): AdminProductDocumentDto {
  return {
    id: d.id, kind: d.kind as ProductDocumentKind, lotNo: d.lotNo, lang: d.lang, title: d.title, version: d.version,
    issuedOn: chinaDay(d.issuedAt), state: d.state as DocumentState, generated: d.generated, fileName: d.fileName, fileSize: d.fileSize,
    missingSince: d.missingSince?.toISOString() ?? null, createdAt: d.createdAt.toISOString(), url: adminDocumentUrl(d.productId, d.id),
  };
}

const STATE_ORDER = sql`case ${productDocuments.state} when 'current' then 0 when 'superseded' then 1 else 2 end`;

/** A product's documents: by kind, the current ones first, then older versions and withdrawn ones, newest first. */
export async function listAdminDocuments(db: Db, params: { productId: number }): Promise<AdminProductDocumentsDto> {
  await productItemNo(db, params.productId);
  const rows = await db.select().from(productDocuments).where(eq(productDocuments.productId, params.productId))
    .orderBy(asc(productDocuments.kind), STATE_ORDER, asc(productDocuments.lang), desc(productDocuments.issuedAt), desc(productDocuments.id));
  return { list: rows.map(toDto) };
}

async function productItemNo(db: Db, productId: number): Promise<string> {
  const [row] = await db.select({ itemNo: products.itemNo }).from(products).where(eq(products.id, productId));
  if (!row) throw new AppError(404, 'catalogProductNotFound');
  return row.itemNo;
}

/** A document of the product, locked for the change; 404 when the product has no such document. */
async function lockDocument(tx: Db, productId: number, docId: number): Promise<ProductDocument> {
  const [row] = await tx.select().from(productDocuments)
    .where(and(eq(productDocuments.id, docId), eq(productDocuments.productId, productId))).for('update');
  if (!row) throw new AppError(404, 'catalogDocumentNotFound');
  return row;
}

/** The series a document belongs to: a COA's is its lot; any other kind's is its language. */
function seriesOf(d: Pick<ProductDocument, 'productId' | 'kind' | 'lang' | 'lotNo'>) {
  return d.kind === 'coa'
    ? and(eq(productDocuments.productId, d.productId), eq(productDocuments.kind, 'coa'), sql`${productDocuments.lotNo} is not distinct from ${d.lotNo}`)
    : and(eq(productDocuments.productId, d.productId), eq(productDocuments.kind, d.kind), eq(productDocuments.lang, d.lang));
}

/**
 * The one rule of the states: in a series, the newest document not withdrawn (by its date, then the
 * latest upload) is current and the others not withdrawn are superseded.
 */
async function settleSeries(tx: Db, d: Pick<ProductDocument, 'productId' | 'kind' | 'lang' | 'lotNo'>): Promise<void> {
  const ranked = await tx.select({ id: productDocuments.id, state: productDocuments.state }).from(productDocuments)
    .where(and(seriesOf(d), sql`${productDocuments.state} <> 'withdrawn'`))
    .orderBy(desc(productDocuments.issuedAt), desc(productDocuments.id));
  for (const [i, row] of ranked.entries()) {
    const state = i === 0 ? 'current' : 'superseded';
    if (row.state !== state) await tx.update(productDocuments).set({ state }).where(eq(productDocuments.id, row.id));
  }
}

type DocumentAction = 'upload' | 'replace' | 'withdraw' | 'restore';

const audited = (d: Pick<ProductDocument, 'kind' | 'lang' | 'lotNo' | 'title' | 'version' | 'issuedAt' | 'state' | 'filePath'>) => ({
  kind: d.kind, lang: d.lang, lotNo: d.lotNo, title: d.title, version: d.version, issuedOn: chinaDay(d.issuedAt), state: d.state, filePath: d.filePath,
});

/**
 * Every change of a product's documents, in the caller's transaction: the row written by `write`, the
 * series settled, and the audit row. Answers the document as it is after the change.
 */
async function transition(tx: Db, actor: AuditActor, action: DocumentAction, params: {
  before: ProductDocument | null; write: () => Promise<number>; note?: Record<string, string | number | null>;
}): Promise<ProductDocument> {
  const id = await params.write();
  const [written] = await tx.select().from(productDocuments).where(eq(productDocuments.id, id));
  if (!written) throw new AppError(500);
  await settleSeries(tx, written);
  const [after] = await tx.select().from(productDocuments).where(eq(productDocuments.id, id));
  if (!after) throw new AppError(500);
  await recordAudit(tx, actor, {
    action, entity: 'product_document', entityId: id, before: params.before ? audited(params.before) : null, after: audited(after),
    note: { productId: after.productId, ...(params.before && params.before.id !== id ? { replaces: params.before.id } : {}), ...params.note },
  });
  return after;
}

/** The day on a document may not be after today (China). */
function issuedAtOf(day: string): Date {
  if (day > chinaDay(new Date())) throw new AppError(400, 'validation', [{ field: 'issuedOn', message: 'catalogDocumentDateInFuture' }]);
  return chinaMidnight(day);
}

interface UploadedFile { bytes: Uint8Array; name: string }

/** A PDF by its bytes, at most PRODUCT_DOCUMENT_MAX_BYTES, stored under the product's folder. */
async function acceptDocument(db: Db, productId: number, file: UploadedFile, prefix: string) {
  return acceptUpload(file.bytes, {
    accept: 'pdf', maxBytes: PRODUCT_DOCUMENT_MAX_BYTES, tooLarge: 'catalogDocumentTooLarge', refused: 'catalogDocumentTypeRefused',
    place: async (name) => {
      await productItemNo(db, productId);
      return `documents/${productId}/${prefix}-${name}`;
    },
  });
}

/** A new document of a product: the newest version of its kind and language once its date is the newest. */
export async function uploadDocument(db: Db, params: { actor: AuditActor; input: AdminDocumentUploadInput; file: UploadedFile }): Promise<AdminProductDocumentDto> {
  const { input } = params;
  const issuedAt = issuedAtOf(input.issuedOn);
  const stored = await acceptDocument(db, input.id, params.file, `${input.kind}-${input.lang}`);
  const doc = await recordUpload(stored, () => db.transaction(async (tx) => {
    await tx.select({ id: products.id }).from(products).where(eq(products.id, input.id)).for('update');
    return transition(tx, params.actor, 'upload', {
      before: null,
      note: { size: stored.size },
      write: async () => {
        const [row] = await tx.insert(productDocuments).values({
          productId: input.id, kind: input.kind, lang: input.lang, lotNo: null, title: input.title, version: input.version, issuedAt,
          filePath: stored.key, fileName: keptFileName(params.file.name, 'pdf', input.kind), fileSize: stored.size, generated: false,
        }).returning({ id: productDocuments.id });
        if (!row) throw new AppError(500);
        return row.id;
      },
    });
  }));
  return toDto(doc);
}

/** A new version of a document: same kind, language and lot; the older one is kept. A COA is replaced on its lot. */
export async function replaceDocument(db: Db, params: { actor: AuditActor; input: AdminDocumentReplaceInput; file: UploadedFile }): Promise<AdminProductDocumentDto> {
  const { input } = params;
  const issuedAt = issuedAtOf(input.issuedOn);
  const [known] = await db.select({ kind: productDocuments.kind, lang: productDocuments.lang }).from(productDocuments)
    .where(and(eq(productDocuments.id, input.docId), eq(productDocuments.productId, input.id)));
  if (!known) throw new AppError(404, 'catalogDocumentNotFound');
  if (known.kind === 'coa') throw new AppError(409, 'catalogDocumentCoaOnLot');
  const stored = await acceptDocument(db, input.id, params.file, `${known.kind}-${known.lang}`);
  const doc = await recordUpload(stored, () => db.transaction(async (tx) => {
    const before = await lockDocument(tx, input.id, input.docId);
    return transition(tx, params.actor, 'replace', {
      before,
      note: { size: stored.size },
      write: async () => {
        const [row] = await tx.insert(productDocuments).values({
          productId: before.productId, kind: before.kind, lang: before.lang, lotNo: before.lotNo, title: input.title ?? before.title,
          version: input.version, issuedAt, filePath: stored.key, fileName: keptFileName(params.file.name, 'pdf', before.kind),
          fileSize: stored.size, generated: false,
        }).returning({ id: productDocuments.id });
        if (!row) throw new AppError(500);
        return row.id;
      },
    });
  }));
  return toDto(doc);
}

/** Takes a document off the site (the previous version, if any, is shown again), or puts it back. */
export async function setDocumentWithdrawn(db: Db, params: { actor: AuditActor; id: number; docId: number; withdrawn: boolean }): Promise<AdminProductDocumentDto> {
  const doc = await db.transaction(async (tx) => {
    const before = await lockDocument(tx, params.id, params.docId);
    if ((before.state === 'withdrawn') === params.withdrawn) throw new AppError(409, params.withdrawn ? 'catalogDocumentWithdrawn' : 'catalogDocumentNotWithdrawn');
    return transition(tx, params.actor, params.withdrawn ? 'withdraw' : 'restore', {
      before,
      write: async () => {
        // A restored document rejoins its series; settling decides whether it is the current one again.
        await tx.update(productDocuments).set({ state: params.withdrawn ? 'withdrawn' : 'superseded' }).where(eq(productDocuments.id, before.id));
        return before.id;
      },
    });
  });
  return toDto(doc);
}

/** A document's stored file for staff, in any state; null when there is no such document. */
export async function adminDocumentFile(db: Db, params: { id: number; docId: number }): Promise<{ filePath: string; fileName: string } | null> {
  const [row] = await db.select({ filePath: productDocuments.filePath, fileName: productDocuments.fileName, kind: productDocuments.kind, version: productDocuments.version, itemNo: products.itemNo })
    .from(productDocuments).innerJoin(products, eq(products.id, productDocuments.productId))
    .where(and(eq(productDocuments.id, params.docId), eq(productDocuments.productId, params.id)));
  if (!row) return null;
  return { filePath: row.filePath, fileName: row.fileName ?? `${row.itemNo}_${row.kind}_${row.version}.pdf` };
}

const CHECK_BATCH = 200;
const CHECK_PARALLEL = 16;

/**
 * The next batch of uploaded documents after the id `after`, through their own partial index
 * (`product_documents_uploaded_idx`): a demo database of millions of generated rows is not walked.
 */
export function uploadedDocumentsAfter(db: Db, after: number) {
  return db.select({ id: productDocuments.id, filePath: productDocuments.filePath, missingSince: productDocuments.missingSince })
    .from(productDocuments).where(and(eq(productDocuments.generated, false), gt(productDocuments.id, after)))
    .orderBy(asc(productDocuments.id)).limit(CHECK_BATCH);
}

/**
 * Looks for the file of every uploaded document (the demo's generated ones are the seed's business):
 * marks the ones gone from the store as missing since now, and clears the mark of those found again.
 * Never writes a file.
 */
export async function checkDocumentFiles(db: Db, store: FileStore): Promise<DocumentFileCheck> {
  let checked = 0;
  let missing = 0;
  let found = 0;
  let after = 0;
  for (;;) {
    const rows = await uploadedDocumentsAfter(db, after);
    if (rows.length === 0) break;
    const present: boolean[] = [];
    for (let i = 0; i < rows.length; i += CHECK_PARALLEL) {
      present.push(...await Promise.all(rows.slice(i, i + CHECK_PARALLEL).map((r) => store.exists(r.filePath))));
    }
    const gone: number[] = [];
    const back: number[] = [];
    rows.forEach((r, i) => {
      if (!present[i]) {
        missing += 1;
        if (r.missingSince === null) gone.push(r.id);
      } else if (r.missingSince !== null) back.push(r.id);
    });
    if (gone.length > 0) await db.update(productDocuments).set({ missingSince: new Date() }).where(inArray(productDocuments.id, gone));
    if (back.length > 0) await db.update(productDocuments).set({ missingSince: null }).where(inArray(productDocuments.id, back));
    found += back.length;
    checked += rows.length;
    after = rows[rows.length - 1]?.id ?? after;
  }
  return { checked, missing, found };
}

/** Marks an uploaded document's file as missing (a download found no file); the demo's are left to the seed. Answers the product when the mark is new. */
export async function markDocumentMissing(db: Db, id: number): Promise<number | null> {
  const [row] = await db.update(productDocuments).set({ missingSince: new Date() })
    .where(and(eq(productDocuments.id, id), eq(productDocuments.generated, false), sql`${productDocuments.missingSince} is null`))
    .returning({ productId: productDocuments.productId });
  return row?.productId ?? null;
}

/** The documents whose uploaded file is missing, the longest missing first. */
export async function listMissingDocuments(db: Db, params: { lang: Lang; limit: number; offset: number }): Promise<MissingDocumentsPage> {
  const where = isNotNull(productDocuments.missingSince);
  const [rows, [total]] = await Promise.all([
    db.select({
      id: productDocuments.id, productId: productDocuments.productId, kind: productDocuments.kind, lotNo: productDocuments.lotNo, lang: productDocuments.lang,
      title: productDocuments.title, version: productDocuments.version, filePath: productDocuments.filePath, missingSince: productDocuments.missingSince,
      itemNo: products.itemNo, nameZh: products.nameZh, nameEn: products.nameEn,
    }).from(productDocuments).innerJoin(products, eq(products.id, productDocuments.productId))
      .where(where).orderBy(asc(productDocuments.missingSince), asc(productDocuments.id))
      .limit(params.limit).offset((params.offset - 1) * params.limit),
    db.select({ n: count() }).from(productDocuments).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id, productId: r.productId, itemNo: r.itemNo, productName: localised(r, 'name', params.lang), kind: r.kind as ProductDocumentKind,
      lotNo: r.lotNo, lang: r.lang, title: r.title, version: r.version, filePath: r.filePath, missingSince: (r.missingSince ?? new Date(0)).toISOString(),
    })),
    total: Number(total?.n ?? 0), limit: params.limit, offset: params.offset,
  };
}
