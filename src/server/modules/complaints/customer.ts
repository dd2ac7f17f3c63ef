import 'server-only';
import { eq, sql, type SQL } from 'drizzle-orm';
import { centsToMoney, COMPLAINT_PHOTO_MAX_BYTES, COMPLAINT_PHOTOS_MAX, complaintMovesOf, type ComplaintFileInput, type ComplaintOrderDto, type MyComplaintDto } from '@/contracts/complaints';
import type { Lang } from '@/lib/lang';
import { rowsOf, type Db } from '@/server/db/client';
import { complaintLines, complaintPhotos, complaints, companies } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import type { StoredFile } from '@/server/modules/files/store';
import { acceptUpload, keptFileName, recordUpload } from '@/server/modules/files/upload';
import { canApproveOrders, type OrderActor } from '@/server/modules/orders/access';
import { COMPLAINT_SELECT, complaintLinesOf, complaintPhotosOf, creditNoteOf, openComplaintPhoto, toComplaintRow, type ComplaintRow } from './queries';
import { allocateRefund, lockOrderLines } from './refund-cap';
import { transitionComplaint } from './status';
import { numberDay } from '@/server/business-time';

export type ComplaintCustomer = OrderActor & { audit: AuditActor };

/**
 * The orders a customer may complain about, as a condition over the alias `o`: their company's (in
 * the query), their own — or every one of the company's for holders of ORDER.APPROVE, as the order
 * pages show them.
 */
function ordersOf(actor: OrderActor): SQL {
  const own = canApproveOrders(actor) ? sql`true` : sql`(o.user_id = ${actor.userId} or o.approver_id = ${actor.userId})`;
  return sql`(o.company_id = ${actor.companyId} and ${own})`;
}

interface OrderLine { item_id: number; item_no: string; name_zh: string; name_en: string; size: string; unit_cents: number; num: number }

async function placedOrder(db: Db, actor: OrderActor, orderId: number): Promise<{ id: number; order_no: string; status: string; created_at: string | Date; lines: OrderLine[] }> {
  const [order] = rowsOf<{ id: number; order_no: string; status: string; created_at: string | Date }>(await db.execute(sql`
    select o.id, o.order_no, o.status, o.created_at from orders o where o.id = ${orderId} and ${ordersOf(actor)}`));
  if (!order) throw new AppError(404, 'orderNotFound');
  if (order.status !== 'placed') throw new AppError(409, 'complaintOrderNotPlaced');
  const lines = rowsOf<OrderLine>(await db.execute(sql`
    select i.id as item_id, i.item_no, i.name_zh, i.name_en, i.size, round(i.unit_price * 100)::bigint as unit_cents, i.num
    from order_items i where i.order_id = ${orderId} and i.company_id = ${actor.companyId} order by i.id`));
  return { ...order, lines };
}

/** A placed order of the customer's with its lines, for the complaint form. */
export async function complaintOrder(db: Db, actor: OrderActor, orderId: number, lang: Lang): Promise<ComplaintOrderDto> {
  const order = await placedOrder(db, actor, orderId);
  return {
    id: Number(order.id), orderNo: order.order_no, status: order.status, createdAt: new Date(order.created_at).toISOString(),
    lines: order.lines.map((l) => ({
      itemId: Number(l.item_id), itemNo: l.item_no, name: lang === 'en' ? l.name_en : l.name_zh, size: l.size, unitPrice: centsToMoney(Number(l.unit_cents)), num: Number(l.num),
    })),
  };
}

/**
 * Files a complaint on lines of one of the customer's placed orders: each line of that order, each
 * quantity at most the one ordered, the refund applied for at most the value of the lines concerned
 * and within what their other complaints left of the lines' amounts (ADR 0056) — checked with the
 * order lines locked, and split over them (`allocateRefund`). The owner is the company's sales
 * member. One transaction with its audit row. `at`: when it was filed, if not now (the demo's complaints): its number carries that day.
 */
