import { describe, expect, it } from 'vitest';
import { calendarDay, isCalendarDay, isDayInRange } from './dates';

describe('calendar days', () => {
  it('takes days that exist, in the years 2000 to 2100', () => {
    for (const day of ['2000-01-01', '2024-02-29', '2026-12-31', '2100-12-31']) {
      expect(isDayInRange(day), day).toBe(true);
      expect(calendarDay().safeParse(day).success, day).toBe(true);
    }
  });

  it('refuses days PostgreSQL cannot hold or no business means, days that do not exist, and other forms', () => {
    for (const day of ['0000-01-01', '9999-12-31', '1999-12-31', '2101-01-01', '0001-01-01', '2026-02-30', '2100-02-29', '2026-13-01', '26-01-01', '2026-1-1', ' 2026-01-01', '+02026-01-01']) {
      expect(isDayInRange(day), day).toBe(false);
      const parsed = calendarDay('lotDateInvalid').safeParse(day);
      expect(parsed.success, day).toBe(false);
      expect(parsed.error?.issues[0]?.message, day).toBe('lotDateInvalid');
    }
    expect(calendarDay().safeParse(20260101).error?.issues[0]?.message).toBe('dateInvalid');
    // The shape alone is the older rule: a year 0000 day exists in the calendar, but not in the range.
    expect(isCalendarDay('0000-01-01')).toBe(true);
  });
});
