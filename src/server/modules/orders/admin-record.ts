import 'server-only';
import { asc, inArray, or, sql } from 'drizzle-orm';
import { centsToMoney } from '@/contracts/money';
import type { OrderDeskDetailDto, OrderDeskItemDto } from '@/contracts/orders-admin';
import type { InvoiceDetails } from '@/server/db/schema';
import type { Lang } from '@/lib/lang';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import { rowsOf, type Db } from '@/server/db/client';
import { stampOf } from '@/server/db/keyset';
import { auditLog, carriers } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { toAuditDto } from '@/server/modules/audit/list';
import { staffSeesAgreement } from '@/server/modules/price-agreements/queries';
import { ORDER_DESK_COLUMNS, ORDER_DESK_FROM, orderVisibleToStaff, toOrderDeskRow } from './admin-queries';
import { describeMatch } from './describe';
import { approvalLogsOf, orderLines } from './queries';
import type { ApprovalMatch } from './rules';

type DeskRow = Parameters<typeof toOrderDeskRow>[0] & {
  buyer_login: string; buyer_email: string | null; buyer_phone: string | null; company_tax_no: string; company_phone: string;
  receiver: string; phone: string; region: string; address_detail: string; po_number: string; cost_centre: string; note: string;
  invoice_type: OrderDeskDetailDto['invoice']['type']; invoice_title: string; tax_no: string; invoice_details: InvoiceDetails | null;
  subtotal: string; tax_rate: string; tax_amount: string; tax_included: boolean; delivery_fee: string; reject_reason: string;
  matched_rules: ApprovalMatch[]; decided: string | null; placed: string | null;
};

/** An order the member sees (404 `orderNotFound` otherwise, as for one that does not exist). */
async function loadDeskOrder(db: Db, actor: ScopedStaff, id: number): Promise<DeskRow> {
  const [row] = rowsOf<DeskRow>(await db.execute(sql`
    select ${ORDER_DESK_COLUMNS}, u.login_name as buyer_login, u.email as buyer_email, u.phone as buyer_phone, co.tax_no as company_tax_no, co.phone as company_phone,
      o.receiver, o.phone, o.region, o.address_detail, o.po_number, o.cost_centre, o.note, o.invoice_type, o.invoice_title, o.tax_no, o.invoice_details,
      o.subtotal::text as subtotal, o.tax_rate::text as tax_rate, o.tax_amount::text as tax_amount, o.tax_included, o.delivery_fee::text as delivery_fee,
      o.reject_reason, o.matched_rules, ${stampOf(sql`o.decided_at`)} as decided, ${stampOf(sql`o.placed_at`)} as placed
    ${ORDER_DESK_FROM}
    where o.id = ${id} and ${orderVisibleToStaff(actor)}`));
  if (!row) throw new AppError(404, 'orderNotFound');
  return row;
}

/** The complaints filed about the order, oldest first. */
async function complaintsOf(db: Db, orderId: number): Promise<OrderDeskDetailDto['complaints']> {
  const rows = rowsOf<{ id: number; complaint_no: string; status: string; category: string; applied: number; approved: number | null; stamp: string }>(await db.execute(sql`
    select k.id, k.complaint_no, k.status, k.category, k.applied_refund_cents as applied, k.approved_refund_cents as approved, ${stampOf(sql`k.created_at`)} as stamp
    from complaints k where k.order_id = ${orderId} order by k.created_at, k.id`));
  return rows.map((r) => ({
    id: Number(r.id), complaintNo: r.complaint_no, status: r.status, category: r.category, appliedRefund: centsToMoney(Number(r.applied)),
    approvedRefund: r.approved === null ? null : centsToMoney(Number(r.approved)), createdAt: r.stamp,
  }));
}

/**
 * The order's history in the audit log, oldest first: its own rows, and those of the quotation it was
 * made from, of its complaints and of its invoices — the records that change with it.
 */
async function historyOf(db: Db, orderId: number, lang: Lang): Promise<OrderDeskDetailDto['history']> {
  const rows = await db.select().from(auditLog).where(sql`(${auditLog.entity} = 'order' and ${auditLog.entityId} = ${String(orderId)})
    or (${auditLog.entity} = 'quotation' and ${auditLog.entityId} in (select q.id::text from quotations q where q.order_id = ${orderId}))
    or (${auditLog.entity} = 'complaint' and ${auditLog.entityId} in (select k.id::text from complaints k where k.order_id = ${orderId}))
    or (${auditLog.entity} = 'invoice' and ${auditLog.entityId} in (select i.id::text from invoices i where i.order_id = ${orderId}))`)
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id)).limit(200);
  return carriersNamed(db, rows.map(toAuditDto), lang);
}

