import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';
import { log } from '@/server/log';

/**
 * How often the substrings of the catalogue's names occur, from a sample of its search texts: what a
 * name key is planned from (ADR 0077). Only the plan reads it — which of a key's chunks to ask the
 * substring index for, and whether to read every bucket in one scan — never the results: every
 * candidate is confirmed by `strpos`, so a stale or missing sample makes a search slower, not
 * different.
 */
export interface NameStatistics {
  /** Search texts sampled. */
  sampled: number;
  /** Active products the sample stands for (the planner's row estimate, or the sample itself when it is all of them). */
  products: number;
  /** The sampled texts, each closed by SEPARATOR: a substring's products are counted in it when a key asks. */
  text: string;
  /** The sampled texts one by one, for the products holding several substrings at once. */
  texts: string[];
  /** Where each sampled text starts in `text` (then the end of `text`): a substring found there is told to its text. */
  starts: number[];
  /** The sampled texts (by index, ascending) holding each substring of SAMPLE_GRAM characters: the few to look in. */
  grams: Map<string, number[]>;
  /** Substrings looked up so far: the sampled texts (by index) holding each (shared: never changed). */
  counted: Map<string, readonly number[]>;
  /** Indexes kept in `counted`, all substrings together. */
  kept: number;
  /** The last bucket when sampled: a catalogue that has grown past it is sampled again. */
  last: number;
  /** When sampled (ms since the epoch). */
  at: number;
}

/**
 * Search texts read for the statistics. A substring in fewer than one product in SAMPLE_SIZE is
 * rarely seen in it, which is what the plan needs to know (ADR 0077): at 13M products one sampled
 * text stands for 2,600 products; counting a substring scans the sample once (about 350 KB).
 */
export const SAMPLE_SIZE = 5_000;

/** A sample older than this is read again, in the background (the searches keep the old one meanwhile). */
const REFRESH_MS = 10 * 60_000;

/** Substrings remembered per sample, and the texts' indexes remembered with them; past either the memory starts again. */
const COUNTED_MAX = 50_000;
const KEPT_MAX = 2_000_000;

/** Characters (UTF-16 units) of the substrings the sample is indexed by. */
const SAMPLE_GRAM = 4;

/** Ends each sampled text; no search text holds it (the substring index uses chr(1) the same way). */
const SEPARATOR = '\u0001';

interface Entry {
  stats: NameStatistics | null;
  loading: Promise<NameStatistics | null> | null;
  /** Planning switched off for this database (the comparison test searches both ways). */
  off: boolean;
}

const cache = new WeakMap<Db, Entry>();

function entryOf(db: Db): Entry {
  let entry = cache.get(db);
  if (!entry) {
    entry = { stats: null, loading: null, off: false };
    cache.set(db, entry);
  }
  return entry;
}

