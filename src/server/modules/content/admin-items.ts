import 'server-only';
import { randomUUID } from 'node:crypto';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  CONTENT_SECTION_SPECS, RESOURCE_PDF_MAX_BYTES,
  type AdminContentBrandDto, type AdminContentDto, type AdminContentInput, type AdminContentKind, type AdminContentListInput,
  type AdminContentRowDto, type ContentItemStatus, type ContentSectionName,
} from '@/contracts/content-editing';
import type { Db } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import { brands, contentCategories, contentItems } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { resourceUrl } from '@/server/modules/content/items';
import { sanitizeRichText, toPlainText } from '@/server/modules/content/sanitize';
import { acceptUpload, recordUpload } from '@/server/modules/files/upload';

/*
 * Content items of every kind in the back-office (ADR 0033 for news, ADR 0035 for the others): one
 * module parameterised by the section (news, applications, citations, support, resources, brand
 * articles), whose spec says which kinds it lists and which fields its items have. A list with search,
 * category, status, recommended and brand filters, sorting and keyset pages; one item with both bodies;
 * create (always a draft), update, publish, unpublish, delete; a resource's PDF. Bodies are sanitised
 * before they are stored (and again when the storefront shows them). Audit rows name the item's kind.
 */

const spec = (section: ContentSectionName) => CONTENT_SECTION_SPECS[section];

/** The rows a section sees: its kinds (brand articles: only items tied to a brand). */
function scopeOf(section: ContentSectionName): SQL {
  const s = spec(section);
  const kinds = s.kinds.length === 1 ? eq(contentItems.kind, s.kinds[0]!) : inArray(contentItems.kind, [...s.kinds]);
  return s.brand === 'required' ? and(kinds, isNotNull(contentItems.brandId))! : kinds;
}

const notFound = (section: ContentSectionName) => new AppError(404, section === 'news' ? 'contentNewsNotFound' : 'contentItemNotFound');

const itemBrands = alias(brands, 'item_brand');

const rowColumns = {
  id: contentItems.id,
  kind: contentItems.kind,
  categoryId: contentItems.categoryId,
  categoryNameZh: contentCategories.nameZh,
  categoryNameEn: contentCategories.nameEn,
  brandId: contentItems.brandId,
  brandNameZh: itemBrands.nameZh,
  brandNameEn: itemBrands.nameEn,
  titleZh: contentItems.titleZh,
  titleEn: contentItems.titleEn,
  summaryZh: contentItems.summaryZh,
  summaryEn: contentItems.summaryEn,
  source: contentItems.source,
  sourceEn: contentItems.sourceEn,
  featured: contentItems.featured,
  example: contentItems.example,
  filePath: contentItems.filePath,
  status: contentItems.status,
  publishedAt: contentItems.publishedAt,
  views: contentItems.views,
};

type Row = Omit<AdminContentRowDto, 'publishedAt' | 'fileName' | 'fileUrl'> & { publishedAt: Date; filePath: string | null };

function toRow(r: Row): AdminContentRowDto {
  const { filePath, ...rest } = r;
  return {
    ...rest,
    publishedAt: r.publishedAt.toISOString(),
    fileName: filePath ? (filePath.split('/').pop() ?? null) : null,
    fileUrl: filePath ? resourceUrl(r.id) : null,
  };
}

function encodeCursor(value: string | number, id: number): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

function decodeCursor(cursor: string, byViews: boolean): [string | number, number] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [key, id] = value as unknown[];
      const keyOk = byViews
        ? typeof key === 'number' && Number.isInteger(key) && key >= 0 && key <= 2_147_483_647
        : typeof key === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(key);
      if (keyOk && typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= 2_147_483_647) return [key as string | number, id];
    }
  } catch { /* refused below */ }
  throw new AppError(400, 'badRequest', [{ field: 'cursor', message: 'contentCursorInvalid' }]);
}