/**
 * A shipment's carrier in the reader's language: the log keeps the carrier's code (rows written before it kept
 * the Chinese name), shown by the carrier's name of the page's language; a carrier no longer known keeps the text.
 */
async function carriersNamed(db: Db, history: OrderDeskDetailDto['history'], lang: Lang): Promise<OrderDeskDetailDto['history']> {
  const kept = new Set<string>();
  for (const e of history) {
    const c = e.changes.carrier;
    if (c) for (const v of [c.from, c.to]) if (typeof v === 'string' && v !== '') kept.add(v);
  }
  if (kept.size === 0) return history;
  const values = [...kept];
  const known = await db.select({ code: carriers.code, nameZh: carriers.nameZh, nameEn: carriers.nameEn }).from(carriers)
    .where(or(inArray(carriers.code, values), inArray(carriers.nameZh, values)));
  const names = new Map<string, string>();
  for (const c of known) {
    const name = lang === 'en' ? c.nameEn : c.nameZh;
    names.set(c.nameZh, name);
    names.set(c.code, name);
  }
  const named = (v: unknown) => (typeof v === 'string' ? names.get(v) ?? v : v);
  return history.map((e) => (e.changes.carrier
    ? { ...e, changes: { ...e.changes, carrier: { from: named(e.changes.carrier.from), to: named(e.changes.carrier.to) } } }
    : e));
}

/**
 * The agreement that priced each line (ADR 0083's snapshot `price_agreement_id`), by line id: its number and name,
 * and whether the reader may open it — PRICE.EDIT and the agreement's customer in their reach (`staffSeesAgreement`,
 * in the query). Lines without one, or whose agreement no longer exists, are left out.
 */
async function agreementsOf(db: Db, actor: ScopedStaff, orderId: number, companyId: number): Promise<Map<number, OrderDeskItemDto['agreement']>> {
  const linked = actor.permissions.includes('PRICE.EDIT') ? staffSeesAgreement(actor) : sql`false`;
  const rows = rowsOf<{ line_id: number; id: number; agreement_no: string; name: string; linked: boolean }>(await db.execute(sql`
    select oi.id as line_id, a.id, a.agreement_no, a.name, ${linked} as linked
    from order_items oi join price_agreements a on a.id = oi.price_agreement_id
    where oi.order_id = ${orderId} and oi.company_id = ${companyId}`));
  return new Map(rows.map((r) => [Number(r.line_id), { id: Number(r.id), agreementNo: r.agreement_no, name: r.name, linked: Boolean(r.linked) }]));
}

/** One order for the back-office: its row, buyer and company, lines with their lots, totals, invoice, approval, complaints and history. */
export async function getOrderDesk(db: Db, actor: ScopedStaff, id: number, lang: Lang): Promise<OrderDeskDetailDto> {
  const r = await loadDeskOrder(db, actor, id);
  const companyId = Number(r.company_id);
  const [lines, agreements, approvalLog, complaints, history] = await Promise.all([
    orderLines(db, id, companyId, lang), agreementsOf(db, actor, id, companyId), approvalLogsOf(db, id, companyId, lang), complaintsOf(db, id), historyOf(db, id, lang),
  ]);
  const items = lines.map((l) => ({ ...l, agreement: agreements.get(l.id) ?? null }));
  const details = r.invoice_details;
  return {
    ...toOrderDeskRow(r),
    buyerLogin: r.buyer_login, buyerEmail: r.buyer_email, buyerPhone: r.buyer_phone, companyTaxNo: r.company_tax_no, companyPhone: r.company_phone,
    receiver: r.receiver, phone: r.phone, region: r.region, addressDetail: r.address_detail, poNumber: r.po_number, costCentre: r.cost_centre, note: r.note,
    invoice: {
      type: r.invoice_type, title: r.invoice_title, taxNo: r.tax_no, buyerKind: details?.buyerKind ?? null,
      address: details?.address ?? '', phone: details?.phone ?? '', bank: details?.bank ?? '', account: details?.account ?? '',
    },
    subtotal: r.subtotal, taxRate: r.tax_rate, taxAmount: r.tax_amount, taxIncluded: Boolean(r.tax_included), deliveryFee: r.delivery_fee,
    rejectReason: r.reject_reason, matches: r.matched_rules.map((m) => ({ kind: m.kind, text: describeMatch(lang, m) })),
    decidedAt: r.decided, placedAt: r.placed, items, approvalLog, complaints, history,
  };
}
