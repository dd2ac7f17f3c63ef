import 'server-only';
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { addDays } from '@/lib/business-day';
import { businessDayStart, inBusinessZone } from '@/server/business-time';

/** Days are business days (ADR 0066), `from` and `to` included. */
export function shopRange(from: string, to: string): { start: Date; end: Date } {
  return { start: businessDayStart(from), end: businessDayStart(addDays(to, 1)) };
}

export const shopDate = (column: PgColumn) => sql<string>`to_char(${inBusinessZone(column)}, 'YYYY-MM-DD')`;

/** Every day of the range, for series without holes. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  return out;
}


/** The first day of every calendar month the range touches (`2026-09-01`, `2026-10-01`, …). */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let [year, month] = from.slice(0, 7).split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    out.push(`${key}-01`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return out;
}
