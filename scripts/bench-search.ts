/**
 * Search benchmark (docs/requirements/quality.md#performance; ADR 0014, 0015):
 *   npm run bench:search -- --products 1000000 [--sizes 100000,1000000] [--iterations 200] [--reuse] [--keep] [--no-docs]
 *   npm run bench:search -- --embedded   (the demo database on embedded PGlite, as `npm start` serves it)
 *   npm run bench:search -- --sizes 100000,1000000 --databases np_100k,np_1m [--no-plan] [--compare-plans]
 *     (catalogues loaded before, one database per size on the same server, e.g. with db:generate-catalog; never
 *     dropped; --no-plan searches names without their statistics, as before ADR 0077, for a comparison;
 *     --compare-plans only EXPLAINs 120 keys per name type both ways, in turn: pages read and execution time)
 * Loads synthetic products into PostgreSQL (BENCH_DATABASE_URL, or a fresh database `search_bench` next to
 * TEST_DATABASE_URL / the local server) with the catalogue generator (COPY), and at each size runs every
 * search type many times with keys drawn from the loaded data through `listProducts` — the call the pages
 * make: key plan, page query, capped count and cards. Prints p50/p95/p99 and the EXPLAIN plan of each
 * query shape, then name searches grouped by how many products their key matches (growth for keys of
 * equal selectivity, quality bar P4; scripts/lib/search-bands.ts), and appends a dated section to
 * the day's journal in docs/benchmarks/. The database is dropped at the end unless --keep (or BENCH_DATABASE_URL) is given;
 * --reuse keeps what an earlier --keep run loaded.
 */
import { appendToJournal } from './lib/bench-journal.mjs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { benchServerUrl, openScratchDatabase } from './lib/scratch-database';
import { openPglite, openPostgres, type DbHandle } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { rowsOf } from '../src/server/db/client';
import { DEFAULT_SEED_PRODUCTS, seedDatabase } from '../src/server/seed/seed-database';
import { listProducts, type ProductQuery } from '../src/server/modules/catalog/search/products';
import { setNamePlanning } from '../src/server/modules/catalog/search/statistics';
import { loadWithCopy, prepare } from '../src/server/seed/catalog-generator';
import { BAND_PASSES, bandTable, keysByBand, type BandFigures } from './lib/search-bands';
import { comparePlans, type PlanPages } from './lib/search-plan-pages';
import { drawKeys, type Kind } from './lib/search-keys';
import { explainAll, explainParts, scanPlans } from './lib/search-explain';
import { percentile } from './lib/bench-timing';

const KINDS: { kind: Kind; label: string; target: string }[] = [
  { kind: 'itemExact', label: 'Item number, exact (type 1)', target: 'p95 ≤ 5 ms' },
  { kind: 'itemPrefix', label: 'Item number, prefix (type 1)', target: 'p95 ≤ 5 ms' },
  { kind: 'cas', label: 'CAS, with and without hyphens (type 2)', target: 'p95 ≤ 5 ms' },
  { kind: 'cjk12', label: '1–2 Chinese characters (type 3)', target: 'no sequential scan' },
  { kind: 'nameZh', label: 'Chinese name, 3+ characters (type 3)', target: 'p95 ≤ 50 ms' },
  { kind: 'nameEn', label: 'English name, 3+ characters (type 3)', target: 'p95 ≤ 50 ms' },
  { kind: 'pinyin', label: 'Pinyin / initials (type 3)', target: 'p95 ≤ 50 ms' },
  { kind: 'brand', label: 'Brand name (type 3)', target: 'p95 ≤ 50 ms' },
  { kind: 'filtered', label: 'No key: category + in stock, newest', target: '—' },
  { kind: 'namePrice', label: 'English name sorted by price (type 3)', target: '—' },
  { kind: 'noMatch', label: 'Names in no product, 1–8 characters (type 3)', target: 'p95 ≤ 50 ms' },
];

