import 'server-only';
import { GOODS_VAT_PERCENT, includedTax } from '@/server/modules/orders/money';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  centsText, staffMovesFrom, type QuotationDetailDto, type QuotationEventDto, type QuotationListInput, type QuotationRowDto, type QuotationStateName, type QuotationVersionDto,
} from '@/contracts/quotations';
import { ownedRecordVisibleTo, type ScopedStaff } from '@/server/auth/staff-scope';
import { rowsOf, type Db } from '@/server/db/client';
import { keysetList, stampOf, type KeysetList } from '@/server/db/keyset';
import { companies, quotations } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { customerVisibleTo } from '@/server/modules/customers/access';
import { canApproveOrders, type OrderActor } from '@/server/modules/orders/access';
import { stateEvents } from '@/server/modules/audit/state-events';

/** The table under the alias `q` of the queries below, for the ownership condition. */
const aliased = alias(quotations, 'q');

export interface QuotationRow {
  id: number; quote_no: string; company_id: number; company_name: string; user_id: number | null; user_name: string | null; owner_id: number | null;
  owner_name: string | null; state: QuotationStateName; current_version: number; total_cents: number; valid_until: string | Date | null; order_id: number | null;
  order_no: string | null; request_id: number | null; conversion_error: { code: string; itemNos: string[] } | null; customer_comment: string; stamp: string; updated: string;
}

export const SELECT = sql`select q.id, q.quote_no, q.company_id, c.name as company_name, q.user_id, u.name as user_name, q.owner_id, s.name as owner_name, q.state,
  q.current_version, q.total_cents, v.valid_until, q.order_id, o.order_no, q.request_id, q.conversion_error, q.customer_comment,
  ${stampOf(sql`q.created_at`)} as stamp, ${stampOf(sql`q.updated_at`)} as updated
  from quotations q join companies c on c.id = q.company_id left join users u on u.id = q.user_id left join staff s on s.id = q.owner_id
  left join quotation_versions v on v.quotation_id = q.id and v.version = q.current_version left join orders o on o.id = q.order_id`;

/** The states a customer's timeline shows (the back-office's own steps stay inside). */
const CUSTOMER_STATES = new Set(['sent', 'accepted', 'declined', 'renegotiation', 'expired', 'converted']);

