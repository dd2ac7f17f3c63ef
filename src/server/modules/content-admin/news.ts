import 'server-only';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminNewsDto, AdminNewsInput, AdminNewsListInput, AdminNewsRowDto, AdminNewsTypeDto, NewsStatus } from '@/contracts/content-admin';
import type { Db } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import { contentCategories, contentItems } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { sanitizeRichText, toPlainText } from '@/server/modules/content/sanitize';

/*
 * News items in the back-office (ADR 0033): a list with search, type, status and recommended filters,
 * sorting and keyset pages; one item with both bodies; create, update, delete, publish, unpublish.
 * Bodies are sanitised before they are stored (and again when the storefront shows them).
 */

const NEWS = eq(contentItems.kind, 'news');

const rowColumns = {
  id: contentItems.id,
  categoryId: contentItems.categoryId,
  categoryNameZh: contentCategories.nameZh,
  categoryNameEn: contentCategories.nameEn,
  titleZh: contentItems.titleZh,
  titleEn: contentItems.titleEn,
  summaryZh: contentItems.summaryZh,
  summaryEn: contentItems.summaryEn,
  featured: contentItems.featured,
  status: contentItems.status,
  publishedAt: contentItems.publishedAt,
  views: contentItems.views,
};

type Row = Omit<AdminNewsRowDto, 'publishedAt'> & { publishedAt: Date };

function toRow(r: Row): AdminNewsRowDto {
  return { ...r, publishedAt: r.publishedAt.toISOString() };
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

export async function listAdminNews(db: Db, params: AdminNewsListInput): Promise<{ total: number; items: AdminNewsRowDto[]; nextCursor: string | null }> {
  const filters: (SQL | undefined)[] = [NEWS];
  if (params.key) {
    const like = `%${escapeLike(params.key)}%`;
    filters.push(or(ilike(contentItems.titleZh, like), ilike(contentItems.titleEn, like)));
  }
  if (params.categoryId !== undefined) filters.push(eq(contentItems.categoryId, params.categoryId));
  if (params.status) filters.push(eq(contentItems.status, params.status));
  if (params.featured !== undefined) filters.push(eq(contentItems.featured, params.featured));
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
    db.select(rowColumns).from(contentItems).leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
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

export async function getAdminNews(db: Db, params: { id: number }): Promise<AdminNewsDto> {
  const [row] = await db
    .select({ ...rowColumns, bodyZh: contentItems.bodyZh, bodyEn: contentItems.bodyEn })
    .from(contentItems)
    .leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
    .where(and(NEWS, eq(contentItems.id, params.id)));
  if (!row) throw new AppError(404, 'contentNewsNotFound');
  return { ...toRow(row), bodyZh: row.bodyZh, bodyEn: row.bodyEn };
}

/** The news types (content categories of the news kind), in their storefront order. */
export async function listNewsTypes(db: Db): Promise<AdminNewsTypeDto[]> {
  return db.select({ id: contentCategories.id, nameZh: contentCategories.nameZh, nameEn: contentCategories.nameEn })
    .from(contentCategories).where(eq(contentCategories.kind, 'news')).orderBy(asc(contentCategories.sort), asc(contentCategories.id));
}

async function assertNewsType(db: Db, categoryId: number | null): Promise<void> {
  if (categoryId === null) return;
  const [type] = await db.select({ id: contentCategories.id }).from(contentCategories).where(and(eq(contentCategories.id, categoryId), eq(contentCategories.kind, 'news')));
  if (!type) throw new AppError(400, 'validation', [{ field: 'categoryId', message: 'contentTypeUnknown' }]);
}

/** What is stored of an input: plain-text titles and summaries, sanitised bodies. */
function stored(input: AdminNewsInput) {
  return {
    categoryId: input.categoryId,
    titleZh: toPlainText(input.titleZh),
    titleEn: toPlainText(input.titleEn),
    summaryZh: toPlainText(input.summaryZh),
    summaryEn: toPlainText(input.summaryEn),
    bodyZh: sanitizeRichText(input.bodyZh),
    bodyEn: sanitizeRichText(input.bodyEn),
    featured: input.featured,
  };
}

/** The fields an audit row keeps (bodies by length: the audit log is not an archive of articles). */
function audited(r: ReturnType<typeof stored> & { status?: NewsStatus; publishedAt?: Date }) {
  return {
    categoryId: r.categoryId, titleZh: r.titleZh, titleEn: r.titleEn, summaryZh: r.summaryZh, summaryEn: r.summaryEn,
    bodyZhLength: r.bodyZh.length, bodyEnLength: r.bodyEn.length, featured: r.featured,
    ...(r.status ? { status: r.status } : {}), ...(r.publishedAt ? { publishedAt: r.publishedAt.toISOString() } : {}),
  };
}

/** A new news item, always a draft: publishing is a step of its own. */
export async function createNews(db: Db, params: { actor: AuditActor; news: AdminNewsInput }): Promise<AdminNewsDto> {
  await assertNewsType(db, params.news.categoryId);
  const values = stored(params.news);
  const publishedAt = params.news.publishedAt ? new Date(params.news.publishedAt) : new Date();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(contentItems).values({ ...values, kind: 'news', status: 'draft', publishedAt }).returning({ id: contentItems.id });
    if (!row) throw new AppError(500);
    await recordAudit(tx, params.actor, { action: 'create', entity: 'news', entityId: row.id, after: audited({ ...values, status: 'draft', publishedAt }) });
    return row.id;
  });
  return getAdminNews(db, { id });
}

