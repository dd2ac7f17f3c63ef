import { describe, expect, it } from 'vitest';
import { businessDayOf } from './business-day';
import { expiringSoonWindow, lastOkDay, lotState } from './lot-state';

describe('expiringSoonWindow', () => {
  it('starts at the business midnight after the last ok day and ends at the one after the expiry date', () => {
    expect(lastOkDay('2027-03-31')).toBe('2026-12-31');
    const { from, until } = expiringSoonWindow('2027-03-31', 'Asia/Shanghai');
    expect(new Date(from).toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(new Date(until).toISOString()).toBe('2027-03-31T16:00:00.000Z');
  });

  it('says soon exactly when lotState does on the business day of the instant', () => {
    for (const zone of ['Asia/Shanghai', 'UTC', 'America/New_York']) {
      const date = '2027-03-31';
      const { from, until } = expiringSoonWindow(date, zone);
      for (const instant of [from - 1, from, from + 3_600_000, until - 1, until, until + 86_400_000, from - 86_400_000]) {
        const soon = lotState({ expiresOn: date }, businessDayOf(new Date(instant), zone)) === 'soon';
        expect(instant >= from && instant < until, `${zone} ${new Date(instant).toISOString()}`).toBe(soon);
      }
    }
  });
});
