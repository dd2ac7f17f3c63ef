import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { CompanyFileDto, CompanyFileKindName } from '@/contracts/company';
import type { Db } from '@/server/db/client';
import { companyFiles, users } from '@/server/db/schema';
import { recordAudit } from '@/server/modules/audit/record';
import { acceptUpload, recordUpload, safeFileName, UPLOAD_MAX_BYTES } from '@/server/modules/files/upload';
import { notFound, type CompanyActor } from './context';

/** Avatars are scaled down to fit this many pixels on their longer side. */
const AVATAR_SIDE = 512;

export interface UploadParams {
  kind: CompanyFileKindName;
  fileName: string;
  bytes: Uint8Array;
  /** Permits: the last day of validity (YYYY-MM-DD). */
  validUntil?: string;
  /** Permits: the number printed on the permit or filing. */
  permitNo?: string;
}

/**
 * Stores an uploaded avatar, business licence or permit: the type decided by the bytes (PNG, JPEG,
 * WebP, PDF; avatars images only), images re-encoded, the file written through the files module,
 * and its row (with an audit row for documents) in one transaction.
 */
export async function storeCompanyFile(db: Db, actor: CompanyActor, params: UploadParams): Promise<CompanyFileDto> {
  const upload = await acceptUpload(params.bytes, {
    accept: params.kind === 'avatar' ? 'image' : 'document', maxBytes: UPLOAD_MAX_BYTES, tooLarge: 'tooLarge', side: params.kind === 'avatar' ? AVATAR_SIDE : undefined,
    place: (name) => `company/${actor.companyId}/${params.kind}/${name}`,
  });
  const fileName = safeFileName(params.fileName, upload.type);
  const validUntil = params.kind === 'permit' && params.validUntil ? new Date(`${params.validUntil}T00:00:00Z`) : null;
  const permitNo = params.kind === 'permit' ? params.permitNo ?? '' : '';
  const id = await recordUpload(upload, () => db.transaction(async (tx) => {
    const [row] = await tx.insert(companyFiles)
      .values({ companyId: actor.companyId, userId: actor.userId, kind: params.kind, storageKey: upload.key, fileName, mime: upload.contentType, size: upload.size, validUntil, permitNo })
      .returning({ id: companyFiles.id });
    if (!row) throw new Error('File row was not inserted');
    if (params.kind !== 'avatar') {
      await recordAudit(tx, actor.audit, {
        action: 'create', entity: 'company_file', entityId: row.id, companyId: actor.companyId,
        after: { kind: params.kind, fileName, size: upload.size, validUntil: params.validUntil ?? null, ...(permitNo ? { permitNo } : {}) },
      });
    }
    return row.id;
  }));
  const [dto] = await listFiles(db, actor.companyId, [params.kind], id);
  if (!dto) throw notFound('fileNotFound');
  return dto;
}

async function listFiles(db: Db, companyId: number, kinds: CompanyFileKindName[], id?: number): Promise<CompanyFileDto[]> {
  const rows = await db
    .select({
      id: companyFiles.id, kind: companyFiles.kind, fileName: companyFiles.fileName, mime: companyFiles.mime, size: companyFiles.size,
      validUntil: companyFiles.validUntil, permitNo: companyFiles.permitNo, uploadedBy: users.name, createdAt: companyFiles.createdAt,
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
