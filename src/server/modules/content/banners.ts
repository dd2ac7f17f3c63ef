import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { BannerDto } from '@/contracts/content';
import { localised, type Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { banners } from '@/server/db/schema';

/** The public URL of a banner's image (a new image is a new URL), or null without one. */
export function bannerImageUrl(id: number, imagePath: string | null): string | null {
  return imagePath ? `/api/web/files/banner/${id}?v=${encodeURIComponent(imagePath.slice(imagePath.lastIndexOf('/') + 1))}` : null;
}

/** The store key of a shown banner's image, or null. */
export async function getBannerImagePath(db: Db, params: { id: number }): Promise<string | null> {
  const [row] = await db.select({ imagePath: banners.imagePath }).from(banners).where(and(eq(banners.id, params.id), eq(banners.active, true)));
  return row?.imagePath || null;
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
      imageUrl: bannerImageUrl(r.id, r.imagePath),
    })),
    total: Number(total?.n ?? 0),
    limit: params.limit,
    offset: params.offset,
  };
}
