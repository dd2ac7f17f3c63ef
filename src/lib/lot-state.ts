import { addDays, dayStart } from './business-day';

/** Days a lot counts as expiring soon before its expiry (or retest) date. */
export const EXPIRING_SOON_DAYS = 90;

/** `expired`, `soon` (within EXPIRING_SOON_DAYS) or `ok`, of a lot's expiry date (else its retest date) on `today` (YYYY-MM-DD). */
export function lotState(lot: { expiresOn: string | null; retestOn?: string | null }, today: string): 'expired' | 'soon' | 'ok' {
  const date = lot.expiresOn ?? lot.retestOn ?? null;
  if (!date) return 'ok';
  if (date < today) return 'expired';
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + EXPIRING_SOON_DAYS);
  return date < soon.toISOString().slice(0, 10) ? 'soon' : 'ok';
}

/**
 * The last day a lot expiring on `date` (YYYY-MM-DD) still counts as `ok`: from the next day until
 * `date` itself it is `soon` (`lotState`).
 */
export function lastOkDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - EXPIRING_SOON_DAYS);
  return day.toISOString().slice(0, 10);
}

/**
 * The instants (ms since the epoch) between which a lot expiring on `date` is `soon` in the business time
 * zone `zone`: from the start of the day after `lastOkDay(date)` until the end of `date` (the next day's
 * start, excluded). The product page sends them to the browser, which compares them with its clock: the
 * rule of `lotState` on the reader's business day, without the calendar's code in the page's scripts.
 */
export function expiringSoonWindow(date: string, zone: string): { from: number; until: number } {
  return { from: dayStart(addDays(lastOkDay(date), 1), zone).getTime(), until: dayStart(addDays(date, 1), zone).getTime() };
}
