/**
 * The shop's calendar (ADR 0066): every date shown, every business number's date part and every range of
 * days is a day in one business time zone (`BUSINESS_TIME_ZONE`, Asia/Shanghai by default), whatever the
 * clock of the server or of the reader's browser. Pure functions of an instant and the zone, for server
 * and browser alike: the server reads the zone from its environment (`@/server/business-time`), pages
 * hand it to the browser through next-intl's `timeZone` (`useTimeZone()`).
 */

/** The zone a shop keeps its days in unless `BUSINESS_TIME_ZONE` names another. */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Shanghai';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, calendar: 'gregory', numberingSystem: 'latn', hourCycle: 'h23',
      year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether `zone` is an IANA time zone this runtime knows (`Asia/Shanghai`, `Europe/Berlin`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '' || zone !== zone.trim()) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

interface WallClock { year: number; month: number; day: number; hour: number; minute: number; second: number }

function wallClock(instant: Date, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(zone).formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The business day of an instant, `YYYY-MM-DD` (16:30 UTC on 1 December is 2 December in Beijing). */
export function businessDayOf(instant: Date | string, zone: string): string {
  const w = wallClock(typeof instant === 'string' ? new Date(instant) : instant, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/**
 * An instant as a spreadsheet shows it: a date whose UTC fields are the zone's wall clock. A workbook's dates
 * have no zone (a reader shows their UTC fields), so an order made at 01:30 on 2 December in Beijing is written
 * as 2026-12-02 01:30, not as 1 December 17:30.
 */
export function wallClockDate(instant: Date | string, zone: string): Date {
  const w = wallClock(typeof instant === 'string' ? new Date(instant) : instant, zone);
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
}

/** The business day of an instant as a business number writes it, `YYYYMMDD` (CP20261202…). */
export function numberDayOf(instant: Date, zone: string): string {
  return businessDayOf(instant, zone).replaceAll('-', '');
}

/** The day `days` after (or before, when negative) a `YYYY-MM-DD` day. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The instant a business day starts (its midnight in the zone); the day after's start ends it. */
export function dayStart(day: string, zone: string): Date {
  const asUtc = Date.parse(`${day}T00:00:00Z`);
  // The zone's offset at about that moment, then again at the moment found (a change of offset that day).
  let guess = asUtc;
  for (let i = 0; i < 2; i += 1) {
    const w = wallClock(new Date(guess), zone);
    const offset = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - guess;
    guess = asUtc - offset;
  }
  return new Date(guess);
}

/** The business day's Monday, the week's first day (GB/T 7408, ISO 8601). */
export function weekStartOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The first day of the business day's month. */
export function monthStartOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The last `days` business days up to and including the one `now` falls on, as the dashboard's default range. */
export function lastDays(now: Date, zone: string, days: number): { from: string; to: string } {
  const to = businessDayOf(now, zone);
  return { from: addDays(to, -(days - 1)), to };
}
