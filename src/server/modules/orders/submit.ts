import 'server-only';
import type { Lang } from '@/lib/lang';
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { TOTAL_MAX_CENTS } from '@/contracts/money';
import type { OrderSubmitInput } from '@/contracts/orders';
import { rowsOf, type Db } from '@/server/db/client';
import {
  addresses, approvalRules, cartItems, companyFiles, orderItems, orders, productPacks, products, users, type GhsBlock, type OrderStatus,
  type PriceRuleKind,
} from '@/server/db/schema';
import { buyerPrices } from '@/server/modules/pricing/buyer-prices';
import { AppError } from '@/server/errors';
import { isHazardous } from '@/server/modules/catalog/hazards';
import { lineAvailability } from '@/lib/availability';
import { approversOf, companyAdministrator, type OrderActor } from './access';
import { deliveryOptions } from './delivery';
import { allocateLots } from './lots';
import { centsText, GOODS_VAT_PERCENT, orderMoney, toCents } from './money';
import { evaluateRules, type ApprovalMatch } from './rules';
import { logOrderEvent } from './transition';
import { businessNowSql, businessZoneSql, numberDaySql } from '@/server/business-time';

/** Order lines written per statement: about twenty parameters each, well under the 65,535 a statement takes. */
const ORDER_ITEMS_PER_INSERT = 1_000;

/** The start of the current calendar month in the shop's time zone (China Standard Time). */
export const monthStart = () => sql`(date_trunc('month', ${businessNowSql()}) at time zone ${businessZoneSql()})`;

/** Statuses whose totals count as spending: committed (placed, passed) and pending (reviewing). */
export const SPENDING_STATUSES: OrderStatus[] = ['reviewing', 'passed', 'placed'];

export interface SubmittedOrder {
  id: number;
  orderNo: string;
  status: OrderStatus;
  total: string;
  matches: ApprovalMatch[];
  /** False when the idempotency key answered an order made before. */
  created: boolean;
}

/** Whether the company has a controlled-chemical permit on file that has not expired. */
export async function hasValidPermit(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companyFiles.id })
    .from(companyFiles)
    .where(and(
      eq(companyFiles.companyId, companyId), eq(companyFiles.kind, 'permit'),
      or(isNull(companyFiles.validUntil), gte(companyFiles.validUntil, sql`date_trunc('day', now())`)),
    ))
    .limit(1);
  return row !== undefined;
}

/**
 * Makes an order from the cart in one transaction: the order with the delivery address and invoice
 * choice, line snapshots at the buyer's prices (`buyerPrices`, with the rule that priced each), the approval rules' verdict, its first timeline row,
 * and the cart lines removed. The buyer's row is locked first (FOR NO KEY UPDATE), so that one buyer's
 * submissions run one after another while their cart and sessions stay writable: a repeated idempotency key answers the first order, and the month's spending
 * that the limit rule reads includes every earlier submission. `at`: when the order was made, if not
 * now (the demo's orders, made with their own dates): its number carries that day (ADR 0067).
 */
export async function submitOrder(db: Db, actor: OrderActor, input: OrderSubmitInput, at?: Date, lang: Lang = 'zh'): Promise<SubmittedOrder> {
  return db.transaction(async (tx) => {
    const [buyer] = await tx
      .select({ id: users.id, monthlyLimit: users.monthlyLimit })
      .from(users)
      .where(and(eq(users.id, actor.userId), eq(users.companyId, actor.companyId), eq(users.active, true)))
      // NO KEY UPDATE, not UPDATE: it orders this buyer's submissions as strictly, but leaves alone the
      // key-share locks that a row referring to the buyer takes (a cart line added meanwhile, a session).
      .for('no key update');
    if (!buyer) throw new AppError(401);

    const [existing] = await tx
      .select({ id: orders.id, orderNo: orders.orderNo, status: orders.status, total: orders.total, matches: orders.matchedRules })
      .from(orders)
      .where(and(eq(orders.userId, actor.userId), eq(orders.idempotencyKey, input.idempotencyKey)));
    if (existing) return { ...existing, matches: existing.matches as ApprovalMatch[], created: false };

    const [address] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, input.addressId), eq(addresses.companyId, actor.companyId)));
    if (!address) throw new AppError(400, 'addressNotFound', [{ field: 'addressId', message: 'addressNotFound' }]);

    const lines = await tx
      .select({
        cartId: cartItems.id, num: cartItems.num, productId: products.id, packId: productPacks.id, itemNo: products.itemNo, cas: products.cas,
        nameZh: products.nameZh, nameEn: products.nameEn, size: productPacks.size, price: productPacks.price, active: products.active,
        ghs: products.ghs, controlClass: products.controlClass, shipping: products.shipping,
      })
      .from(cartItems)
      .innerJoin(productPacks, eq(productPacks.id, cartItems.packId))
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(and(
        eq(cartItems.companyId, actor.companyId), eq(cartItems.userId, actor.userId),
        input.cartIds ? inArray(cartItems.id, input.cartIds) : undefined,
      ))
      .orderBy(cartItems.createdAt, cartItems.id);
    if (lines.length === 0) throw new AppError(400, 'cartEmpty');
    const gone = lines.filter((l) => !l.active).map((l) => l.itemNo);
    if (gone.length > 0) throw new AppError(400, 'productsUnavailable', { itemNos: gone });
    // Each line at the buyer's price when the order is made (ADR 0083), keeping the rule that priced it.
    const prices = await buyerPrices(tx, actor.companyId, lines, at);
    const priced = lines.map((l, i): OrderLineInput => {
      const p = prices[i]!;
      return { ...l, price: centsText(BigInt(p.cents)), listPrice: centsText(BigInt(p.listCents)), priceRule: p.ruleId === null || p.kind === 'list' ? null : { ruleId: p.ruleId, agreementId: p.agreementId!, kind: p.kind } };
    });

    const placed = await insertOrder(tx, actor, { buyer, address, input, lines: priced, lang, ...(at ? { at } : {}) });
    await tx.delete(cartItems).where(and(
      eq(cartItems.companyId, actor.companyId), eq(cartItems.userId, actor.userId), inArray(cartItems.id, lines.map((l) => l.cartId)),
    ));
    return placed;
  });
}

