import { describe, expect, it } from 'vitest';
import { groupBySubstance } from './substance-groups';

describe('groupBySubstance', () => {
  const card = (id: number, cas: string | null) => ({ id, cas });

  it('puts items of one CAS number under the first of them, keeps the ranking, and leaves items without CAS alone', () => {
    const groups = groupBySubstance([card(1, '64-17-5'), card(2, null), card(3, '67-56-1'), card(4, '64-17-5'), card(5, null)], [{ productId: 4, grade: 'AR' }]);
    expect(groups.map((g) => [g.cas, g.items.map((i) => i.card.id)])).toEqual([
      ['64-17-5', [1, 4]], [null, [2]], ['67-56-1', [3]], [null, [5]],
    ]);
    expect(groups[0]?.lead.id).toBe(1);
    expect(groups[0]?.items.map((i) => i.row)).toEqual([undefined, { productId: 4, grade: 'AR' }]);
  });

  it('gives nothing for an empty page', () => {
    expect(groupBySubstance([], [])).toEqual([]);
  });
});
