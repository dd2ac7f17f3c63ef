import { describe, expect, it } from 'vitest';
import { pageProductIds } from './visitor-islands';

/** The product ids a kept page names for the visitor's answer (ADR 0076). */
function rootWith(values: (string | null)[]): ParentNode {
  const elements = values.map((value) => ({ getAttribute: () => value }));
  return { querySelectorAll: () => elements } as unknown as ParentNode;
}

describe('pageProductIds', () => {
  it('names each product once, in document order, and only whole positive ids', () => {
    expect(pageProductIds(rootWith(['3', '1', '3', 'x', '-2', '0', '1.5', null, '7']))).toEqual([3, 1, 7]);
  });

  it('asks about a hundred products at most, as the call takes', () => {
    expect(pageProductIds(rootWith(Array.from({ length: 150 }, (_, i) => String(i + 1))))).toHaveLength(100);
  });
});
