import 'server-only';

/** One pack the mix may take: its amount in the common unit, how many are in stock, and what k of them cost. */
export interface MixPack {
  id: number;
  /** A whole number > 0 of the common unit (µg or µL). */
  amount: number;
  /** At most this many (the stock). */
  max: number;
  /** `costs[k - 1]`: what k of the pack cost together, in whole cents (quantity breaks make it other than k × one). */
  costs: readonly number[];
}

export type MixAnswer =
  | { kind: 'mix'; lines: { id: number; num: number }[]; cents: number; packs: number; amount: number }
  /** Everything in stock together is less than the amount. */
  | { kind: 'short'; available: number }
  /** The amount over the packs' common step needs more work than one answer may take (ADR 0086). */
  | { kind: 'too-large' };

/** Cells × choices the dynamic programme may visit, and cells it may remember: about 100 ms and 16 MB at most. */
export const MAX_WORK = 30_000_000;
export const MAX_CELLS = 4_000_000;

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** How many of a pack are worth considering: enough to reach the amount alone, at most the stock and the prices given. */
export function usefulCount(pack: MixPack, target: number): number {
  return Math.max(0, Math.min(pack.max, pack.costs.length, Math.ceil(target / pack.amount)));
}

/**
 * For each k of `usefulCount`, the number j ≥ k of the pack to buy instead: the cheapest (then the fewest) of
 * k or more. A quantity break can make more units cost less than fewer ("from 10 at ¥5": 10 for ¥50 against
 * 9 at ¥6); with this the cost of "at least k" never falls as k grows, and no more than enough to reach
 * the amount alone needs considering.
 */
function cheapestFrom(pack: MixPack, useful: number): number[] {
  const last = Math.min(pack.max, pack.costs.length);
  const best: number[] = new Array<number>(last + 1);
  let j = last;
  for (let k = last; k >= 1; k--) {
    if ((pack.costs[k - 1] as number) <= (pack.costs[j - 1] as number)) j = k;
    best[k] = j;
  }
  return best.slice(0, useful + 1);
}

/**
 * The cheapest mix of packs whose amounts add up to at least `target`, with the fewest packs among the
 * cheapest: an exact integer optimisation (a grouped knapsack covering the amount), not a greedy one.
 * Amounts are divided by their greatest common divisor, and every sum at or past the target counts as the
 * target, so the table has ⌈target / step⌉ + 1 cells whatever the packs' sizes. Costs are whole cents.
 */
export function cheapestMix(packs: readonly MixPack[], target: number): MixAnswer {
  if (!Number.isSafeInteger(target) || target <= 0) throw new RangeError('target must be a whole number > 0');
  const usable = packs.filter((p) => p.amount > 0 && usefulCount(p, target) > 0);
  const available = usable.reduce((sum, p) => sum + p.amount * Math.min(p.max, p.costs.length), 0);
  if (available < target) return { kind: 'short', available };

  const step = usable.reduce((g, p) => gcd(g, p.amount), 0);
  const size = Math.ceil(target / step);
  const cells = size + 1;
  const counts = usable.map((p) => usefulCount(p, target));
  const work = counts.reduce((sum, k) => sum + k * cells, 0);
  if (work > MAX_WORK || cells * usable.length > MAX_CELLS) return { kind: 'too-large' };

  // best[x]: the least cost, then the fewest packs, of reaching x steps (x = size: the target or more).
  let cost = new Float64Array(cells).fill(Infinity);
  let count = new Float64Array(cells).fill(Infinity);
  cost[0] = 0;
  count[0] = 0;
  // choice[i][x]: how many of pack i the best way to x takes, and from which cell it came.
  const choice = usable.map(() => new Int32Array(cells));
  const from = usable.map(() => new Int32Array(cells));
  usable.forEach((pack, i) => {
    const nextCost = Float64Array.from(cost);
    const nextCount = Float64Array.from(count);
    const fromI = from[i] as Int32Array;
    const choiceI = choice[i] as Int32Array;
    for (let x = 0; x < cells; x++) fromI[x] = x;
    const w = pack.amount / step;
    const k = counts[i] ?? 0;
    const take = cheapestFrom(pack, k);
    for (let x = 0; x < cells; x++) {
      const c0 = cost[x] as number;
      if (c0 === Infinity) continue;
      const n0 = count[x] as number;
      for (let at = 1; at <= k; at++) {
        const j = take[at] as number;
        const y = Math.min(size, x + j * w);
        const c = c0 + (pack.costs[j - 1] as number);
        const n = n0 + j;
        const cy = nextCost[y] as number;
        if (c < cy || (c === cy && n < (nextCount[y] as number))) {
          nextCost[y] = c;
          nextCount[y] = n;
          choiceI[y] = j;
          fromI[y] = x;
        }
      }
    }
    cost = nextCost;
    count = nextCount;
  });

  const lines: { id: number; num: number }[] = [];
  let x = size;
  for (let i = usable.length - 1; i >= 0; i--) {
    const j = (choice[i] as Int32Array)[x] as number;
    const prev = (from[i] as Int32Array)[x] as number;
    if (prev !== x && j > 0) lines.unshift({ id: (usable[i] as MixPack).id, num: j });
    x = prev;
  }
  const amount = lines.reduce((sum, l) => sum + l.num * (usable.find((p) => p.id === l.id) as MixPack).amount, 0);
  return { kind: 'mix', lines, cents: cost[size] as number, packs: count[size] as number, amount };
}
