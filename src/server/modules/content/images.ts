import 'server-only';
import type { Db } from '@/server/db/client';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { acceptUpload, type AcceptedUpload, type UploadRules } from '@/server/modules/files/upload';

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
 * Stores an uploaded image of the content pages (bodies, banners, partner logos) through the files
 * module's upload pipeline: PNG, JPEG or WebP as the first bytes say (never the file's name or declared
 * type; SVG, HTML and anything else are refused with 415), at most CONTENT_IMAGE_MAX_BYTES (413),
 * decoded and written anew (metadata and appended bytes dropped), under the key `place` gives.
 */
export function acceptContentImage(bytes: Uint8Array, place: UploadRules['place']): Promise<AcceptedUpload> {
  return acceptUpload(bytes, { accept: 'image', maxBytes: CONTENT_IMAGE_MAX_BYTES, tooLarge: 'contentImageTooLarge', refused: 'contentImageTypeRefused', side: IMAGE_SIDE, place });
}

/**
 * Stores an image for a rich-text body and answers its public URL. The upload is audited (the image
 * belongs to no row until a body that uses it is saved).
 */
export async function storeContentImage(db: Db, params: { actor: AuditActor; bytes: Uint8Array }): Promise<{ url: string }> {
  const { key, size } = await acceptContentImage(params.bytes, (name) => `content/${name}`);
  const name = key.slice('content/'.length);
  await db.transaction(async (tx) => {
    await recordAudit(tx, params.actor, { action: 'uploadImage', entity: 'contentImage', entityId: name, after: { name }, note: { size } });
  });
  return { url: contentImageUrl(name) };
}
