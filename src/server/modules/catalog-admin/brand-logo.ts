import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AdminBrandDto } from '@/contracts/catalog-admin';
import type { Db } from '@/server/db/client';
import { brands } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { detectFileType, reencodeImage } from '@/server/modules/company/uploads';
import { getFileStore } from '@/server/modules/files/store';
import { getAdminBrand } from './brands';

/** The largest logo file taken (under the API's 1 MiB body limit, so the answer is this module's 413). */
export const BRAND_LOGO_MAX_BYTES = 512 * 1024;
/** Logos are scaled down to fit this many pixels on their longer side. */
const LOGO_SIDE = 600;

/**
 * Stores a brand's logo: PNG, JPEG or WebP as the file's first bytes say (never its name or declared
 * type; SVG, HTML and anything else are refused with 415), decoded and written anew (metadata and
 * appended bytes dropped), through the files module's store; the brand row and its audit row change
 * in one transaction. The file is written first: a failed transaction leaves an unreferenced file,
 * never a row pointing nowhere.
 */
export async function storeBrandLogo(db: Db, params: { actor: AuditActor; id: number; bytes: Uint8Array }): Promise<AdminBrandDto> {
  if (params.bytes.byteLength > BRAND_LOGO_MAX_BYTES) throw new AppError(413, 'catalogLogoTooLarge');
  if (params.bytes.byteLength === 0) throw new AppError(400, 'fileEmpty');
  const type = detectFileType(params.bytes);
  if (type !== 'png' && type !== 'jpeg' && type !== 'webp') throw new AppError(415, 'catalogLogoTypeRefused');
  const [exists] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, params.id));
  if (!exists) throw new AppError(404, 'catalogBrandNotFound');
  const data = await reencodeImage(params.bytes, type, LOGO_SIDE);
  const key = `brand/${params.id}/${randomUUID()}.${type === 'jpeg' ? 'jpg' : type}`;
  await getFileStore().write(key, data);
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ logoPath: brands.logoPath }).from(brands).where(eq(brands.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'catalogBrandNotFound');
    await tx.update(brands).set({ logoPath: key }).where(eq(brands.id, params.id));
    await recordAudit(tx, params.actor, {
      action: 'setLogo', entity: 'brand', entityId: params.id, before: { logoPath: before.logoPath }, after: { logoPath: key }, note: { size: data.byteLength },
    });
  });
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
