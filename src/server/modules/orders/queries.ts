import 'server-only';
import { and, asc, desc, eq, gte, inArray, isNull, like, lt, sql, type SQL } from 'drizzle-orm';
import type { ApprovalLogDto, OrderCountDto, OrderDetailDto, OrderItemDto, OrderListInput, OrderPageDto } from '@/contracts/orders';
import { rowsOf, type Db } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import { approvalRules, orderApprovalLogs, orderItems, orders, productDocuments, users, type OrderStatus } from '@/server/db/schema';
import { documentUrl } from '@/server/modules/content/documents';
import { AppError } from '@/server/errors';
import { serverMessages } from '@/server/messages';
import { byLang, type Lang } from '@/lib/lang';
import { awaitingActor, canApproveOrders, mayDecide, visibleOrders, type OrderActor } from './access';
import { decodeOrderCursor, encodeOrderCursor } from './cursor';
import { allocatableLots, coaUrls, pickLot } from './lots';
import { describeLog, describeMatch } from './describe';
import type { ApprovalMatch } from './rules';
import { hasValidPermit } from './submit';
import { businessZoneSql } from '@/server/business-time';

/** The day boundaries of the filters are days in the shop's time zone. */
export const dayStart = (day: string): SQL => sql`(${day}::date::timestamp at time zone ${businessZoneSql()})`;

/** The newest orders containing an item number that a search reads (an item in more orders: the newest of them). */
export const ITEM_SEARCH_MAX_ORDERS = 5000;

/** A search key shaped like an order number (or its start). */
export const ORDER_NO = /^SO\d*$/i;

/**
 * The condition of a list call: the scope (own, company, waiting for me), status, dates and search.
 * A search key shaped like an order number matches order numbers by prefix; any other key is an
 * item number, looked up in the company's order lines first (an array of order ids the planner
 * reads through the primary key).
 */
export function orderListCondition(actor: OrderActor, input: Omit<OrderListInput, 'cursor' | 'limit'>): SQL {
  if (input.scope === 'company' && !canApproveOrders(actor)) throw new AppError(403);
  const scope =
    input.scope === 'approvals' ? awaitingActor(actor)
    : input.scope === 'company' ? eq(orders.companyId, actor.companyId)
    : and(eq(orders.companyId, actor.companyId), eq(orders.userId, actor.userId))!;
  const q = input.q?.trim();
  const search = !q
    ? undefined
    : ORDER_NO.test(q)
      ? like(orders.orderNo, `${escapeLike(q.toUpperCase())}%`)
      : sql`${orders.id} = any(array(select ${orderItems.orderId} from ${orderItems}
          where ${orderItems.companyId} = ${actor.companyId} and ${orderItems.itemNo} = ${q.toUpperCase()}
          order by ${orderItems.orderId} desc limit ${ITEM_SEARCH_MAX_ORDERS}))`;
  return and(
    scope,
    input.status ? eq(orders.status, input.status) : undefined,
    input.from ? gte(orders.createdAt, dayStart(input.from)) : undefined,
    input.to ? lt(orders.createdAt, sql`${dayStart(input.to)} + interval '1 day'`) : undefined,
    search,
  )!;
}