interface Options {
  products: number;
  sizes: number[];
  iterations: number;
  reuse: boolean;
  keep: boolean;
  docs: boolean;
  /** The demo database on embedded PGlite (what `npm start` serves) instead of PostgreSQL. */
  embedded: boolean;
  /** Loaded databases, one per size (in the order of `sizes`), on the server of TEST_DATABASE_URL. */
  databases: string[] | null;
  /** Names searched without their statistics (ADR 0077), as before it. */
  plan: boolean;
  /** Only compare the name keys' plans with and without statistics (pages read, execution time). */
  comparePlans: boolean;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' }, sizes: { type: 'string' }, iterations: { type: 'string', default: '200' },
      reuse: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false }, 'no-docs': { type: 'boolean', default: false },
      embedded: { type: 'boolean', default: false }, databases: { type: 'string' }, 'no-plan': { type: 'boolean', default: false },
      'compare-plans': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const embedded = values.embedded ?? false;
  const products = embedded ? DEFAULT_SEED_PRODUCTS : Number(values.products ?? 1_000_000);
  if (!embedded && (!Number.isInteger(products) || products < 10_000)) throw new Error('--products must be an integer ≥ 10000');
  const sizes = embedded ? [products] : values.sizes
    ? values.sizes.split(',').map((s) => Number(s.trim()))
    : [...new Set([Math.min(100_000, products), products])];
  if (!embedded && sizes.some((s) => !Number.isInteger(s) || s < 10_000)) throw new Error('--sizes: integers ≥ 10000, e.g. 100000,1000000');
  const databases = values.databases ? values.databases.split(',').map((d) => d.trim()) : null;
  if (databases && (databases.length !== sizes.length || databases.some((d) => !/^[a-z_][a-z0-9_]*$/.test(d)))) {
    throw new Error('--databases: one database name per size, in the order of --sizes');
  }
  if (!databases) sizes.sort((a, b) => a - b);
  return {
    products, sizes, iterations: Math.max(20, Number(values.iterations)), reuse: values.reuse ?? false, keep: values.keep ?? false,
    docs: !(values['no-docs'] ?? false), embedded, databases, plan: !(values['no-plan'] ?? false), comparePlans: values['compare-plans'] ?? false,
  };
}

async function openBenchDatabase(options: Options): Promise<{ url: string; dropAtEnd: () => Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, dropAtEnd: async () => {} };
  const { url, drop } = await openScratchDatabase('search_bench', options);
  return { url, dropAtEnd: drop };
}

/** The database `npm start` makes on first start: migrated and seeded with the demo shop, in memory. */
async function openDemoDatabase(): Promise<DbHandle> {
  const handle = await openPglite('memory://');
  await runMigrations(handle);
  await seedDatabase(handle.db);
  await handle.db.execute(sql`analyze`);
  return handle;
}

