import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ControlClass } from '@/contracts/hazards';
import type { MyShipmentsDto, OrderShipmentsDto, ShipmentDto, ShipmentInput, ShippableDto } from '@/contracts/shipments';
import type { Lang } from '@/lib/lang';
import { needsColdChain, retainUntil, shipmentHandling, shipmentProblems, trackingLink, type ShipmentProblem } from '@/lib/shipment-handling';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import { businessDay, numberDaySql } from '@/server/business-time';
import { rowsOf, type Db } from '@/server/db/client';
import { stampOf } from '@/server/db/keyset';
import { carriers, orderAllocations, shipmentLines, shipments, type FulfilmentStatus, type OrderStatus } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { containersFromShipment } from '@/server/modules/inventory/deliveries';
import type { OrderActor } from './access';
import { visibleOrders } from './access';
import { orderVisibleToStaff } from './admin-queries';
import { coaUrls } from './lots';
import { transitionOrder } from './transition';

/**
 * Shipments of the order desk (ADR 0074): staff (ORDER.FULFIL, within the desk's scope) ship some or all of
 * an order's allocated units with a carrier the lines allow (`shipmentProblems`, one rule for every route),
 * the buyer or staff confirm receipt; each change moves the order's fulfilment through `transitionOrder`.
 */

export interface OrderRef { id: number; orderNo: string; companyId: number; userId: number; status: OrderStatus; fulfilment: FulfilmentStatus; lang: Lang }

interface OrderRow { id: number; order_no: string; company_id: number; user_id: number; status: OrderStatus; fulfilment: FulfilmentStatus; lang: string }
const toRef = (r: OrderRow): OrderRef => ({
  id: Number(r.id), orderNo: r.order_no, companyId: Number(r.company_id), userId: Number(r.user_id), status: r.status, fulfilment: r.fulfilment, lang: r.lang === 'en' ? 'en' : 'zh',
});

/** An order the staff member sees (404 `orderNotFound` otherwise, as for one that does not exist). */
export async function staffOrder(db: Db, actor: ScopedStaff, id: number): Promise<OrderRef> {
  const [row] = rowsOf<OrderRow>(await db.execute(sql`
    select o.id, o.order_no, o.company_id, o.user_id, o.status, o.fulfilment, o.lang from orders o where o.id = ${id} and ${orderVisibleToStaff(actor)}`));
  if (!row) throw new AppError(404, 'orderNotFound');
  return toRef(row);
}

/** An order the customer sees (their own, or the company's with ORDER.APPROVE; the company in the query). */
export async function customerOrder(db: Db, actor: OrderActor, id: number): Promise<OrderRef> {
  const [row] = rowsOf<OrderRow>(await db.execute(sql`
    select id, order_no, company_id, user_id, status, fulfilment, lang from orders where id = ${id} and ${visibleOrders(actor)}`));
  if (!row) throw new AppError(404, 'orderNotFound');
  return toRef(row);
}

interface ShipmentRow {
  id: number; shipment_no: string; order_id: number; carrier_id: number; name_zh: string; name_en: string; tracking_url: string; tracking_no: string;
  status: 'shipped' | 'delivered'; dangerous_goods: boolean; cold_chain: boolean; controlled: boolean; buyer_licence: string; transport_filing: string;
  retain_until: string | null; note: string; staff_name: string | null; shipped: string; delivered: string | null; delivered_by: string | null;
}
interface LineRow {
  id: number; shipment_id: number; allocation_id: number; order_item_id: number; item_no: string; name_zh: string; name_en: string; size: string;
  lot_no: string; quantity: number; hazardous: boolean; storage: string | null; shipping: string | null; control_class: ControlClass | null; product_id: number;
}

