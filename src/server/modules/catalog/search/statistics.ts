import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';
import { SUBSTRING_LENGTH } from '@/server/db/schema/search-sql';
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
  /** Sampled products holding each substring of 1–SUBSTRING_LENGTH characters (search-text form). */
  grams: Map<string, number>;
  /** The last bucket when sampled: a catalogue that has grown past it is sampled again. */
  last: number;
  /** When sampled (ms since the epoch). */
  at: number;
}

/** Search texts read for the statistics: enough to see a substring in 0.05 % of a catalogue about ten times. */
export const SAMPLE_SIZE = 20_000;

/** A sample older than this is read again, in the background (the searches keep the old one meanwhile). */
const REFRESH_MS = 10 * 60_000;

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

/**
 * Every distinct substring of 1–SUBSTRING_LENGTH characters of each text, counted once per text:
 * the products of the sample holding it. A key of up to SUBSTRING_LENGTH characters is one of them
 * exactly when a product holds the key, and a longer key's chunks are of SUBSTRING_LENGTH.
 */
export function countGrams(texts: readonly string[]): Map<string, number> {
  const grams = new Map<string, number>();
  const seen = new Set<string>();
  for (const text of texts) {
    seen.clear();
    const chars = [...text];
    for (let i = 0; i < chars.length; i += 1) {
      let gram = '';
      for (let k = 0; k < SUBSTRING_LENGTH && i + k < chars.length; k += 1) {
        gram += chars[i + k] as string;
        if (!seen.has(gram)) {
          seen.add(gram);
          grams.set(gram, (grams.get(gram) ?? 0) + 1);
        }
      }
    }
  }
  return grams;
}

/** Reads a sample of the active products' search texts: pages at random (repeatably), a few hundred of them at 13M products. */
export async function sampleNameStatistics(db: Db, last: number): Promise<NameStatistics> {
  const [estimate] = rowsOf<{ n: number | string }>(await db.execute(sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'products'::regclass`));
  const rows = Number(estimate?.n ?? 0);
  // Twice the pages the sample needs, as the sampled pages hold inactive products too; all of a small or unanalysed table.
  const percent = rows > SAMPLE_SIZE * 2 ? Math.min(100, (SAMPLE_SIZE * 2 * 100) / rows) : 100;
  const texts = rowsOf<{ t: string }>(await db.execute(sql`
    select p.search_text as t from products p tablesample system (${sql.raw(percent.toFixed(6))}) repeatable (20261204)
    where p.active limit ${SAMPLE_SIZE}`)).map((r) => r.t);
  const whole = percent >= 100;
  return {
    sampled: texts.length,
    products: whole ? texts.length : Math.max(texts.length, Math.round(rows * (texts.length / Math.max(1, rows * (percent / 100))))),
    grams: countGrams(texts),
    last,
    at: Date.now(),
  };
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

/** Forgets the sample of one database handle (a test that changes the catalogue wholesale). */
export function forgetNameStatistics(db: Db): void {
  const entry = entryOf(db);
  entry.stats = null;
}

/** Products of the catalogue estimated to hold `gram` (a substring of up to SUBSTRING_LENGTH characters, search-text form). */
export function estimatedProducts(stats: NameStatistics, gram: string): number {
  if (stats.sampled === 0) return 0;
  // A substring no sampled text holds is rarer than one sampled product: counted as half of one.
  const seen = stats.grams.get(gram) ?? 0.5;
  return (seen * stats.products) / stats.sampled;
}