async function productCount(handle: DbHandle): Promise<number> {
  return Number(rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from products`))[0]?.n ?? 0);
}

async function growTo(handle: DbHandle, url: string, size: number): Promise<void> {
  const { ctx, firstSeq } = await prepare(handle, { products: 1, truncate: false });
  const have = await productCount(handle);
  if (have >= size) {
    console.log(`  ${have.toLocaleString('en')} products already loaded`);
    return;
  }
  const started = performance.now();
  await loadWithCopy(url, size - have, firstSeq, ctx);
  console.log(`  loaded ${(size - have).toLocaleString('en')} products in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const v = performance.now();
  // Autovacuum would do this in production; a benchmark straight after a bulk load must do it itself.
  await handle.db.execute(sql`vacuum analyze products`);
  await handle.db.execute(sql`vacuum analyze product_packs`);
  // The rows just loaded are dirty in the server's buffers: with large shared_buffers the checkpointer
  // would write them out while the searches are timed.
  try {
    await handle.db.execute(sql`checkpoint`);
  } catch {
    console.log('  (no checkpoint: the role may not run CHECKPOINT; the first searches may wait for the writes)');
  }
  console.log(`  vacuum analyze and checkpoint in ${((performance.now() - v) / 1000).toFixed(0)} s`);
}

interface Figures {
  /** The slowest query of the run, for its EXPLAIN. */
  slowest: ProductQuery | null;
  slowestMs: number;
  p50: number;
  p95: number;
  p99: number;
  runs: number;
  meanTotal: number;
  capped: number;
  /** Each key's first search of the run (the warm-up left out): p95, and the count of such searches. */
  firstP95: number;
  firstRuns: number;
}

async function measure(handle: DbHandle, queries: ProductQuery[], iterations: number, warmUp = true): Promise<Figures> {
  const times: number[] = [];
  const firsts: number[] = [];
  let totals = 0;
  let capped = 0;
  const warmed = warmUp ? Math.min(20, queries.length) : 0;
  for (let i = 0; i < warmed; i += 1) await listProducts(handle.db, queries[i] as ProductQuery);
  let slowest: ProductQuery | null = null;
  let slowestMs = 0;
  for (let i = 0; i < iterations; i += 1) {
    const q = queries[i % queries.length] as ProductQuery;
    const t = performance.now();
    const page = await listProducts(handle.db, q);
    const ms = performance.now() - t;
    if (i >= warmed && i < queries.length) firsts.push(ms);
    else times.push(ms);
    if (ms > slowestMs) {
      slowestMs = ms;
      slowest = q;
    }
    totals += page.total;
    if (page.totalCapped) capped += 1;
  }
  // A key's later searches are the warm figures; when each key is searched once, its one search is.
  if (times.length === 0) times.push(...firsts);
  times.sort((a, b) => a - b);
  firsts.sort((a, b) => a - b);
  return {
    slowest, slowestMs, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), runs: iterations, meanTotal: totals / iterations, capped,
    firstP95: percentile(firsts, 95), firstRuns: firsts.length,
  };
}

const fmt = (ms: number): string => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

/** --compare-plans: each size's name keys EXPLAINed before and after ADR 0077, in turn; a journal table. */
async function comparePlansMain(options: Options): Promise<void> {
  const loadAtStart = os.loadavg()[0]?.toFixed(1) ?? '?';
  const bySize = new Map<number, Map<string, PlanPages>>();
  const server = benchServerUrl();
  for (const [index, size] of options.sizes.entries()) {
    const name = options.databases?.[index];
    if (!name) throw new Error('--compare-plans needs --databases');
    server.pathname = `/${name}`;
    const handle = openPostgres(server.toString(), 2);
    try {
      const keys = await drawKeys(handle, 400, 20261204 + size);
      const groups = await comparePlans(handle, [
        { label: 'Chinese names', queries: keys.nameZh.slice(0, 120) },
        { label: 'English names', queries: keys.nameEn.slice(0, 120) },
        { label: 'Pinyin', queries: keys.pinyin.slice(0, 120) },
      ]);
      bySize.set(size, groups);
    } finally {
      await handle.close();
    }
  }
  const labels = [...new Set([...bySize.values()].flatMap((m) => [...m.keys()]))].sort();
  const cell = (g: PlanPages | undefined): string => {
    if (!g) return '—';
    const pages = [...g.pages].sort((a, b) => a - b);
    const ms = [...g.ms].sort((a, b) => a - b);
    return `${percentile(pages, 50)} / ${percentile(pages, 95)}; ${fmt(percentile(ms, 50))} / ${fmt(percentile(ms, 95))} (${pages.length})`;
  };
  const lines = [
    `### Name keys planned from statistics against before (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, PostgreSQL, load ${loadAtStart} at start, ${os.loadavg()[0]?.toFixed(1)} at end)`,
    '',
    `\`npm run bench:search -- --sizes ${options.sizes.join(',')} --databases ${(options.databases ?? []).join(',')} --compare-plans\`: the ranked query of 120 keys per name type`
      + ' (drawn as bench:search draws them) under EXPLAIN (ANALYZE, BUFFERS), without the statistics and with them in turn; pages read (shared hits and reads)'
      + ' p50 / p95, then execution time p50 / p95 in ms (keys).',
    '',
    `| Keys | ${options.sizes.map((s) => `${s.toLocaleString('en')}: pages; ms`).join(' | ')} |`,
    `|---|${options.sizes.map(() => '---|').join('')}`,
    ...labels.map((l) => `| ${l} | ${options.sizes.map((s) => cell(bySize.get(s)?.get(l))).join(' | ')} |`),
    '',
  ];
  const table = lines.join('\n');
  console.log(`\n${table}`);
  if (options.docs) appendToJournal(`\n${table}\n`);
}

