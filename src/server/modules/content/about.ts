import 'server-only';
import { eq } from 'drizzle-orm';
import type { AboutDto, AboutInput } from '@/contracts/content-editing';
import type { Db } from '@/server/db/client';
import { siteBlocks } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { sanitizeRichText, toPlainText } from '@/server/modules/content/sanitize';

/** The about page is the `about` site block (ADR 0036): bilingual title and rich-text body. */
const ABOUT_KEY = 'about';

export async function getAbout(db: Db): Promise<AboutDto> {
  const [row] = await db.select().from(siteBlocks).where(eq(siteBlocks.key, ABOUT_KEY));
  if (!row) return { titleZh: '', titleEn: '', bodyZh: '', bodyEn: '', updatedAt: null };
  return { titleZh: row.titleZh, titleEn: row.titleEn, bodyZh: row.bodyZh, bodyEn: row.bodyEn, updatedAt: row.updatedAt.toISOString() };
}

/** Both bodies as the storefront will render them (sanitised), for the editor's preview. */
export function previewAbout(input: Pick<AboutInput, 'bodyZh' | 'bodyEn'>): { bodyZh: string; bodyEn: string } {
  return { bodyZh: sanitizeRichText(input.bodyZh), bodyEn: sanitizeRichText(input.bodyEn) };
}

/** Stores the about page: titles as plain text, bodies sanitised before they are stored (and again when rendered). Audited. */
export async function saveAbout(db: Db, params: { actor: AuditActor; about: AboutInput }): Promise<AboutDto> {
  const after = {
    titleZh: toPlainText(params.about.titleZh).slice(0, 100), titleEn: toPlainText(params.about.titleEn).slice(0, 100),
    bodyZh: sanitizeRichText(params.about.bodyZh.trim()), bodyEn: sanitizeRichText(params.about.bodyEn.trim()),
  };
  if (!after.titleZh || !after.titleEn) throw new AppError(400, 'badRequest', [{ field: after.titleZh ? 'titleEn' : 'titleZh', message: 'aboutTitleInvalid' }]);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(siteBlocks).where(eq(siteBlocks.key, ABOUT_KEY)).for('update');
    if (row && row.titleZh === after.titleZh && row.titleEn === after.titleEn && row.bodyZh === after.bodyZh && row.bodyEn === after.bodyEn) return;
    if (row) await tx.update(siteBlocks).set({ ...after, updatedAt: new Date() }).where(eq(siteBlocks.id, row.id));
    else await tx.insert(siteBlocks).values({ key: ABOUT_KEY, ...after });
    await recordAudit(tx, params.actor, {
      action: row ? 'update' : 'create', entity: 'siteBlock', entityId: ABOUT_KEY,
      before: row ? { titleZh: row.titleZh, titleEn: row.titleEn, bodyZh: row.bodyZh, bodyEn: row.bodyEn } : null, after,
    });
  });
  return getAbout(db);
}
