import { describe, expect, it } from 'vitest';
import { lastOkDay, lotState } from '@/lib/lot-state';
import { adminLotCreateSchema } from './lots';

describe('lotState', () => {
  it('reads the expiry date, else the retest date: expired before today, soon within 90 days', () => {
    expect(lotState({ expiresOn: '2026-11-24' }, '2026-11-25')).toBe('expired');
    expect(lotState({ expiresOn: '2026-11-25' }, '2026-11-25')).toBe('soon');
    expect(lotState({ expiresOn: '2027-02-22' }, '2026-11-25')).toBe('soon');
    expect(lotState({ expiresOn: '2027-02-23' }, '2026-11-25')).toBe('ok');
    expect(lotState({ expiresOn: null, retestOn: '2026-12-01' }, '2026-11-25')).toBe('soon');
    expect(lotState({ expiresOn: null, retestOn: null }, '2026-11-25')).toBe('ok');
  });
});

describe('adminLotCreateSchema', () => {
  const base = { id: 1, packId: 2, lotNo: 'L2601A123', quantity: 5 };
  it('takes a lot with optional dates and the default warehouse', () => {
    expect(adminLotCreateSchema.parse({ ...base, expiresOn: '' })).toMatchObject({ expiresOn: null, retestOn: null, warehouse: 'sh' });
    expect(adminLotCreateSchema.parse({ ...base, quantity: '7', manufacturedOn: '2026-01-01', retestOn: '2028-01-01' })).toMatchObject({ quantity: 7, retestOn: '2028-01-01' });
  });
  it('refuses impossible days, dates before manufacture, negative quantities and odd lot numbers', () => {
    for (const bad of [
      { expiresOn: '2027-02-29' }, { expiresOn: '27-01-01' }, { manufacturedOn: '2026-05-01', retestOn: '2026-05-01' },
      { quantity: -1 }, { quantity: 1.5 }, { lotNo: ' ' }, { lotNo: 'a b' }, { lotNo: 'x'.repeat(41) }, { warehouse: 'xx' },
    ]) expect(adminLotCreateSchema.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('lastOkDay', () => {
  it('is the day before a lot starts to expire soon, as lotState counts it', () => {
    for (const expiresOn of ['2026-11-25', '2027-02-22', '2027-02-23', '2028-03-01', '2026-12-31']) {
      const last = lastOkDay(expiresOn);
      for (let offset = -2; offset <= 120; offset++) {
        const day = new Date(`2026-11-25T00:00:00Z`);
        day.setUTCDate(day.getUTCDate() + offset);
        const today = day.toISOString().slice(0, 10);
        const soon = today > last && today <= expiresOn;
        expect(soon, `${expiresOn} on ${today}`).toBe(lotState({ expiresOn }, today) === 'soon');
      }
    }
  });
});