async function main(): Promise<void> {
  const options = readOptions();
  if (options.comparePlans) {
    await comparePlansMain(options);
    return;
  }
  const { url, dropAtEnd } = options.embedded || options.databases ? { url: '', dropAtEnd: async () => {} } : await openBenchDatabase(options);
  const urlOf = (name: string): string => {
    const u = benchServerUrl();
    u.pathname = `/${name}`;
    return u.toString();
  };
  let handle = options.embedded ? await openDemoDatabase() : openPostgres(options.databases ? urlOf(options.databases[0] as string) : url, 2);
  if (!options.plan) setNamePlanning(handle.db, false);
  const loadAtStart = os.loadavg()[0]?.toFixed(1) ?? '?';
  let server = '';
  const results = new Map<number, Map<Kind, Figures>>();
  const plansBySize = new Map<number, Map<Kind, string>>();
  const banded = new Map<number, Map<string, BandFigures>>();
  const onDisk = new Map<number, number>();
  const seqScans: string[] = [];
  try {
    const settings = rowsOf<{ v: string; sb: string; wm: string; jit: string; jc: string }>(await handle.db.execute(sql`
      select split_part(version(), ' on ', 1) as v, current_setting('shared_buffers') as sb, current_setting('work_mem') as wm,
        current_setting('jit') as jit, current_setting('jit_above_cost') as jc`))[0];
    server = options.embedded ? `the demo database (${DEFAULT_SEED_PRODUCTS.toLocaleString('en')} products) on embedded PGlite, in process` : settings
      ? `${settings.v}, shared_buffers ${settings.sb}, work_mem ${settings.wm}, server jit ${settings.jit} (above cost ${settings.jc}; the engine runs its searches with jit off)`
      : 'PostgreSQL';
    for (const [index, size] of options.sizes.entries()) {
      console.log(`\n== ${size.toLocaleString('en')} products ==`);
      if (options.databases && index > 0) {
        await handle.close();
        handle = openPostgres(urlOf(options.databases[index] as string), 2);
        if (!options.plan) setNamePlanning(handle.db, false);
      }
      if (!options.embedded) {
        if (!options.databases) await growTo(handle, url, size);
        // Beside shared_buffers (printed with the machine): whether the catalogue fits in the server's own cache.
        const [row] = rowsOf<{ bytes: string }>(await handle.db.execute(sql`select pg_database_size(current_database())::text as bytes`));
        onDisk.set(size, Number(row?.bytes ?? 0));
      }
      const keys = await drawKeys(handle, 400, 20261122 + size);
      const plans = await explainAll(handle, KINDS, keys);
      plansBySize.set(size, plans);
      for (const [kind, plan] of plans) {
        console.log(`\n${plan}`);
        if (/Seq Scan on products/.test(plan)) seqScans.push(`${size}: ${kind} (the plan above)`);
      }
      for (const s of await scanPlans(handle, KINDS, keys, 100)) seqScans.push(`${size}: ${s}`);
      const figures = new Map<Kind, Figures>();
      for (const { kind, label } of KINDS) {
        // Up to `iterations` keys, each searched for the first time in the run (first search), then all of them again (warm).
        const list = keys[kind].slice(0, options.iterations);
        const f = await measure(handle, list, list.length * 2);
        figures.set(kind, f);
        console.log(`${label.padEnd(42)} p50 ${fmt(f.p50)} ms  p95 ${fmt(f.p95)} ms  p99 ${fmt(f.p99)} ms  first search p95 ${fmt(f.firstP95)} ms  (mean total ${Math.round(f.meanTotal)}, ${f.capped} capped)`);
      }
      // The plan of each type's slowest search of the run (the typical key's plan is printed above).
      for (const { kind } of KINDS) {
        const f = figures.get(kind);
        if (!f?.slowest) continue;
        const parts = await explainParts(handle, f.slowest, true);
        console.log(`\n-- slowest ${kind} at ${size.toLocaleString('en')} (${fmt(f.slowestMs)} ms): ${JSON.stringify({ key: f.slowest.key, type: f.slowest.type, sort: f.slowest.sort })}\n${parts.join('\n')}`);
      }
      results.set(size, figures);
      // More name keys than the other kinds need, for the bands of equal selectivity; counted after the
      // kinds above are timed, so that counting them warms nothing those searches read.
      const bandKeys = await keysByBand(handle, await drawKeys(handle, 1500, 20261128 + size));
      const bandFigures = new Map<string, BandFigures>();
      for (const [label, list] of bandKeys) {
        if (list.length === 0) continue;
        // Each key's first search is its cold figure (counting it searched it once, so its pages may be cached), the next BAND_PASSES its warm ones.
        const f = await measure(handle, list, list.length * (BAND_PASSES + 1), false);
        bandFigures.set(label, f);
        console.log(`Names, ${label.padEnd(36)} p50 ${fmt(f.p50)} ms  p95 ${fmt(f.p95)} ms  first search p95 ${fmt(f.firstP95)} ms  (${list.length} keys, mean total ${Math.round(f.meanTotal)})`);
      }
      banded.set(size, bandFigures);
    }
  } finally {
    await handle.close();
    await dropAtEnd();
  }

  const [small, large] = [options.sizes[0] ?? 0, options.sizes[options.sizes.length - 1] ?? 0];
  const lines: string[] = [
    `### Search (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${options.embedded ? 'embedded PGlite, demo database' : 'PostgreSQL'}, ${os.cpus().length} cores shared, load ${loadAtStart} at start, ${os.loadavg()[0]?.toFixed(1)} at end)`,
    '',
    `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores shared with other builds, ${Math.round(os.totalmem() / 2 ** 30)} GiB; ${server}.`,
    '',
    `\`npm run bench:search -- ${options.embedded ? '--embedded' : options.databases ? `--sizes ${options.sizes.join(',')} --databases ${options.databases.join(',')}${options.plan ? '' : ' --no-plan'}` : `--products ${options.products}`}\`: ${options.iterations} searches per type and size through \`listProducts\``
      + ' (key plan, page of 20, capped count, cards), keys drawn from the loaded data, each searched for the first time in the run'
      + ' ("first search": its index entries and rows not read by this run unless another key read them) and then again (warm, p50 / p95 / p99); milliseconds.'
      + (options.databases && !options.plan ? ' Names searched without their statistics (as before ADR 0077).' : ''),
    '',
    `| Search | ${options.sizes.map((s) => `p50 / p95 / p99 at ${s.toLocaleString('en')}; first search p95`).join(' | ')} | growth p95 | target |`,
    `|---|${options.sizes.map(() => '---|').join('')}---|---|`,
  ];
  for (const { kind, label, target } of KINDS) {
    const cells = options.sizes.map((s) => {
      const f = results.get(s)?.get(kind);
      return f ? `${fmt(f.p50)} / ${fmt(f.p95)} / ${fmt(f.p99)}; ${fmt(f.firstP95)}` : '—';
    });
    const a = results.get(small)?.get(kind)?.p95 ?? 0;
    const b = results.get(large)?.get(kind)?.p95 ?? 0;
    lines.push(`| ${label} | ${cells.join(' | ')} | ${a > 0 && small !== large ? (b / a).toFixed(2) : '—'} | ${target} |`);
  }
  lines.push('', ...bandTable(options.sizes, banded, onDisk, fmt));
  lines.push('', seqScans.length
    ? `Sequential scans on products: ${seqScans.join(', ')}.`
    : 'No plan used a sequential scan on products (EXPLAIN of every query of 100 keys per type and size).', '');
  const table = lines.join('\n');
  console.log(`\n${table}`);
  if (options.docs) appendToJournal(`\n${table}\n`);
}

if (process.argv[1]?.endsWith('bench-search.ts')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 1;
  });
}
