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
 * `date` itself it is `soon` (`lotState`). The product page sends it to the browser, which compares it
 * with the reader's day without this module.
 */
export function lastOkDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - EXPIRING_SOON_DAYS);
  return day.toISOString().slice(0, 10);
}
