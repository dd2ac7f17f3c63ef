import 'server-only';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditEntryDto } from '@/contracts/admin';
import { alias } from 'drizzle-orm/pg-core';
import {
  centsToMoney, complaintMovesOf, type ComplaintCategoryName, type ComplaintDetailDto, type ComplaintLineDto, type ComplaintPhotoDto, type ComplaintListInput, type ComplaintRowDto, type ComplaintStatusName, type CreditNoteDto,
} from '@/contracts/complaints';
import type { Lang } from '@/lib/lang';
import { ownedRecordVisibleTo } from '@/server/auth/staff-scope';
import { rowsOf, type Db } from '@/server/db/client';
import { keysetList, stampOf, type KeysetList } from '@/server/db/keyset';
import { auditLog, complaintPhotos, complaints } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { toAuditDto } from '@/server/modules/audit/list';
import { getFileStore, type StoredFile } from '@/server/modules/files/store';
import { latestApprovalOf, myPendingStep, waitsFor, type Approver } from '@/server/modules/approvals/engine';

/** The table under the alias `k` of the queries below, for the ownership condition. */
const aliased = alias(complaints, 'k');

/**
 * Who sees a complaint, as a condition over the alias `k`: its owner, the owner's team and the
 * team's manager (`ownedRecordVisibleTo`), `CRM.VIEW_ALL`, and anyone a step of its refund's approval
 * waits for or was decided by.
 */
export function complaintVisibleTo(me: Approver): SQL {
  return sql`(${ownedRecordVisibleTo(me, aliased.ownerId)}
    or exists (select 1 from staff_approval_requests r join staff_approval_steps s on s.request_id = r.id
      where r.entity_type = 'refund' and r.entity_id = k.id and (s.decided_by = ${me.staffId} or s.approver_id = ${me.staffId} or ${waitsFor(me)})))`;
}

export interface ComplaintRow {
  id: number; complaint_no: string; company_id: number; company_name: string; order_id: number; order_no: string; owner_id: number | null; owner_name: string | null;
  status: ComplaintStatusName; description: string; category: ComplaintCategoryName; applied_refund_cents: number; approved_refund_cents: number | null; review_failure_reason: string;
  filed_by_name: string; stamp: string; updated: string;
}

export const COMPLAINT_SELECT = sql`select k.id, k.complaint_no, k.company_id, co.name as company_name, k.order_id, o.order_no, k.owner_id, st.name as owner_name,
  k.status, k.description, k.category, k.applied_refund_cents, k.approved_refund_cents, k.review_failure_reason, k.filed_by_name,
  ${stampOf(sql`k.created_at`)} as stamp, ${stampOf(sql`k.updated_at`)} as updated
  from complaints k join companies co on co.id = k.company_id join orders o on o.id = k.order_id left join staff st on st.id = k.owner_id`;

export function toComplaintRow(r: ComplaintRow): ComplaintRowDto {
  return {
    id: Number(r.id), complaintNo: r.complaint_no, companyId: Number(r.company_id), companyName: r.company_name, orderId: Number(r.order_id), orderNo: r.order_no,
    ownerId: r.owner_id === null ? null : Number(r.owner_id), ownerName: r.owner_name ?? '', status: r.status, description: r.description, category: r.category,
    appliedRefund: centsToMoney(Number(r.applied_refund_cents)), approvedRefund: r.approved_refund_cents === null ? null : centsToMoney(Number(r.approved_refund_cents)),
    reviewFailureReason: r.review_failure_reason, filedBy: r.filed_by_name, createdAt: r.stamp, updatedAt: r.updated,
  };
}