export async function listAdminContent(db: Db, section: ContentSectionName, params: AdminContentListInput): Promise<{ total: number; items: AdminContentRowDto[]; nextCursor: string | null }> {
  const filters: (SQL | undefined)[] = [scopeOf(section)];
  if (params.key) {
    const like = `%${escapeLike(params.key)}%`;
    filters.push(or(ilike(contentItems.titleZh, like), ilike(contentItems.titleEn, like)));
  }
  if (params.categoryId !== undefined) filters.push(eq(contentItems.categoryId, params.categoryId));
  if (params.status) filters.push(eq(contentItems.status, params.status));
  if (params.featured !== undefined) filters.push(eq(contentItems.featured, params.featured));
  if (params.brandId !== undefined) filters.push(eq(contentItems.brandId, params.brandId));
  const byViews = params.sort.endsWith('views');
  const descending = params.sort.startsWith('-');
  const column = byViews ? contentItems.views : contentItems.publishedAt;
  const page = [...filters];
  if (params.cursor) {
    const [key, id] = decodeCursor(params.cursor, byViews);
    const value = byViews ? sql`${key}::int` : sql`${key}::timestamptz`;
    page.push(descending ? sql`(${column}, ${contentItems.id}) < (${value}, ${id}::int)` : sql`(${column}, ${contentItems.id}) > (${value}, ${id}::int)`);
  }
  const order = descending ? [desc(column), desc(contentItems.id)] : [asc(column), asc(contentItems.id)];
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(contentItems).where(and(...filters)),
    db.select(rowColumns).from(contentItems)
      .leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
      .leftJoin(itemBrands, eq(itemBrands.id, contentItems.brandId))
      .where(and(...page)).orderBy(...order).limit(params.limit + 1),
  ]);
  const more = rows.length > params.limit;
  const items = rows.slice(0, params.limit);
  const last = items[items.length - 1];
  return {
    total: total?.n ?? 0,
    items: items.map(toRow),
    nextCursor: more && last ? encodeCursor(byViews ? last.views : last.publishedAt.toISOString(), last.id) : null,
  };
}

export async function getAdminContent(db: Db, section: ContentSectionName, params: { id: number }): Promise<AdminContentDto> {
  const [row] = await db
    .select({ ...rowColumns, bodyZh: contentItems.bodyZh, bodyEn: contentItems.bodyEn })
    .from(contentItems)
    .leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
    .leftJoin(itemBrands, eq(itemBrands.id, contentItems.brandId))
    .where(and(scopeOf(section), eq(contentItems.id, params.id)));
  if (!row) throw notFound(section);
  const { bodyZh, bodyEn, ...rest } = row;
  return { ...toRow(rest), bodyZh, bodyEn };
}

/** Brands to tie an item to: by name (either language) or code, or the one of an id; at most 20. */
export async function findContentBrands(db: Db, params: { key?: string; id?: number }): Promise<AdminContentBrandDto[]> {
  const like = params.key ? `%${escapeLike(params.key)}%` : null;
  return db.select({ id: brands.id, nameZh: brands.nameZh, nameEn: brands.nameEn }).from(brands)
    .where(and(
      params.id !== undefined ? eq(brands.id, params.id) : undefined,
      like ? or(ilike(brands.nameZh, like), ilike(brands.nameEn, like), ilike(brands.code, like)) : undefined,
    ))
    .orderBy(asc(brands.sort), asc(brands.id)).limit(20);
}

/** The kind of a new item: the section's only kind, or (brand articles) the one asked for among its kinds. */
function kindOf(section: ContentSectionName, asked: AdminContentKind | undefined): AdminContentKind {
  const kinds = spec(section).kinds;
  if (asked === undefined) return kinds[0]!;
  if (!kinds.includes(asked)) throw new AppError(400, 'validation', [{ field: 'kind', message: 'contentKindInvalid' }]);
  return asked;
}

async function assertReferences(db: Db, section: ContentSectionName, kind: AdminContentKind, input: AdminContentInput): Promise<void> {
  // The storefront shows a resource only under its type.
  if (input.categoryId === null && spec(section).file) throw new AppError(400, 'validation', [{ field: 'categoryId', message: 'contentTypeRequired' }]);
  if (input.categoryId !== null) {
    const [type] = await db.select({ id: contentCategories.id }).from(contentCategories).where(and(eq(contentCategories.id, input.categoryId), eq(contentCategories.kind, kind)));
    if (!type) throw new AppError(400, 'validation', [{ field: 'categoryId', message: 'contentTypeUnknown' }]);
  }
  const brandRule = spec(section).brand;
  if (brandRule === 'required' && input.brandId === null) throw new AppError(400, 'validation', [{ field: 'brandId', message: 'contentBrandRequired' }]);
  if (brandRule !== 'none' && input.brandId !== null) {
    const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId));
    if (!brand) throw new AppError(400, 'validation', [{ field: 'brandId', message: 'contentBrandUnknown' }]);
  }
}

