import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STORAGE_CODES, SHIPPING_CODES } from '@/contracts/product-detail';
import { carrierProblems, retainUntil, shipmentHandling, shipmentProblems, trackingLink, TRACKING_NO, type HandlingLine } from './shipment-handling';

const line: fc.Arbitrary<HandlingLine> = fc.record({
  hazardous: fc.boolean(),
  storage: fc.constantFrom(...STORAGE_CODES),
  shipping: fc.constantFrom(...SHIPPING_CODES),
  controlClass: fc.constantFrom(null, 'precursor' as const, 'explosive' as const),
});
const carrier = fc.record({ dangerousGoods: fc.boolean(), coldChain: fc.boolean(), active: fc.boolean() });
const filing = fc.oneof(fc.constant(''), fc.constant('   '), fc.string({ minLength: 1, maxLength: 20 }));

const plain: HandlingLine = { hazardous: false, storage: 'rt', shipping: 'ambient', controlClass: null };
const SF = { dangerousGoods: false, coldChain: false, active: true };

describe('the carrier and handling rule', () => {
  it('examples: ordinary express takes plain goods, refuses flammables and frozen goods; controlled lines need both filings', () => {
    expect(shipmentProblems([plain], SF, { buyerLicence: '', transportFiling: '' })).toEqual([]);
    expect(shipmentProblems([plain, { ...plain, hazardous: true }], SF, { buyerLicence: '', transportFiling: '' })).toEqual(['needsDangerousGoods']);
    expect(shipmentProblems([{ ...plain, storage: '-20c' }], SF, { buyerLicence: '', transportFiling: '' })).toEqual(['needsColdChain']);
    expect(shipmentProblems([{ ...plain, storage: '2-8c' }], SF, { buyerLicence: '', transportFiling: '' })).toEqual([]);
    expect(shipmentProblems([{ ...plain, shipping: 'ice-pack' }], SF, { buyerLicence: '', transportFiling: '' })).toEqual(['needsColdChain']);
    expect(shipmentProblems([{ ...plain, hazardous: true, controlClass: 'precursor' }], { ...SF, dangerousGoods: true }, { buyerLicence: '', transportFiling: 'T1' }))
      .toEqual(['buyerLicenceRequired']);
    expect(shipmentProblems([plain], { ...SF, active: false }, { buyerLicence: '', transportFiling: '' })).toEqual(['carrierInactive']);
  });

  it('a shipment needs a handling exactly when one of its lines does, whatever the order of the lines', () => {
    fc.assert(fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
      const h = shipmentHandling(lines);
      for (const l of lines) {
        const one = shipmentHandling([l]);
        if (one.dangerousGoods) expect(h.dangerousGoods).toBe(true);
        if (one.coldChain) expect(h.coldChain).toBe(true);
        if (one.controlled) expect(h.controlled).toBe(true);
      }
      expect(h.dangerousGoods).toBe(lines.some((l) => l.hazardous));
      expect(h.controlled).toBe(lines.some((l) => l.controlClass !== null));
      expect(shipmentHandling([...lines].reverse())).toEqual(h);
    }));
  });

  it('a carrier qualified for everything and active takes any lines; a refused shipment names each missing qualification', () => {
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), carrier, (lines, c) => {
      const h = shipmentHandling(lines);
      expect(carrierProblems(h, { dangerousGoods: true, coldChain: true, active: true })).toEqual([]);
      const problems = carrierProblems(h, c);
      expect(problems.includes('needsDangerousGoods')).toBe(h.dangerousGoods && !c.dangerousGoods);
      expect(problems.includes('needsColdChain')).toBe(h.coldChain && !c.coldChain);
      expect(problems.includes('carrierInactive')).toBe(!c.active);
    }));
  });

  it('a hazardous line never leaves with a carrier not qualified for dangerous goods, nor a controlled line without both filings', () => {
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), carrier, filing, filing, (lines, c, buyerLicence, transportFiling) => {
      const accepted = shipmentProblems(lines, c, { buyerLicence, transportFiling }).length === 0;
      if (accepted && lines.some((l) => l.hazardous)) expect(c.dangerousGoods).toBe(true);
      if (accepted && lines.some((l) => l.shipping !== 'ambient')) expect(c.coldChain).toBe(true);
      if (accepted && lines.some((l) => l.controlClass)) {
        expect(buyerLicence.trim()).not.toBe('');
        expect(transportFiling.trim()).not.toBe('');
      }
      if (accepted) expect(c.active).toBe(true);
      // Adding a plain line never changes the answer.
      expect(shipmentProblems([...lines, plain], c, { buyerLicence, transportFiling })).toEqual(shipmentProblems(lines, c, { buyerLicence, transportFiling }));
    }));
  });

  it('keeps the papers until the same day two years on (29 February until 28 February)', () => {
    expect(retainUntil('2026-12-03')).toBe('2028-12-03');
    expect(retainUntil('2028-02-29')).toBe('2030-02-28');
    fc.assert(fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }), (d) => {
      const day = d.toISOString().slice(0, 10);
      const kept = retainUntil(day);
      expect(kept > day).toBe(true);
      expect(Number(kept.slice(0, 4))).toBe(Number(day.slice(0, 4)) + 2);
      expect(kept.slice(5, 7)).toBe(day.slice(5, 7));
    }));
  });

  it('tracking numbers and links', () => {
    expect(TRACKING_NO.test('SF1234567890123')).toBe(true);
    expect(TRACKING_NO.test('JDVA-0001-2345')).toBe(true);
    expect(TRACKING_NO.test('123')).toBe(false);
    expect(TRACKING_NO.test('SF 12345678')).toBe(false);
    expect(trackingLink('https://www.sf-express.com/waybill/#search/bill-number/{no}', 'SF123')).toBe('https://www.sf-express.com/waybill/#search/bill-number/SF123');
    expect(trackingLink('', 'SF123')).toBeNull();
    expect(trackingLink('javascript:alert({no})', 'SF123')).toBeNull();
  });
});