/** The statistics of some search texts (all of a catalogue, or a sample standing for `products`). */
export function statisticsOf(texts: readonly string[], products: number, last = 0): NameStatistics {
  const clean = texts.map((t) => t.split(SEPARATOR).join(' '));
  const starts: number[] = [];
  let at = 1;
  for (const t of clean) {
    starts.push(at);
    at += t.length + 1;
  }
  starts.push(at);
  const grams = new Map<string, number[]>();
  clean.forEach((t, i) => {
    for (let k = 0; k + SAMPLE_GRAM <= t.length; k++) {
      const gram = t.slice(k, k + SAMPLE_GRAM);
      const list = grams.get(gram);
      if (!list) grams.set(gram, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
  });
  return {
    sampled: clean.length,
    products: Math.max(products, clean.length),
    text: clean.length ? `${SEPARATOR}${clean.join(SEPARATOR)}${SEPARATOR}` : '',
    texts: clean,
    starts,
    grams,
    counted: new Map(),
    kept: 0,
    last,
    at: Date.now(),
  };
}

/** How many sampled texts hold `gram`. */
export function sampledHolding(stats: NameStatistics, gram: string): number {
  return holdersOf(stats, gram).length;
}

/**
 * The sampled texts (by index) holding `gram`, remembered. A substring of SAMPLE_GRAM characters or more is looked for
 * only in the texts holding the rarest of its first, middle and last SAMPLE_GRAM characters; a shorter one by one
 * search of the whole sample, each text found told by its start. A long key asks for forty substrings and more
 * (ADR 0104): searching the whole sample for each took 0.2–0.35 ms.
 */
function holdersOf(stats: NameStatistics, gram: string): readonly number[] {
  const known = stats.counted.get(gram);
  if (known) return known;
  let out: number[] = [];
  if (gram.length >= SAMPLE_GRAM) {
    const last = gram.length - SAMPLE_GRAM;
    const among = [0, last >> 1, last]
      .map((at) => stats.grams.get(gram.slice(at, at + SAMPLE_GRAM)) ?? [])
      .reduce((a, b) => (b.length < a.length ? b : a));
    out = among.filter((i) => (stats.texts[i] as string).includes(gram));
  } else if (gram && !gram.includes(SEPARATOR)) {
    for (let from = 0, at = stats.text.indexOf(gram); at >= 0; at = stats.text.indexOf(gram, from)) {
      const i = textAt(stats.starts, at);
      out.push(i);
      from = stats.starts[i + 1] as number;
    }
  }
  if (stats.counted.size >= COUNTED_MAX || stats.kept + out.length > KEPT_MAX) {
    stats.counted.clear();
    stats.kept = 0;
  }
  stats.counted.set(gram, out);
  stats.kept += out.length;
  return out;
}

/** Reads a sample of the active products' search texts: pages at random (repeatably), a few hundred of them at 13M products. */
export async function sampleNameStatistics(db: Db, last: number): Promise<NameStatistics> {
  const [estimate] = rowsOf<{ n: number | string }>(await db.execute(sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'products'::regclass`));
  const rows = Number(estimate?.n ?? 0);
  // A little more than the pages the sample needs (they hold inactive products too), so that the limit
  // seldom cuts the last pages off; all of a small or unanalysed table.
  const percent = rows > SAMPLE_SIZE * 1.2 ? (SAMPLE_SIZE * 1.2 * 100) / rows : 100;
  const texts = rowsOf<{ t: string }>(await db.execute(sql`
    select p.search_text as t from products p tablesample system (${sql.raw(percent.toFixed(6))}) repeatable (20261204)
    where p.active limit ${SAMPLE_SIZE}`)).map((r) => r.t);
  // Pages were sampled at `percent`: the active products they found stand for that share of the catalogue.
  // (the limit reached: the planner's row count stands for them).
  const products = texts.length < SAMPLE_SIZE ? Math.round((texts.length * 100) / percent) : Math.max(rows, texts.length);
  return statisticsOf(texts, products, last);
}

/**
 * The statistics of `db`'s catalogue, or null when planning is off or the sample could not be read.
 * Read on the first name search of a database handle; read again in the background when older than
 * REFRESH_MS or when the catalogue has grown by a bucket since (ids only grow).
 */
export async function nameStatistics(db: Db, last: number): Promise<NameStatistics | null> {
  const entry = entryOf(db);
  if (entry.off) return null;
  const stale = entry.stats && (Date.now() - entry.stats.at > REFRESH_MS || last > entry.stats.last);
  if (entry.stats && !stale) return entry.stats;
  if (!entry.loading) {
    entry.loading = sampleNameStatistics(db, last)
      .then((stats) => {
        entry.stats = stats;
        return stats;
      })
      .catch((error: unknown) => {
        log('warn', 'search.statistics', { error: error instanceof Error ? error.message : String(error) });
        return null;
      })
      .finally(() => {
        entry.loading = null;
      });
  }
  // The first search of a handle waits for the sample; later ones keep the old statistics while it is read again.
  return entry.stats ?? await entry.loading;
}

/** Switches planning from statistics off (true) or on again for one database handle: the comparison test searches both ways. */
export function setNamePlanning(db: Db, on: boolean): void {
  entryOf(db).off = !on;
}

/** Plans one database handle's name keys from the given statistics (a test that plans a small catalogue as a large one). */
export function presetNameStatistics(db: Db, stats: NameStatistics): void {
  const entry = entryOf(db);
  entry.stats = stats;
  entry.off = false;
}

/** Forgets the sample of one database handle (a test that changes the catalogue wholesale). */
export function forgetNameStatistics(db: Db): void {
  const entry = entryOf(db);
  entry.stats = null;
}

/** The sampled texts (by index) among `among` (all when null: the remembered list, shared) that hold `gram`. */
export function sampledHolders(stats: NameStatistics, gram: string, among: readonly number[] | null): readonly number[] {
  if (!among) return holdersOf(stats, gram);
  const out: number[] = [];
  for (const i of among) if ((stats.texts[i] as string).includes(gram)) out.push(i);
  return out;
}

/** The index of the last start at or before `at`. */
function textAt(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Products of the catalogue that `sampled` texts of the sample stand for (none seen: half of one). */
export function productsFor(stats: NameStatistics, sampled: number): number {
  if (stats.sampled === 0) return 0;
  return ((sampled || 0.5) * stats.products) / stats.sampled;
}

/** Products of the catalogue estimated to hold `gram` (a substring of up to SUBSTRING_LENGTH characters, search-text form). */
export function estimatedProducts(stats: NameStatistics, gram: string): number {
  if (stats.sampled === 0) return 0;
  // A substring no sampled text holds is rarer than one sampled product: counted as half of one.
  const seen = sampledHolding(stats, gram) || 0.5;
  return (seen * stats.products) / stats.sampled;
}
