import 'server-only';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  ApplicationTypeDto, BannerDto, ContentDetail, ContentPage, ContentSummary, ContentTypeDto,
  NavMenusDto, QaDto, TagDto, TextBlockDto,
} from '@/contracts/content';
import type { Db } from '@/server/db/client';
import {
  banners, contentCategories, contentComments, contentItems, contentItemTags, contentTags, contentTips, siteBlocks, type ContentKind,
} from '@/server/db/schema';
import { sanitizeRichText } from './sanitize';
import { localised, type Lang } from '@/lib/lang';

/** Largest total a list reports exactly; beyond it the answer is 10001 ("10,000+"). */
export const EXACT_TOTAL_CAP = 10_000;

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export function resourceUrl(id: number): string {
  return `/api/web/files/resource/${id}`;
}

const summaryColumns = {
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
  brandId: contentItems.brandId,
  publishedAt: contentItems.publishedAt,
  views: contentItems.views,
  filePath: contentItems.filePath,
};

type SummaryRow = {
  id: number; kind: ContentKind; categoryId: number | null; catZh: string | null; catEn: string | null;
  titleZh: string; titleEn: string; summaryZh: string; summaryEn: string; source: string; brandId: number | null;
  publishedAt: Date; views: number; filePath: string | null;
};

function toSummary(r: SummaryRow, lang: Lang): ContentSummary {
  return {
    id: r.id,
    kind: r.kind,
    categoryId: r.categoryId,
    categoryName: localised(r, 'cat', lang),
    title: localised(r, 'title', lang),
    summary: localised(r, 'summary', lang),
    source: r.source,
    brandId: r.brandId,
    publishedAt: r.publishedAt.toISOString(),
    views: r.views,
    fileUrl: r.filePath ? resourceUrl(r.id) : null,
  };
}

/** Categories ("types") of one kind with how many items each holds, in one query. */
export async function listContentTypes(db: Db, params: { kind: ContentKind; lang: Lang; limit?: number; offset?: number }): Promise<ContentTypeDto[]> {
  const counts = db
    .select({ categoryId: contentItems.categoryId, n: count().as('n') })
    .from(contentItems)
    .where(eq(contentItems.kind, params.kind))
    .groupBy(contentItems.categoryId)
    .as('counts');
  let query = db
    .select({ id: contentCategories.id, nameZh: contentCategories.nameZh, nameEn: contentCategories.nameEn, n: counts.n })
    .from(contentCategories)
    .leftJoin(counts, eq(counts.categoryId, contentCategories.id))
    .where(eq(contentCategories.kind, params.kind))
    .orderBy(asc(contentCategories.sort), asc(contentCategories.id))
    .$dynamic();
  if (params.limit) query = query.limit(params.limit).offset(((params.offset ?? 1) - 1) * params.limit);
  const rows = await query;
  return rows.map((r) => ({ id: r.id, type: localised(r, 'name', params.lang), count: Number(r.n ?? 0) }));
}

export async function getContentType(db: Db, params: { kind: ContentKind; id: number; lang: Lang }): Promise<{ id: number; type: string } | null> {
  const [row] = await db
    .select({ id: contentCategories.id, nameZh: contentCategories.nameZh, nameEn: contentCategories.nameEn })
    .from(contentCategories)
    .where(and(eq(contentCategories.id, params.id), eq(contentCategories.kind, params.kind)));
  return row ? { id: row.id, type: localised(row, 'name', params.lang) } : null;
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
  const conditions: SQL[] = [];
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
  return conditions.length > 0 ? and(...conditions) : undefined;
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
  return { list: rows.map((r) => toSummary(r, params.lang)), total: Number(total?.n ?? 0), limit: params.limit, offset: params.offset };
}

/** The newest items of a kind, for home-page and side lists. */
export async function listLatestContent(db: Db, params: ContentFilter & { kind: ContentKind; limit: number; lang: Lang }): Promise<ContentSummary[]> {
  return (await listContent(db, { ...params, offset: 1 })).list;
}

/**
 * One item with its sanitised body, tags, likes, comment count, neighbours and related items;
 * null when the id is unknown (or of another kind).
 */