/** The order's shipments, oldest first, with their lines, in the reader's language. */
export async function shipmentsOf(db: Db, orderId: number, lang: Lang, only?: number): Promise<ShipmentDto[]> {
  const rows = rowsOf<ShipmentRow>(await db.execute(sql`
    select s.id, s.shipment_no, s.order_id, s.carrier_id, c.name_zh, c.name_en, c.tracking_url, s.tracking_no, s.status, s.dangerous_goods, s.cold_chain,
      s.controlled, s.buyer_licence, s.transport_filing, s.retain_until::text as retain_until, s.note, st.name as staff_name,
      ${stampOf(sql`s.shipped_at`)} as shipped, case when s.delivered_at is null then null else ${stampOf(sql`s.delivered_at`)} end as delivered,
      coalesce(du.name, ds.name) as delivered_by
    from shipments s join carriers c on c.id = s.carrier_id left join staff st on st.id = s.staff_id
      left join users du on du.id = s.delivered_by_user_id left join staff ds on ds.id = s.delivered_by_staff_id
    where s.order_id = ${orderId} ${only ? sql`and s.id = ${only}` : sql``} order by s.id`));
  if (rows.length === 0) return [];
  const lines = rowsOf<LineRow>(await db.execute(sql`
    select l.id, l.shipment_id, l.allocation_id, l.order_item_id, i.item_no, i.name_zh, i.name_en, i.size, l.lot_no, l.quantity, i.hazardous,
      p.storage, p.shipping, i.control_class, i.product_id
    from shipment_lines l join order_items i on i.id = l.order_item_id left join products p on p.id = i.product_id
    where l.shipment_id in ${sql`(${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})`} order by l.shipment_id, i.id, l.lot_no`));
  const coas = await coaUrls(db, lines.map((l) => ({ productId: Number(l.product_id), lotNo: l.lot_no })));
  return rows.map((r) => ({
    id: Number(r.id), shipmentNo: r.shipment_no, orderId: Number(r.order_id), carrierId: Number(r.carrier_id),
    carrierName: lang === 'en' ? r.name_en : r.name_zh, trackingNo: r.tracking_no, trackingLink: trackingLink(r.tracking_url, r.tracking_no),
    status: r.status, dangerousGoods: Boolean(r.dangerous_goods), coldChain: Boolean(r.cold_chain), controlled: Boolean(r.controlled),
    buyerLicence: r.buyer_licence, transportFiling: r.transport_filing, retainUntil: r.retain_until, note: r.note, staffName: r.staff_name ?? '',
    shippedAt: r.shipped, deliveredAt: r.delivered, deliveredBy: r.delivered_by ?? '',
    lines: lines.filter((l) => Number(l.shipment_id) === Number(r.id)).map((l) => ({
      id: Number(l.id), allocationId: Number(l.allocation_id), orderItemId: Number(l.order_item_id), itemNo: l.item_no,
      name: lang === 'en' ? l.name_en : l.name_zh, size: l.size, lotNo: l.lot_no, quantity: Number(l.quantity), hazardous: Boolean(l.hazardous),
      coldChain: needsColdChain({ storage: l.storage ?? 'rt', shipping: l.shipping ?? 'ambient' }), controlClass: l.control_class,
      coaUrl: coas.get(`${l.product_id}:${l.lot_no}`) ?? null,
    })),
  }));
}

interface ShippableRow {
  allocation_id: number; order_item_id: number; item_no: string; name_zh: string; name_en: string; size: string; lot_no: string; quantity: number; shipped: number;
  hazardous: boolean; storage: string | null; shipping: string | null; control_class: ControlClass | null;
}

const SHIPPABLE = sql`select a.id as allocation_id, a.order_item_id, i.item_no, i.name_zh, i.name_en, i.size, a.lot_no, a.quantity, a.shipped,
  i.hazardous, p.storage, p.shipping, i.control_class
  from order_allocations a join order_items i on i.id = a.order_item_id left join products p on p.id = i.product_id`;

const toShippable = (r: ShippableRow, lang: Lang): ShippableDto => ({
  allocationId: Number(r.allocation_id), orderItemId: Number(r.order_item_id), itemNo: r.item_no, name: lang === 'en' ? r.name_en : r.name_zh, size: r.size,
  lotNo: r.lot_no, allocated: Number(r.quantity), shipped: Number(r.shipped), remaining: Number(r.quantity) - Number(r.shipped),
  hazardous: Boolean(r.hazardous), storage: r.storage ?? 'rt', shipping: r.shipping ?? 'ambient', controlClass: r.control_class,
});

/** The order's allocations with units still to ship, by line and lot. */
async function shippableOf(db: Db, orderId: number, lang: Lang): Promise<ShippableDto[]> {
  const rows = rowsOf<ShippableRow>(await db.execute(sql`${SHIPPABLE} where a.order_id = ${orderId} and a.shipped < a.quantity and not i.cancelled order by i.id, a.lot_no`));
  return rows.map((r) => toShippable(r, lang));
}

/** The order's shipments as staff read them, what may still ship, and the buyer's permit and last licence number for controlled lines. */
export async function getOrderShipments(db: Db, actor: ScopedStaff, id: number, lang: Lang): Promise<OrderShipmentsDto> {
  const order = await staffOrder(db, actor, id);
  const [list, shippable, permits, licences] = await Promise.all([
    shipmentsOf(db, id, lang),
    shippableOf(db, id, lang),
    db.execute(sql`select f.file_name, f.permit_no, case when f.valid_until is null then null else to_char(f.valid_until, 'YYYY-MM-DD') end as valid_until from company_files f
      where f.company_id = ${order.companyId} and f.kind = 'permit' and (f.valid_until is null or f.valid_until >= now()) order by f.created_at desc, f.id desc limit 1`),
    db.execute(sql`select s.buyer_licence from shipments s where s.company_id = ${order.companyId} and s.controlled and s.buyer_licence <> '' order by s.id desc limit 1`),
  ]);
  const permit = rowsOf<{ file_name: string; permit_no: string; valid_until: string | null }>(permits)[0];
  return {
    orderId: id, orderStatus: order.status, fulfilment: order.fulfilment, shipments: list, shippable,
    permit: permit ? { fileName: permit.file_name, permitNo: permit.permit_no, validUntil: permit.valid_until } : null,
    lastBuyerLicence: rowsOf<{ buyer_licence: string }>(licences)[0]?.buyer_licence ?? '',
  };
}

