import 'server-only';
import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ContentDetail, ContentPage, ContentSummary, QaDto } from '@/contracts/content';
import { localised, type Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import {
  contentCategories, contentComments, contentItems, contentItemTags, contentLinks, contentTags, contentTips, productArticles, products, type ContentKind, type ContentStatus,
} from '@/server/db/schema';
import { sanitizeRichText } from './sanitize';

/*
 * Content items of every channel: lists, the newest, one item with its tags, related items and
 * neighbours, support questions.
 */

/** Largest total a list reports exactly; beyond it the answer is 10001 ("10,000+"). */
export const EXACT_TOTAL_CAP = 10_000;

/** Only what the storefront may show: drafts stay in the back-office (ADR 0033). */
export const isPublished = eq(contentItems.status, 'published');

export function resourceUrl(id: number): string {
  return `/api/web/files/resource/${id}`;
}

export const summaryColumns = {
  id: contentItems.id,
  kind: contentItems.kind,
  categoryId: contentItems.categoryId,
  catZh: contentCategories.nameZh,
  catEn: contentCategories.nameEn,
  titleZh: contentItems.titleZh,
  titleEn: contentItems.titleEn,
  summaryZh: contentItems.summaryZh,
  summaryEn: contentItems.summaryEn,
  source: contentItems.source,
  sourceEn: contentItems.sourceEn,
  brandId: contentItems.brandId,
  publishedAt: contentItems.publishedAt,
  views: contentItems.views,
  filePath: contentItems.filePath,
  example: contentItems.example,
};

export type SummaryRow = {
  id: number; kind: ContentKind; categoryId: number | null; catZh: string | null; catEn: string | null;
  titleZh: string; titleEn: string; summaryZh: string; summaryEn: string; source: string; sourceEn: string; brandId: number | null;
  publishedAt: Date; views: number; filePath: string | null; example: boolean;
};

export function toContentSummary(r: SummaryRow, lang: Lang): ContentSummary {
  return {
    id: r.id,
    kind: r.kind,
    categoryId: r.categoryId,
    categoryName: localised(r, 'cat', lang),
    title: localised(r, 'title', lang),
    summary: localised(r, 'summary', lang),
    source: lang === 'en' && r.sourceEn ? r.sourceEn : r.source,
    brandId: r.brandId,
    publishedAt: r.publishedAt.toISOString(),
    views: r.views,
    fileUrl: r.filePath ? resourceUrl(r.id) : null,
    example: r.example,
  };
}

export interface ContentFilter {
  kind?: ContentKind;
  categoryId?: number;
  brandId?: number;
  tagId?: number;
  keyword?: string;
  featured?: boolean;
  withFile?: boolean;
}

function whereOf(f: ContentFilter): SQL | undefined {
  const conditions: SQL[] = [isPublished];
  if (f.kind) conditions.push(eq(contentItems.kind, f.kind));
  if (f.categoryId !== undefined) conditions.push(eq(contentItems.categoryId, f.categoryId));
  if (f.brandId !== undefined) conditions.push(eq(contentItems.brandId, f.brandId));
  if (f.featured) conditions.push(eq(contentItems.featured, true));
  if (f.withFile) conditions.push(isNotNull(contentItems.filePath));
  if (f.tagId !== undefined) {
    conditions.push(inArray(contentItems.id, sql`(select ${contentItemTags.contentId} from ${contentItemTags} where ${contentItemTags.tagId} = ${f.tagId})`));
  }
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    const match = or(ilike(contentItems.titleZh, like), ilike(contentItems.titleEn, like), ilike(contentItems.summaryZh, like), ilike(contentItems.summaryEn, like));
    if (match) conditions.push(match);
  }
  return and(...conditions);
}