export async function fileComplaint(db: Db, actor: ComplaintCustomer, input: ComplaintFileInput, lang: Lang, at?: Date): Promise<MyComplaintDto> {
  const order = await placedOrder(db, actor, input.orderId);
  const byId = new Map(order.lines.map((l) => [Number(l.item_id), l]));
  const seen = new Set<number>();
  input.lines.forEach((line, i) => {
    const item = byId.get(line.itemId);
    if (!item || seen.has(line.itemId)) throw new AppError(400, 'validation', [{ field: `lines.${i}.itemId`, message: 'complaintLineInvalid' }]);
    if (line.quantity > Number(item.num)) throw new AppError(400, 'validation', [{ field: `lines.${i}.quantity`, message: 'complaintQuantityInvalid' }]);
    seen.add(line.itemId);
  });
  const id = await db.transaction(async (tx) => {
    const locked = await lockOrderLines(tx, input.lines.map((l) => l.itemId));
    const parts = allocateRefund(input.appliedRefund, input.lines.map((l) => {
      const line = locked.get(l.itemId);
      if (!line) throw new AppError(404, 'orderNotFound');
      return { valueCents: line.unitCents * l.quantity, amountCents: line.amountCents, claimedCents: line.claimedCents };
    }));
    const [company] = await tx.select({ ownerId: companies.ownerStaffId }).from(companies).where(eq(companies.id, actor.companyId));
    const [next] = rowsOf<{ id: number }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('complaints', 'id'))::int as id`));
    if (!next) throw new AppError(500);
    const complaintNo = `CP${numberDay(at)}${String(next.id).padStart(5, '0')}`;
    await tx.insert(complaints).values({
      id: next.id, complaintNo, companyId: actor.companyId, orderId: input.orderId, filedById: actor.userId, filedByName: actor.name.slice(0, 100),
      ownerId: company?.ownerId ?? null, description: input.description, category: input.category, appliedRefundCents: input.appliedRefund, status: 'reviewing',
      ...(at ? { createdAt: at, updatedAt: at } : {}),
    });
    await tx.insert(complaintLines).values(input.lines.map((l, i) => ({ complaintId: next.id, orderItemId: l.itemId, quantity: l.quantity, refundCents: parts[i] ?? 0 })));
    await recordAudit(tx, actor.audit, {
      action: 'create', entity: 'complaint', entityId: next.id, companyId: actor.companyId,
      after: { complaintNo, orderNo: order.order_no, category: input.category, appliedRefund: centsToMoney(input.appliedRefund), lines: input.lines.length, status: 'reviewing' },
    });
    return next.id;
  });
  return getMyComplaint(db, actor, id, lang);
}

async function myRows(db: Db, actor: OrderActor, extra: SQL): Promise<ComplaintRow[]> {
  return rowsOf<ComplaintRow>(await db.execute(sql`${COMPLAINT_SELECT} where k.company_id = ${actor.companyId} and ${ordersOf(actor)} and ${extra}
    order by k.created_at desc, k.id desc limit 200`));
}

async function toMine(db: Db, r: ComplaintRow, lang: Lang): Promise<MyComplaintDto> {
  const row = toComplaintRow(r);
  return {
    id: row.id, complaintNo: row.complaintNo, orderId: row.orderId, orderNo: row.orderNo, status: row.status, description: row.description, category: row.category,
    appliedRefund: row.appliedRefund, approvedRefund: row.status === 'passed' || row.status === 'resolved' ? row.approvedRefund : null,
    reviewFailureReason: row.reviewFailureReason, lines: await complaintLinesOf(db, row.id, lang), photos: await complaintPhotosOf(db, row.id),
    creditNote: await creditNoteOf(db, row.id), createdAt: row.createdAt, filedBy: row.filedBy, canWithdraw: complaintMovesOf(row.status, 'customer').includes('withdrawn'),
    canAddPhotos: row.status === 'reviewing',
  };
}

/** The customer's complaints (their company's, on the orders they may see), newest first. */
export async function listMyComplaints(db: Db, actor: OrderActor, lang: Lang, orderId?: number): Promise<MyComplaintDto[]> {
  const rows = await myRows(db, actor, orderId ? sql`k.order_id = ${orderId}` : sql`true`);
  return Promise.all(rows.map((r) => toMine(db, r, lang)));
}

export async function getMyComplaint(db: Db, actor: OrderActor, id: number, lang: Lang): Promise<MyComplaintDto> {
  const [row] = await myRows(db, actor, sql`k.id = ${id}`);
  if (!row) throw new AppError(404, 'complaintNotFound');
  return toMine(db, row, lang);
}

/** The customer withdraws a complaint still being reviewed, through the transition function; audited. */
export async function withdrawMyComplaint(db: Db, actor: ComplaintCustomer, id: number, lang: Lang): Promise<MyComplaintDto> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from complaints where id = ${id} and company_id = ${actor.companyId} for update`);
    const [row] = await myRows(tx, actor, sql`k.id = ${id}`);
    if (!row) throw new AppError(404, 'complaintNotFound');
    const next = transitionComplaint(row.status, 'withdrawn', 'customer', { reason: '', appliedCents: Number(row.applied_refund_cents), approvedCents: null });
    await tx.update(complaints).set({ status: next, updatedAt: new Date() }).where(eq(complaints.id, id));
    await recordAudit(tx, actor.audit, { action: 'status', entity: 'complaint', entityId: id, companyId: actor.companyId, before: { status: row.status }, after: { status: next } });
  });
  return getMyComplaint(db, actor, id, lang);
}