/** The problems of `shipmentProblems` as the error envelope's fields. */
const PROBLEM_FIELD: Record<ShipmentProblem, string> = {
  carrierInactive: 'carrierId', needsDangerousGoods: 'carrierId', needsColdChain: 'carrierId', buyerLicenceRequired: 'buyerLicence', transportFilingRequired: 'transportFiling',
};

export interface ShipmentMade { shipment: ShipmentDto; order: OrderRef }

/**
 * Ships units of the order's allocations in one transaction: the allocation rows locked, each quantity
 * within what is left of its allocation (`quantity - shipped`), the carrier and filings checked by the one
 * rule, the shipment numbered DN + the business day + six digits, the allocations' shipped counts raised,
 * the order's fulfilment moved (`transitionOrder` fulfil) and an audit row under the order. `at`: when it
 * left, if not now (the demo's shipments, made with their own dates): its number and dates carry that day.
 */
export async function createShipment(
  db: Db, actor: ScopedStaff & { audit: AuditActor; name: string }, input: ShipmentInput, lang: Lang, at?: Date,
): Promise<ShipmentMade> {
  const order = await staffOrder(db, actor, input.id);
  const id = await db.transaction(async (tx) => {
    const [carrier] = await tx.select().from(carriers).where(eq(carriers.id, input.carrierId));
    if (!carrier) throw new AppError(400, 'validation', [{ field: 'carrierId', message: 'carrierNotFound' }]);
    const ids = input.lines.map((l) => l.allocationId);
    const locked = await tx.select({ id: orderAllocations.id }).from(orderAllocations)
      .where(and(eq(orderAllocations.orderId, order.id), inArray(orderAllocations.id, ids))).orderBy(orderAllocations.id).for('update');
    if (locked.length !== ids.length) throw new AppError(400, 'validation', [{ field: 'lines', message: 'shipmentAllocationUnknown' }]);
    const rows = rowsOf<ShippableRow>(await tx.execute(sql`${SHIPPABLE} where a.order_id = ${order.id} and a.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) and not i.cancelled`));
    const byId = new Map(rows.map((r) => [Number(r.allocation_id), toShippable(r, lang)]));
    const over = input.lines.filter((l) => { const a = byId.get(l.allocationId); return !a || l.quantity > a.remaining; });
    if (over.length > 0) {
      throw new AppError(409, 'shipmentOverAllocated', { lines: over.map((l) => ({ allocationId: l.allocationId, remaining: byId.get(l.allocationId)?.remaining ?? 0 })) });
    }
    const lines = input.lines.map((l) => byId.get(l.allocationId)!);
    const problems = shipmentProblems(lines, carrier, input);
    if (problems.length > 0) throw new AppError(400, 'validation', problems.map((p) => ({ field: PROBLEM_FIELD[p], message: `shipment_${p}` })));
    const handling = shipmentHandling(lines);

    const [numbered] = rowsOf<{ no: string }>(await tx.execute(sql`
      select 'DN' || ${numberDaySql(at, 'YYMMDD')} || lpad(n::text, greatest(6, length(n::text)), '0') as no
      from (select nextval('shipment_no_seq') as n) s`));
    if (!numbered) throw new AppError(500);
    const day = businessDay(at ?? new Date());
    const [made] = await tx.insert(shipments).values({
      shipmentNo: numbered.no, orderId: order.id, companyId: order.companyId, carrierId: carrier.id, trackingNo: input.trackingNo,
      coldChain: handling.coldChain, dangerousGoods: handling.dangerousGoods, controlled: handling.controlled,
      buyerLicence: handling.controlled ? input.buyerLicence : '', transportFiling: handling.controlled ? input.transportFiling : '',
      retainUntil: handling.controlled ? retainUntil(day) : null, note: input.note, staffId: actor.staffId,
      ...(at ? { shippedAt: at } : {}),
    }).returning({ id: shipments.id });
    if (!made) throw new AppError(500);
    await tx.insert(shipmentLines).values(input.lines.map((l) => ({
      shipmentId: made.id, allocationId: l.allocationId, orderItemId: byId.get(l.allocationId)!.orderItemId, lotNo: byId.get(l.allocationId)!.lotNo, quantity: l.quantity,
    })));
    for (const l of input.lines) {
      await tx.update(orderAllocations).set({ shipped: sql`${orderAllocations.shipped} + ${l.quantity}`, updatedAt: sql`now()` }).where(eq(orderAllocations.id, l.allocationId));
    }
    const moved = await transitionOrder(tx, {
      orderId: order.id, companyId: order.companyId, action: 'fulfil', actor: { userId: null, name: actor.name },
      data: { shipmentNo: numbered.no, carrierZh: carrier.nameZh, carrierEn: carrier.nameEn, trackingNo: input.trackingNo }, ...(at ? { at } : {}),
    });
    await recordAudit(tx, actor.audit, {
      action: 'ship', entity: 'order', entityId: order.id, companyId: order.companyId,
      after: {
        shipmentNo: numbered.no, carrier: carrier.code, trackingNo: input.trackingNo, units: input.lines.reduce((s, l) => s + l.quantity, 0),
        lots: lines.map((l, i) => `${l.itemNo} ${l.lotNo} ×${input.lines[i]!.quantity}`), fulfilment: moved.fulfilment,
        ...(handling.controlled ? { buyerLicence: input.buyerLicence, transportFiling: input.transportFiling } : {}),
      },
      ...(input.note ? { note: { note: input.note } } : {}),
    });
    return made.id;
  });
  const [shipment] = await shipmentsOf(db, order.id, lang, id);
  return { shipment: shipment!, order };
}

