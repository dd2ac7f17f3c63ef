import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { banners, contentItems, type ContentKind } from '@/server/db/schema';

export interface ContentCard {
  id: number;
  title: string;
  summary: string;
  publishedAt: Date;
}

export async function listLatestContent(db: Db, params: { kind: ContentKind; limit: number; lang: 'zh' | 'en' }): Promise<ContentCard[]> {
  const rows = await db
    .select({ id: contentItems.id, titleZh: contentItems.titleZh, titleEn: contentItems.titleEn, summaryZh: contentItems.summaryZh, summaryEn: contentItems.summaryEn, publishedAt: contentItems.publishedAt })
    .from(contentItems)
    .where(eq(contentItems.kind, params.kind))
    .orderBy(desc(contentItems.publishedAt), desc(contentItems.id))
    .limit(params.limit);
  return rows.map((r) => ({
    id: r.id,
    title: params.lang === 'en' ? r.titleEn : r.titleZh,
    summary: params.lang === 'en' ? r.summaryEn : r.summaryZh,
    publishedAt: r.publishedAt,
  }));
}

export interface BannerCard {
  id: number;
  title: string;
  subtitle: string;
  link: string;
}

export async function listBanners(db: Db, params: { position: string; lang: 'zh' | 'en' }): Promise<BannerCard[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(and(eq(banners.position, params.position), eq(banners.active, true)))
    .orderBy(banners.sort, banners.id);
  return rows.map((r) => ({
    id: r.id,
    title: params.lang === 'en' ? r.titleEn : r.titleZh,
    subtitle: params.lang === 'en' ? r.subtitleEn : r.subtitleZh,
    link: r.link,
  }));
}