/**
 * Adds a photo to one of the customer's complaints while it is reviewed: an image (PNG, JPEG or WebP,
 * as its bytes say; re-encoded) of at most COMPLAINT_PHOTO_MAX_BYTES, written through the files
 * module's store; at most COMPLAINT_PHOTOS_MAX per complaint (409). Audited in the same transaction.
 */
export async function addMyComplaintPhoto(db: Db, actor: ComplaintCustomer, id: number, file: { name: string; bytes: Uint8Array }, lang: Lang): Promise<MyComplaintDto> {
  // The complaint is checked before any byte is stored.
  await getMyComplaint(db, actor, id, lang);
  const upload = await acceptUpload(file.bytes, {
    accept: 'image', maxBytes: COMPLAINT_PHOTO_MAX_BYTES, tooLarge: 'complaintPhotoTooLarge', refused: 'complaintPhotoRefused', side: 2400,
    place: (name) => `complaints/${id}/${name}`,
  });
  const name = keptFileName(file.name, upload.ext, 'photo');
  await recordUpload(upload, () => db.transaction(async (tx) => {
    await tx.execute(sql`select id from complaints where id = ${id} and company_id = ${actor.companyId} for update`);
    const [row] = await myRows(tx, actor, sql`k.id = ${id}`);
    if (!row) throw new AppError(404, 'complaintNotFound');
    if (row.status !== 'reviewing') throw new AppError(409, 'complaintPhotosClosed');
    const [n] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from complaint_photos where complaint_id = ${id}`));
    if (Number(n?.n ?? 0) >= COMPLAINT_PHOTOS_MAX) throw new AppError(409, 'complaintTooManyPhotos', { max: COMPLAINT_PHOTOS_MAX });
    const [photo] = await tx.insert(complaintPhotos).values({ complaintId: id, fileKey: upload.key, fileName: name, mime: upload.contentType, size: upload.size }).returning({ id: complaintPhotos.id });
    await recordAudit(tx, actor.audit, { action: 'attach', entity: 'complaint', entityId: id, companyId: actor.companyId, note: { photoId: photo?.id ?? 0, fileName: name, size: upload.size } });
  }));
  return getMyComplaint(db, actor, id, lang);
}

/** A photo of one of the customer's complaints. */
export async function openMyComplaintPhoto(db: Db, actor: OrderActor, id: number, photoId: number, lang: Lang): Promise<{ file: StoredFile; name: string; mime: string }> {
  await getMyComplaint(db, actor, id, lang);
  return openComplaintPhoto(db, id, photoId);
}
