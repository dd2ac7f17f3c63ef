import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { businessDayOf, dayStart, DEFAULT_BUSINESS_TIME_ZONE, isTimeZone, numberDayOf, wallClockDate } from '@/lib/business-day';

/**
 * The business time zone of the server (ADR 0066): `BUSINESS_TIME_ZONE`, Asia/Shanghai when unset. A zone
 * the runtime does not know stops the start (`scripts/start.ts`) with a message naming it.
 */
export function businessTimeZone(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const value = env.BUSINESS_TIME_ZONE?.trim() || DEFAULT_BUSINESS_TIME_ZONE;
  if (!isTimeZone(value) || !/^[A-Za-z0-9_+\-/]+$/.test(value)) throw new Error(`BUSINESS_TIME_ZONE: "${value}" is not a time zone (an IANA name such as Asia/Shanghai)`);
  return value;
}

/** Today in the business zone, `YYYY-MM-DD`. */
export function businessToday(now: Date = new Date()): string {
  return businessDayOf(now, businessTimeZone());
}

/** The business day of an instant, `YYYY-MM-DD` (for dates printed on documents). */
export function businessDay(instant: Date | string): string {
  return businessDayOf(instant, businessTimeZone());
}

/** An instant as an exported workbook's cell holds it: the business zone's wall clock (workbook dates have no zone). */
export function businessCellTime(instant: Date | string): Date {
  return wallClockDate(instant, businessTimeZone());
}

/** The date part of a business number made now, `YYYYMMDD`. */
export function numberDay(now: Date = new Date()): string {
  return numberDayOf(now, businessTimeZone());
}

/**
 * The date part of a business number in SQL, `YYYYMMDD` (or another `to_char` pattern): the business day of
 * `at`, of now without it. `at` is given only for a record made with its own date (the demo's backdated records).
 */
export function numberDaySql(at?: Date, pattern: 'YYYYMMDD' | 'YYMMDD' = 'YYYYMMDD'): SQL {
  return sql`to_char(${at ? inBusinessZone(sql`${at.toISOString()}::timestamptz`) : businessNowSql()}, ${sql.raw(`'${pattern}'`)})`;
}

/** The instant a business day (`YYYY-MM-DD`) starts. */
export function businessDayStart(day: string): Date {
  return dayStart(day, businessTimeZone());
}

/**
 * The zone as an SQL literal. A literal rather than a parameter: an expression grouped by (`group by
 * to_char(created_at at time zone …)`) must read the same in the select list, which two parameters do not.
 * Safe to inline: `businessTimeZone()` admits only IANA names (letters, digits, `_ + - /`).
 */
export function businessZoneSql(): SQL {
  return sql.raw(`'${businessTimeZone()}'`);
}

/** A timestamp column or expression as the business zone's wall-clock time (`timestamp without time zone`) in SQL. */
export function inBusinessZone(value: PgColumn | SQL): SQL {
  return sql`(${value} at time zone ${businessZoneSql()})`;
}

/** Now as the business zone's wall-clock time in SQL; `::date` of it is today. */
export function businessNowSql(): SQL {
  return inBusinessZone(sql`now()`);
}