/** A page of orders, newest first, by keyset (the cursor is the last row's time and id). */
export async function listOrders(db: Db, actor: OrderActor, input: OrderListInput): Promise<OrderPageDto> {
  const after = input.cursor ? decodeOrderCursor(input.cursor) : null;
  const rows = await db
    .select({
      id: orders.id, orderNo: orders.orderNo, status: orders.status, buyerName: users.name, lineCount: orders.lineCount,
      total: orders.total, poNumber: orders.poNumber, createdAt: orders.createdAt,
      itemNos: sql<string[]>`array(select ${orderItems.itemNo} from ${orderItems} where ${orderItems.orderId} = ${orders.id} order by ${orderItems.id} limit 3)`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(
      orderListCondition(actor, input),
      after ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})` : undefined,
    ))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    list: page.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    nextCursor: rows.length > input.limit && last ? encodeOrderCursor(last.createdAt, last.id) : null,
  };
}

/** Counts stop here: a list shows "10,000+" above it (the same cap as the product search). */
export const ORDER_COUNT_CAP = 10_000;

/** A count of the rows of a condition, read no further than one past the cap. */
function cappedCount(where: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${orders} where ${where} limit ${ORDER_COUNT_CAP + 1}) c)`;
}

/**
 * Counts per status of the caller's orders (or the company's, for approvers), and those waiting for
 * the caller, each capped at 10,001 (index-only reads: company, buyer, status).
 */
export async function countOrders(db: Db, actor: OrderActor, scope: 'mine' | 'company'): Promise<OrderCountDto> {
  const where = orderListCondition(actor, { scope });
  const of = (status: OrderStatus) => cappedCount(and(where, eq(orders.status, status))!);
  const [row] = rowsOf<Omit<OrderCountDto, 'all'>>(await db.execute(sql`select
    ${of('reviewing')} as "reviewing", ${of('passed')} as "passed", ${of('placed')} as "placed",
    ${of('rejected')} as "rejected", ${of('cancelled')} as "cancelled", ${cappedCount(awaitingActor(actor))} as "toApprove"`));
  if (!row) throw new AppError(500);
  // Every order has one of the five statuses: their sum, capped like each of them.
  const all = Math.min(ORDER_COUNT_CAP + 1, row.reviewing + row.passed + row.placed + row.rejected + row.cancelled);
  return { all, ...row };
}

/** How many orders wait for the actor's decision (capped like the list's counts): the header's badge. */
export async function countAwaitingApproval(db: Db, actor: OrderActor): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select ${cappedCount(awaitingActor(actor))} as n`));
  return Number(row?.n ?? 0);
}

/** An order the actor may read, or 404 (another company's order and an invisible one answer alike). */
export async function findVisibleOrder(db: Db, actor: OrderActor, id: number) {
  const [order] = await db
    .select({ order: orders, buyerName: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, id), visibleOrders(actor)));
  if (!order) throw new AppError(404, 'orderNotFound');
  return order;
}

export async function listOrderItems(db: Db, actor: OrderActor, orderId: number, lang: Lang) {
  await findVisibleOrder(db, actor, orderId);
  return orderLines(db, orderId, actor.companyId, lang);
}

/**
 * The lines of an order of the company, each with its lot and that lot's COA — for whoever the caller
 * has already let see the order (the buyer's page, the back-office's record).
 */
export async function orderLines(db: Db, orderId: number, companyId: number, lang: Lang): Promise<OrderItemDto[]> {
  const rows = await db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.companyId, companyId)))
    .orderBy(asc(orderItems.id));
  // Lines submitted before lots were allocated at submission get the lot the same rule picks from their pack today.
  const unallocated = rows.filter((r) => r.lotNo === null);
  const lots = await allocatableLots(db, unallocated.map((r) => r.packId));
  const lotOf = (r: (typeof rows)[number]) => r.lotNo ?? pickLot(lots, r.packId, r.num);
  const coas = await coaUrls(db, rows.flatMap((r) => {
    const lotNo = lotOf(r);
    return lotNo ? [{ productId: r.productId, lotNo }] : [];
  }));
  return rows.map((r) => {
    const lotNo = lotOf(r);
    return {
      id: r.id, productId: r.productId, packId: r.packId, itemNo: r.itemNo, cas: r.cas, name: byLang(lang, { zh: r.nameZh, en: r.nameEn }),
      size: r.size, unitPrice: r.unitPrice, listPrice: r.priceKind ? r.listPrice : null, priceKind: r.priceKind, num: r.num, lineTotal: r.lineTotal, hazardous: r.hazardous, controlClass: r.controlClass,
      lotNo, coaUrl: lotNo ? coas.get(`${r.productId}:${lotNo}`) ?? null : null, backorderQty: r.backorderQty, leadTimeDays: r.leadTimeDays,
      cancelled: r.cancelled,
    };
  });
}

export async function listApprovalLogs(db: Db, actor: OrderActor, orderId: number, lang: Lang): Promise<ApprovalLogDto[]> {
  await findVisibleOrder(db, actor, orderId);
  return approvalLogsOf(db, orderId, actor.companyId, lang);
}

/** The approval timeline of an order of the company, oldest first, for a caller already let see the order. */
export async function approvalLogsOf(db: Db, orderId: number, companyId: number, lang: Lang): Promise<ApprovalLogDto[]> {
  const rows = await db
    .select()
    .from(orderApprovalLogs)
    .where(and(eq(orderApprovalLogs.orderId, orderId), eq(orderApprovalLogs.companyId, companyId)))
    .orderBy(asc(orderApprovalLogs.id));
  return rows.map((r) => ({
    id: r.id, action: r.action, actorName: r.userId === null && r.actorName === '' ? serverMessages(lang).orders.systemActor : r.actorName, fromStatus: r.fromStatus, toStatus: r.toStatus, reason: r.reason,
    detail: describeLog(lang, r.action, r.data), createdAt: r.createdAt.toISOString(),
  }));
}

/** Whether placing this order needs a permit the company lacks (a controlled line and a permit rule). */
export async function permitMissingFor(db: Db, companyId: number, hasControlledLine: boolean): Promise<boolean> {
  if (!hasControlledLine) return false;
  const [rule] = await db
    .select({ id: approvalRules.id })
    .from(approvalRules)
    .where(and(eq(approvalRules.companyId, companyId), eq(approvalRules.kind, 'controlled'), eq(approvalRules.active, true), eq(approvalRules.requirePermit, true)));
  if (!rule) return false;
  return !(await hasValidPermit(db, companyId));
}

/** The safety data sheet of each product of an order, the reader's language first (a line's COA is its lot's: `listOrderItems`). */
export async function listOrderDocuments(db: Db, productIds: number[], lang: Lang): Promise<OrderDetailDto['documents']> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectDistinctOn([productDocuments.productId, productDocuments.kind], {
      id: productDocuments.id, productId: productDocuments.productId, kind: productDocuments.kind, title: productDocuments.title, lotNo: productDocuments.lotNo,
    })
    .from(productDocuments)
    .where(and(inArray(productDocuments.productId, [...new Set(productIds)]), eq(productDocuments.kind, 'msds'), eq(productDocuments.state, 'current'), isNull(productDocuments.missingSince)))
    .orderBy(productDocuments.productId, productDocuments.kind, sql`(${productDocuments.lang} = ${lang}) desc`, desc(productDocuments.issuedAt), desc(productDocuments.id));
  return rows.map((r) => ({ productId: r.productId, kind: 'msds' as const, title: r.title, lotNo: r.lotNo, url: documentUrl(r.id) }));
}

/** The order page: the order, its lines and timeline, and what the caller may do with it. */
export async function getOrderDetail(db: Db, actor: OrderActor, id: number, lang: Lang): Promise<OrderDetailDto> {
  const { order, buyerName } = await findVisibleOrder(db, actor, id);
  const [items, logs] = await Promise.all([listOrderItems(db, actor, id, lang), listApprovalLogs(db, actor, id, lang)]);
  const documents = await listOrderDocuments(db, items.map((i) => i.productId), lang);
  const own = order.userId === actor.userId;
  const permitMissing = order.status === 'passed' || order.status === 'reviewing'
    ? await permitMissingFor(db, actor.companyId, items.some((i) => i.controlClass !== null))
    : false;
  return {
    id: order.id, orderNo: order.orderNo, status: order.status, buyerId: order.userId, buyerName,
    receiver: order.receiver, phone: order.phone, region: order.region, addressDetail: order.addressDetail,
    poNumber: order.poNumber, costCentre: order.costCentre, note: order.note,
    invoiceType: order.invoiceType, invoiceTitle: order.invoiceTitle, taxNo: order.taxNo,
    invoiceAddress: order.invoiceDetails?.address ?? '', invoicePhone: order.invoiceDetails?.phone ?? '',
    invoiceBank: order.invoiceDetails?.bank ?? '', invoiceAccount: order.invoiceDetails?.account ?? '',
    subtotal: order.subtotal, taxRate: order.taxRate, taxAmount: order.taxAmount, taxIncluded: order.taxIncluded,
    deliveryMethod: order.deliveryMethod, deliveryFee: order.deliveryFee, total: order.total, rejectReason: order.rejectReason,
    matches: (order.matchedRules as ApprovalMatch[]).map((m) => ({ kind: m.kind, text: describeMatch(lang, m) })),
    createdAt: order.createdAt.toISOString(), placedAt: order.placedAt?.toISOString() ?? null,
    fulfilment: order.fulfilment, holdReason: order.holdReason,
    items, logs, documents,
    can: {
      approve: order.status === 'reviewing' && mayDecide(actor, order),
      cancel: own && (order.status === 'reviewing' || order.status === 'passed'),
      place: own && order.status === 'passed' && !permitMissing,
      edit: own && (order.status === 'reviewing' || order.status === 'passed'),
      recart: own && actor.permissions.includes('SALE.CREATE'),
    },
    permitMissing,
  };
}
