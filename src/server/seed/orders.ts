import 'server-only';
import { and, asc, eq, isNotNull, isNull, min, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { addresses, approvalRules, companies, orderItems, productPacks, products, users, type Order } from '@/server/db/schema';
import { permissionsOfScope } from '@/server/auth/permissions';
import type { OrderActor } from '@/server/modules/orders/access';
import { cancelOrders, decideOrder, placeOrder } from '@/server/modules/orders/decide';
import { addPacksToCart } from '@/server/modules/orders/recart';
import { submitOrder } from '@/server/modules/orders/submit';
import { businessNowSql } from '@/server/business-time';
import { CONTROLLED } from './controlled';
import { daysBefore } from './random';


export async function actorOf(tx: Db, loginName: string): Promise<OrderActor | null> {
  const [u] = await tx.select({ id: users.id, companyId: users.companyId, name: users.name }).from(users).where(eq(users.loginName, loginName));
  return u ? { userId: u.id, companyId: u.companyId, name: u.name, permissions: permissionsOfScope('company') } : null;
}

type PackPick = { productId: number; packId: number };

/** A pack's units in lots usable today (in stock, not expired), as allocation reads them. */
const usableStock = sql`(select coalesce(sum(l.quantity), 0) from product_lots l where l.pack_id = ${productPacks.id} and l.quantity > 0
  and (l.expires_on is null or l.expires_on >= (${businessNowSql()})::date))`;

async function packs(tx: Db, where: ReturnType<typeof and>, n: number): Promise<PackPick[]> {
  return tx
    .selectDistinctOn([products.id], { productId: products.id, packId: productPacks.id })
    .from(products)
    .innerJoin(productPacks, eq(productPacks.productId, products.id))
    .where(and(eq(products.active, true), where))
    .orderBy(products.id, asc(productPacks.sort), asc(productPacks.id))
    .limit(n);
}

/** The demo's orders as the fulfilment step (seed/fulfilment.ts) finds them, by what they show. */
export interface DemoOrders {
  /** Delivered; its blue invoice is paid. */
  delivered: number;
  /** Shipped in full; its blue invoice is half paid. */
  shipped: number;
  /** Partly shipped. */
  partlyShipped: number;
  /** Backordered, with an open blue invoice and a red-letter one after its complaint's refund. */
  backorderedInvoiced: number;
}

/** When an order was made: its day before the demo's base date, two hours before that day's end unless `minutes` says otherwise. */
export const orderDate = (daysAgo: number, minutes = 120) => daysBefore(daysAgo, minutes);

/**
 * Dates an order's decisions and timeline after it was made (on its date, with its number carrying it): decided three
 * hours later, placed five, the timeline's rows 90 minutes apart. Run before anything else happens to the order.
 */
export async function dateOrderSteps(tx: Db, orderId: number, at: Date): Promise<void> {
  await tx.execute(sql`update orders set decided_at = case when decided_at is null then null else created_at + interval '3 hours' end,
    placed_at = case when placed_at is null then null else created_at + interval '5 hours' end where id = ${orderId}`);
  await tx.execute(sql`update order_approval_logs set created_at = ${at.toISOString()}::timestamptz + (id - (select min(id) from order_approval_logs where order_id = ${orderId})) * interval '90 minutes' where order_id = ${orderId}`);
}

type Extra = { poNumber?: string; costCentre?: string; invoiceType?: 'none' | 'ordinary' | 'special'; taxNo?: string; note?: string };

/** Makes an order of the actor's cart lines through the module's submission, made on its own date. */
export async function demoOrder(tx: Db, a: OrderActor, lines: { pick: PackPick; num: number }[], at: Date, key: string, extra: Extra = {}) {
  const [address] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.companyId, a.companyId)).orderBy(asc(addresses.id)).limit(1);
  if (!address) return null;
  await addPacksToCart(tx, a, lines.map((l) => ({ ...l.pick, num: l.num })));
  const invoiceType = extra.invoiceType ?? 'none';
  const [company] = await tx.select({ name: companies.name, address: companies.address, phone: companies.phone }).from(companies).where(eq(companies.id, a.companyId));
  // Made with its own date, so that its number carries that day (ADR 0067).
  return submitOrder(tx, a, {
    idempotencyKey: key, addressId: address.id, poNumber: extra.poNumber ?? '', costCentre: extra.costCentre ?? '',
    note: extra.note ?? '', deliveryMethod: 'standard', invoiceType, invoiceTitle: invoiceType === 'none' ? '' : company?.name ?? '', taxNo: extra.taxNo ?? '',
    // An ordinary invoice without a tax number is a public body's (a university); a special one carries the bank details.
    buyerKind: invoiceType === 'ordinary' && !extra.taxNo ? 'public' : 'enterprise',
    invoiceAddress: invoiceType === 'special' ? company?.address || '上海市徐汇区' : '', invoicePhone: invoiceType === 'special' ? company?.phone || '021-00000000' : '',
    invoiceBank: invoiceType === 'special' ? '中国工商银行上海徐汇支行' : '', invoiceAccount: invoiceType === 'special' ? '1001 2345 6789 0123' : '',
  }, at);
}

