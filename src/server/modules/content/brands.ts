import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { brands } from '@/server/db/schema';
import { localised, type Lang } from '@/lib/lang';

/** A brand's name, for pages of articles linked to it; null when unknown. */
export async function getBrandName(db: Db, params: { id: number; lang: Lang }): Promise<string | null> {
  const [row] = await db.select({ nameZh: brands.nameZh, nameEn: brands.nameEn }).from(brands).where(eq(brands.id, params.id));
  return row ? (localised(row, 'name', params.lang)) : null;
}
