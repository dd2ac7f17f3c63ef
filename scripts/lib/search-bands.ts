import type { DbHandle } from '../../src/server/db/client';
import { listProducts, type ProductQuery } from '../../src/server/modules/catalog/search/products';
import type { Kind } from './search-keys';

/**
 * Bar P4 (docs/requirements/quality.md#p4-growth; bench:search): growth is compared for keys of equal selectivity, not for keys drawn from
 * the data (a key drawn from 1M products matches about ten times what the same kind of key matches at
 * 100k). Name keys (Chinese, English, pinyin) are counted through the engine and sorted into bands by
 * their match count; each band is measured at every size with up to PER_BAND keys, each key searched
 * BAND_PASSES times more.
 */
const SELECTIVITY_BANDS: readonly { label: string; min: number; max: number }[] = [
  { label: '1–10 matches', min: 1, max: 10 },
  { label: '11–100 matches', min: 11, max: 100 },
  { label: '101–1,000 matches', min: 101, max: 1000 },
];
const PER_BAND = 150;
const COUNTING_BUDGET_MS = 180_000;
/** Each band's keys are searched this many times over: a p95 of a few milliseconds on a shared machine moves with single stalls. */
export const BAND_PASSES = 3;
const ALL_BANDS = 'all three bands, equal numbers of keys';

/** What the table needs of a band's timings (bench:search's figures). */
export interface BandFigures { p50: number; p95: number; runs: number; meanTotal: number; firstP95: number; firstRuns: number }

/** The name keys of `keys` sorted into the bands by their match count, and the bands together with equal numbers of keys. */
export async function keysByBand(handle: DbHandle, keys: Record<Kind, ProductQuery[]>): Promise<Map<string, ProductQuery[]>> {
  const bands = new Map<string, ProductQuery[]>(SELECTIVITY_BANDS.map((b) => [b.label, []]));
  const seen = new Set<string>();
  // Chinese, English and pinyin keys in turn.
  const candidates = keys.nameZh.flatMap((q, i) => [q, keys.nameEn[i], keys.pinyin[i]]).filter((q): q is ProductQuery => q !== undefined);
  // Counting costs a search per key: at 13M products a band that few keys fall into could take many minutes to fill.
  const until = performance.now() + COUNTING_BUDGET_MS;
  for (const q of candidates) {
    if (performance.now() > until) break;
    if (!q.key || seen.has(q.key)) continue;
    seen.add(q.key);
    const { total, totalCapped } = await listProducts(handle.db, q);
    const band = totalCapped ? undefined : SELECTIVITY_BANDS.find((b) => total >= b.min && total <= b.max);
    const list = band ? bands.get(band.label) : undefined;
    if (list && list.length < PER_BAND) list.push(q);
    if ([...bands.values()].every((l) => l.length >= PER_BAND)) break;
  }
  const even = Math.min(...[...bands.values()].map((list) => list.length));
  bands.set(ALL_BANDS, [...bands.values()].flatMap((list) => list.slice(0, even)));
  return bands;
}

/** The markdown lines of the bands' table: p50 / p95 at each size, and the growth from the smallest to the largest. */
export function bandTable(sizes: number[], banded: Map<number, Map<string, BandFigures>>, onDisk: Map<number, number>, fmt: (ms: number) => string): string[] {
  const [small, large] = [sizes[0] ?? 0, sizes[sizes.length - 1] ?? 0];
  const lines = [
    `Names by selectivity (quality bar P4): Chinese, English and pinyin keys counted through the engine and sorted by how many products they match; each key searched once more (first search) and then ${BAND_PASSES} times more (warm). Growth ${small.toLocaleString('en')} → ${large.toLocaleString('en')} at p95, target ≤ 1.5.`
      + (onDisk.size ? ` Database on disk: ${[...onDisk].map(([n, bytes]) => `${(bytes / 2 ** 20).toFixed(0)} MiB at ${n.toLocaleString('en')}`).join(', ')}.` : ''),
    '',
    `| Keys | ${sizes.map((s) => `p50 / p95 at ${s.toLocaleString('en')} (keys, mean matches); first search p95`).join(' | ')} | growth p95 | growth p95, first search |`,
    `|---|${sizes.map(() => '---|').join('')}---|---|`,
  ];
  for (const label of [...SELECTIVITY_BANDS.map((b) => b.label), ALL_BANDS]) {
    const cells = sizes.map((s) => {
      const f = banded.get(s)?.get(label);
      return f ? `${fmt(f.p50)} / ${fmt(f.p95)} (${f.firstRuns}, ${Math.round(f.meanTotal)}); ${fmt(f.firstP95)}` : '—';
    });
    const growth = (pick: (f: BandFigures) => number): string => {
      const a = pick(banded.get(small)?.get(label) ?? ({ p95: 0, firstP95: 0 } as BandFigures));
      const b = pick(banded.get(large)?.get(label) ?? ({ p95: 0, firstP95: 0 } as BandFigures));
      return a > 0 && b > 0 && small !== large ? (b / a).toFixed(2) : '—';
    };
    lines.push(`| ${label} | ${cells.join(' | ')} | ${growth((f) => f.p95)} | ${growth((f) => f.firstP95)} |`);
  }
  return lines;
}
