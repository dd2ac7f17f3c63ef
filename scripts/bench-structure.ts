/**
 * Structure search benchmark (issue targets at 1M distinct structures; ADR 0075):
 *   npm run bench:structure -- [--sizes 100000,1000000] [--iterations 40] [--reuse] [--keep] [--no-docs]
 *   npm run bench:structure -- --embedded   (the demo catalogue on embedded PGlite, screened in the workers)
 * PostgreSQL with the RDKit cartridge: a database `ss_structure_bench` next to TEST_DATABASE_URL / the local
 * server (or BENCH_DATABASE_URL), grown to each size with the catalogue generator, every product a distinct
 * structure with its substance (`db:generate-catalog --link-substances`). At each size every mode runs through
 * `searchByStructure` — the call the product list makes: the key read in a worker, the engine's query, the
 * capped count and the page's cards — with keys drawn from the loaded data:
 * - exact: the canonical SMILES of drawn substances;
 * - substructure, first page of 20: common fragments (benzene, pyridine, thiophene, indole, piperidine,
 *   morpholine) and rare ones (a drawn structure with two of its groups);
 * - similarity, top 50, at 0.5, 0.7 and 0.9: drawn substances.
 * Prints p50/p95/p99, the mean count, the searches cut short by the time budget, the longest block of the
 * event loop while the mode ran, and appends the table to the day's journal in docs/benchmarks/. The
 * database is dropped at the end unless --keep (or BENCH_DATABASE_URL); --reuse keeps what an earlier
 * --keep run loaded.
 */
import { appendToJournal } from './lib/bench-journal.mjs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openScratchDatabase } from './lib/scratch-database';
import { openPglite, openPostgres, rowsOf, type DbHandle } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { DEFAULT_SEED_PRODUCTS, seedDatabase } from '../src/server/seed/seed-database';
import { GENERATED_SUBSTANCE_BASE, generatedCount, loadWithCopy, prepare } from '../src/server/seed/catalog-generator';
import { structureAt } from '../src/server/seed/generated-structures';
import { createRng } from '../src/server/seed/random';
import { ensureCartridge } from '../src/server/modules/structure-search/cartridge';
import { heldSnapshot, snapshotOf } from '../src/server/modules/structure-search/embedded';
import { readCanonicalSmiles, readStructureKey, substancePool } from '../src/server/modules/structure-search/engine';
import { exactLookup } from '../src/server/modules/structure-search/exact';
import { searchByStructure, type StructureEngine, type StructureMode } from '../src/server/modules/structure-search/search';
import { COMMON_FRAGMENTS } from './lib/bench-substances';
import { percentile } from './lib/bench-timing';

interface Options {
  sizes: number[];
  iterations: number;
  reuse: boolean;
  keep: boolean;
  docs: boolean;
  embedded: boolean;
}

const DATABASE = 'ss_structure_bench';

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '100000,1000000' }, iterations: { type: 'string', default: '40' },
      reuse: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false }, 'no-docs': { type: 'boolean', default: false },
      embedded: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const sizes = (values.sizes ?? '').split(',').map((s) => Number(s.trim())).sort((a, b) => a - b);
  if (sizes.some((s) => !Number.isInteger(s) || s < 1_000)) throw new Error('--sizes: whole numbers ≥ 1000 of generated products (distinct structures), e.g. 100000,1000000');
  const iterations = Number(values.iterations);
  if (!Number.isInteger(iterations) || iterations < 5) throw new Error('--iterations: a whole number ≥ 5');
  return {
    sizes, iterations, reuse: values.reuse ?? false, keep: values.keep ?? false, docs: !(values['no-docs'] ?? false), embedded: values.embedded ?? false,
  };
}

async function openBenchDatabase(options: Options): Promise<{ url: string; dropAtEnd: () => Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, dropAtEnd: async () => {} };
  const { url, drop } = await openScratchDatabase(DATABASE, options);
  return { url, dropAtEnd: drop };
}

