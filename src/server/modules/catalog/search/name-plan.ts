import 'server-only';
import { LONG_GRAM_LENGTH, SUBSTRING_LENGTH, longGramGroups, substringChunks } from '@/server/db/schema/search-sql';
import { estimatedProducts, productsFor, sampledHolders, type NameStatistics } from './statistics';

/**
 * Estimated candidates at or below which a name key is read from every bucket in one scan of the
 * substring index instead of bucket by bucket (ADR 0077): each bucket's probe costs about 0.1 ms
 * whatever it finds (131 probes at 13M products), one scan of a rare chunk's entries costs little more than one.
 * The rarest chunk of the probe must be as rare on its own (ADR 0100).
 */
export const ONE_SCAN_CANDIDATES = 5_000;

/**
 * What the plan weighs (ADR 0077), in pages read: a candidate is a heap page (its row, read and
 * refused by `strpos` unless it matches), a chunk asked for is its posting list (about this many
 * postings a page) and an entry lookup of a few pages in every bucket.
 */
const POSTINGS_PER_PAGE = 2_000;
const ENTRY_PAGES = 3;

/**
 * Entries a page of the long grams' index holds (ADR 0108): a term shorter than a gram is asked for as a prefix, and its
 * products are spread over many grams of a few postings each, an entry apiece (a gram and its postings, 20–50 bytes).
 */
const PREFIX_ENTRIES_PER_PAGE = 200;

/** Most chunks a key's probe asks for. */
const PROBE_MAX = 4;

/** Which of a key's substrings the index is asked for, and how its buckets are read (ADR 0077). */
export interface NamePlan {
  /** The chunks asked for, all required (the rarest first); the whole key when `prefix`. */
  probe: string[];
  /** The key fits one substring and is looked up as a prefix (exact: nothing to confirm). */
  prefix: boolean;
  /** Few candidates are expected: read every bucket in one scan (checked against the cap when run). */
  oneScan: boolean;
  /**
   * A long key read from its long grams in one scan instead (ADR 0104): for each place the key may stand, grams all
   * required; any place's (checked against the cap when run, as `oneScan`). Null when the chunks cost fewer pages.
   */
  long: string[][] | null;
}

/**
 * The plan of a translated name key from the catalogue's statistics. A key longer than one substring
 * is asked for by its rarest chunk, then, one at a time, by the chunk that costs the fewest pages with
 * the candidates it leaves (the sampled texts holding every chunk chosen: chunks of one word, such as
 * `triflu` and `uorome`, come together and narrow nothing), as long as its posting lists cost fewer
 * pages than the candidates it spares — instead of all of its chunks, whose common ones (`methyl`,
 * `benzen`) have long posting lists in every bucket. When the sample finds the chosen chunks loose (most texts
 * holding them do not hold the key), its windows across them are offered the same way (ADR 0102). `strpos`
 * confirms the whole key in either case.
 * Without statistics the plan of ADR 0014 §12: every chunk, bucket by bucket.
 */
export function planName(translated: string, stats: NameStatistics | null): NamePlan {
  const chunks = substringChunks(translated);
  const prefix = [...translated].length <= SUBSTRING_LENGTH;
  if (!stats || stats.sampled === 0) return { probe: chunks, prefix, oneScan: false, long: null };
  const ranked = chunks
    .map((chunk, i) => ({ chunk, i, n: estimatedProducts(stats, chunk) }))
    .sort((a, b) => a.n - b.n || a.i - b.i);
  const first = ranked[0];
  if (!first) return { probe: chunks, prefix, oneScan: false, long: null };
  const probe = [first.chunk];
  let holders = sampledHolders(stats, first.chunk, null);
  if (ranked.length > 1) {
    holders = narrowProbe(stats, probe, holders, ranked);
    // The chunks tile the key; where the sample finds them loose (texts holding them apart), a window across two of them
    // (which the index holds as well) is offered too: each candidate it spares is a heap page not read (ADR 0102).
    if (loosely(stats, translated, holders)) holders = narrowProbe(stats, probe, holders, keyWindows(stats, translated, chunks));
  }
  const expected = ranked.length > 1 ? productsFor(stats, holders.length) : first.n;
  // One scan only when the rarest chunk is rare itself: the index tests each of its items against the query of every
  // bucket (ADR 0100). Chunks common alone and rare together (`5ǀcarb`, `nylǀ6ǀ`: 268,000 and 398,000 products at
  // 13M, 520 together) took 0.9 s in one scan; bucket by bucket each probe's query is a few lexemes.
  const oneScan = expected <= ONE_SCAN_CANDIDATES && first.n <= ONE_SCAN_CANDIDATES;
  // One scan too asks for every bucket's lexemes: the chunks cost their entries in every bucket either way.
  const chunkPages = probe.reduce((sum, chunk) => sum + postingPages(estimatedProducts(stats, chunk), stats.last + 1), expected);
  return { probe, prefix, oneScan, long: longProbe(stats, translated, chunkPages) };
}

/** How a probe is read: entry lookups a chunk (one a bucket), and the share of a substring's products that are candidates. */
interface Reading {
  buckets: number;
  share: number;
}

/** Pages of a chunk's posting lists in the index and of its entry lookups (`perPage`: its postings a page). */
function postingPages(products: number, buckets: number, perPage = POSTINGS_PER_PAGE): number {
  return products / perPage + ENTRY_PAGES * buckets;
}

