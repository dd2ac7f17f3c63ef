import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { ORDER_DESK_COUNT_CAP, type OrderDeskListInput, type OrderDeskRowDto } from '@/contracts/orders-admin';
import type { OrderStatusDto, DeliveryMethodDto } from '@/contracts/orders';
import type { FulfilmentStatusDto } from '@/contracts/orders-allocation';
import { normaliseCas } from '@/lib/cas';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import { rowsOf, type Db } from '@/server/db/client';
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
 * Up to this many matching lines (or customers), the search names the orders (customers) it found by id;
 * beyond, it falls back to a semi-join the planner runs as the list walks the orders (ADR 0074).
 */
export const ORDER_DESK_SEARCH_IDS = 10_000;

/** An id list as one parameter (`= any(…)`), not a parameter per id. */
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * The search: an order number by its start (`SO2612…`); a CAS number, the orders with a line of it;
 * anything else, the orders of customers whose name holds it and the orders with a line of that item
 * number. A short read first takes the matching lines' orders through the item-number or CAS index (up to
 * `limit` + 1 lines) and the matching customers: when they are few the condition names them by id, so the
 * list reads only those orders; otherwise it keeps the semi-join; when nothing matches, nothing is listed.
 */
async function searchCondition(db: Db, key: string, limit: number): Promise<SQL> {
  if (ORDER_NO.test(key)) return sql`o.order_no like ${`${escapeLike(key.toUpperCase())}%`}`;
  const cas = CAS_SHAPE.test(key) ? normaliseCas(key) : null;
  const line = cas ? sql`i.cas = ${cas}` : sql`i.item_no = ${key.toUpperCase()}`;
  const name = cas ? null : sql`c.name ilike ${`%${escapeLike(key)}%`}`;
  const [found] = rowsOf<{ orders: number[] | string | null; lines: number; companies: number[] | string | null; customers: number }>(await db.execute(sql`
    select array_agg(distinct l.order_id) as orders, count(*)::int as lines,
      ${name ? sql`(select array_agg(m.id) from (select c.id from companies c where ${name} limit ${limit + 1}) m)` : sql`null::int[]`} as companies,
      ${name ? sql`(select count(*)::int from (select 1 from companies c where ${name} limit ${limit + 1}) m)` : sql`0`} as customers
    from (select i.order_id from order_items i where ${line} limit ${limit + 1}) l`));
  const lines = Number(found?.lines ?? 0);
  const customers = Number(found?.customers ?? 0);
  const conditions: SQL[] = [];
  if (lines > limit) conditions.push(sql`exists (select 1 from order_items i where i.order_id = o.id and ${line})`);
  else if (lines > 0) conditions.push(sql`o.id = any(${idArray(intsOf(found?.orders))})`);
  if (name && customers > limit) conditions.push(sql`o.company_id in (select c.id from companies c where ${name})`);
  else if (customers > 0) conditions.push(sql`o.company_id = any(${idArray(intsOf(found?.companies))})`);
  if (conditions.length === 0) return sql`false`;
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/** An integer array as the driver answers it: an array (postgres.js) or its text form (`{1,2}`). */
function intsOf(value: number[] | string | null | undefined): number[] {
  if (value == null) return [];
  const list = typeof value === 'string' ? value.replace(/[{}]/g, '').split(',').filter(Boolean) : value;
  return list.map(Number);
}

/** The options of the search: `searchIds` lowers ORDER_DESK_SEARCH_IDS (tests of the fallback). */
export interface OrderDeskFilterOptions { searchIds?: number }

/**
 * The list's conditions (the member's scope first, then the filters), shared by the list and the export.
 * The hazardous and backorder filters read the orders' flags, which triggers on `order_items` keep: any line
 * hazardous, any line with a backorder (cancelled lines included), through the orders' partial indexes.
 */
export async function orderDeskFilters(
  db: Db, actor: ScopedStaff, input: Omit<OrderDeskListInput, 'cursor' | 'limit' | 'sort'>, options: OrderDeskFilterOptions = {},
): Promise<SQL[]> {
  const list = [orderVisibleToStaff(actor)];
  if (input.status) list.push(sql`o.status = ${input.status}`);
  if (input.fulfilment) list.push(sql`o.fulfilment = ${input.fulfilment}`);
  if (input.invoiceStatus) list.push(sql`o.invoice_status = ${input.invoiceStatus}`);
  if (input.companyId) list.push(sql`o.company_id = ${input.companyId}`);
  if (input.from) list.push(sql`o.created_at >= ${dayStart(input.from)}`);
  if (input.to) list.push(sql`o.created_at < ${dayStart(input.to)} + interval '1 day'`);
  if (input.hazardous) list.push(input.hazardous === '1' ? sql`o.hazardous` : sql`not o.hazardous`);
  if (input.backorder) list.push(input.backorder === '1' ? sql`o.backorder` : sql`not o.backorder`);
  if (input.key) list.push(await searchCondition(db, input.key, options.searchIds ?? ORDER_DESK_SEARCH_IDS));
  return list;
}

interface OrderDeskRow {
  id: number; order_no: string; status: OrderStatusDto; company_id: number; company_name: string; buyer_name: string; owner_name: string | null;
  line_count: number; total: string; delivery_method: DeliveryMethodDto; hazardous: boolean; backorder: boolean; fulfilment: FulfilmentStatusDto; invoice_status: OrderDeskRowDto['invoiceStatus']; stamp: string;
}

/** The row's columns over `orders o` with its company `co`, buyer `u` and the company's owner `st`. */
export const ORDER_DESK_COLUMNS = sql`o.id, o.order_no, o.status, o.company_id, co.name as company_name, u.name as buyer_name, st.name as owner_name,
  o.line_count, o.total::text as total, o.delivery_method, o.hazardous, o.backorder,
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
export async function listOrderDesk(db: Db, actor: ScopedStaff, input: OrderDeskListInput, options: OrderDeskFilterOptions = {}): Promise<KeysetList<OrderDeskRowDto>> {
  return keysetList(db, input, {
    select: sql`select ${ORDER_DESK_COLUMNS} ${ORDER_DESK_FROM}`, from: sql`from orders o`, filters: await orderDeskFilters(db, actor, input, options),
    id: sql`o.id`, createdAt: sql`o.created_at`,
    amount: { sort: 'amount', column: sql`o.total`, of: (row) => row.total }, toItem: toOrderDeskRow, countCap: ORDER_DESK_COUNT_CAP,
  });
}
