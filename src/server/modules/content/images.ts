import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { detectFileType, reencodeImage } from '@/server/modules/company/uploads';
import { getFileStore } from '@/server/modules/files/store';

/** The largest image taken (under the API's 1 MiB body limit, so the answer is this module's 413). */
export const CONTENT_IMAGE_MAX_BYTES = 768 * 1024;
/** Images are scaled down to fit this many pixels on their longer side. */
const IMAGE_SIDE = 1600;

/** The name of a stored content image, as its public URL carries it. */
export const CONTENT_IMAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$/;

export function contentImageUrl(name: string): string {
  return `/api/web/files/content-image/${name}`;
}

/** The store key of a content image name, or null when the name is not one this module writes. */
export function contentImageKey(name: string): string | null {
  return CONTENT_IMAGE_NAME.test(name) ? `content/${name}` : null;
}

/**
 * Checks and re-encodes an uploaded image: PNG, JPEG or WebP as the first bytes say (never the file's
 * name or declared type; SVG, HTML and anything else are refused with 415), at most
 * CONTENT_IMAGE_MAX_BYTES (413), decoded and written anew (metadata and appended bytes dropped).
 */
export async function checkedImage(bytes: Uint8Array): Promise<{ data: Buffer; ext: 'png' | 'jpg' | 'webp' }> {
  if (bytes.byteLength > CONTENT_IMAGE_MAX_BYTES) throw new AppError(413, 'contentImageTooLarge');
  if (bytes.byteLength === 0) throw new AppError(400, 'fileEmpty');
  const type = detectFileType(bytes);
  if (type !== 'png' && type !== 'jpeg' && type !== 'webp') throw new AppError(415, 'contentImageTypeRefused');
  const data = await reencodeImage(bytes, type, IMAGE_SIDE).catch(() => {
    throw new AppError(415, 'contentImageTypeRefused');
  });
  return { data, ext: type === 'jpeg' ? 'jpg' : type };
}

/**
 * Stores an image for a rich-text body through the files module's store and answers its public URL.
 * The upload is audited (the image belongs to no row until a body that uses it is saved).
 */
export async function storeContentImage(db: Db, params: { actor: AuditActor; bytes: Uint8Array }): Promise<{ url: string }> {
  const { data, ext } = await checkedImage(params.bytes);
  const name = `${randomUUID()}.${ext}`;
  await getFileStore().write(`content/${name}`, data);
  await db.transaction(async (tx) => {
    await recordAudit(tx, params.actor, { action: 'uploadImage', entity: 'contentImage', entityId: name, after: { name }, note: { size: data.byteLength } });
  });
  return { url: contentImageUrl(name) };
}