/** Who confirms a delivery: the buyer's user, or a staff member recording it. */
export type Receiver = { kind: 'user'; userId: number; name: string; audit: AuditActor } | { kind: 'staff'; staffId: number; name: string; audit: AuditActor };

/**
 * Marks a shipped shipment of the order delivered (409 `shipmentDelivered` when it already is) and moves the
 * order's fulfilment, in one transaction with its audit row and the containers of its units on the buyer's shelf. The order was found in the caller's scope.
 * `at`: when it was received, if not now (the demo's receipts).
 */
export async function deliverShipment(db: Db, order: OrderRef, shipmentId: number, who: Receiver, lang: Lang, at?: Date): Promise<ShipmentDto> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: shipments.id, no: shipments.shipmentNo, status: shipments.status }).from(shipments)
      .where(and(eq(shipments.id, shipmentId), eq(shipments.orderId, order.id), eq(shipments.companyId, order.companyId))).for('update');
    if (!row) throw new AppError(404, 'shipmentNotFound');
    if (row.status !== 'shipped') throw new AppError(409, 'shipmentDelivered');
    await tx.update(shipments).set({
      status: 'delivered', deliveredAt: at ?? sql`now()`,
      deliveredByUserId: who.kind === 'user' ? who.userId : null, deliveredByStaffId: who.kind === 'staff' ? who.staffId : null,
    }).where(eq(shipments.id, row.id));
    const moved = await transitionOrder(tx, {
      orderId: order.id, companyId: order.companyId, action: 'fulfil', actor: { userId: who.kind === 'user' ? who.userId : null, name: who.name },
      data: { shipmentNo: row.no, delivered: true }, ...(at ? { at } : {}),
    });
    await recordAudit(tx, who.audit, {
      action: 'deliver', entity: 'order', entityId: order.id, companyId: order.companyId,
      before: { shipmentNo: row.no, shipmentStatus: 'shipped' }, after: { shipmentNo: row.no, shipmentStatus: 'delivered', fulfilment: moved.fulfilment },
    });
    // Each delivered unit joins the buyer company's shelf (ADR 0089).
    await containersFromShipment(tx, {
      shipmentId: row.id, order: { id: order.id, companyId: order.companyId, userId: order.userId }, day: businessDay(at ?? new Date()),
      who: { userId: who.kind === 'user' ? who.userId : null, name: who.name, audit: who.audit },
    });
  });
  const [shipment] = await shipmentsOf(db, order.id, lang, shipmentId);
  return shipment!;
}

/** One shipment of an order, or 404 `shipmentNotFound`. */
export async function shipmentOf(db: Db, order: OrderRef, shipmentId: number, lang: Lang): Promise<ShipmentDto> {
  const [shipment] = await shipmentsOf(db, order.id, lang, shipmentId);
  if (!shipment) throw new AppError(404, 'shipmentNotFound');
  return shipment;
}

/** The buyer's view of an order's shipments (no staff notes, filings or names). */
export async function myShipments(db: Db, actor: OrderActor, orderId: number, lang: Lang): Promise<MyShipmentsDto> {
  const order = await customerOrder(db, actor, orderId);
  const list = await shipmentsOf(db, order.id, lang);
  return {
    orderId: order.id, fulfilment: order.fulfilment,
    shipments: list.map(({ buyerLicence: _l, transportFiling: _t, retainUntil: _r, note: _n, staffName: _s, ...rest }) => rest),
  };
}