/** A chunk or gram offered to a probe: its estimated products (as read), and its postings a page when not the default. */
interface Offered {
  chunk: string;
  n: number;
  perPage?: number;
}

/**
 * The long grams of a key (ADR 0104) when they cost fewer pages than its chunks. For each place the key may stand, its
 * rarest gram, then more of that place's grams by the rule of `narrowProbe` (the grams of one place are all in the
 * index when the key stands there); the index is asked for any place's grams, one entry lookup a gram (no buckets). A
 * text holds a gram at any of the SUBSTRING_LENGTH places about equally, and only the grams starting at a multiple of
 * it are in the index: a sampled text stands for a sixth of its products. A place where no whole gram fits in the key
 * asks for the start of one (ADR 0108), a range of grams of a few postings each: PREFIX_ENTRIES_PER_PAGE a page.
 */
function longProbe(stats: NameStatistics, translated: string, chunkPages: number): string[][] | null {
  const reading: Reading = { buckets: 1, share: 1 / SUBSTRING_LENGTH };
  const probe: string[][] = [];
  let pages = 0;
  for (const group of longGramGroups(translated)) {
    const ranked = group
      .map((chunk, i) => ({
        chunk, i, n: estimatedProducts(stats, chunk) * reading.share,
        ...([...chunk].length < LONG_GRAM_LENGTH ? { perPage: PREFIX_ENTRIES_PER_PAGE } : {}),
      }))
      .sort((a, b) => a.n - b.n || a.i - b.i);
    const first = ranked[0];
    if (!first) return null;
    const grams = [first.chunk];
    const holders = narrowProbe(stats, grams, sampledHolders(stats, first.chunk, null), ranked, reading);
    if (holders.length === 0 && grams.length < PROBE_MAX) {
      // No sampled text holds the place's grams: the sample is too small to tell how few products do (at 13M a gram of
      // 700 products is seen in none of 5,000 texts, as one of none is). One gram more of the place costs one entry
      // lookup and leaves only the products holding both (ADR 0108): the rarest of those apart from the grams asked for
      // (grams six characters apart share six and come together), else the rarest. The estimate is not lowered by it.
      const at = (gram: string): number => ranked.find((r) => r.chunk === gram)?.i ?? 0;
      const apart = (r: { i: number }): boolean => grams.every((gram) => Math.abs(at(gram) - r.i) >= LONG_GRAM_LENGTH / SUBSTRING_LENGTH);
      const more = ranked.filter((r) => !grams.includes(r.chunk));
      const extra = more.find(apart) ?? more[0];
      if (extra) grams.push(extra.chunk);
    }
    pages += productsFor(stats, holders.length) * reading.share;
    for (const gram of grams) {
      const term = ranked.find((r) => r.chunk === gram);
      if (term) pages += postingPages(term.n, reading.buckets, term.perPage);
    }
    probe.push(grams);
  }
  return probe.length > 0 && pages < chunkPages && pages <= ONE_SCAN_CANDIDATES ? probe : null;
}

/**
 * Adds to `probe`, one at a time, the offered chunk that costs the fewest pages with the candidates it leaves, as
 * long as its posting lists cost fewer pages than the candidates it spares; returns the sampled texts holding every
 * chunk of the probe. By default a chunk is looked up in every bucket and a sampled text is a candidate in full.
 */
function narrowProbe(
  stats: NameStatistics, probe: string[], holders: readonly number[], offered: readonly Offered[],
  reading: Reading = { buckets: stats.last + 1, share: 1 },
): readonly number[] {
  const candidates = (sampled: number): number => productsFor(stats, sampled) * reading.share;
  let current = holders;
  while (probe.length < PROBE_MAX) {
    let best: { chunk: string; holders: readonly number[]; pages: number } | null = null;
    for (const { chunk, n, perPage } of offered) {
      if (probe.includes(chunk)) continue;
      const together = sampledHolders(stats, chunk, current);
      const pages = postingPages(n, reading.buckets, perPage) + candidates(together.length);
      if (!best || pages < best.pages) best = { chunk, holders: together, pages };
    }
    // A chunk whose posting lists cost more pages than the candidates it spares is not asked for.
    if (!best || best.pages >= candidates(current.length)) break;
    probe.push(best.chunk);
    current = best.holders;
  }
  return current;
}

/** Sampled texts enough to judge by, and at most this share of those holding the probe's chunks hold the whole key. */
const LOOSE_FROM = 4;
const LOOSE_SHARE = 0.75;

/** Whether the sample finds the probe loose: many of the texts holding its chunks do not hold the key. */
function loosely(stats: NameStatistics, translated: string, holders: readonly number[]): boolean {
  if (holders.length < LOOSE_FROM) return false;
  return sampledHolders(stats, translated, holders).length < holders.length * LOOSE_SHARE;
}

/** Every SUBSTRING_LENGTH-character window of a key that is not one of its chunks (the index holds each of them too). */
function keyWindows(stats: NameStatistics, translated: string, chunks: readonly string[]): Offered[] {
  const chars = [...translated];
  const out: Offered[] = [];
  for (let i = 1; i + SUBSTRING_LENGTH <= chars.length; i++) {
    const chunk = chars.slice(i, i + SUBSTRING_LENGTH).join('');
    if (!chunks.includes(chunk) && !out.some((w) => w.chunk === chunk)) out.push({ chunk, n: estimatedProducts(stats, chunk) });
  }
  return out;
}