export async function getContentDetail(db: Db, params: { id: number; kind?: ContentKind; lang: Lang; countView?: boolean }): Promise<ContentDetail | null> {
  const [row] = await db
    .select({ ...summaryColumns, bodyZh: contentItems.bodyZh, bodyEn: contentItems.bodyEn })
    .from(contentItems)
    .leftJoin(contentCategories, eq(contentCategories.id, contentItems.categoryId))
    .where(params.kind ? and(eq(contentItems.id, params.id), eq(contentItems.kind, params.kind)) : eq(contentItems.id, params.id));
  if (!row) return null;
  const lang = params.lang;
  const title = localised(contentItems, 'title', lang);
  const sameKind = eq(contentItems.kind, row.kind);
  const newer = or(gt(contentItems.publishedAt, row.publishedAt), and(eq(contentItems.publishedAt, row.publishedAt), gt(contentItems.id, row.id)));
  const older = or(lt(contentItems.publishedAt, row.publishedAt), and(eq(contentItems.publishedAt, row.publishedAt), lt(contentItems.id, row.id)));
  const [tags, [tips], [comments], [prev], [next], related] = await Promise.all([
    db
      .select({ id: contentTags.id, nameZh: contentTags.nameZh, nameEn: contentTags.nameEn })
      .from(contentItemTags)
      .innerJoin(contentTags, eq(contentTags.id, contentItemTags.tagId))
      .where(eq(contentItemTags.contentId, row.id))
      .orderBy(asc(contentTags.sort), asc(contentTags.id)),
    db.select({ n: sql<number>`count(*)::int` }).from(contentTips).where(eq(contentTips.contentId, row.id)),
    db.select({ n: sql<number>`count(*)::int` }).from(contentComments).where(eq(contentComments.contentId, row.id)),
    db.select({ id: contentItems.id, title }).from(contentItems).where(and(sameKind, newer)).orderBy(asc(contentItems.publishedAt), asc(contentItems.id)).limit(1),
    db.select({ id: contentItems.id, title }).from(contentItems).where(and(sameKind, older)).orderBy(desc(contentItems.publishedAt), desc(contentItems.id)).limit(1),
    db
      .select({ id: contentItems.id, title, publishedAt: contentItems.publishedAt })
      .from(contentItems)
      .where(and(sameKind, row.categoryId === null ? sql`true` : eq(contentItems.categoryId, row.categoryId), sql`${contentItems.id} <> ${row.id}`))
      .orderBy(desc(contentItems.publishedAt), desc(contentItems.id))
      .limit(5),
  ]);
  if (params.countView) {
    await db.update(contentItems).set({ views: sql`${contentItems.views} + 1` }).where(eq(contentItems.id, row.id));
  }
  return {
    ...toSummary(row, lang),
    views: row.views + (params.countView ? 1 : 0),
    body: sanitizeRichText(localised(row, 'body', lang)),
    tags: tags.map((t) => ({ id: t.id, name: localised(t, 'name', lang) })),
    tips: Number(tips?.n ?? 0),
    comments: Number(comments?.n ?? 0),
    prev: prev ?? null,
    next: next ?? null,
    related: related.map((r) => ({ id: r.id, title: r.title, publishedAt: r.publishedAt.toISOString() })),
  };
}