/**
 * What is stored of an input: plain-text titles, summaries and sources, sanitised bodies — only the
 * fields the section's items have (an update leaves the others as they are).
 */
function stored(section: ContentSectionName, input: AdminContentInput) {
  const s = spec(section);
  return {
    categoryId: input.categoryId,
    titleZh: toPlainText(input.titleZh),
    titleEn: toPlainText(input.titleEn),
    ...(s.brand !== 'none' ? { brandId: input.brandId } : {}),
    ...(s.summary ? { summaryZh: toPlainText(input.summaryZh), summaryEn: toPlainText(input.summaryEn) } : {}),
    ...(s.body ? { bodyZh: sanitizeRichText(input.bodyZh), bodyEn: sanitizeRichText(input.bodyEn) } : {}),
    ...(s.featured ? { featured: input.featured } : {}),
    ...(s.source ? { source: toPlainText(input.source), sourceEn: toPlainText(input.sourceEn), example: input.example } : {}),
  };
}

type Stored = ReturnType<typeof stored>;

/** The fields an audit row keeps (bodies by length: the audit log is not an archive of articles). */
function audited(r: Partial<Stored> & { bodyZh?: string; bodyEn?: string; status?: ContentItemStatus; publishedAt?: Date; filePath?: string | null }) {
  const { bodyZh, bodyEn, publishedAt, ...rest } = r;
  return {
    ...rest,
    ...(bodyZh !== undefined ? { bodyZhLength: bodyZh.length } : {}),
    ...(bodyEn !== undefined ? { bodyEnLength: bodyEn.length } : {}),
    ...(publishedAt ? { publishedAt: publishedAt.toISOString() } : {}),
  };
}

/** The audited subset of a stored row, for the fields a section edits. */
function auditedBefore(section: ContentSectionName, row: typeof contentItems.$inferSelect) {
  const keys = Object.keys(stored(section, {
    categoryId: null, brandId: null, titleZh: '', titleEn: '', summaryZh: '', summaryEn: '', bodyZh: '', bodyEn: '', source: '', sourceEn: '', featured: false, example: false,
  })) as (keyof Stored)[];
  const picked: Record<string, unknown> = {};
  for (const key of keys) picked[key] = row[key];
  return audited({ ...(picked as Partial<Stored>), status: row.status, publishedAt: row.publishedAt });
}

/** A new item, always a draft: publishing is a step of its own. New citations are never examples. */
export async function createContent(db: Db, section: ContentSectionName, params: { actor: AuditActor; item: AdminContentInput }): Promise<AdminContentDto> {
  const kind = kindOf(section, params.item.kind);
  await assertReferences(db, section, kind, params.item);
  const values = { ...stored(section, params.item), example: false };
  const publishedAt = params.item.publishedAt ? new Date(params.item.publishedAt) : new Date();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(contentItems).values({ ...values, kind, status: 'draft', publishedAt }).returning({ id: contentItems.id });
    if (!row) throw new AppError(500);
    await recordAudit(tx, params.actor, { action: 'create', entity: kind, entityId: row.id, after: audited({ ...values, status: 'draft', publishedAt }) });
    return row.id;
  });
  return getAdminContent(db, section, { id });
}

async function lockItem(tx: Db, section: ContentSectionName, id: number) {
  const [before] = await tx.select().from(contentItems).where(and(scopeOf(section), eq(contentItems.id, id))).for('update');
  if (!before) throw notFound(section);
  return before;
}

/** Updates an item; answers whether it was published (the storefront's cache then drops it). */
export async function updateContent(db: Db, section: ContentSectionName, params: { actor: AuditActor; id: number; item: AdminContentInput }): Promise<{ item: AdminContentDto; published: boolean }> {
  const [current] = await db.select({ kind: contentItems.kind }).from(contentItems).where(and(scopeOf(section), eq(contentItems.id, params.id)));
  if (!current) throw notFound(section);
  await assertReferences(db, section, current.kind, params.item);
  const values = stored(section, params.item);
  const published = await db.transaction(async (tx) => {
    const before = await lockItem(tx, section, params.id);
    const publishedAt = params.item.publishedAt ? new Date(params.item.publishedAt) : before.publishedAt;
    await tx.update(contentItems).set({ ...values, publishedAt }).where(eq(contentItems.id, params.id));
    await recordAudit(tx, params.actor, { action: 'update', entity: before.kind, entityId: params.id, before: auditedBefore(section, before), after: audited({ ...values, publishedAt }) });
    return before.status === 'published';
  });
  return { item: await getAdminContent(db, section, { id: params.id }), published };
}

