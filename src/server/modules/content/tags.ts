import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TagDto } from '@/contracts/content';
import { localised, type Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { contentItems, contentItemTags, contentTags, type ContentKind } from '@/server/db/schema';

/** Tags (topics) with how many items of the kind carry them; unused tags are left out. */
export async function listTags(db: Db, params: { kind?: ContentKind; lang: Lang }): Promise<TagDto[]> {
  const rows = await db
    .select({ id: contentTags.id, nameZh: contentTags.nameZh, nameEn: contentTags.nameEn, n: sql<number>`count(*)::int` })
    .from(contentTags)
    .innerJoin(contentItemTags, eq(contentItemTags.tagId, contentTags.id))
    .innerJoin(contentItems, eq(contentItems.id, contentItemTags.contentId))
    .where(and(eq(contentItems.status, 'published'), params.kind ? eq(contentItems.kind, params.kind) : undefined))
    .groupBy(contentTags.id, contentTags.nameZh, contentTags.nameEn, contentTags.sort)
    .orderBy(asc(contentTags.sort), asc(contentTags.id));
  return rows.map((r) => ({ id: r.id, name: localised(r, 'name', params.lang), count: Number(r.n) }));
}

export async function getTag(db: Db, params: { id: number; lang: Lang }): Promise<{ id: number; name: string } | null> {
  const [row] = await db.select().from(contentTags).where(eq(contentTags.id, params.id));
  return row ? { id: row.id, name: localised(row, 'name', params.lang) } : null;
}
