/**
 * A calendar day `YYYY-MM-DD` that exists: it reads back the same through a UTC date, so
 * `2026-02-30`, `2026-04-31` and `2026-13-01` are refused rather than rolled into another month.
 * The one rule of every date field of the API.
 */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
