import 'server-only';
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Days are the shop's days (China time, UTC+8), `from` and `to` included. */
export function shopRange(from: string, to: string): { start: Date; end: Date } {
  return { start: new Date(`${from}T00:00:00+08:00`), end: new Date(new Date(`${to}T00:00:00+08:00`).getTime() + 86_400_000) };
}

export const shopDate = (column: PgColumn) => sql<string>`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

/** Every day of the range, for series without holes. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
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