async function lockNews(tx: Db, id: number) {
  const [before] = await tx.select().from(contentItems).where(and(NEWS, eq(contentItems.id, id))).for('update');
  if (!before) throw new AppError(404, 'contentNewsNotFound');
  return before;
}

export async function updateNews(db: Db, params: { actor: AuditActor; id: number; news: AdminNewsInput }): Promise<{ news: AdminNewsDto; published: boolean }> {
  await assertNewsType(db, params.news.categoryId);
  const values = stored(params.news);
  const published = await db.transaction(async (tx) => {
    const before = await lockNews(tx, params.id);
    const publishedAt = params.news.publishedAt ? new Date(params.news.publishedAt) : before.publishedAt;
    await tx.update(contentItems).set({ ...values, publishedAt }).where(eq(contentItems.id, params.id));
    await recordAudit(tx, params.actor, { action: 'update', entity: 'news', entityId: params.id, before: audited({ ...before, publishedAt: before.publishedAt }), after: audited({ ...values, publishedAt }) });
    return before.status === 'published';
  });
  return { news: await getAdminNews(db, { id: params.id }), published };
}

/** Publishes (the storefront shows it at once) or takes back to draft. */
export async function setNewsStatus(db: Db, params: { actor: AuditActor; id: number; status: NewsStatus }): Promise<AdminNewsDto> {
  await db.transaction(async (tx) => {
    const before = await lockNews(tx, params.id);
    if (before.status === params.status) return;
    await tx.update(contentItems).set({ status: params.status }).where(eq(contentItems.id, params.id));
    await recordAudit(tx, params.actor, {
      action: params.status === 'published' ? 'publish' : 'unpublish', entity: 'news', entityId: params.id, before: { status: before.status }, after: { status: params.status },
    });
  });
  return getAdminNews(db, { id: params.id });
}

/** Deletes an item; its tags, likes, comments and product links go with it (foreign keys cascade). Answers whether it was published. */
export async function deleteNews(db: Db, params: { actor: AuditActor; id: number }): Promise<{ published: boolean }> {
  return db.transaction(async (tx) => {
    const before = await lockNews(tx, params.id);
    await tx.delete(contentItems).where(eq(contentItems.id, params.id));
    await recordAudit(tx, params.actor, {
      action: 'delete', entity: 'news', entityId: params.id,
      before: { titleZh: before.titleZh, titleEn: before.titleEn, status: before.status, categoryId: before.categoryId },
    });
    return { published: before.status === 'published' };
  });
}