/** A plain pack (no hazard, not controlled, under ¥800) for the demo buyer's newest order, the one finance holds (seed/fulfilment.ts). */
export async function heldOrderPack(tx: Db): Promise<PackPick | null> {
  const [pick] = await packs(tx, and(isNull(products.ghs), isNull(products.controlClass), sql`${products.minPrice} < 800`), 1);
  return pick ?? null;
}

const TAX_NO = '91310104MA1FR8XK3P';

/**
 * The demo company's approval rules and two months' orders in every state, made through the order module itself
 * (cart, submission, decisions, placing — which allocates what the lots hold), then dated back deterministically.
 * The placed ones are chosen to show the warehouse's work: lines of packs in stock (allocated on placing, shipped
 * later) or of packs with no usable stock (backordered). Their shipments, invoices and payments follow in
 * seed/fulfilment.ts.
 */
export async function seedOrders(tx: Db): Promise<{ orders: number; demo: DemoOrders | null }> {
  for (const [cas, kind] of Object.entries(CONTROLLED)) {
    await tx.update(products).set({ controlClass: kind }).where(eq(products.cas, cas));
  }
  const buyer = await actorOf(tx, 'buyer@demo.example.com');
  const approver = await actorOf(tx, 'approver@demo.example.com');
  const univ = await actorOf(tx, 'buyer@univ.example.com');
  if (!buyer || !approver || !univ) return { orders: 0, demo: null };

  const plainWhere = and(isNull(products.ghs), isNull(products.controlClass), sql`${products.minPrice} < 800`);
  const plain = await packs(tx, plainWhere, 12);
  // Packs the lots hold five units of (allocated on placing), and packs with none (backordered).
  const stocked = await packs(tx, and(isNull(products.ghs), isNull(products.controlClass), sql`${productPacks.price} < 3000`, sql`${usableStock} >= 5`), 7);
  const unstocked = await packs(tx, and(plainWhere, sql`${usableStock} = 0`), 4);
  const hazardous = await packs(tx, and(isNotNull(products.ghs), isNull(products.controlClass), sql`${products.minPrice} < 800`), 3);
  const pricey = await packs(tx, and(isNull(products.controlClass), sql`${products.minPrice} >= 1500`), 3);
  if (plain.length < 12 || stocked.length < 7 || unstocked.length < 4) return { orders: 0, demo: null };

  const made: { order: Pick<Order, 'id'>; at: Date }[] = [];
  let key = 0;
  const order = async (a: OrderActor, lines: { pick: PackPick; num: number }[], daysAgo: number, extra: Extra = {}) => {
    const at = orderDate(daysAgo);
    const submitted = await demoOrder(tx, a, lines, at, `seed-${String(++key).padStart(4, '0')}`, extra);
    if (submitted) made.push({ order: submitted, at });
    return submitted;
  };
  const p = (i: number) => plain[i]!;
  const inStock = (i: number) => stocked[i]!;
  const noStock = (i: number) => unstocked[i]!;

  // Older orders, before the company set its rules: placed straight away. The first is delivered, the second shipped,
  // the university's first waits for stock (backordered), its second is partly shipped.
  const o1 = await order(buyer, [{ pick: inStock(0), num: 2 }, { pick: inStock(1), num: 1 }], 58, { poNumber: 'PO-2026-0901', costCentre: 'NSFC 22178001', invoiceType: 'special', taxNo: TAX_NO });
  const u1 = await order(univ, [{ pick: noStock(0), num: 1 }, { pick: noStock(1), num: 2 }], 41, { costCentre: '国自然 21975012', invoiceType: 'ordinary' });
  const o2 = await order(buyer, [{ pick: inStock(2), num: 4 }], 34, { poNumber: 'PO-2026-0927', invoiceType: 'ordinary', taxNo: TAX_NO });
  const u2 = await order(univ, [{ pick: inStock(3), num: 3 }], 12, { costCentre: '国自然 21975012' });
  for (const [a, o] of [[buyer, o1], [univ, u1], [buyer, o2], [univ, u2]] as const) if (o) await placeOrder(tx, a, o.id);

  await tx
    .insert(approvalRules)
    .values([
      { companyId: buyer.companyId, kind: 'total_above', amount: '5000.00' },
      { companyId: buyer.companyId, kind: 'hazardous' },
      { companyId: buyer.companyId, kind: 'controlled', requirePermit: true },
      { companyId: buyer.companyId, kind: 'monthly_limit' },
    ])
    .onConflictDoNothing();
  await tx.update(users).set({ monthlyLimit: '20000.00' }).where(and(eq(users.id, buyer.userId), isNull(users.monthlyLimit)));

  // Cancelled by the buyer while it waited.
  const big = pricey[0] ?? p(6);
  const o3 = await order(buyer, [{ pick: big, num: 4 }], 20, { poNumber: 'PO-2026-1003' });
  if (o3) await cancelOrders(tx, buyer, [o3.id]);
  // Quantities changed by the approver, then placed; its plain line has no stock (backordered).
  const o4 = await order(buyer, [{ pick: hazardous[0] ?? p(7), num: 6 }, { pick: noStock(2), num: 2 }], 15, { poNumber: 'PO-2026-1008', costCentre: '合成组 2026-03' });
  if (o4?.status === 'reviewing') {
    const [first] = await tx.select({ id: min(orderItems.id) }).from(orderItems).where(eq(orderItems.orderId, o4.id));
    await decideOrder(tx, approver, { id: o4.id, decision: 'approve', reason: '', changes: first?.id ? [{ itemId: first.id, num: 3 }] : [] });
    await placeOrder(tx, buyer, o4.id);
  }
  // Rejected with a reason.
  const o5 = await order(buyer, [{ pick: pricey[1] ?? p(9), num: 5 }], 10, { poNumber: 'PO-2026-1013' });
  if (o5?.status === 'reviewing') await decideOrder(tx, approver, { id: o5.id, decision: 'reject', reason: '超出本季度预算，请改用库存试剂', changes: [] });
  // Within the rules, placed straight away: one waiting for stock, two allocated and ready to ship (one asks for an invoice).
  const o7 = await order(buyer, [{ pick: noStock(3), num: 3 }], 8, { poNumber: 'PO-2026-1015' });
  const o8 = await order(buyer, [{ pick: inStock(4), num: 1 }, { pick: inStock(5), num: 1 }], 6, { poNumber: 'PO-2026-1017', costCentre: '分析组 2026-04', invoiceType: 'ordinary', taxNo: TAX_NO });
  const o9 = await order(buyer, [{ pick: inStock(6), num: 2 }], 4, { poNumber: 'PO-2026-1018' });
  for (const o of [o7, o8, o9]) {
    // One above the company's approval amount is approved first.
    if (o?.status === 'reviewing') await decideOrder(tx, approver, { id: o.id, decision: 'approve', reason: '', changes: [] });
    if (o) await placeOrder(tx, buyer, o.id);
  }
  // Approved, waiting for the buyer to confirm.
  const o6 = await order(buyer, [{ pick: hazardous[1] ?? p(10), num: 2 }], 3, { poNumber: 'PO-2026-1020', invoiceType: 'special', taxNo: TAX_NO });
  if (o6?.status === 'reviewing') await decideOrder(tx, approver, { id: o6.id, decision: 'approve', reason: '', changes: [] });
  // Waiting for approval: a hazardous line, and a large order.
  await order(buyer, [{ pick: hazardous[2] ?? p(11), num: 1 }, { pick: p(11), num: 2 }], 1, { poNumber: 'PO-2026-1023', note: '周五前送达' });
  await order(buyer, [{ pick: pricey[2] ?? big, num: 4 }], 0, { poNumber: 'PO-2026-1024', costCentre: 'NSFC 22178001' });

  // Dates spread over two months, deterministic; each order was made on its date (its number carries it), and
  // its decisions and timeline follow it.
  for (const { order: o, at } of made) await dateOrderSteps(tx, o.id, at);
  const demo = o1 && o2 && u1 && u2 ? { delivered: o1.id, shipped: o2.id, partlyShipped: u2.id, backorderedInvoiced: u1.id } : null;
  return { orders: made.length, demo };
}
