import { describe, expect, it } from 'vitest';
import { lineAvailability } from './availability';

describe('lineAvailability', () => {
  it('ships what stock covers and backorders the rest within the lead time, never refusing the line', () => {
    expect(lineAvailability({ stock: 5, leadTimeDays: 0 }, 5)).toEqual({ kind: 'inStock' });
    expect(lineAvailability({ stock: 1, leadTimeDays: 0 }, 3)).toEqual({ kind: 'backorder', shortBy: 2, leadTimeDays: 0 });
    expect(lineAvailability({ stock: 0, leadTimeDays: 14 }, 2)).toEqual({ kind: 'backorder', shortBy: 2, leadTimeDays: 14 });
    expect(lineAvailability({ stock: -3, leadTimeDays: 7 }, 1)).toEqual({ kind: 'backorder', shortBy: 1, leadTimeDays: 7 });
  });
});