/** Application categories with their cases (spec §3), two queries whatever the number of categories. */
export async function listApplicationTypes(db: Db, params: { lang: Lang; casesPerType: number }): Promise<ApplicationTypeDto[]> {
  const types = await listContentTypes(db, { kind: 'application', lang: params.lang });
  if (types.length === 0) return [];
  const ranked = db
    .select({
      id: contentItems.id,
      categoryId: contentItems.categoryId,
      titleZh: contentItems.titleZh,
      titleEn: contentItems.titleEn,
      rank: sql<number>`row_number() over (partition by ${contentItems.categoryId} order by ${contentItems.publishedAt} desc, ${contentItems.id} desc)`.as('rank'),
    })
    .from(contentItems)
    .where(eq(contentItems.kind, 'application'))
    .as('ranked');
  const cases = await db
    .select({ id: ranked.id, categoryId: ranked.categoryId, titleZh: ranked.titleZh, titleEn: ranked.titleEn })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${params.casesPerType}`)
    .orderBy(asc(ranked.categoryId), asc(ranked.rank));
  return types.map((t) => ({
    id: t.id,
    name: t.type,
    cases: cases.filter((c) => c.categoryId === t.id).map((c) => ({ id: c.id, name: localised(c, 'title', params.lang) })),
  }));
}

/** Support questions with their short answers; featured questions first. */
export async function listQa(db: Db, params: { typeId?: number; limit: number; lang: Lang }): Promise<QaDto[]> {
  const rows = await db
    .select({ id: contentItems.id, categoryId: contentItems.categoryId, titleZh: contentItems.titleZh, titleEn: contentItems.titleEn, summaryZh: contentItems.summaryZh, summaryEn: contentItems.summaryEn })
    .from(contentItems)
    .where(and(eq(contentItems.kind, 'support'), params.typeId === undefined ? undefined : eq(contentItems.categoryId, params.typeId)))
    .orderBy(desc(contentItems.featured), asc(contentItems.sort), asc(contentItems.id))
    .limit(params.limit);
  return rows.map((r) => ({
    id: r.id,
    typeId: r.categoryId,
    question: localised(r, 'title', params.lang),
    answer: localised(r, 'summary', params.lang),
  }));
}

export async function listBanners(db: Db, params: { position: string; lang: Lang }): Promise<BannerDto[]> {
  return (await listBannerPage(db, { ...params, limit: 50, offset: 1 })).list;
}

export async function listBannerPage(db: Db, params: { position?: string; lang: Lang; limit: number; offset: number }): Promise<{ list: BannerDto[]; total: number; limit: number; offset: number }> {
  const where = and(eq(banners.active, true), params.position ? eq(banners.position, params.position) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(banners).where(where).orderBy(asc(banners.position), asc(banners.sort), asc(banners.id)).limit(params.limit).offset((params.offset - 1) * params.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(banners).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      position: r.position,
      title: localised(r, 'title', params.lang),
      subtitle: localised(r, 'subtitle', params.lang),
      link: r.link,
    })),
    total: Number(total?.n ?? 0),
    limit: params.limit,
    offset: params.offset,
  };
}

/** An editable text block (about, footer, home intro, contact) with sanitised HTML; null when absent. */
export async function getSiteBlock(db: Db, params: { key: string; lang: Lang }): Promise<TextBlockDto | null> {
  const [row] = await db.select().from(siteBlocks).where(eq(siteBlocks.key, params.key));
  if (!row) return null;
  return {
    title: localised(row, 'title', params.lang),
    content: sanitizeRichText(localised(row, 'body', params.lang)),
  };
}

/** Tags (topics) with how many items of the kind carry them; unused tags are left out. */
export async function listTags(db: Db, params: { kind?: ContentKind; lang: Lang }): Promise<TagDto[]> {
  const rows = await db
    .select({ id: contentTags.id, nameZh: contentTags.nameZh, nameEn: contentTags.nameEn, n: sql<number>`count(*)::int` })
    .from(contentTags)
    .innerJoin(contentItemTags, eq(contentItemTags.tagId, contentTags.id))
    .innerJoin(contentItems, eq(contentItems.id, contentItemTags.contentId))
    .where(params.kind ? eq(contentItems.kind, params.kind) : undefined)
    .groupBy(contentTags.id, contentTags.nameZh, contentTags.nameEn, contentTags.sort)
    .orderBy(asc(contentTags.sort), asc(contentTags.id));
  return rows.map((r) => ({ id: r.id, name: localised(r, 'name', params.lang), count: Number(r.n) }));
}

export async function getTag(db: Db, params: { id: number; lang: Lang }): Promise<{ id: number; name: string } | null> {
  const [row] = await db.select().from(contentTags).where(eq(contentTags.id, params.id));
  return row ? { id: row.id, name: localised(row, 'name', params.lang) } : null;
}

/** The navigation bar's resource, support and application menus (spec §2 "Other menus"). */
export async function listNavMenus(db: Db, params: { lang: Lang }): Promise<NavMenusDto> {
  const [resources, support, applications] = await Promise.all([
    listContentTypes(db, { kind: 'resource', lang: params.lang }),
    listContentTypes(db, { kind: 'support', lang: params.lang, limit: 6, offset: 1 }),
    listApplicationTypes(db, { lang: params.lang, casesPerType: 6 }),
  ]);
  return {
    resources: resources.map((r) => ({ id: r.id, name: r.type })),
    support: support.map((s) => ({ id: s.id, name: s.type })),
    applications,
  };
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
    .where(and(eq(contentItems.kind, params.kind), isNotNull(contentItems.categoryId)))
    .as('ranked');
  const rows = await db.select().from(ranked).where(sql`${ranked.rank} <= ${params.perCategory}`).orderBy(asc(ranked.categoryId), asc(ranked.rank));
  const out = new Map<number, ContentSummary[]>();
  for (const r of rows) {
    if (r.categoryId === null) continue;
    out.set(r.categoryId, [...(out.get(r.categoryId) ?? []), toSummary(r, params.lang)]);
  }
  return out;
}
