import 'server-only';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ApplicationTypeDto, ContentTypeDto } from '@/contracts/content';
import { localised, type Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { contentCategories, contentItems, type ContentKind } from '@/server/db/schema';

/* Content categories ("types") of a channel, and application categories with their cases. */

/** Categories ("types") of one kind with how many items each holds, in one query. */
export async function listContentTypes(db: Db, params: { kind: ContentKind; lang: Lang; limit?: number; offset?: number }): Promise<ContentTypeDto[]> {
  const counts = db
    .select({ categoryId: contentItems.categoryId, n: count().as('n') })
    .from(contentItems)
    .where(and(eq(contentItems.kind, params.kind), eq(contentItems.status, 'published')))
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

/** Application categories with their cases (docs/requirements/storefront.md#content), two queries whatever the number of categories. */
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
    .where(and(eq(contentItems.kind, 'application'), eq(contentItems.status, 'published')))
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