/** A line of a new order: the pack and the price the buyer pays (their agreement's or the catalogue's, or a quotation's). */
export interface OrderLineInput {
  num: number; productId: number; packId: number; itemNo: string; cas: string | null; nameZh: string; nameEn: string; size: string; price: string;
  ghs: GhsBlock | null; controlClass: typeof products.$inferSelect['controlClass']; shipping: string;
  /** The catalogue price, when known; the agreement rule that priced the line, if any (ADR 0083). */
  listPrice?: string;
  priceRule?: { ruleId: number; agreementId: number; kind: PriceRuleKind } | null;
}

/**
 * Inserts an order inside the caller's transaction (the buyer's row locked by the caller): totals and
 * tax in integer cents, the company's approval rules' verdict (reviewing or passed), the number, the
 * line snapshots and the first timeline row. Used by the cart's submission and a quotation's conversion.
 */
export async function insertOrder(
  tx: Db, actor: OrderActor,
  src: {
    buyer: { monthlyLimit: string | null }; address: typeof addresses.$inferSelect; input: Omit<OrderSubmitInput, 'cartIds'>; lines: OrderLineInput[]; quoteNo?: string;
    /** When the order was made, if not now (a demo order made with its own date): its number carries that day. */
    at?: Date;
    /** The language the buyer placed it in (its shipment mails are written in it). */
    lang?: Lang;
  },
): Promise<SubmittedOrder> {
  const { buyer, address, input, lines } = src;
  const subtotal = lines.reduce((sum, l) => sum + toCents(l.price) * BigInt(l.num), 0n);
  const delivery = deliveryOptions({ subtotal, lines: lines.map((l) => ({ hazardous: isHazardous(l.ghs), shipping: l.shipping })) })
    .find((o) => o.method === input.deliveryMethod);
  if (!delivery || delivery.unavailable) {
    throw new AppError(400, 'deliveryUnavailable', [{ field: 'deliveryMethod', message: delivery?.unavailable ?? 'deliveryUnavailable' }]);
  }
  // Prices include VAT whatever the invoice (ADR 0065): the invoice type changes what the buyer gives, never the total.
  const percent = GOODS_VAT_PERCENT;
  const { tax, total } = orderMoney({ subtotal, deliveryFee: delivery.fee, taxIncluded: true, percent });
  // Each line and the total within TOTAL_MAX_CENTS: the order's numeric(12,2) columns hold them.
  if (total > BigInt(TOTAL_MAX_CENTS)) throw new AppError(400, 'totalTooLarge');

  const rules = await tx
    .select({ kind: approvalRules.kind, amount: approvalRules.amount, requirePermit: approvalRules.requirePermit, active: approvalRules.active })
    .from(approvalRules)
    .where(eq(approvalRules.companyId, actor.companyId));
  // The month's spending is read only when a limit applies to this buyer.
  const limitApplies = buyer.monthlyLimit !== null && rules.some((r) => r.kind === 'monthly_limit' && r.active);
  const [spent] = limitApplies
    ? await tx
        .select({ total: sql<string>`coalesce(sum(${orders.total}), 0)::numeric(20,2)::text` })
        .from(orders)
        .where(and(
          eq(orders.companyId, actor.companyId), eq(orders.userId, actor.userId),
          inArray(orders.status, SPENDING_STATUSES), gte(orders.createdAt, monthStart()),
        ))
    : [{ total: '0' }];
  const ruleLines = lines.map((l) => ({ itemNo: l.itemNo, hazardous: isHazardous(l.ghs), controlClass: l.controlClass }));
  const outcome = evaluateRules({
    rules, total, lines: ruleLines, monthSpent: toCents(spent?.total ?? '0'),
    monthlyLimit: buyer.monthlyLimit === null ? null : toCents(buyer.monthlyLimit),
  });
  const status: OrderStatus = outcome.matches.length > 0 ? 'reviewing' : 'passed';
  let approverId: number | null = null;
  if (status === 'reviewing' && (await approversOf(tx, actor.companyId, actor.userId)).length === 0) {
    approverId = (await companyAdministrator(tx, actor.companyId))?.id ?? null;
  }

  const [numbered] = rowsOf<{ no: string }>(await tx.execute(sql`
    select 'SO' || ${numberDaySql(src.at, 'YYMMDD')} || lpad(n::text, greatest(6, length(n::text)), '0') as no
    from (select nextval('order_no_seq') as n) s`));
  if (!numbered) throw new AppError(500);

  const [order] = await tx
    .insert(orders)
    .values({
      orderNo: numbered.no, companyId: actor.companyId, userId: actor.userId, status, idempotencyKey: input.idempotencyKey, lang: src.lang ?? 'zh',
      addressId: address.id, receiver: address.receiver, phone: address.phone, region: address.region, addressDetail: address.detail,
      poNumber: input.poNumber, costCentre: input.costCentre, note: input.note,
      invoiceType: input.invoiceType,
      invoiceTitle: input.invoiceType === 'none' ? '' : input.invoiceTitle,
      taxNo: input.invoiceType === 'none' ? '' : input.taxNo,
      invoiceDetails: input.invoiceType === 'none' ? null : {
        buyerKind: input.buyerKind, address: input.invoiceAddress, phone: input.invoicePhone, bank: input.invoiceBank, account: input.invoiceAccount,
      },
      subtotal: centsText(subtotal), taxRate: `${percent}`, taxAmount: centsText(tax), taxIncluded: true,
      deliveryMethod: input.deliveryMethod, deliveryFee: centsText(delivery.fee), total: centsText(total),
      lineCount: lines.length, matchedRules: outcome.matches, approverId, ...(src.at ? { createdAt: src.at, updatedAt: src.at } : {}),
    })
    .returning({ id: orders.id, orderNo: orders.orderNo });
  if (!order) throw new AppError(500);
  const lots = await allocateLots(tx, lines);
  const backorders = await backordersOf(tx, lines);
  const rows = lines.map((l, i) => ({
    orderId: order.id, companyId: actor.companyId, productId: l.productId, packId: l.packId, itemNo: l.itemNo, cas: l.cas,
    nameZh: l.nameZh, nameEn: l.nameEn, size: l.size, unitPrice: l.price, num: l.num,
    lineTotal: centsText(toCents(l.price) * BigInt(l.num)), hazardous: ruleLines[i]!.hazardous, controlClass: l.controlClass,
    lotNo: lots[i] ?? null, ...backorders[i], listPrice: l.listPrice ?? null,
    priceAgreementId: l.priceRule?.agreementId ?? null, priceRuleId: l.priceRule?.ruleId ?? null, priceKind: l.priceRule?.kind ?? null,
  }));
  // In slices: one statement takes at most 65,535 parameters, about 3,000 lines of an order.
  for (let at = 0; at < rows.length; at += ORDER_ITEMS_PER_INSERT) await tx.insert(orderItems).values(rows.slice(at, at + ORDER_ITEMS_PER_INSERT));
  await logOrderEvent(tx, {
    orderId: order.id, companyId: actor.companyId, actor: { userId: actor.userId, name: actor.name }, action: 'submit',
    toStatus: status, data: { matches: outcome.matches, ...(src.quoteNo ? { quoteNo: src.quoteNo } : {}) },
  });
  return { id: order.id, orderNo: order.orderNo, status, total: centsText(total), matches: outcome.matches, created: true };
}

/**
 * What the pack's stock lacks of each line (by position) at submission and the pack's lead time for it, by
 * the one availability rule (`lineAvailability`): recorded on the line, never recomputed from later stock.
 */
async function backordersOf(tx: Db, lines: readonly { packId: number; num: number }[]): Promise<{ backorderQty: number; leadTimeDays: number }[]> {
  const packs = await tx
    .select({ id: productPacks.id, stock: productPacks.stock, leadTimeDays: productPacks.leadTimeDays })
    .from(productPacks)
    .where(inArray(productPacks.id, [...new Set(lines.map((l) => l.packId))]));
  const byId = new Map(packs.map((k) => [k.id, k]));
  return lines.map((l) => {
    const a = lineAvailability(byId.get(l.packId) ?? { stock: 0, leadTimeDays: 0 }, l.num);
    return a.kind === 'inStock' ? { backorderQty: 0, leadTimeDays: 0 } : { backorderQty: a.shortBy, leadTimeDays: a.leadTimeDays };
  });
}
