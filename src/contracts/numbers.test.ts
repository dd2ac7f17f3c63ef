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
    for (const bad of ['0x1', '1e2', ' 1', '1 ', '', '+1', '1.0', '١', true, false, null, [1], {}, '0', 0, -1, 1.5, 2_147_483_648]) {
      expect(idSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
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