/** Publishes (the storefront shows it at once) or takes back to draft: the one transition of an item's status. */
export async function setContentStatus(db: Db, section: ContentSectionName, params: { actor: AuditActor; id: number; status: ContentItemStatus }): Promise<AdminContentDto> {
  await db.transaction(async (tx) => {
    const before = await lockItem(tx, section, params.id);
    if (before.status === params.status) return;
    await tx.update(contentItems).set({ status: params.status }).where(eq(contentItems.id, params.id));
    await recordAudit(tx, params.actor, {
      action: params.status === 'published' ? 'publish' : 'unpublish', entity: before.kind, entityId: params.id, before: { status: before.status }, after: { status: params.status },
    });
  });
  return getAdminContent(db, section, { id: params.id });
}

/** Deletes an item; its tags, likes, comments and product links go with it (foreign keys cascade). Answers whether it was published. */
export async function deleteContent(db: Db, section: ContentSectionName, params: { actor: AuditActor; id: number }): Promise<{ published: boolean }> {
  return db.transaction(async (tx) => {
    const before = await lockItem(tx, section, params.id);
    await tx.delete(contentItems).where(eq(contentItems.id, params.id));
    await recordAudit(tx, params.actor, {
      action: 'delete', entity: before.kind, entityId: params.id,
      before: { titleZh: before.titleZh, titleEn: before.titleEn, status: before.status, categoryId: before.categoryId, brandId: before.brandId, filePath: before.filePath },
    });
    return { published: before.status === 'published' };
  });
}

/** A stored file name of what the uploader called it: letters, digits, `.`, `_`, `-`, ending in `.pdf`. */
export function resourceFileName(name: string): string {
  const base = name.replace(/\.pdf$/i, '').normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '').slice(0, 80);
  return `${base || 'resource'}.pdf`;
}

/**
 * Stores a resource's PDF: a PDF as its bytes say (`%PDF-` … `%%EOF`, no markup; HTML, SVG, images and
 * anything else 415), at most RESOURCE_PDF_MAX_BYTES (413), through the files module's upload pipeline
 * under a new key (`resources/<uuid>/<name>.pdf`; the last part is the download's name).
 */
export async function storeResourceFile(db: Db, params: { actor: AuditActor; id: number; bytes: Uint8Array; name: string }): Promise<{ item: AdminContentDto; published: boolean }> {
  const { key, size } = await acceptUpload(params.bytes, {
    accept: 'pdf', maxBytes: RESOURCE_PDF_MAX_BYTES, tooLarge: 'contentPdfTooLarge', refused: 'contentPdfTypeRefused',
    place: async () => {
      await getAdminContent(db, 'resources', { id: params.id });
      return `resources/${randomUUID()}/${resourceFileName(params.name)}`;
    },
  });
  const published = await recordUpload({ key }, () => db.transaction(async (tx) => {
    const before = await lockItem(tx, 'resources', params.id);
    await tx.update(contentItems).set({ filePath: key }).where(eq(contentItems.id, params.id));
    await recordAudit(tx, params.actor, {
      action: 'setFile', entity: before.kind, entityId: params.id, before: { filePath: before.filePath }, after: { filePath: key }, note: { size },
    });
    return before.status === 'published';
  }));
  return { item: await getAdminContent(db, 'resources', { id: params.id }), published };
}

/** Takes a resource's PDF away (the stored file stays: the store has no delete yet). */
export async function removeResourceFile(db: Db, params: { actor: AuditActor; id: number }): Promise<{ item: AdminContentDto; published: boolean }> {
  const published = await db.transaction(async (tx) => {
    const before = await lockItem(tx, 'resources', params.id);
    if (before.filePath === null) return false;
    await tx.update(contentItems).set({ filePath: null }).where(eq(contentItems.id, params.id));
    await recordAudit(tx, params.actor, { action: 'removeFile', entity: before.kind, entityId: params.id, before: { filePath: before.filePath }, after: { filePath: null } });
    return before.status === 'published';
  });
  return { item: await getAdminContent(db, 'resources', { id: params.id }), published };
}
