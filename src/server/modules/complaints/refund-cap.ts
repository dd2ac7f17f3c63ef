import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';
import { AppError } from '@/server/errors';

/**
 * The refund cap of complaints (ADR 0056): what may be refunded on an order line. A complaint's
 * applied refund is split over its lines (`complaint_lines.refund_cents`); on every order line the
 * parts of its complaints that are not rejected or withdrawn add up to at most the line's amount.
 * The approved refund is never above the applied one (a CHECK), so it is capped as well.
 */

/** The complaint states whose refund no longer counts against its order lines. */
export const RELEASED_COMPLAINT_STATES = ['rejected', 'withdrawn'] as const;

/** One line of a complaint being filed, in cents. */
export interface RefundLine {
  /** Unit price × the quantity complained about. */
  valueCents: number;
  /** The order line's amount. */
  amountCents: number;
  /** The parts of the line's other complaints that are not rejected or withdrawn. */
  claimedCents: number;
}

/** What is still refundable on a line for this complaint: its value, within what the other complaints left. */
export function lineRoomOf(line: RefundLine): number {
  return Math.max(0, Math.min(line.valueCents, line.amountCents - line.claimedCents));
}

/**
 * The parts of an applied refund, one per line in the order given: each line in turn takes what it
 * has room for until the refund is spent. Refuses (400 on `appliedRefund`) a refund above the value
 * of the lines chosen (`refundAboveLines`) or above what their other complaints left
 * (`refundAboveRemaining`).
 */
export function allocateRefund(appliedCents: number, lines: readonly RefundLine[]): number[] {
  const value = lines.reduce((s, l) => s + l.valueCents, 0);
  if (appliedCents > value) throw new AppError(400, 'validation', [{ field: 'appliedRefund', message: 'refundAboveLines' }]);
  let left = appliedCents;
  const parts = lines.map((l) => {
    const part = Math.min(left, lineRoomOf(l));
    left -= part;
    return part;
  });
  if (left > 0) throw new AppError(400, 'validation', [{ field: 'appliedRefund', message: 'refundAboveRemaining' }]);
  return parts;
}

/** A line's amount and what its complaints that count claim on it, in cents. */
export interface LineClaim {
  amountCents: number;
  claimedCents: number;
}

/** Whether every line is within its amount (a refund may be proposed or approved only then). */
export function linesWithinAmounts(lines: readonly LineClaim[]): boolean {
  return lines.every((l) => l.claimedCents <= l.amountCents);
}

interface LockedLine { id: number; amount_cents: number | string; unit_cents: number | string; num: number; claimed_cents: number | string }

/**
 * Locks order lines (`FOR UPDATE`, in id order, so that writers on one line wait for each other)
 * and answers each with its amount, unit price and what the complaints that count claim on it
 * (leaving out the complaint `except`). Call inside the transaction that writes the refund.
 */
export async function lockOrderLines(tx: Db, itemIds: readonly number[], except?: number): Promise<Map<number, { amountCents: number; unitCents: number; num: number; claimedCents: number }>> {
  if (itemIds.length === 0) return new Map();
  const ids = sql.join(itemIds.map((id) => sql`${id}`), sql`, `);
  await tx.execute(sql`select id from order_items where id in (${ids}) order by id for update`);
  const rows = rowsOf<LockedLine>(await tx.execute(sql`
    select i.id, round(i.line_total * 100)::bigint as amount_cents, round(i.unit_price * 100)::bigint as unit_cents, i.num,
      coalesce((select sum(l.refund_cents) from complaint_lines l join complaints c on c.id = l.complaint_id
        where l.order_item_id = i.id and c.status not in ('rejected', 'withdrawn') ${except === undefined ? sql`` : sql`and c.id <> ${except}`}), 0)::bigint as claimed_cents
    from order_items i where i.id in (${ids}) order by i.id`));
  return new Map(rows.map((r) => [Number(r.id), { amountCents: Number(r.amount_cents), unitCents: Number(r.unit_cents), num: Number(r.num), claimedCents: Number(r.claimed_cents) }]));
}

/**
 * Refuses (409 `refundAboveRemaining`) to propose or approve the refund of a complaint whose order
 * lines carry more in refunds than their amounts (possible only for complaints filed before the cap),
 * with the lines locked for the rest of the transaction.
 */
export async function assertComplaintWithinLines(tx: Db, complaintId: number): Promise<void> {
  const items = rowsOf<{ order_item_id: number }>(await tx.execute(sql`select order_item_id from complaint_lines where complaint_id = ${complaintId} order by order_item_id`));
  const locked = await lockOrderLines(tx, items.map((r) => Number(r.order_item_id)));
  if (!linesWithinAmounts([...locked.values()])) throw new AppError(409, 'refundAboveRemaining');
}
