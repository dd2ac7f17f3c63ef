import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHalves } from './hits';

/** Two halves of `even` and `odd` matches, each answering its first `cap` in its index's order, after `delays` ms. */
function halves(even: number, odd: number, delays: [number, number] = [0, 0]) {
  const asked: { half: number; cap: number }[] = [];
  const rows = (half: number, n: number) => Array.from({ length: n }, (_, i) => `${half}:${i}`);
  const screen = async (half: number, cap: number): Promise<string[] | null> => {
    asked.push({ half, cap });
    await new Promise((resolve) => setTimeout(resolve, delays[half] ?? 0));
    return rows(half, Math.min(cap, half === 0 ? even : odd));
  };
  return { screen, asked, all: [...rows(0, even), ...rows(1, odd)] };
}

describe('fromHalves', () => {
  it('gives every match when the halves hold fewer than wanted, and past the cap otherwise', async () => {
    await fc.assert(fc.asyncProperty(fc.nat(60), fc.nat(60), fc.integer({ min: 1, max: 41 }), async (even, odd, wanted) => {
      const { screen, all } = halves(even, odd);
      const found = (await fromHalves(screen, wanted)) ?? [];
      if (even + odd < wanted) {
        expect(found.sort()).toEqual(all.sort());
      } else {
        // Past the cap: at least `wanted` matches, at most one more, each a real match of its half's first rows.
        expect(found.length).toBeGreaterThanOrEqual(wanted);
        expect(found.length).toBeLessThanOrEqual(wanted + 1);
        expect(new Set(found).size).toBe(found.length);
        for (const row of found) expect(all).toContain(row);
      }
    }));
  });

  it('answers the same rows whichever half answers first', async () => {
    await fc.assert(fc.asyncProperty(fc.nat(30), fc.nat(30), fc.integer({ min: 1, max: 21 }), async (even, odd, wanted) => {
      const early = await fromHalves(halves(even, odd, [0, 3]).screen, wanted);
      const late = await fromHalves(halves(even, odd, [3, 0]).screen, wanted);
      expect(early).toEqual(late);
    }), { numRuns: 40 });
  });

  it('asks each half for its share, and a full half again only when the other ran short', async () => {
    const short = halves(9, 2);
    expect(await fromHalves(short.screen, 10)).toHaveLength(10);
    expect(short.asked).toEqual([{ half: 0, cap: 5 }, { half: 1, cap: 5 }, { half: 0, cap: 8 }]);
    const full = halves(9, 9);
    expect(await fromHalves(full.screen, 10)).toHaveLength(10);
    expect(full.asked).toEqual([{ half: 0, cap: 5 }, { half: 1, cap: 5 }]);
  });

  it('is null when a half ran out of time', async () => {
    const screen = async (half: number, cap: number) => (half === 1 ? null : Array.from({ length: cap }, (_, i) => i));
    expect(await fromHalves(screen, 10)).toBeNull();
  });
});
