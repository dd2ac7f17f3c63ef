import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { CompanyFileDto, CompanyFileKindName } from '@/contracts/company';
import type { Db } from '@/server/db/client';
import { companyFiles, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit } from '@/server/modules/audit/record';
import { getFileStore } from '@/server/modules/files/store';
import { notFound, type CompanyActor } from './context';

/** The largest file one upload takes (the API's body limit applies first, at 1 MiB by default). */
export const UPLOAD_MAX_BYTES = Number(process.env.UPLOAD_MAX_BYTES ?? 1024 * 1024);
/** Images larger than this on either side are scaled down when re-encoded; avatars to 512. */
const MAX_IMAGE_SIDE = 4000;
const AVATAR_SIDE = 512;
const MAX_INPUT_PIXELS = 40_000_000;

export type DetectedType = 'png' | 'jpeg' | 'webp' | 'pdf';

const MIME: Record<DetectedType, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', pdf: 'application/pdf' };

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((b, i) => bytes[at + i] === b);
}

/** The file's type from its first bytes (never from its name or the declared type); null for anything else. */
export function detectFileType(bytes: Uint8Array): DetectedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  return null;
}

/** Markup a browser could run if it ever sniffed the file (HTML, SVG, XML, script). */
const MARKUP = /<\s*(!doctype|html|head|body|script|svg|iframe|object|embed|\?xml)\b/i;

/**
 * A PDF is kept as sent (it cannot be re-encoded here), so it must look like a PDF from end to end and
 * carry no markup a sniffing browser would take for HTML: PDF/HTML polyglots are refused.
 */
export function checkPdf(bytes: Uint8Array): void {
  const text = Buffer.from(bytes).toString('latin1');
  if (!text.slice(-1024).includes('%%EOF') || MARKUP.test(text)) throw new AppError(415, 'fileTypeRefused');
}

/** Decodes and writes the image anew (metadata, trailing bytes and anything appended are dropped). */
export async function reencodeImage(bytes: Uint8Array, type: Exclude<DetectedType, 'pdf'>, side: number): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
    if (type === 'png') return await image.png({ compressionLevel: 9 }).toBuffer();
    if (type === 'webp') return await image.webp({ quality: 85 }).toBuffer();
    return await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  } catch {
    throw new AppError(415, 'fileTypeRefused');
  }
}

/** A name safe to show and to send in Content-Disposition, with the extension of the detected type. */
export function safeFileName(name: string, type: DetectedType): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '').trim();
  const stem = base.replace(/\.[^.]*$/, '').slice(0, 100) || 'file';
  return `${stem}.${type === 'jpeg' ? 'jpg' : type}`;
}

/** A document (PDF, or an image re-encoded) checked by its bytes and named for the store. */
export interface CheckedDocument { bytes: Uint8Array; ext: string; mime: string; key: string; name: string }

/**
 * The back-office's attachments (receipts, reports, contracts): empty 400, over `maxBytes` 413 with
 * `tooLarge`, not a PDF or PNG/JPEG/WebP by the bytes 415; images re-encoded to at most `side` pixels;
 * stored under `folder/<uuid>.<ext>` with the sent name cleaned (or `fallback`).
 */
export async function checkedDocument(file: { name: string; bytes: Uint8Array }, rules: { maxBytes: number; tooLarge: string; side: number; folder: string; fallback: string }): Promise<CheckedDocument> {
  if (file.bytes.byteLength === 0) throw new AppError(400, 'fileEmpty');
  if (file.bytes.byteLength > rules.maxBytes) throw new AppError(413, rules.tooLarge);
  const type = detectFileType(file.bytes);
  if (!type) throw new AppError(415, 'fileTypeRefused');
  let bytes: Uint8Array = file.bytes;
  if (type === 'pdf') checkPdf(bytes);
  else bytes = await reencodeImage(bytes, type, rules.side);
  const ext = type === 'jpeg' ? 'jpg' : type;
  return {
    bytes, ext, mime: type === 'pdf' ? 'application/pdf' : `image/${type}`, key: `${rules.folder}/${randomUUID()}.${ext}`,
    name: file.name.replace(/[\u0000-\u001f\u007f/\\]/g, '').slice(0, 100) || `${rules.fallback}.${ext}`,
  };
}

