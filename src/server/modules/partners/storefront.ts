import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { PartnerCardDto } from '@/contracts/partners';
import { localised, type Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { partners } from '@/server/db/schema';

/** The logo's public address (the name of the stored image in it: a new logo is a new address). */
export function partnerLogoUrl(id: number, logoPath: string): string | null {
  return logoPath ? `/api/web/partners/${id}/logo?v=${encodeURIComponent(logoPath.slice(logoPath.lastIndexOf('/') + 1))}` : null;
}

/** The published partners in the page's order (ADR 0042). */
export async function listPublishedPartners(db: Db, params: { lang: Lang }): Promise<PartnerCardDto[]> {
  const rows = await db.select().from(partners).where(eq(partners.status, 'published')).orderBy(asc(partners.sort), asc(partners.id)).limit(500);
  return rows.map((r) => ({
    id: r.id, name: localised(r, 'name', params.lang), description: localised(r, 'description', params.lang), country: r.country,
    brandId: r.brandId, link: r.link, logoUrl: partnerLogoUrl(r.id, r.logoPath),
  }));
}

/** The store key of a partner's logo (a published one's, unless `drafts` — the back-office's preview), or null. */
export async function getPartnerLogoPath(db: Db, params: { id: number; drafts?: boolean }): Promise<string | null> {
  const [row] = await db.select({ logoPath: partners.logoPath }).from(partners)
    .where(and(eq(partners.id, params.id), params.drafts ? undefined : eq(partners.status, 'published')));
  return row?.logoPath || null;
}
