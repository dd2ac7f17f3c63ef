import 'server-only';
import { eq } from 'drizzle-orm';
import type { AboutDto, AboutInput } from '@/contracts/content-editing';
import type { Db } from '@/server/db/client';
import { siteBlocks } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { sanitizeRichText, toPlainText } from '@/server/modules/content/sanitize';

/**
 * The about page is the `about` site block (ADR 0036) and the privacy policy the `privacy` one: a bilingual
 * title and rich-text body each, kept by staff on the back-office's about page.
 */
export type PageBlockKey = 'about' | 'privacy';

export async function getAbout(db: Db): Promise<AboutDto> {
  return getPageBlock(db, 'about');
}

/** A page block as stored; all empty, and `updatedAt` null, until staff first save it. */
export async function getPageBlock(db: Db, key: PageBlockKey): Promise<AboutDto> {
  const [row] = await db.select().from(siteBlocks).where(eq(siteBlocks.key, key));
  if (!row) return { titleZh: '', titleEn: '', bodyZh: '', bodyEn: '', updatedAt: null };
  return { titleZh: row.titleZh, titleEn: row.titleEn, bodyZh: row.bodyZh, bodyEn: row.bodyEn, updatedAt: row.updatedAt.toISOString() };
}

/** Both bodies as the storefront will render them (sanitised), for the editor's preview. */
export function previewAbout(input: Pick<AboutInput, 'bodyZh' | 'bodyEn'>): { bodyZh: string; bodyEn: string } {
  return { bodyZh: sanitizeRichText(input.bodyZh), bodyEn: sanitizeRichText(input.bodyEn) };
}

/** Stores the about page: titles as plain text, bodies sanitised before they are stored (and again when rendered). Audited. */
export async function saveAbout(db: Db, params: { actor: AuditActor; about: AboutInput }): Promise<AboutDto> {
  return savePageBlock(db, { actor: params.actor, key: 'about', page: params.about });
}

/** Stores a page block as `saveAbout` does the about page. Audited. */
export async function savePageBlock(db: Db, params: { actor: AuditActor; key: PageBlockKey; page: AboutInput }): Promise<AboutDto> {
  const key = params.key;
  const after = {
    titleZh: toPlainText(params.page.titleZh).slice(0, 100), titleEn: toPlainText(params.page.titleEn).slice(0, 100),
    bodyZh: sanitizeRichText(params.page.bodyZh.trim()), bodyEn: sanitizeRichText(params.page.bodyEn.trim()),
  };
  if (!after.titleZh || !after.titleEn) throw new AppError(400, 'badRequest', [{ field: after.titleZh ? 'titleEn' : 'titleZh', message: 'aboutTitleInvalid' }]);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(siteBlocks).where(eq(siteBlocks.key, key)).for('update');
    if (row && row.titleZh === after.titleZh && row.titleEn === after.titleEn && row.bodyZh === after.bodyZh && row.bodyEn === after.bodyEn) return;
    if (row) await tx.update(siteBlocks).set({ ...after, updatedAt: new Date() }).where(eq(siteBlocks.id, row.id));
    else await tx.insert(siteBlocks).values({ key, ...after });
    await recordAudit(tx, params.actor, {
      action: row ? 'update' : 'create', entity: 'siteBlock', entityId: key,
      before: row ? { titleZh: row.titleZh, titleEn: row.titleEn, bodyZh: row.bodyZh, bodyEn: row.bodyEn } : null, after,
    });
  });
  return getPageBlock(db, key);
}