export interface UploadParams {
  kind: CompanyFileKindName;
  fileName: string;
  bytes: Uint8Array;
  /** Permits: the last day of validity (YYYY-MM-DD). */
  validUntil?: string;
}

/**
 * Stores an uploaded avatar, business licence or permit: the type decided by the bytes (PNG, JPEG,
 * WebP, PDF; avatars images only), images re-encoded, the file written through the files module,
 * and its row (with an audit row for documents) in one transaction.
 */
export async function storeCompanyFile(db: Db, actor: CompanyActor, params: UploadParams): Promise<CompanyFileDto> {
  if (params.bytes.byteLength > UPLOAD_MAX_BYTES) throw new AppError(413, 'tooLarge');
  if (params.bytes.byteLength === 0) throw new AppError(400, 'fileEmpty');
  const type = detectFileType(params.bytes);
  if (!type || (params.kind === 'avatar' && type === 'pdf')) throw new AppError(415, 'fileTypeRefused');
  let data: Uint8Array;
  if (type === 'pdf') {
    checkPdf(params.bytes);
    data = params.bytes;
  } else {
    data = await reencodeImage(params.bytes, type, params.kind === 'avatar' ? AVATAR_SIDE : MAX_IMAGE_SIDE);
  }
  const fileName = safeFileName(params.fileName, type);
  const storageKey = `company/${actor.companyId}/${params.kind}/${randomUUID()}.${type === 'jpeg' ? 'jpg' : type}`;
  await getFileStore().write(storageKey, data);
  const validUntil = params.kind === 'permit' && params.validUntil ? new Date(`${params.validUntil}T00:00:00Z`) : null;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(companyFiles)
      .values({ companyId: actor.companyId, userId: actor.userId, kind: params.kind, storageKey, fileName, mime: MIME[type], size: data.byteLength, validUntil })
      .returning({ id: companyFiles.id });
    if (!row) throw new Error('File row was not inserted');
    if (params.kind !== 'avatar') {
      await recordAudit(tx, actor.audit, {
        action: 'create', entity: 'company_file', entityId: row.id, companyId: actor.companyId,
        after: { kind: params.kind, fileName, size: data.byteLength, validUntil: params.validUntil ?? null },
      });
    }
    return row.id;
  });
  const [dto] = await listFiles(db, actor.companyId, [params.kind], id);
  if (!dto) throw notFound('fileNotFound');
  return dto;
}

async function listFiles(db: Db, companyId: number, kinds: CompanyFileKindName[], id?: number): Promise<CompanyFileDto[]> {
  const rows = await db
    .select({
      id: companyFiles.id, kind: companyFiles.kind, fileName: companyFiles.fileName, mime: companyFiles.mime, size: companyFiles.size,
      validUntil: companyFiles.validUntil, uploadedBy: users.name, createdAt: companyFiles.createdAt,
    })
    .from(companyFiles)
    .innerJoin(users, eq(users.id, companyFiles.userId))
    .where(and(eq(companyFiles.companyId, companyId), inArray(companyFiles.kind, kinds), ...(id ? [eq(companyFiles.id, id)] : [])))
    .orderBy(desc(companyFiles.createdAt), desc(companyFiles.id))
    .limit(200);
  return rows.map((r) => ({ ...r, validUntil: r.validUntil ? r.validUntil.toISOString().slice(0, 10) : null, createdAt: r.createdAt.toISOString() }));
}

/** The company's documents (business licences and permits), newest first. */
export function listCompanyDocuments(db: Db, companyId: number, kind: 'licence' | 'permit' | 'documents'): Promise<CompanyFileDto[]> {
  return listFiles(db, companyId, kind === 'documents' ? ['licence', 'permit'] : [kind]);
}

/** A file of the company for download; another company's file is not found. */
export async function findCompanyFile(db: Db, companyId: number, id: number): Promise<{ storageKey: string; fileName: string; mime: string } | null> {
  const [row] = await db.select({ storageKey: companyFiles.storageKey, fileName: companyFiles.fileName, mime: companyFiles.mime })
    .from(companyFiles).where(and(eq(companyFiles.id, id), eq(companyFiles.companyId, companyId)));
  return row ?? null;
}
