import 'server-only';
import { and, asc, eq, isNotNull, isNull, min, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { addresses, approvalRules, companies, orderItems, productPacks, products, users, type Order } from '@/server/db/schema';
import { permissionsOfScope } from '@/server/auth/permissions';
import type { OrderActor } from '@/server/modules/orders/access';
import { cancelOrders, decideOrder, placeOrder } from '@/server/modules/orders/decide';
import { addPacksToCart } from '@/server/modules/orders/recart';
import { submitOrder } from '@/server/modules/orders/submit';
import { daysBefore } from './random';

/** Precursor (易制毒) and explosive-precursor (易制爆) chemicals by CAS number, flagged for the approval rules. */
const CONTROLLED: Record<string, 'precursor' | 'explosive'> = {
  '67-64-1': 'precursor', '108-88-3': 'precursor', '78-93-3': 'precursor', '60-29-7': 'precursor', '7664-93-9': 'precursor',
  '7647-01-0': 'precursor', '7722-64-7': 'precursor', '110-86-1': 'precursor',
  '7697-37-2': 'explosive', '7722-84-1': 'explosive', '7757-79-1': 'explosive', '7631-99-4': 'explosive', '3811-04-9': 'explosive',
  '6484-52-2': 'explosive', '7440-23-5': 'explosive', '7440-09-7': 'explosive',
};

async function actorOf(tx: Db, loginName: string): Promise<OrderActor | null> {
  const [u] = await tx.select({ id: users.id, companyId: users.companyId, name: users.name }).from(users).where(eq(users.loginName, loginName));
  return u ? { userId: u.id, companyId: u.companyId, name: u.name, permissions: permissionsOfScope('company') } : null;
}

type PackPick = { productId: number; packId: number };

async function packs(tx: Db, where: ReturnType<typeof and>, n: number): Promise<PackPick[]> {
  return tx
    .selectDistinctOn([products.id], { productId: products.id, packId: productPacks.id })
    .from(products)
    .innerJoin(productPacks, eq(productPacks.productId, products.id))
    .where(and(eq(products.active, true), where))
    .orderBy(products.id, asc(productPacks.sort), asc(productPacks.id))
    .limit(n);
}

/**
 * The demo company's approval rules and a month's orders in every state, made through the order
 * module itself (cart, submission, decisions, placing), then dated back deterministically.
 */
export async function seedOrders(tx: Db): Promise<{ orders: number }> {
  for (const [cas, kind] of Object.entries(CONTROLLED)) {
    await tx.update(products).set({ controlClass: kind }).where(eq(products.cas, cas));
  }
  const buyer = await actorOf(tx, 'buyer@demo.example.com');
  const approver = await actorOf(tx, 'approver@demo.example.com');
  const univ = await actorOf(tx, 'buyer@univ.example.com');
  if (!buyer || !approver || !univ) return { orders: 0 };

  const plain = await packs(tx, and(isNull(products.ghs), isNull(products.controlClass), sql`${products.minPrice} < 800`), 12);
  const hazardous = await packs(tx, and(isNotNull(products.ghs), isNull(products.controlClass), sql`${products.minPrice} < 800`), 3);
  const pricey = await packs(tx, and(isNull(products.controlClass), sql`${products.minPrice} >= 1500`), 3);
  if (plain.length < 12) return { orders: 0 };

  const addressOf = async (a: OrderActor) =>
    (await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.companyId, a.companyId)).orderBy(asc(addresses.id)).limit(1))[0]?.id;
  const made: { order: Pick<Order, 'id'>; daysAgo: number }[] = [];
  let key = 0;
  const order = async (a: OrderActor, lines: { pick: PackPick; num: number }[], daysAgo: number, extra: { poNumber?: string; costCentre?: string; invoiceType?: 'none' | 'ordinary' | 'special'; taxNo?: string; note?: string } = {}) => {
    const addressId = await addressOf(a);
    if (!addressId) return null;
    await addPacksToCart(tx, a, lines.map((l) => ({ ...l.pick, num: l.num })));
    const invoiceType = extra.invoiceType ?? 'none';
    const [company] = await tx.select({ name: companies.name, address: companies.address, phone: companies.phone }).from(companies).where(eq(companies.id, a.companyId));
    // Made with its own date, so that its number carries that day (ADR 0067).
    const submitted = await submitOrder(tx, a, {
      idempotencyKey: `seed-${String(++key).padStart(4, '0')}`, addressId, poNumber: extra.poNumber ?? '', costCentre: extra.costCentre ?? '',
      note: extra.note ?? '', deliveryMethod: 'standard', invoiceType, invoiceTitle: invoiceType === 'none' ? '' : company?.name ?? '', taxNo: extra.taxNo ?? '',
      // An ordinary invoice without a tax number is a public body's (a university); a special one carries the bank details.
      buyerKind: invoiceType === 'ordinary' && !extra.taxNo ? 'public' : 'enterprise',
      invoiceAddress: invoiceType === 'special' ? company?.address || '上海市徐汇区' : '', invoicePhone: invoiceType === 'special' ? company?.phone || '021-00000000' : '',
      invoiceBank: invoiceType === 'special' ? '中国工商银行上海徐汇支行' : '', invoiceAccount: invoiceType === 'special' ? '1001 2345 6789 0123' : '',
    }, daysBefore(daysAgo, 120));
    made.push({ order: submitted, daysAgo });
    return submitted;
  };

  // Older orders, before the company set its rules: placed straight away.
  const p = (i: number) => plain[i]!;
  const o1 = await order(buyer, [{ pick: p(0), num: 2 }, { pick: p(1), num: 1 }], 58, { poNumber: 'PO-2026-0901', costCentre: 'NSFC 22178001', invoiceType: 'special', taxNo: '91310104MA1FR8XK3P' });
  const o2 = await order(buyer, [{ pick: p(2), num: 5 }], 34, { poNumber: 'PO-2026-0927', invoiceType: 'ordinary' });
  const u1 = await order(univ, [{ pick: p(3), num: 1 }, { pick: p(4), num: 2 }], 41, { costCentre: '国自然 21975012' });
  const u2 = await order(univ, [{ pick: p(5), num: 3 }], 12, { costCentre: '国自然 21975012' });
  for (const [a, o] of [[buyer, o1], [buyer, o2], [univ, u1], [univ, u2]] as const) if (o) await placeOrder(tx, a, o.id);

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
  // Quantities changed by the approver, then placed.
  const o4 = await order(buyer, [{ pick: hazardous[0] ?? p(7), num: 6 }, { pick: p(8), num: 2 }], 15, { poNumber: 'PO-2026-1008', costCentre: '合成组 2026-03' });
  if (o4?.status === 'reviewing') {
    const [first] = await tx.select({ id: min(orderItems.id) }).from(orderItems).where(eq(orderItems.orderId, o4.id));
    await decideOrder(tx, approver, { id: o4.id, decision: 'approve', reason: '', changes: first?.id ? [{ itemId: first.id, num: 3 }] : [] });
    await placeOrder(tx, buyer, o4.id);
  }
  // Rejected with a reason.
  const o5 = await order(buyer, [{ pick: pricey[1] ?? p(9), num: 5 }], 10, { poNumber: 'PO-2026-1013' });
  if (o5?.status === 'reviewing') await decideOrder(tx, approver, { id: o5.id, decision: 'reject', reason: '超出本季度预算，请改用库存试剂', changes: [] });
  // Approved, waiting for the buyer to confirm.
  const o6 = await order(buyer, [{ pick: hazardous[1] ?? p(10), num: 2 }], 3, { poNumber: 'PO-2026-1020', invoiceType: 'special', taxNo: '91310104MA1FR8XK3P' });
  if (o6?.status === 'reviewing') await decideOrder(tx, approver, { id: o6.id, decision: 'approve', reason: '', changes: [] });
  // Waiting for approval: a hazardous line, and a large order.
  await order(buyer, [{ pick: hazardous[2] ?? p(11), num: 1 }, { pick: p(11), num: 2 }], 1, { poNumber: 'PO-2026-1023', note: '周五前送达' });
  await order(buyer, [{ pick: pricey[2] ?? big, num: 4 }], 0, { poNumber: 'PO-2026-1024', costCentre: 'NSFC 22178001' });

  // Dates spread over two months, deterministic; each order was made on its date (its number carries it), and
  // its decisions and timeline follow it.
  for (const { order: o, daysAgo } of made) {
    const at = daysBefore(daysAgo, 120);
    await tx.execute(sql`update orders set decided_at = case when decided_at is null then null else created_at + interval '3 hours' end,
      placed_at = case when placed_at is null then null else created_at + interval '5 hours' end where id = ${o.id}`);
    await tx.execute(sql`update order_approval_logs set created_at = ${at.toISOString()}::timestamptz + (id - (select min(id) from order_approval_logs where order_id = ${o.id})) * interval '90 minutes' where order_id = ${o.id}`);
  }
  return { orders: made.length };
}
