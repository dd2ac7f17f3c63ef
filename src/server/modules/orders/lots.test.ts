import { describe, expect, it } from 'vitest';
import { pickLot } from './lots';

describe('pickLot', () => {
  const lots = [
    { packId: 2, lotNo: 'L2609F133', quantity: 50 },
    { packId: 1, lotNo: 'L2601A100', quantity: 1 },
    { packId: 1, lotNo: 'L2603B911', quantity: 9 },
  ];
  it('takes the pack’s own lots only, the soonest that holds the quantity, else the soonest', () => {
    expect(pickLot(lots, 1, 1)).toBe('L2601A100');
    expect(pickLot(lots, 1, 5)).toBe('L2603B911');
    expect(pickLot(lots, 1, 20)).toBe('L2601A100');
    expect(pickLot(lots, 3, 1)).toBeNull();
  });
});
