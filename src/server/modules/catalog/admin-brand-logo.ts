import 'server-only';
import { eq } from 'drizzle-orm';
import type { AdminBrandDto } from '@/contracts/catalog-editing';
import type { Db } from '@/server/db/client';
import { brands } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { acceptUpload, recordUpload } from '@/server/modules/files/upload';
import { getAdminBrand } from './admin-brands';

/** The largest logo file taken (under the API's 1 MiB body limit, so the answer is this module's 413). */
export const BRAND_LOGO_MAX_BYTES = 512 * 1024;
/** Logos are scaled down to fit this many pixels on their longer side. */
const LOGO_SIDE = 600;

/**
 * Stores a brand's logo: PNG, JPEG or WebP as the file's first bytes say (never its name or declared
 * type; SVG, HTML, anything else and an image that does not decode are refused with 415), decoded
 * and written anew (metadata and appended bytes dropped), through the files module's upload pipeline;
 * the brand row and its audit row change in one transaction.
 */
export async function storeBrandLogo(db: Db, params: { actor: AuditActor; id: number; bytes: Uint8Array }): Promise<AdminBrandDto> {
  const { key, size } = await acceptUpload(params.bytes, {
    accept: 'image', maxBytes: BRAND_LOGO_MAX_BYTES, tooLarge: 'catalogLogoTooLarge', refused: 'catalogLogoTypeRefused', side: LOGO_SIDE,
    place: async (name) => {
      const [exists] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, params.id));
      if (!exists) throw new AppError(404, 'catalogBrandNotFound');
      return `brand/${params.id}/${name}`;
    },
  });
  await recordUpload({ key }, () => db.transaction(async (tx) => {
    const [before] = await tx.select({ logoPath: brands.logoPath }).from(brands).where(eq(brands.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'catalogBrandNotFound');
    await tx.update(brands).set({ logoPath: key }).where(eq(brands.id, params.id));
    await recordAudit(tx, params.actor, {
      action: 'setLogo', entity: 'brand', entityId: params.id, before: { logoPath: before.logoPath }, after: { logoPath: key }, note: { size },
    });
  }));
  return getAdminBrand(db, { id: params.id });
}

/** Takes a brand's logo away (the storefront shows the logo text again). */
export async function removeBrandLogo(db: Db, params: { actor: AuditActor; id: number }): Promise<AdminBrandDto> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ logoPath: brands.logoPath }).from(brands).where(eq(brands.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'catalogBrandNotFound');
    if (before.logoPath === null) return;
    await tx.update(brands).set({ logoPath: null }).where(eq(brands.id, params.id));
    await recordAudit(tx, params.actor, { action: 'removeLogo', entity: 'brand', entityId: params.id, before: { logoPath: before.logoPath }, after: { logoPath: null } });
  });
  return getAdminBrand(db, { id: params.id });
}
