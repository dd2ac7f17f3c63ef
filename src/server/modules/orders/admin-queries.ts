import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { ORDER_DESK_COUNT_CAP, type OrderDeskListInput, type OrderDeskRowDto } from '@/contracts/orders-admin';
import type { OrderStatusDto, DeliveryMethodDto } from '@/contracts/orders';
import type { FulfilmentStatusDto } from '@/contracts/orders-allocation';
import { normaliseCas } from '@/lib/cas';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import type { Db } from '@/server/db/client';
import { keysetList, stampOf, type KeysetList } from '@/server/db/keyset';
import { escapeLike } from '@/server/db/like';
import { companies } from '@/server/db/schema';
import { customerVisibleTo } from '@/server/modules/customers/access';
import { ORDER_NO, dayStart } from './queries';

/**
 * Which orders a staff member sees (ADR 0071), as a condition over the alias `o`: every order with
 * `ORDER.VIEW_ALL`; otherwise the orders of the customers the member sees in the CRM — the CRM's own
 * rule, `customerVisibleTo` (owner, teammates, the team's manager, the pool of customers nobody owns
 * yet, `CRM.VIEW_ALL`).
 */
export function orderVisibleToStaff(actor: ScopedStaff): SQL {
  if (actor.permissions.includes('ORDER.VIEW_ALL')) return sql`true`;
  return sql`o.company_id in (select ${companies.id} from ${companies} where ${customerVisibleTo(actor)})`;
}

/** A CAS number as a key: hyphenated and with its check digit right (bare digits are item numbers). */
const CAS_SHAPE = /^\d{2,7}-\d\d-\d$/;

/**
 * The search: an order number by its start (`SO2612…`); a CAS number, the orders with a line of it;
 * anything else, the orders of customers whose name holds it and the orders with a line of that item
 * number. Lines are found through their item-number and CAS indexes, customers by name.
 */
function searchCondition(key: string): SQL {
  if (ORDER_NO.test(key)) return sql`o.order_no like ${`${escapeLike(key.toUpperCase())}%`}`;
  const cas = CAS_SHAPE.test(key) ? normaliseCas(key) : null;
  if (cas) return sql`o.id in (select i.order_id from order_items i where i.cas = ${cas})`;
  return sql`(o.company_id in (select c.id from companies c where c.name ilike ${`%${escapeLike(key)}%`})
    or o.id in (select i.order_id from order_items i where i.item_no = ${key.toUpperCase()}))`;
}

/**
 * Whether the order has a line meeting the condition, read through the order's lines' index for each
 * order the list reaches (a scalar subquery: the planner cannot turn it into a hash of every line).
 */
const hasLine = (condition: SQL) => sql`coalesce((select bool_or(${condition}) from order_items i where i.order_id = o.id), false)`;

/** The list's conditions (the member's scope first, then the filters), shared by the list and the export. */
export function orderDeskFilters(actor: ScopedStaff, input: Omit<OrderDeskListInput, 'cursor' | 'limit' | 'sort'>): SQL[] {
  const list = [orderVisibleToStaff(actor)];
  if (input.status) list.push(sql`o.status = ${input.status}`);
  if (input.fulfilment) list.push(sql`o.fulfilment = ${input.fulfilment}`);
  if (input.invoiceStatus) list.push(sql`o.invoice_status = ${input.invoiceStatus}`);
  if (input.companyId) list.push(sql`o.company_id = ${input.companyId}`);
  if (input.from) list.push(sql`o.created_at >= ${dayStart(input.from)}`);
  if (input.to) list.push(sql`o.created_at < ${dayStart(input.to)} + interval '1 day'`);
  const hazardous = hasLine(sql`i.hazardous`);
  if (input.hazardous) list.push(input.hazardous === '1' ? hazardous : sql`not ${hazardous}`);
  const backorder = hasLine(sql`i.backorder_qty > 0`);
  if (input.backorder) list.push(input.backorder === '1' ? backorder : sql`not ${backorder}`);
  if (input.key) list.push(searchCondition(input.key));
  return list;
}

interface OrderDeskRow {
  id: number; order_no: string; status: OrderStatusDto; company_id: number; company_name: string; buyer_name: string; owner_name: string | null;
  line_count: number; total: string; delivery_method: DeliveryMethodDto; hazardous: boolean; backorder: boolean; fulfilment: FulfilmentStatusDto; invoice_status: OrderDeskRowDto['invoiceStatus']; stamp: string;
}

/** The row's columns over `orders o` with its company `co`, buyer `u` and the company's owner `st`. */
export const ORDER_DESK_COLUMNS = sql`o.id, o.order_no, o.status, o.company_id, co.name as company_name, u.name as buyer_name, st.name as owner_name,
  o.line_count, o.total::text as total, o.delivery_method, ${hasLine(sql`i.hazardous`)} as hazardous, ${hasLine(sql`i.backorder_qty > 0`)} as backorder,
  o.fulfilment, o.invoice_status, ${stampOf(sql`o.created_at`)} as stamp`;
export const ORDER_DESK_FROM = sql`from orders o join companies co on co.id = o.company_id join users u on u.id = o.user_id left join staff st on st.id = co.owner_staff_id`;

export function toOrderDeskRow(r: OrderDeskRow): OrderDeskRowDto {
  return {
    id: Number(r.id), orderNo: r.order_no, status: r.status, companyId: Number(r.company_id), companyName: r.company_name, buyerName: r.buyer_name,
    ownerName: r.owner_name ?? '', lineCount: Number(r.line_count), total: r.total, deliveryMethod: r.delivery_method,
    hazardous: Boolean(r.hazardous), backorder: Boolean(r.backorder), fulfilment: r.fulfilment, invoiceStatus: r.invoice_status, createdAt: r.stamp,
  };
}

/** One keyset page of the orders the member sees (in the query), newest or largest first, with the count of the filtered orders (capped). */
export function listOrderDesk(db: Db, actor: ScopedStaff, input: OrderDeskListInput): Promise<KeysetList<OrderDeskRowDto>> {
  return keysetList(db, input, {
    select: sql`select ${ORDER_DESK_COLUMNS} ${ORDER_DESK_FROM}`, from: sql`from orders o`, filters: orderDeskFilters(actor, input),
    id: sql`o.id`, createdAt: sql`o.created_at`,
    amount: { sort: 'amount', column: sql`o.total`, of: (row) => row.total }, toItem: toOrderDeskRow, countCap: ORDER_DESK_COUNT_CAP,
  });
}