const dateText = (v: string | Date | null) => (v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

export function toRow(r: QuotationRow): QuotationRowDto {
  return {
    id: Number(r.id), quoteNo: r.quote_no, companyId: Number(r.company_id), companyName: r.company_name, userName: r.user_name,
    ownerId: r.owner_id === null ? null : Number(r.owner_id), ownerName: r.owner_name, state: r.state, currentVersion: Number(r.current_version),
    totalCents: Number(r.total_cents), validUntil: dateText(r.valid_until), orderId: r.order_id === null ? null : Number(r.order_id), createdAt: r.stamp, updatedAt: r.updated,
  };
}

/**
 * Staff see quotations they own, their team's and their team members' (manager), all with CRM.VIEW_ALL;
 * unowned requests are a shared queue of the customers each member sees (`customerVisibleTo`).
 */
export const staffSees = (actor: ScopedStaff): SQL => sql`(${ownedRecordVisibleTo(actor, aliased.ownerId)}
  or (q.owner_id is null and q.company_id in (select ${companies.id} from ${companies} where ${customerVisibleTo(actor)})))`;

/**
 * A customer account's quotations, by the rule of their orders: their own, and the company's for those
 * who see the company's orders (`canApproveOrders`). The company is in the condition.
 */
export const customerSees = (actor: OrderActor): SQL => (canApproveOrders(actor)
  ? sql`q.company_id = ${actor.companyId}`
  : sql`(q.company_id = ${actor.companyId} and q.user_id = ${actor.userId})`);

/** Who reads a quotation: a member of staff (by ownership) or a customer account (by their company). */
export type QuotationViewer = { kind: 'staff'; actor: ScopedStaff } | { kind: 'customer'; actor: OrderActor };

/** The viewer's visibility rule as the query's condition. */
export const seenBy = (viewer: QuotationViewer): SQL => (viewer.kind === 'staff' ? staffSees(viewer.actor) : customerSees(viewer.actor));

function listFilters(scope: SQL, input: Omit<QuotationListInput, 'cursor' | 'limit' | 'sort'>): SQL[] {
  const filters = [scope];
  if (input.state) filters.push(sql`q.state = ${input.state}`);
  if (input.companyId) filters.push(sql`q.company_id = ${input.companyId}`);
  if (input.key) {
    const like = `%${input.key.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    filters.push(sql`(q.quote_no ilike ${like} or c.name ilike ${like} or u.name ilike ${like})`);
  }
  return filters;
}

/** One keyset page of quotations under a scope (staff ownership, or the customer's company) — in the query. */
export function listQuotationsWhere(db: Db, scope: SQL, input: QuotationListInput): Promise<KeysetList<QuotationRowDto>> {
  return keysetList(db, input, {
    select: SELECT, from: sql`from quotations q join companies c on c.id = q.company_id left join users u on u.id = q.user_id`, filters: listFilters(scope, input),
    id: sql`q.id`, createdAt: sql`q.created_at`, amount: { sort: 'total', column: sql`(q.total_cents::numeric / 100)`, of: (row) => centsText(row.totalCents) }, toItem: toRow,
  });
}

/** One quotation under a scope, optionally locked for a change; 404 when it is not there or not visible. */
export async function loadQuotation(db: Db, scope: SQL, id: number, lock = false): Promise<QuotationRow> {
  if (lock) await db.execute(sql`select id from quotations where id = ${id} for update`);
  const [row] = rowsOf<QuotationRow>(await db.execute(sql`${SELECT} where q.id = ${id} and ${scope}`));
  if (!row) throw new AppError(404, 'quotationNotFound');
  return row;
}

/** The versions of a quotation with their lines, newest first (`sentOnly`: what the customer may see). */
export async function loadVersions(db: Db, quotationId: number, sentOnly: boolean): Promise<QuotationVersionDto[]> {
  const versions = rowsOf<{
    id: number; version: number; discount_bp: number; valid_until: string | Date; note: string; subtotal_cents: number; discount_cents: number;
    total_cents: number; below_floor: boolean; sent_at: string | Date | null;
  }>(await db.execute(sql`select id, version, discount_bp, valid_until, note, subtotal_cents, discount_cents, total_cents, below_floor, sent_at
    from quotation_versions where quotation_id = ${quotationId} ${sentOnly ? sql`and sent_at is not null` : sql``} order by version desc`));
  if (!versions.length) return [];
  const lines = rowsOf<{
    version_id: number; pack_id: number; product_id: number; item_no: string; name_zh: string; name_en: string; size: string; num: number;
    list_cents: number; unit_cents: number; net_cents: number; line_cents: number; comment: string; stock: number | null; lead_time_days: number | null;
  }>(await db.execute(sql`select l.version_id, l.pack_id, l.product_id, l.item_no, l.name_zh, l.name_en, l.size, l.num, l.list_cents, l.unit_cents, l.net_cents,
      l.line_cents, l.comment, k.stock, k.lead_time_days
    from quotation_lines l left join product_packs k on k.id = l.pack_id
    where l.version_id in (${sql.join(versions.map((v) => sql`${v.id}`), sql`, `)}) order by l.version_id, l.seq`));
  return versions.map((v) => ({
    id: Number(v.id), version: Number(v.version), discountBp: Number(v.discount_bp), validUntil: dateText(v.valid_until) ?? '', note: v.note,
    subtotalCents: Number(v.subtotal_cents), discountCents: Number(v.discount_cents), totalCents: Number(v.total_cents),
    taxCents: Number(includedTax(BigInt(v.total_cents), GOODS_VAT_PERCENT)), belowFloor: v.below_floor,
    sentAt: v.sent_at === null ? null : new Date(v.sent_at).toISOString(),
    lines: lines.filter((l) => Number(l.version_id) === Number(v.id)).map((l) => ({
      packId: Number(l.pack_id), productId: Number(l.product_id), itemNo: l.item_no, nameZh: l.name_zh, nameEn: l.name_en, size: l.size, num: Number(l.num),
      listCents: Number(l.list_cents), unitCents: Number(l.unit_cents), netCents: Number(l.net_cents), lineCents: Number(l.line_cents), comment: l.comment,
      belowFloor: Number(l.net_cents) * 10000 < Number(l.list_cents) * 8500,
      stock: Number(l.stock ?? 0), leadTimeDays: Number(l.lead_time_days ?? 0),
    })),
  }));
}

async function loadRequest(db: Db, requestId: number | null): Promise<QuotationDetailDto['request']> {
  if (requestId === null) return null;
  const [r] = rowsOf<{ source: 'cart' | 'product'; note: string; created_at: string | Date }>(await db.execute(sql`select source, note, created_at from quote_requests where id = ${requestId}`));
  if (!r) return null;
  const lines = rowsOf<{ item_no: string; name_zh: string; name_en: string; size: string; num: number; comment: string }>(await db.execute(sql`
    select p.item_no, p.name_zh, p.name_en, k.size, l.num, l.comment from quote_request_lines l join products p on p.id = l.product_id join product_packs k on k.id = l.pack_id
    where l.request_id = ${requestId} order by l.id`));
  return {
    source: r.source, note: r.note, createdAt: new Date(r.created_at).toISOString(),
    lines: lines.map((l) => ({ itemNo: l.item_no, nameZh: l.name_zh, nameEn: l.name_en, size: l.size, num: Number(l.num), comment: l.comment })),
  };
}

function loadEvents(db: Db, id: number): Promise<QuotationEventDto[]> {
  return stateEvents(db, 'quotation', id);
}

/** The whole record: the request, versions (all for staff, sent ones for the customer), the timeline, and the moves open to staff. */
export async function quotationDetail(db: Db, row: QuotationRow, audience: 'staff' | 'customer'): Promise<QuotationDetailDto> {
  const [request, versions, events] = await Promise.all([loadRequest(db, row.request_id), loadVersions(db, Number(row.id), audience === 'customer'), loadEvents(db, Number(row.id))]);
  return {
    ...toRow(row), request, versions, conversionError: row.conversion_error, customerComment: row.customer_comment, orderNo: row.order_no, delivery: null,
    moves: audience === 'staff' ? staffMovesFrom(row.state) : [],
    events: audience === 'staff' ? events : events.filter((e) => e.to !== null && CUSTOMER_STATES.has(e.to)).map((e) => ({ ...e, who: '' })),
  };
}
