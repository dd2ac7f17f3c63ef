import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { ImportFormat, ImportJobDto, ImportJobListDto, ImportJobListInput } from '@/contracts/catalog-import';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { importJobErrors, importJobs, staff, type ImportJob } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { getFileStore } from '@/server/modules/files/store';
import { lockImportJob, transitionImportJob } from './transition';

/** Files of at most this size are taken (the upload is held once in memory before it is stored). */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;

/** The format of an uploaded file by its bytes and name: XLSX is a zip; CSV is text without NUL bytes. */
export function importFormatOf(name: string, head: Uint8Array): ImportFormat | null {
  const lower = name.toLowerCase();
  const zip = head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  if (lower.endsWith('.xlsx')) return zip ? 'xlsx' : null;
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return !zip && !head.includes(0) ? 'csv' : null;
  return null;
}

export function toImportJobDto(job: ImportJob, staffName: string): ImportJobDto {
  const finished = job.status === 'succeeded';
  const progress = finished ? 100 : job.fileSize > 0 ? Math.min(99, Math.floor((job.bytesDone / job.fileSize) * 100)) : 0;
  return {
    id: job.id, status: job.status, fileName: job.fileName, format: job.format, fileSize: job.fileSize, staffName,
    rowsDone: job.rowsDone, rowsTotal: job.rowsTotal, created: job.created, updated: job.updated, unchanged: job.unchanged, failed: job.failed,
    progress, failure: job.failure,
    errorReportUrl: job.failed > 0 || job.failure === 'columnsMissing' ? `/api/admin/catalog/imports/${job.id}/errors` : null,
    createdAt: job.createdAt.toISOString(), startedAt: job.startedAt?.toISOString() ?? null, finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/** Stores the uploaded file and queues its import (the runner takes it up). */
export async function createImportJob(db: Db, params: { actor: AuditActor; staffId: number; lang: Lang; fileName: string; format: ImportFormat; bytes: Uint8Array }): Promise<ImportJobDto> {
  const key = `imports/${new Date().toISOString().slice(0, 7)}/${randomUUID()}.${params.format}`;
  await getFileStore().write(key, params.bytes);
  const fileName = params.fileName.replace(/[\u0000-\u001f\u007f/\\]/g, '_').slice(0, 200) || `import.${params.format}`;
  const job = await db.transaction(async (tx) => {
    const [row] = await tx.insert(importJobs).values({
      staffId: params.staffId, lang: params.lang, fileName, filePath: key, format: params.format, fileSize: params.bytes.byteLength,
    }).returning();
    if (!row) throw new AppError(500);
    await recordAudit(tx, params.actor, { action: 'create', entity: 'import_job', entityId: row.id, after: { status: 'queued', fileName, format: params.format } });
    return row;
  });
  return toImportJobDto(job, params.actor.name);
}

async function staffNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Jobs newest first, keyset pages by id. */
export async function listImportJobs(db: Db, input: ImportJobListInput): Promise<ImportJobListDto> {
  const rows = await db.select().from(importJobs)
    .where(input.cursor !== undefined ? lt(importJobs.id, input.cursor) : undefined)
    .orderBy(desc(importJobs.id)).limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const names = await staffNames(db, page.map((j) => j.staffId));
  const [active] = await db.select({ id: importJobs.id }).from(importJobs).where(inArray(importJobs.status, ['queued', 'running'])).limit(1);
  return {
    items: page.map((j) => toImportJobDto(j, names.get(j.staffId) ?? '')),
    nextCursor: rows.length > input.limit ? (page[page.length - 1]?.id ?? null) : null,
    active: Boolean(active),
  };
}

export async function getImportJob(db: Db, id: number): Promise<ImportJobDto> {
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  if (!job) throw new AppError(404, 'importJobNotFound');
  const names = await staffNames(db, [job.staffId]);
  return toImportJobDto(job, names.get(job.staffId) ?? '');
}

/** Cancels a queued or running job (a running one stops before its next batch; committed rows stay). */
export async function cancelImportJob(db: Db, params: { actor: AuditActor; id: number }): Promise<ImportJobDto> {
  await db.transaction(async (tx) => {
    const job = await lockImportJob(tx, params.id);
    await transitionImportJob(tx, params.actor, job, 'cancelled');
  });
  return getImportJob(db, params.id);
}

/** A job's refused rows in row order, a page at a time (the error report reads them so). */
export async function* importJobErrorPages(db: Db, jobId: number, pageSize = 1000) {
  let after = 0;
  for (;;) {
    const rows = await db.select().from(importJobErrors)
      .where(and(eq(importJobErrors.jobId, jobId), gt(importJobErrors.id, after)))
      .orderBy(asc(importJobErrors.id)).limit(pageSize);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.id ?? after;
    if (rows.length < pageSize) return;
  }
}