/** One page of content (newest or most read first) with its total, capped past 10,000. */
export async function listContent(
  db: Db,
  params: ContentFilter & { lang: Lang; limit: number; offset: number; sort?: 'latest' | 'popular' },
): Promise<ContentPage> {
  const where = whereOf(params);
  const order = params.sort === 'popular'
    ? [desc(contentItems.views), desc(contentItems.id)]
    : [desc(contentItems.publishedAt), desc(contentItems.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(contentItems)
      .leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
      .where(where)
      .orderBy(...order)
      .limit(params.limit)
      .offset((params.offset - 1) * params.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(sql`(select 1 from ${contentItems} ${where ? sql`where ${where}` : sql``} limit ${EXACT_TOTAL_CAP + 1}) as capped`),
  ]);
  return { list: rows.map((r) => toContentSummary(r, params.lang)), total: Number(total?.n ?? 0), limit: params.limit, offset: params.offset };
}

/** The newest items of a kind, for home-page and side lists. */
export async function listLatestContent(db: Db, params: ContentFilter & { kind: ContentKind; limit: number; lang: Lang }): Promise<ContentSummary[]> {
  return (await listContent(db, { ...params, offset: 1 })).list;
}

/**
 * One item with its sanitised body, tags, likes, comment count, neighbours and related items;
 * null when the id is unknown (or of another kind).
 */
/** Counts one view of an item (the page's cached copy shows the count of when it was cached). */
export async function countContentView(db: Db, params: { id: number }): Promise<void> {
  await db.update(contentItems).set({ views: sql`${contentItems.views} + 1` }).where(eq(contentItems.id, params.id));
}

/** Whether an item is a draft or published (null: no such item), for the staff preview. */
export async function getContentStatus(db: Db, params: { id: number }): Promise<ContentStatus | null> {
  const [row] = await db.select({ status: contentItems.status }).from(contentItems).where(eq(contentItems.id, params.id));
  return row?.status ?? null;
}

/** The most linked items of each target a content page shows. */
const LINKED_MAX = 12;

export async function getContentDetail(
  db: Db,
  params: { id: number; kind?: ContentKind; lang: Lang; countView?: boolean; /** A staff preview (ADR 0033): drafts too, no view counted. */ includeDrafts?: boolean },
): Promise<ContentDetail | null> {
  const [row] = await db
    .select({ ...summaryColumns, bodyZh: contentItems.bodyZh, bodyEn: contentItems.bodyEn })
    .from(contentItems)
    .leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
    .where(and(eq(contentItems.id, params.id), params.kind ? eq(contentItems.kind, params.kind) : undefined, params.includeDrafts ? undefined : isPublished));
  if (!row) return null;
  const lang = params.lang;
  const title = localised(contentItems, 'title', lang);
  const sameKind = and(eq(contentItems.kind, row.kind), isPublished);
  const newer = or(gt(contentItems.publishedAt, row.publishedAt), and(eq(contentItems.publishedAt, row.publishedAt), gt(contentItems.id, row.id)));
  const older = or(lt(contentItems.publishedAt, row.publishedAt), and(eq(contentItems.publishedAt, row.publishedAt), lt(contentItems.id, row.id)));
  const [tags, [tips], [comments], [prev], [next], related, linkedContent, linkedProducts] = await Promise.all([
    db
      .select({ id: contentTags.id, nameZh: contentTags.nameZh, nameEn: contentTags.nameEn })
      .from(contentItemTags)
      .innerJoin(contentTags, eq(contentTags.id, contentItemTags.tagId))
      .where(eq(contentItemTags.contentId, row.id))
      .orderBy(asc(contentTags.sort), asc(contentTags.id)),
    db.select({ n: sql<number>`count(*)::int` }).from(contentTips).where(eq(contentTips.contentId, row.id)),
    db.select({ n: sql<number>`count(*)::int` }).from(contentComments).where(and(eq(contentComments.contentId, row.id), eq(contentComments.status, 'approved'))),
    db.select({ id: contentItems.id, title }).from(contentItems).where(and(sameKind, newer)).orderBy(asc(contentItems.publishedAt), asc(contentItems.id)).limit(1),
    db.select({ id: contentItems.id, title }).from(contentItems).where(and(sameKind, older)).orderBy(desc(contentItems.publishedAt), desc(contentItems.id)).limit(1),
    db
      .select({ id: contentItems.id, title, publishedAt: contentItems.publishedAt })
      .from(contentItems)
      .where(and(sameKind, row.categoryId === null ? sql`true` : eq(contentItems.categoryId, row.categoryId), sql`${contentItems.id} <> ${row.id}`))
      .orderBy(desc(contentItems.publishedAt), desc(contentItems.id))
      .limit(5),
    // Linked items (ADR 0036): one side's rows through the primary key, published items only, bounded.
    db
      .select({ id: contentItems.id, kind: contentItems.kind, title })
      .from(contentLinks)
      .innerJoin(contentItems, eq(contentItems.id, contentLinks.linkedId))
      .where(and(eq(contentLinks.contentId, row.id), isPublished))
      .orderBy(asc(contentLinks.sort), desc(contentItems.publishedAt), desc(contentItems.id))
      .limit(LINKED_MAX),
    db
      .select({ id: products.id, itemNo: products.itemNo, name: localised(products, 'name', lang) })
      .from(productArticles)
      .innerJoin(products, eq(products.id, productArticles.productId))
      .where(and(eq(productArticles.contentId, row.id), eq(products.active, true)))
      .orderBy(asc(products.itemNo))
      .limit(LINKED_MAX),
  ]);
  if (params.countView && !params.includeDrafts) {
    await db.update(contentItems).set({ views: sql`${contentItems.views} + 1` }).where(eq(contentItems.id, row.id));
  }
  return {
    ...toContentSummary(row, lang),
    views: row.views + (params.countView && !params.includeDrafts ? 1 : 0),
    body: sanitizeRichText(localised(row, 'body', lang)),
    tags: tags.map((t) => ({ id: t.id, name: localised(t, 'name', lang) })),
    tips: Number(tips?.n ?? 0),
    comments: Number(comments?.n ?? 0),
    prev: prev ?? null,
    next: next ?? null,
    related: related.map((r) => ({ id: r.id, title: r.title, publishedAt: r.publishedAt.toISOString() })),
    linkedContent,
    linkedProducts,
  };
}

/** Support questions with their short answers; featured questions first. */
export async function listQa(db: Db, params: { typeId?: number; limit: number; lang: Lang }): Promise<QaDto[]> {
  const rows = await db
    .select({ id: contentItems.id, categoryId: contentItems.categoryId, titleZh: contentItems.titleZh, titleEn: contentItems.titleEn, summaryZh: contentItems.summaryZh, summaryEn: contentItems.summaryEn })
    .from(contentItems)
    .where(and(eq(contentItems.kind, 'support'), isPublished, params.typeId === undefined ? undefined : eq(contentItems.categoryId, params.typeId)))
    .orderBy(desc(contentItems.featured), asc(contentItems.sort), asc(contentItems.id))
    .limit(params.limit);
  return rows.map((r) => ({
    id: r.id,
    typeId: r.categoryId,
    question: localised(r, 'title', params.lang),
    answer: localised(r, 'summary', params.lang),
  }));
}

/** The newest items of each category of a kind, in one query (a window over the categories). */
export async function listLatestPerCategory(db: Db, params: { kind: ContentKind; perCategory: number; lang: Lang }): Promise<Map<number, ContentSummary[]>> {
  const ranked = db
    .select({
      ...summaryColumns,
      rank: sql<number>`row_number() over (partition by ${contentItems.categoryId} order by ${contentItems.publishedAt} desc, ${contentItems.id} desc)`.as('rank'),
    })
    .from(contentItems)
    .leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
    .where(and(eq(contentItems.kind, params.kind), isPublished, isNotNull(contentItems.categoryId)))
    .as('ranked');
  const rows = await db.select().from(ranked).where(sql`${ranked.rank} <= ${params.perCategory}`).orderBy(asc(ranked.categoryId), asc(ranked.rank));
  const out = new Map<number, ContentSummary[]>();
  for (const r of rows) {
    if (r.categoryId === null) continue;
    out.set(r.categoryId, [...(out.get(r.categoryId) ?? []), toContentSummary(r, params.lang)]);
  }
  return out;
}
