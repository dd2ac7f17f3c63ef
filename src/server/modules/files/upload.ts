import 'server-only';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '@/server/errors';
import { getFileStore } from './store';

/** The largest file one upload takes (the API's body limit applies first, at 1 MiB by default). */
export const UPLOAD_MAX_BYTES = Number(process.env.UPLOAD_MAX_BYTES ?? 1024 * 1024);
/** Images larger than this on either side are scaled down when re-encoded, unless a smaller side is asked. */
const MAX_IMAGE_SIDE = 4000;
const MAX_INPUT_PIXELS = 40_000_000;

export type DetectedType = 'png' | 'jpeg' | 'webp' | 'pdf' | 'ofd';
export type ImageType = Exclude<DetectedType, 'pdf' | 'ofd'>;
/** The extension a stored file of a type carries. */
export type FileExt = 'png' | 'jpg' | 'webp' | 'pdf' | 'ofd';

const MIME: Record<DetectedType, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', pdf: 'application/pdf', ofd: 'application/ofd' };

const extOf = (type: DetectedType): FileExt => (type === 'jpeg' ? 'jpg' : type);

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((b, i) => bytes[at + i] === b);
}

/** The file's type from its first bytes (never from its name or the declared type); null for anything else. */
export function detectFileType(bytes: Uint8Array): DetectedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && zipHasEntry(bytes, 'OFD.xml')) return 'ofd';
  return null;
}

/**
 * Whether a ZIP archive lists an entry of that exact name in its central directory (an OFD document,
 * GB/T 33190, is a ZIP whose root holds `OFD.xml`). Reads only the directory's records, within the
 * bytes; a truncated or malformed archive answers false.
 */
export function zipHasEntry(bytes: Uint8Array, name: string): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record (22 bytes and a comment of at most 65,535) closes the archive.
  const floor = Math.max(0, bytes.byteLength - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.byteLength - 22; i >= floor; i -= 1) {
    if (view.getUint32(i, true) === 0x06054b50) { end = i; break; }
  }
  if (end < 0) return false;
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const wanted = Buffer.from(name, 'utf8');
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) return false;
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (at + 46 + nameLength > end) return false;
    if (nameLength === wanted.length && Buffer.from(bytes.subarray(at + 46, at + 46 + nameLength)).equals(wanted)) return true;
    at += 46 + skip;
  }
  return false;
}

/** Markup a browser could run if it ever sniffed the file (HTML, SVG, XML, script). */
const MARKUP = /<\s*(!doctype|html|head|body|script|svg|iframe|object|embed|\?xml)\b/i;

/**
 * A PDF is kept as sent (it cannot be re-encoded here), so it must look like a PDF from end to end and
 * carry no markup a sniffing browser would take for HTML: PDF/HTML polyglots are refused.
 */
export function checkPdf(bytes: Uint8Array, refused = 'fileTypeRefused'): void {
  const text = Buffer.from(bytes).toString('latin1');
  if (!text.slice(-1024).includes('%%EOF') || MARKUP.test(text)) throw new AppError(415, refused);
}

/** Decodes and writes the image anew (metadata, trailing bytes and anything appended are dropped). */
export async function reencodeImage(bytes: Uint8Array, type: ImageType, side: number, refused = 'fileTypeRefused'): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
    if (type === 'png') return await image.png({ compressionLevel: 9 }).toBuffer();
    if (type === 'webp') return await image.webp({ quality: 85 }).toBuffer();
    return await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  } catch {
    throw new AppError(415, refused);
  }
}

/** A name safe to show and to send in Content-Disposition, with the extension of the detected type. */
export function safeFileName(name: string, type: DetectedType): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '').trim();
  const stem = base.replace(/\.[^.]*$/, '').slice(0, 100) || 'file';
  return `${stem}.${extOf(type)}`;
}

/** The sent name as it was, without control characters or path separators (at most 100 characters), or `fallback.<ext>`. */
export function keptFileName(name: string, ext: FileExt, fallback: string): string {
  return name.replace(/[\u0000-\u001f\u007f/\\]/g, '').slice(0, 100) || `${fallback}.${ext}`;
}

/** What an upload may be: images (PNG, JPEG, WebP), PDFs, either ('document'), or an e-invoice's PDF or OFD ('invoice'). */
export type UploadAccept = 'image' | 'pdf' | 'document' | 'invoice';

const ACCEPTS: Record<UploadAccept, readonly DetectedType[]> = {
  image: ['png', 'jpeg', 'webp'],
  pdf: ['pdf'],
  document: ['png', 'jpeg', 'webp', 'pdf'],
  invoice: ['pdf', 'ofd'],
};

export interface UploadRules {
  accept: UploadAccept;
  /** Larger files are refused with 413 and `tooLarge`. */
  maxBytes: number;
  tooLarge: string;
  /** The 415 message for a type outside `accept`, a PDF that fails its check or an image that does not decode. */
  refused?: string;
  /** Images are scaled down to fit this many pixels on their longer side (4,000 by default). */
  side?: number;
  /**
   * The store key of the accepted file, asked once its bytes have passed and before it is written, with a
   * fresh name (`<uuid>.<ext>`); it may look up what the key is made of, and throw (a 404 of the row the
   * file is for) to write nothing.
   */
  place: (name: string, ext: FileExt) => string | Promise<string>;
}

/** A stored upload: its key, what it is, and the bytes written (an image as re-encoded). */
export interface AcceptedUpload {
  key: string;
  type: DetectedType;
  ext: FileExt;
  contentType: string;
  size: number;
  bytes: Uint8Array;
}

/**
 * Every upload's way into the store: empty 400 `fileEmpty`, over `maxBytes` 413; the type decided by the
 * bytes (never the name or the declared type), anything outside `accept` 415; a PDF checked end to end
 * (an OFD by its archive's directory),
 * an image decoded and written anew; then the file written through the store under the key `place`
 * gives. The file is written before the caller's rows point at it; the caller records it through
 * `recordUpload`, which removes the file again when the recording fails (a refused state, a lost race).
 */
export async function acceptUpload(bytes: Uint8Array, rules: UploadRules): Promise<AcceptedUpload> {
  const refused = rules.refused ?? 'fileTypeRefused';
  if (bytes.byteLength === 0) throw new AppError(400, 'fileEmpty');
  if (bytes.byteLength > rules.maxBytes) throw new AppError(413, rules.tooLarge);
  const type = detectFileType(bytes);
  if (!type || !ACCEPTS[rules.accept].includes(type)) throw new AppError(415, refused);
  let data: Uint8Array;
  if (type === 'pdf') {
    checkPdf(bytes, refused);
    data = bytes;
  } else if (type === 'ofd') {
    // An OFD is a compressed archive, kept as sent: its directory named OFD.xml (detectFileType).
    data = bytes;
  } else {
    data = await reencodeImage(bytes, type, rules.side ?? MAX_IMAGE_SIDE, refused);
  }
  const ext = extOf(type);
  const key = await rules.place(`${randomUUID()}.${ext}`, ext);
  await getFileStore().write(key, data);
  return { key, type, ext, contentType: MIME[type], size: data.byteLength, bytes: data };
}

/**
 * Runs the transaction that points rows at an accepted upload; when it fails, the file is removed again
 * (a refused upload leaves nothing behind) and the failure is passed on.
 */
export async function recordUpload<T>(upload: Pick<AcceptedUpload, 'key'>, record: () => Promise<T>): Promise<T> {
  try {
    return await record();
  } catch (error) {
    await getFileStore().remove(upload.key).catch(() => undefined);
    throw error;
  }
}
