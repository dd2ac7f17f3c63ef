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
