import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { brands } from '@/server/db/schema';
import { localised, type Lang } from '@/lib/lang';

/** A brand's name, for pages of articles linked to it; null when unknown. */
export async function getBrandName(db: Db, params: { id: number; lang: Lang }): Promise<string | null> {
  const [row] = await db.select({ nameZh: brands.nameZh, nameEn: brands.nameEn }).from(brands).where(eq(brands.id, params.id));
  return row ? (localised(row, 'name', params.lang)) : null;
}

/** Authorised brands for the partners page, in the shop's order. */
export async function listPartnerBrands(db: Db, params: { lang: Lang }): Promise<{ id: number; name: string; logoText: string; country: string; description: string }[]> {
  const rows = await db.select().from(brands).where(eq(brands.authorised, true)).orderBy(asc(brands.sort), asc(brands.id));
  return rows.map((r) => ({
    id: r.id,
    name: localised(r, 'name', params.lang),
    logoText: r.logoText,
    country: r.country,
    description: localised(r, 'description', params.lang),
  }));
}