/** Generated products (each its own structure and substance) up to `size`, loaded by the generator with the cartridge. */
async function growTo(handle: DbHandle, url: string, size: number): Promise<void> {
  const { ctx, firstSeq } = await prepare(handle, { products: 0, truncate: false });
  const cartridge = await ensureCartridge(handle);
  if (cartridge.state !== 'ready') throw new Error(`The benchmark measures the RDKit cartridge: ${cartridge.reason}`);
  const have = await generatedCount(handle.db);
  if (have >= size) {
    console.log(`  ${have.toLocaleString('en')} generated products already loaded`);
    return;
  }
  const started = performance.now();
  await loadWithCopy(url, size - have, firstSeq, ctx, true);
  console.log(`  loaded ${(size - have).toLocaleString('en')} products with their substances in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  // On a connection of its own without the usual statement limit: the vacuum of 100,000 substances and their
  // GiST indexes outlasts 15 s.
  const maintenance = postgres(url, { max: 1, onnotice: () => {}, connection: { statement_timeout: 0 } });
  try {
    await maintenance`vacuum analyze substances`;
    await maintenance`vacuum analyze products`;
    await maintenance`checkpoint`.catch(() => console.log('  (no checkpoint: the first searches may wait for the writes)'));
  } finally {
    await maintenance.end();
  }
}

/** The demo catalogue `npm start` makes, in memory: its substances read by RDKit.js as the seed reads them. */
async function openDemoDatabase(): Promise<DbHandle> {
  const handle = await openPglite('memory://');
  await runMigrations(handle);
  await seedDatabase(handle.db);
  await handle.db.execute(sql`analyze`);
  return handle;
}

interface Case {
  label: string;
  mode: StructureMode;
  threshold?: number;
  limit: number;
  keys: string[];
  target: string;
}

/** Keys drawn from the loaded substances (and, on PostgreSQL, fragments of drawn generated structures). */
async function drawCases(handle: DbHandle, seed: number, embedded: boolean): Promise<Case[]> {
  await handle.db.execute(sql`select setseed(${(seed % 1000) / 1000})`);
  const drawn = rowsOf<{ id: number; smiles: string; written: string }>(await handle.db.execute(sql`
    select id, smiles, (select p.smiles from products p where p.substance_id = substances.id and p.active order by p.id limit 1) as written
    from substances where exists (select 1 from products p where p.substance_id = substances.id and p.active)
    order by random() limit 60`));
  const smiles = drawn.map((r) => r.smiles);
  const rng = createRng(seed);
  // A generated structure with two of its three groups: a fragment few other structures contain.
  const generatedIds = drawn.map((r) => Number(r.id)).filter((id) => id >= GENERATED_SUBSTANCE_BASE);
  const rare = embedded || generatedIds.length === 0
    ? smiles.filter((s) => s.length > 12).slice(0, 20)
    : generatedIds.slice(0, 30).map((id) => structureAt(id - GENERATED_SUBSTANCE_BASE, 1 + rng.int(0, 1)).smiles);
  return [
    { label: 'Exact, canonical SMILES (as stored)', mode: 'exact', limit: 20, keys: smiles, target: 'p95 ≤ 10 ms' },
    { label: 'Exact, SMILES as the products write them', mode: 'exact', limit: 20, keys: drawn.map((r) => r.written), target: 'p95 ≤ 10 ms' },
    { label: 'Substructure, common fragments, first page of 20', mode: 'sub', limit: 20, keys: COMMON_FRAGMENTS, target: 'p50 ≤ 150 ms, p95 ≤ 1 s' },
    { label: 'Substructure, rare fragments, first page of 20', mode: 'sub', limit: 20, keys: rare, target: 'p50 ≤ 150 ms, p95 ≤ 1 s' },
    { label: 'Similarity ≥ 0.5, top 50', mode: 'sim', threshold: 0.5, limit: 50, keys: smiles, target: '—' },
    { label: 'Similarity ≥ 0.7, top 50', mode: 'sim', threshold: 0.7, limit: 50, keys: smiles, target: 'p95 ≤ 150 ms' },
    { label: 'Similarity ≥ 0.9, top 50', mode: 'sim', threshold: 0.9, limit: 50, keys: smiles, target: '—' },
  ];
}

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  runs: number;
  meanCount: number;
  partial: number;
  /** Searches that found nothing. */
  empty: number;
  /** The event loop's longest delay while the case ran (ms). */
  loopMax: number;
}

async function measure(handle: DbHandle, c: Case, iterations: number, engine: StructureEngine): Promise<Figures> {
  const run = (key: string) => searchByStructure(handle.db, { key, mode: c.mode, threshold: c.threshold, lang: 'zh', page: 1, limit: c.limit, engine });
  for (const key of c.keys.slice(0, 3)) await run(key);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const times: number[] = [];
  let counts = 0;
  let partial = 0;
  let empty = 0;
  for (let i = 0; i < iterations; i += 1) {
    const key = c.keys[i % c.keys.length] ?? 'c1ccccc1';
    // Each search starts in a turn of its own, as a request does.
    await nextTurn();
    const t = performance.now();
    const result = await run(key);
    times.push(performance.now() - t);
    counts += result.count;
    if (result.partial) partial += 1;
    if (result.count === 0) empty += 1;
  }
  loop.disable();
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), runs: iterations,
    meanCount: counts / iterations, partial, empty, loopMax: loop.max / 1e6,
  };
}

/**
 * An exact search's steps one by one (ADR 0081), on keys as the products write them: the canonical
 * SMILES in a worker, the InChIKey in a worker (what every exact search computed before), and the two
 * look-ups; plus which step settled each key.
 */
async function measureExactSteps(handle: DbHandle, keys: string[], iterations: number): Promise<{ figures: Map<string, Figures>; settled: Map<string, number> }> {
  const steps: Record<string, (key: string) => Promise<unknown>> = {
    'Exact step: canonical SMILES in a worker': (key) => readCanonicalSmiles(key),
    'Exact step: InChIKey in a worker (every search before)': (key) => readStructureKey(key),
    'Exact step: SMILES hash look-up': (key) => handle.db.execute(sql`select id from substances where smiles = ${key} limit 2`),
    'Exact step: InChIKey B-tree look-up': async (key) => {
      const reading = await readStructureKey(key);
      const identity = reading.kind === 'ok' ? reading.inchikey ?? '' : '';
      const t = performance.now();
      await handle.db.execute(sql`select id, smiles from substances where inchikey = ${identity}`);
      return performance.now() - t;
    },
  };
  const figures = new Map<string, Figures>();
  for (const [label, step] of Object.entries(steps)) {
    const times: number[] = [];
    for (let i = 0; i < iterations; i += 1) {
      const key = keys[i % keys.length] ?? 'CCO';
      const t = performance.now();
      const inner = await step(key);
      times.push(typeof inner === 'number' ? inner : performance.now() - t);
    }
    times.sort((a, b) => a - b);
    figures.set(label, { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), runs: iterations, meanCount: 0, partial: 0, empty: 0, loopMax: 0 });
  }
  const settled = new Map<string, number>();
  for (const key of keys) {
    const found = await exactLookup(handle.db, key);
    const step = found.kind === 'ok' ? found.step : found.kind;
    settled.set(step, (settled.get(step) ?? 0) + 1);
  }
  return { figures, settled };
}

const fmt = (ms: number): string => (ms < 10 ? ms.toFixed(2) : ms < 1000 ? ms.toFixed(1) : ms.toFixed(0));

async function main(): Promise<void> {
  const options = readOptions();
  const { url, dropAtEnd } = options.embedded ? { url: '', dropAtEnd: async () => {} } : await openBenchDatabase(options);
  const handle = options.embedded ? await openDemoDatabase() : openPostgres(url, 2);
  const engine: StructureEngine = options.embedded ? 'embedded' : 'cartridge';
  const sizes = options.embedded ? [DEFAULT_SEED_PRODUCTS] : options.sizes;
  const loadAtStart = os.loadavg()[0]?.toFixed(1) ?? '?';
  const results = new Map<number, Map<string, Figures>>();
  const distinct = new Map<number, number>();
  let cases: Case[] = [];
  let stepLabels: string[] = [];
  const settledBy = new Map<number, string>();
  const snapshotNote = new Map<number, string>();
  let server = '';
  try {
    const [settings] = rowsOf<{ v: string; sb: string }>(await handle.db.execute(sql`
      select split_part(version(), ' on ', 1) as v, current_setting('shared_buffers') as sb`));
    for (const size of sizes) {
      console.log(`\n== ${options.embedded ? 'demo catalogue' : `${size.toLocaleString('en')} generated products`} ==`);
      if (!options.embedded) await growTo(handle, url, size);
      const [rdkit] = options.embedded ? [] : rowsOf<{ v: string }>(await handle.db.execute(sql`select rdkit_version() as v`));
      server = options.embedded
        ? `the demo catalogue (${DEFAULT_SEED_PRODUCTS.toLocaleString('en')} products) on embedded PGlite, screened by RDKit.js in the structure workers`
        : `${settings?.v ?? 'PostgreSQL'}, shared_buffers ${settings?.sb ?? '?'}, RDKit cartridge ${rdkit?.v ?? '?'}`;
      const [n] = rowsOf<{ n: number }>(await handle.db.execute(sql`
        select count(*)::int as n from substances s where exists (select 1 from products p where p.substance_id = s.id and p.active)`));
      distinct.set(size, Number(n?.n ?? 0));
      console.log(`  ${Number(n?.n ?? 0).toLocaleString('en')} distinct structures with active products`);
      cases = await drawCases(handle, 20261204 + size, options.embedded);
      const figures = new Map<string, Figures>();
      for (const c of cases) {
        const f = await measure(handle, c, options.iterations, engine);
        figures.set(c.label, f);
        console.log(`${c.label.padEnd(52)} p50 ${fmt(f.p50)} ms  p95 ${fmt(f.p95)} ms  p99 ${fmt(f.p99)} ms  ` +
          `(mean count ${Math.round(f.meanCount)}, ${f.empty} empty, ${f.partial} partial; event loop's longest block ${fmt(f.loopMax)} ms)`);
      }
      const exactWritten = cases.find((c) => c.mode === 'exact' && c.label.includes('write'))?.keys ?? [];
      const steps = await measureExactSteps(handle, exactWritten, options.iterations);
      for (const [label, f] of steps.figures) {
        figures.set(label, f);
        console.log(`${label.padEnd(52)} p50 ${fmt(f.p50)} ms  p95 ${fmt(f.p95)} ms  p99 ${fmt(f.p99)} ms`);
      }
      stepLabels = [...steps.figures.keys()];
      settledBy.set(size, [...steps.settled].map(([step, n]) => `${step} ${n}`).join(', '));
      console.log(`  exact keys as written settled by: ${settledBy.get(size)}`);
      // The embedded engine's snapshot (held after the searches on PGlite; read now on PostgreSQL).
      const t = performance.now();
      await snapshotOf(handle.db);
      const held = await heldSnapshot(handle.db);
      if (held) {
        snapshotNote.set(size, `${held.rows.toLocaleString('en')} substances, ${(held.bytes / 2 ** 20).toFixed(1)} MiB shared ` +
          `(${((held.bytes / held.rows) * 100_000 / 2 ** 20).toFixed(0)} MiB per 100,000), read ${options.embedded ? 'at the first search' : `in ${fmt(performance.now() - t)} ms`}`);
        console.log(`  embedded snapshot: ${snapshotNote.get(size)}`);
      }
      results.set(size, figures);
    }
  } finally {
    await substancePool().close();
    await handle.close();
    await dropAtEnd();
  }

  const lines: string[] = [
    `### Structure search (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${options.embedded ? 'embedded PGlite, demo catalogue' : 'PostgreSQL with the RDKit cartridge'}, ` +
      `${os.cpus().length} cores shared, load ${loadAtStart} at start, ${os.loadavg()[0]?.toFixed(1)} at end)`,
    '',
    `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores shared with other work, ${Math.round(os.totalmem() / 2 ** 30)} GiB; ${server}.`,
    '',
    `\`npm run bench:structure -- ${options.embedded ? '--embedded' : `--sizes ${options.sizes.join(',')}`}\`: ${options.iterations} searches per mode and size through ` +
      '`searchByStructure` (key read in a worker, engine query, capped count, cards of the page), keys drawn from the loaded data; milliseconds. ' +
      `Distinct structures: ${sizes.map((s) => distinct.get(s)?.toLocaleString('en') ?? '?').join(', ')}.`,
    '',
    `| Search | ${sizes.map((s) => `p50 / p95 / p99 at ${options.embedded ? 'the demo' : s.toLocaleString('en')}`).join(' | ')} | mean count, partial, longest loop block (largest size) | target at 1M |`,
    `|---|${sizes.map(() => '---|').join('')}---|---|`,
  ];
  const largest = sizes[sizes.length - 1] ?? 0;
  for (const c of cases) {
    const cells = sizes.map((s) => {
      const f = results.get(s)?.get(c.label);
      return f ? `${fmt(f.p50)} / ${fmt(f.p95)} / ${fmt(f.p99)}` : '—';
    });
    const f = results.get(largest)?.get(c.label);
    const extra = f ? `${Math.round(f.meanCount).toLocaleString('en')}, ${f.partial} of ${f.runs}, ${fmt(f.loopMax)} ms` : '—';
    lines.push(`| ${c.label} | ${cells.join(' | ')} | ${extra} | ${c.target} |`);
  }
  for (const label of stepLabels) {
    const cells = sizes.map((s) => {
      const f = results.get(s)?.get(label);
      return f ? `${fmt(f.p50)} / ${fmt(f.p95)} / ${fmt(f.p99)}` : '—';
    });
    lines.push(`| ${label} | ${cells.join(' | ')} | — | — |`);
  }
  lines.push('');
  for (const s of sizes) {
    lines.push(`Exact keys as the products write them, settled by (${options.embedded ? 'the demo' : s.toLocaleString('en')}): ${settledBy.get(s) ?? '—'}. ` +
      `Embedded snapshot: ${snapshotNote.get(s) ?? '—'}.`, '');
  }
  const table = lines.join('\n');
  console.log(`\n${table}`);
  if (options.docs) appendToJournal(`\n${table}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
