import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { CustomerReceivablesDto, ReceivableRowDto, ReceivablesListInput } from '@/contracts/receivables';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import { AppError } from '@/server/errors';
import { businessToday } from '@/server/business-time';
import { centsText, toCents } from '@/server/modules/orders/money';
import { INVOICE_COLUMNS, INVOICE_FROM, toReceivableInvoice } from './payments';
import { receivablesVisibleTo } from './scope';

/*
 * The ageing of receivables (ADR 0074): per customer, what its blue invoices have unpaid, in buckets by days past
 * their due day — not due, 1–30, 31–60, 61–90, over 90 — counted from today in the business time zone. The open
 * invoices are read through the partial index `invoices_open_due_idx` (blue, not paid in full), so paid invoices,
 * however many, are never read; a page's customers are then joined to their names, terms and held orders.
 */

/** The open part of an invoice `inv`. */
const OPEN = sql`(inv.amount - inv.paid_amount)`;
const bucket = (today: string, from: number | null, to: number | null): SQL => {
  const days = sql`(${today}::date - inv.due_on)`;
  if (from === null) return sql`sum(case when inv.due_on is null or ${days} <= 0 then ${OPEN} else 0 end)::text`;
  return sql`sum(case when ${days} >= ${from}${to === null ? sql`` : sql` and ${days} <= ${to}`} then ${OPEN} else 0 end)::text`;
};

/** Open receivables grouped by customer, under the conditions given (the open-invoice predicate of the index first). */
function openByCompany(today: string, conditions: SQL[]): SQL {
  return sql`select inv.company_id, sum(${OPEN})::text as open_amount, count(*)::int as open_invoices,
      ${bucket(today, null, null)} as not_due, ${bucket(today, 1, 30)} as d1to30, ${bucket(today, 31, 60)} as d31to60,
      ${bucket(today, 61, 90)} as d61to90, ${bucket(today, 91, null)} as over90
    from invoices inv
    where inv.kind = 'blue' and inv.paid_amount < inv.amount and ${sql.join(conditions, sql` and `)}
    group by inv.company_id`;
}

interface AgeingRow {
  company_id: number; company_name: string; owner_name: string | null; open_amount: string; open_invoices: number;
  not_due: string; d1to30: string; d31to60: string; d61to90: string; over90: string; credit_days: number; credit_limit: string; held_orders: number;
  total?: number;
}

const money = (v: string | null | undefined) => centsText(toCents(v ?? '0'));

function toRow(r: AgeingRow): ReceivableRowDto {
  const buckets = { notDue: money(r.not_due), d1to30: money(r.d1to30), d31to60: money(r.d31to60), d61to90: money(r.d61to90), over90: money(r.over90) };
  const overdue = toCents(buckets.d1to30) + toCents(buckets.d31to60) + toCents(buckets.d61to90) + toCents(buckets.over90);
  return {
    companyId: Number(r.company_id), companyName: r.company_name, ownerName: r.owner_name ?? '', openAmount: money(r.open_amount), overdueAmount: centsText(overdue),
    openInvoices: Number(r.open_invoices ?? 0), buckets, creditDays: Number(r.credit_days), creditLimit: money(r.credit_limit), heldOrders: Number(r.held_orders),
  };
}

const OVERDUE = sql`(a.d1to30::numeric + a.d31to60::numeric + a.d61to90::numeric + a.over90::numeric)`;
const ORDER_BY: Record<ReceivablesListInput['sort'], SQL> = {
  '-open': sql`a.open_amount::numeric desc, a.company_id`,
  open: sql`a.open_amount::numeric, a.company_id`,
  '-overdue': sql`${OVERDUE} desc, a.open_amount::numeric desc, a.company_id`,
  name: sql`co.name, a.company_id`,
};

/** A customer's held orders (fulfilment `held`, for credit), read for the page's customers only. */
const HELD = sql`(select count(*) from orders h where h.company_id = co.id and h.status = 'placed' and h.fulfilment = 'held')::int`;

/** One page of the customers with open receivables that the member sees, with how many there are. */
export async function listReceivables(db: Db, actor: ScopedStaff, input: Omit<ReceivablesListInput, 'page' | 'pageSize'> & { page: number; pageSize: number | null }): Promise<{ items: ReceivableRowDto[]; total: number }> {
  const conditions = [receivablesVisibleTo(actor, sql`inv.company_id`)];
  if (input.key) conditions.push(sql`inv.company_id in (select c.id from companies c where c.name ilike ${`%${escapeLike(input.key)}%`})`);
  const today = businessToday();
  const rows = rowsOf<AgeingRow>(await db.execute(sql`
    select p.*, ${HELD} as held_orders from (
      select a.*, co.name as company_name, st.name as owner_name, co.credit_days, co.credit_limit::text as credit_limit, count(*) over ()::int as total
      from (${openByCompany(today, conditions)}) a
      join companies co on co.id = a.company_id left join staff st on st.id = co.owner_staff_id
      order by ${ORDER_BY[input.sort]}
      ${input.pageSize === null ? sql`` : sql`limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`}
    ) p join companies co on co.id = p.company_id`));
  const total = rows[0]?.total ?? (input.page > 1 ? await countReceivables(db, today, conditions) : 0);
  return { items: rows.map(toRow), total: Number(total) };
}

/** The count alone, for a page past the last. */
async function countReceivables(db: Db, today: string, conditions: SQL[]): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${openByCompany(today, conditions)}) a`));
  return Number(row?.n ?? 0);
}

/** How many open invoices a customer's record lists (the oldest due first); its summary counts them all. */
export const CUSTOMER_OPEN_INVOICES = 100;

/** A customer's receivables for its CRM record: its ageing row (zero when nothing is open) and its open invoices. */
export async function getCustomerReceivables(db: Db, actor: ScopedStaff, companyId: number): Promise<CustomerReceivablesDto> {
  const today = businessToday();
  const [company] = rowsOf<AgeingRow>(await db.execute(sql`
    select co.id as company_id, co.name as company_name, st.name as owner_name, co.credit_days, co.credit_limit::text as credit_limit, ${HELD} as held_orders,
      a.open_amount, a.open_invoices, a.not_due, a.d1to30, a.d31to60, a.d61to90, a.over90
    from companies co left join staff st on st.id = co.owner_staff_id
    left join (${openByCompany(today, [sql`inv.company_id = ${companyId}`])}) a on a.company_id = co.id
    where co.id = ${companyId} and ${receivablesVisibleTo(actor, sql`co.id`)}`));
  if (!company) throw new AppError(404, 'crmCustomerNotFound');
  const invoiceRows = rowsOf<Parameters<typeof toReceivableInvoice>[0]>(await db.execute(sql`
    select ${INVOICE_COLUMNS(today)} ${INVOICE_FROM}
    where inv.company_id = ${companyId} and inv.kind = 'blue' and inv.paid_amount < inv.amount
    order by inv.due_on nulls last, inv.id limit ${CUSTOMER_OPEN_INVOICES}`));
  return { summary: toRow(company), invoices: invoiceRows.map(toReceivableInvoice) };
}
