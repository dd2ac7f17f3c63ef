import 'server-only';
import { and, count, desc, eq, getTableColumns, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditEntryDto, AuditListInput, AuditRecordKind } from '@/contracts/admin';
import { isInternalAuditField } from '@/contracts/audit-vocabulary';
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

/** The shown fields of an audit document: internal ones (lock tokens, storage keys, ids the link names) left out. */
function shown<T>(fields: Record<string, T> | undefined): Record<string, T> {
  return Object.fromEntries(Object.entries(fields ?? {}).filter(([key]) => !isInternalAuditField(key)));
}

type AuditRow = AuditEntry & { recordKind?: string | null; recordId?: number | null; recordNo?: string | null };

export function toAuditDto(row: AuditRow): AuditEntryDto {
  const data = (row.data ?? {}) as { changes?: Record<string, { from: unknown; to: unknown }>; note?: Record<string, unknown> };
  const note = shown(data.note);
  return {
    id: row.id, actorType: row.actorType, actorId: row.actorId, actorName: row.actorName, ip: row.ip,
    companyId: row.companyId, action: row.action, entity: row.entity, entityId: row.entityId,
    changes: shown(data.changes), note: Object.keys(note).length > 0 ? note : null, createdAt: row.createdAt.toISOString(),
    record: row.recordKind && row.recordId !== null && row.recordId !== undefined && row.recordNo
      ? { kind: row.recordKind as AuditRecordKind, id: Number(row.recordId), number: row.recordNo } : null,
  };
}

/**
 * The business record of each audit row, by its stored number: one lateral lookup per row of the page, in
 * the list's own query. An approval request names the record it decides, a credit note its complaint, a
 * pack, lot or document its product, a customer's contact or licence the customer.
 */
const recordOf = sql`lateral (
  select x.kind, x.id, x.no from (
    select 'quotation' as kind, q.id, q.quote_no as no from quotations q where ${auditLog.entity} = 'quotation' and q.id = n.id
    union all select 'contract', c.id, c.contract_no from contracts c where ${auditLog.entity} = 'contract' and c.id = n.id
    union all select 'complaint', k.id, k.complaint_no from complaints k where ${auditLog.entity} = 'complaint' and k.id = n.id
    union all select 'complaint', k.id, cn.credit_no from credit_notes cn join complaints k on k.id = cn.complaint_id
      where ${auditLog.entity} = 'credit_note' and cn.id = n.id
    union all select 'order', o.id, o.order_no from orders o where ${auditLog.entity} = 'order' and o.id = n.id
    union all select 'expense', e.id, e.expense_no from expenses e where ${auditLog.entity} = 'expense' and e.id = n.id
    union all select 'testing_case', tc.id, tc.case_no from testing_cases tc where ${auditLog.entity} = 'testing_case' and tc.id = n.id
    union all select 'product', p.id, p.item_no from products p where ${auditLog.entity} = 'product' and p.id = n.id
    union all select 'product', p.id, p.item_no || ' · ' || pk.size from product_packs pk join products p on p.id = pk.product_id
      where ${auditLog.entity} = 'product_pack' and pk.id = n.id
    union all select 'product', p.id, p.item_no || ' · ' || pl.lot_no from product_lots pl join product_packs pk on pk.id = pl.pack_id
      join products p on p.id = pk.product_id where ${auditLog.entity} = 'product_lot' and pl.id = n.id
    union all select 'product', p.id, p.item_no from product_documents d join products p on p.id = d.product_id
      where ${auditLog.entity} = 'product_document' and d.id = n.id
    union all select 'customer', co.id, co.name from companies co
      where ${auditLog.entity} in ('customer', 'customerContact', 'customerLicence') and co.id = ${auditLog.companyId}
    union all select case r.entity_type when 'refund' then 'complaint' else r.entity_type end, r.entity_id,
      coalesce(q.quote_no, c.contract_no, k.complaint_no, e.expense_no)
      from staff_approval_requests r
      left join quotations q on r.entity_type = 'quotation' and q.id = r.entity_id
      left join contracts c on r.entity_type = 'contract' and c.id = r.entity_id
      left join complaints k on r.entity_type = 'refund' and k.id = r.entity_id
      left join expenses e on r.entity_type = 'expense' and e.id = r.entity_id
      where ${auditLog.entity} = 'approval_request' and r.id = n.id
  ) x limit 1
) rec`;
const numericId = sql`lateral (select case when ${auditLog.entityId} ~ '^[0-9]{1,9}$' then ${auditLog.entityId}::int end as id) n`;

/** The audit log newest first, filtered by who, entity (and record) and days, each row with its record's number. */
export async function listAuditEntries(db: Db, params: AuditListInput): Promise<{ total: number; items: AuditEntryDto[] }> {
  const where = conditions(params);
  const [totalRow] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db.select({ ...getTableColumns(auditLog), recordKind: sql<string | null>`rec.kind`, recordId: sql<number | null>`rec.id`, recordNo: sql<string | null>`rec.no` })
    .from(auditLog).leftJoin(numericId, sql`true`).leftJoin(recordOf, sql`true`).where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
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
    const rows = await db.select({ ...getTableColumns(auditLog), recordKind: sql<string | null>`rec.kind`, recordId: sql<number | null>`rec.id`, recordNo: sql<string | null>`rec.no` })
      .from(auditLog).leftJoin(numericId, sql`true`).leftJoin(recordOf, sql`true`).where(where).orderBy(desc(auditLog.id)).limit(batch);
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