export function complaintFilters(me: Approver, input: Omit<ComplaintListInput, 'cursor' | 'limit' | 'sort'>): SQL[] {
  const filters = [complaintVisibleTo(me)];
  if (input.status) filters.push(sql`k.status = ${input.status}`);
  if (input.companyId) filters.push(sql`k.company_id = ${input.companyId}`);
  if (input.key) {
    const like = `%${input.key.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    filters.push(sql`(k.complaint_no ilike ${like} or co.name ilike ${like} or o.order_no ilike ${like} or k.description ilike ${like})`);
  }
  return filters;
}

const FROM = sql`from complaints k join companies co on co.id = k.company_id join orders o on o.id = k.order_id`;

/** One keyset page of the complaints the member may see (in the query), newest or largest refund first. */
export function listComplaints(db: Db, me: Approver, input: ComplaintListInput): Promise<KeysetList<ComplaintRowDto>> {
  return keysetList(db, input, {
    select: COMPLAINT_SELECT, from: FROM, filters: complaintFilters(me, input), id: sql`k.id`, createdAt: sql`k.created_at`,
    amount: { sort: 'appliedRefund', column: sql`(k.applied_refund_cents::numeric / 100)`, of: (row) => row.appliedRefund }, toItem: toComplaintRow,
  });
}

/** A complaint the member may see (404 otherwise), optionally locking its row first. */
export async function loadComplaint(db: Db, me: Approver, id: number, lock = false): Promise<ComplaintRow> {
  if (lock) await db.execute(sql`select id from complaints where id = ${id} for update`);
  const [row] = rowsOf<ComplaintRow>(await db.execute(sql`${COMPLAINT_SELECT} where k.id = ${id} and ${complaintVisibleTo(me)}`));
  if (!row) throw new AppError(404, 'complaintNotFound');
  return row;
}

/** The lines a complaint concerns, with their names in the language and their value (unit price × quantity). */
export async function complaintLinesOf(db: Db, complaintId: number, lang: Lang): Promise<ComplaintLineDto[]> {
  const rows = rowsOf<{ item_id: number; item_no: string; name_zh: string; name_en: string; size: string; unit_cents: number; num: number; quantity: number }>(await db.execute(sql`
    select i.id as item_id, i.item_no, i.name_zh, i.name_en, i.size, round(i.unit_price * 100)::bigint as unit_cents, i.num, l.quantity
    from complaint_lines l join order_items i on i.id = l.order_item_id where l.complaint_id = ${complaintId} order by i.id`));
  return rows.map((r) => ({
    itemId: Number(r.item_id), itemNo: r.item_no, name: lang === 'en' ? r.name_en : r.name_zh, size: r.size, unitPrice: centsToMoney(Number(r.unit_cents)),
    ordered: Number(r.num), quantity: Number(r.quantity), value: centsToMoney(Number(r.unit_cents) * Number(r.quantity)),
  }));
}

/** The photos of a complaint, in the order they were added. */
export async function complaintPhotosOf(db: Db, complaintId: number): Promise<ComplaintPhotoDto[]> {
  const rows = await db.select({ id: complaintPhotos.id, name: complaintPhotos.fileName, size: complaintPhotos.size }).from(complaintPhotos)
    .where(eq(complaintPhotos.complaintId, complaintId)).orderBy(asc(complaintPhotos.id));
  return rows.map((r) => ({ id: r.id, name: r.name, size: r.size }));
}

/** A stored photo of a complaint (404 when the photo or its file is missing); the caller has checked the complaint. */
export async function openComplaintPhoto(db: Db, complaintId: number, photoId: number): Promise<{ file: StoredFile; name: string; mime: string }> {
  const [photo] = await db.select().from(complaintPhotos).where(and(eq(complaintPhotos.id, photoId), eq(complaintPhotos.complaintId, complaintId)));
  if (!photo) throw new AppError(404, 'fileNotFound');
  const file = await getFileStore().open(photo.fileKey);
  if (!file) throw new AppError(404, 'fileNotFound');
  return { file, name: photo.fileName, mime: photo.mime };
}

export async function creditNoteOf(db: Db, complaintId: number): Promise<CreditNoteDto | null> {
  const [r] = rowsOf<{ id: number; credit_no: string; amount_cents: number; stamp: string }>(await db.execute(sql`
    select id, credit_no, amount_cents, ${stampOf(sql`created_at`)} as stamp from credit_notes where complaint_id = ${complaintId}`));
  return r ? { id: Number(r.id), creditNo: r.credit_no, amount: centsToMoney(Number(r.amount_cents)), createdAt: r.stamp } : null;
}

/** One complaint with its lines, credit note, approval and the states the member may move it to. */
export async function getComplaint(db: Db, me: Approver, id: number, lang: Lang): Promise<ComplaintDetailDto> {
  const row = toComplaintRow(await loadComplaint(db, me, id));
  return {
    ...row,
    lines: await complaintLinesOf(db, id, lang),
    photos: await complaintPhotosOf(db, id),
    creditNote: await creditNoteOf(db, id),
    transitions: complaintMovesOf(row.status, 'staff'),
    approval: await latestApprovalOf(db, 'refund', id),
    myStepId: await myPendingStep(db, me, 'refund', id),
  };
}

/**
 * The complaint's timeline, oldest first: its own audit rows, its refund requests' (submissions and
 * decisions) and its credit note's — after checking the member may see the complaint.
 */
export async function complaintTimeline(db: Db, me: Approver, id: number): Promise<AuditEntryDto[]> {
  await loadComplaint(db, me, id);
  const rows = await db.select().from(auditLog).where(sql`(${auditLog.entity} = 'complaint' and ${auditLog.entityId} = ${String(id)})
    or (${auditLog.entity} = 'approval_request' and ${auditLog.entityId} in (select r.id::text from staff_approval_requests r where r.entity_type = 'refund' and r.entity_id = ${id}))
    or (${auditLog.entity} = 'credit_note' and ${auditLog.entityId} in (select n.id::text from credit_notes n where n.complaint_id = ${id}))`)
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id)).limit(200);
  return rows.map(toAuditDto);
}
