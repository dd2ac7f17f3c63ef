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

