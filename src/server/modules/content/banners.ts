import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { BannerDto } from '@/contracts/content';
import { localised, type Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { banners } from '@/server/db/schema';
import { limitInText, preparedPerHandle } from '@/server/db/prepared';

/** The public URL of a banner's image (a new image is a new URL), or null without one. */
export function bannerImageUrl(id: number, imagePath: string | null): string | null {
  return imagePath ? `/api/web/files/banner/${id}?v=${encodeURIComponent(imagePath.slice(imagePath.lastIndexOf('/') + 1))}` : null;
}

/** The store key of a shown banner's image, or null. */
export async function getBannerImagePath(db: Db, params: { id: number }): Promise<string | null> {
  const [row] = await db.select({ imagePath: banners.imagePath }).from(banners).where(and(eq(banners.id, params.id), eq(banners.active, true)));
  return row?.imagePath || null;
}

/** The active banners of a position, the first 50: one prepared statement (ADR 0109), no count. */
const bannersAt = preparedPerHandle((db: Db) => db
  .select().from(banners)
  .where(and(sql`${banners.active}`, eq(banners.position, sql.placeholder('position'))))
  .orderBy(asc(banners.sort), asc(banners.id))
  .limit(limitInText(50))
  .prepare('banners_at_position'));

export async function listBanners(db: Db, params: { position: string; lang: Lang }): Promise<BannerDto[]> {
  return (await bannersAt(db).execute({ position: params.position })).map((r) => bannerDto(r, params.lang));
}

function bannerDto(r: typeof banners.$inferSelect, lang: Lang): BannerDto {
  return {
    id: r.id,
    position: r.position,
    title: localised(r, 'title', lang),
    subtitle: localised(r, 'subtitle', lang),
    link: r.link,
    imageUrl: bannerImageUrl(r.id, r.imagePath),
  };
}

export async function listBannerPage(db: Db, params: { position?: string; lang: Lang; limit: number; offset: number }): Promise<{ list: BannerDto[]; total: number; limit: number; offset: number }> {
  const where = and(eq(banners.active, true), params.position ? eq(banners.position, params.position) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(banners).where(where).orderBy(asc(banners.position), asc(banners.sort), asc(banners.id)).limit(params.limit).offset((params.offset - 1) * params.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(banners).where(where),
  ]);
  return {
    list: rows.map((r) => bannerDto(r, params.lang)),
    total: Number(total?.n ?? 0),
    limit: params.limit,
    offset: params.offset,
  };
}
