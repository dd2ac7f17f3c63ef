import { describe, expect, it } from 'vitest';
import { businessTimeZone } from './business-time';

describe('BUSINESS_TIME_ZONE', () => {
  it('is Asia/Shanghai unless set, and any IANA zone when set', () => {
    expect(businessTimeZone({})).toBe('Asia/Shanghai');
    expect(businessTimeZone({ BUSINESS_TIME_ZONE: '' })).toBe('Asia/Shanghai');
    expect(businessTimeZone({ BUSINESS_TIME_ZONE: 'Europe/Berlin' })).toBe('Europe/Berlin');
  });

  it('refuses a zone that is none, naming the variable', () => {
    expect(() => businessTimeZone({ BUSINESS_TIME_ZONE: 'Beijing' })).toThrow(/BUSINESS_TIME_ZONE/);
    expect(() => businessTimeZone({ BUSINESS_TIME_ZONE: '+08:00' })).toThrow(/BUSINESS_TIME_ZONE/);
  });
});
