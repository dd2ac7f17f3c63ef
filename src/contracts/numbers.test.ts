import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idSchema, optionalIdSchema, pageParams, wholeNumber } from './numbers';

describe('whole numbers of requests', () => {
  it('reads decimal digits and JSON integers', () => {
    expect(idSchema.parse('42')).toBe(42);
    expect(idSchema.parse(42)).toBe(42);
    expect(wholeNumber(z.number().int()).parse('-3')).toBe(-3);
  });

  it('refuses hexadecimal, exponents, blanks, signs on ids, booleans and null', () => {
    for (const bad of ['0x1', '1e2', ' 1', '1 ', '', '+1', '1.0', '١', true, false, null, [1], {}, '0', 0, -1, 1.5, 2_147_483_648, '01', '007', '00', '-0', '\t1', '1\n']) {
      expect(idSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('refuses leading zeros and blanks in any whole number; 0 itself where 0 is allowed', () => {
    const count = wholeNumber(z.number().int().min(-100).max(100));
    expect(count.parse('0')).toBe(0);
    expect(count.parse('-7')).toBe(-7);
    expect(count.parse('10')).toBe(10);
    for (const bad of ['00', '-0', '07', '-07', ' 7', '7 ', '0 ']) expect(count.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('treats empty and null optional ids as absent', () => {
    expect(optionalIdSchema.parse('')).toBeUndefined();
    expect(optionalIdSchema.parse(null)).toBeUndefined();
    expect(optionalIdSchema.parse('7')).toBe(7);
    expect(optionalIdSchema.safeParse('0x7').success).toBe(false);
  });

  it('pages from 1 with a default limit', () => {
    const schema = z.object(pageParams(10, 100));
    expect(schema.parse({})).toEqual({ limit: 10, offset: 1 });
    expect(schema.parse({ limit: '100', offset: '3' })).toEqual({ limit: 100, offset: 3 });
    expect(schema.safeParse({ limit: '101' }).success).toBe(false);
    expect(schema.safeParse({ offset: true }).success).toBe(false);
  });
});
