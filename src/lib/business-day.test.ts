import { describe, expect, it } from 'vitest';
import { addDays, businessDayOf, dayStart, isTimeZone, lastDays, monthStartOf, numberDayOf, wallClockDate, weekStartOf } from './business-day';

const BEIJING = 'Asia/Shanghai';

describe('the business day', () => {
  it('a time just after 16:00 UTC is the next day in Beijing', () => {
    expect(businessDayOf(new Date('2026-12-01T15:59:59Z'), BEIJING)).toBe('2026-12-01');
    expect(businessDayOf(new Date('2026-12-01T16:00:00Z'), BEIJING)).toBe('2026-12-02');
    expect(businessDayOf('2026-12-01T20:11:00Z', BEIJING)).toBe('2026-12-02');
    expect(businessDayOf(new Date('2026-12-01T16:30:00Z'), 'UTC')).toBe('2026-12-01');
    expect(businessDayOf(new Date('2026-12-31T16:00:00Z'), BEIJING)).toBe('2027-01-01');
  });

  it('writes a business number\'s date part in the zone', () => {
    expect(numberDayOf(new Date('2026-12-01T16:30:00Z'), BEIJING)).toBe('20261202');
    expect(numberDayOf(new Date('2026-12-01T16:30:00Z'), 'Europe/London')).toBe('20261201');
  });

  it('starts a day at the zone\'s midnight, across a change of offset too', () => {
    expect(dayStart('2026-12-02', BEIJING).toISOString()).toBe('2026-12-01T16:00:00.000Z');
    expect(dayStart('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(dayStart('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('counts ranges in business days: the last 30 days end on today in Beijing, whatever the clock\'s zone', () => {
    expect(lastDays(new Date('2026-12-01T17:00:00Z'), BEIJING, 30)).toEqual({ from: '2026-11-03', to: '2026-12-02' });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekStartOf('2026-12-06')).toBe('2026-11-30');
    expect(weekStartOf('2026-11-30')).toBe('2026-11-30');
    expect(monthStartOf('2026-12-02')).toBe('2026-12-01');
  });

  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(' Asia/Shanghai')).toBe(false);
  });
});

describe('an instant as a workbook cell', () => {
  it('carries the zone\'s wall clock in its UTC fields', () => {
    expect(wallClockDate(new Date('2026-12-01T17:30:00Z'), 'Asia/Shanghai').toISOString()).toBe('2026-12-02T01:30:00.000Z');
    expect(wallClockDate('2026-12-01T17:30:00Z', 'UTC').toISOString()).toBe('2026-12-01T17:30:00.000Z');
    expect(wallClockDate(new Date('2026-07-01T03:00:00Z'), 'America/New_York').toISOString()).toBe('2026-06-30T23:00:00.000Z');
  });
  it('is midnight of the business day at the start of that day', () => {
    expect(wallClockDate(dayStart('2026-12-02', 'Asia/Shanghai'), 'Asia/Shanghai').toISOString()).toBe('2026-12-02T00:00:00.000Z');
  });
});
