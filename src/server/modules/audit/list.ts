import 'server-only';
import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { AuditEntryDto, AuditListInput } from '@/contracts/admin';
import type { Db } from '@/server/db/client';
import { auditLog, type AuditEntry } from '@/server/db/schema';
import { escapeLike } from '@/server/db/like';
import { businessDayStart } from '@/server/business-time';

type AuditFilter = Omit<AuditListInput, 'limit' | 'offset'>;

/** Dates are business days (ADR 0066), as staff read them. */
const dayStart = (day: string): Date => businessDayStart(day);

function conditions(filter: AuditFilter): SQL | undefined {
  const list: (SQL | undefined)[] = [];
  if (filter.actor) list.push(ilike(auditLog.actorName, `%${escapeLike(filter.actor)}%`));
  if (filter.actorType) list.push(eq(auditLog.actorType, filter.actorType));
  if (filter.entity) list.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) list.push(eq(auditLog.entityId, filter.entityId));
  if (filter.from) list.push(gte(auditLog.createdAt, dayStart(filter.from)));
  if (filter.to) list.push(lt(auditLog.createdAt, new Date(dayStart(filter.to).getTime() + 86_400_000)));
  return and(...list);
}

export function toAuditDto(row: AuditEntry): AuditEntryDto {
  const data = (row.data ?? {}) as { changes?: Record<string, { from: unknown; to: unknown }>; note?: Record<string, unknown> };
  return {
    id: row.id, actorType: row.actorType, actorId: row.actorId, actorName: row.actorName, ip: row.ip,
    companyId: row.companyId, action: row.action, entity: row.entity, entityId: row.entityId,
    changes: data.changes ?? {}, note: data.note ?? null, createdAt: row.createdAt.toISOString(),
  };
}

/** The audit log newest first, filtered by who, entity (and record) and days. */
export async function listAuditEntries(db: Db, params: AuditListInput): Promise<{ total: number; items: AuditEntryDto[] }> {
  const where = conditions(params);
  const [totalRow] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(params.limit).offset((params.offset - 1) * params.limit);
  return { total: totalRow?.n ?? 0, items: rows.map(toAuditDto) };
}

/** The entity names the log holds, for the filter. */
export async function listAuditEntities(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity);
  return rows.map((r) => r.entity);
}

/**
 * The filtered log in pages of `batch` rows, newest first by id (keyset), for a streamed export: the
 * whole log never sits in memory.
 */
export async function* iterateAuditEntries(db: Db, filter: AuditFilter, batch = 500): AsyncGenerator<AuditEntryDto[]> {
  let before: number | null = null;
  for (;;) {
    const where = and(conditions(filter), before === null ? undefined : lt(auditLog.id, before));
    const rows = await db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(batch);
    if (rows.length === 0) return;
    yield rows.map(toAuditDto);
    before = rows[rows.length - 1]!.id;
    if (rows.length < batch) return;
  }
}

/** A CSV cell: quoted, with a leading quote for values a spreadsheet would run as a formula. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}


