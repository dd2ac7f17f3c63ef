/**
 * Name searches on a loaded catalogue, cold and warm (issue 46's name bars; ADR 0077, 0100–0104):
 *   npm run bench:names -- --url postgres://…/np_13m [--keys 40] [--seed 7] [--passes 3] [--cold] [--no-docs]
 * Draws `--keys` keys of each kind from the catalogue as `bench:search` draws them (scripts/lib/search-keys.ts,
 * the same seed gives the same keys) and searches each with `findProductsAndFacets`, as the search page asks (the
 * first page of 20 and the brand facets), kind after kind, `--passes` times. The first pass is each key's first
 * search (the sample that plans name keys read before it, as a running server holds it); with `--cold` it follows a restart of the local PostgreSQL cluster (`pg_ctlcluster`) and an emptied page
 * cache of the operating system (`/proc/sys/vm/drop_caches`, as root), so that it reads from disk. Prints p50 and
 * p95 per kind and pass and appends the table to the day's journal in docs/benchmarks/. The database is only read.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPostgres, rowsOf } from '../src/server/db/client';
import { findProductsAndFacets } from '../src/server/modules/catalog/browse';
import { KEY_COUNT_CAP } from '../src/server/modules/catalog/search/capped';
import { nameSearchFacts } from '../src/server/modules/catalog/search/conditions';
import { presetNameStatistics } from '../src/server/modules/catalog/search/statistics';
import { drawKeys, type Kind } from './lib/search-keys';
import { ms, percentile } from './lib/bench-timing';
import { appendToJournal } from './lib/bench-journal.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string' }, keys: { type: 'string', default: '40' }, seed: { type: 'string', default: '7' },
    passes: { type: 'string', default: '3' }, cold: { type: 'boolean', default: false }, 'no-docs': { type: 'boolean', default: false },
  },
  strict: true,
});
const DB_URL = values.url ?? process.env.BENCH_DATABASE_URL ?? '';
if (!DB_URL) throw new Error('--url (or BENCH_DATABASE_URL): the PostgreSQL database of a loaded catalogue');
const KEYS = Number(values.keys);
const SEED = Number(values.seed);
const PASSES = Number(values.passes);
if (!Number.isInteger(KEYS) || KEYS < 1 || !Number.isInteger(SEED) || !Number.isInteger(PASSES) || PASSES < 1) throw new Error('--keys, --seed and --passes: whole numbers, --keys and --passes ≥ 1');

const KINDS: { kind: Kind; label: string }[] = [
  { kind: 'nameZh', label: 'Chinese names' },
  { kind: 'pinyin', label: 'Pinyin' },
  { kind: 'nameEn', label: 'English names' },
  { kind: 'brand', label: 'Brand names' },
  { kind: 'noMatch', label: 'Keys in no product' },
  { kind: 'cjk12', label: '1–2 Chinese characters' },
  { kind: 'itemExact', label: 'Item numbers' },
  { kind: 'cas', label: 'CAS numbers' },
];

/** Restarts the local cluster and empties the operating system's page cache: the next reads come from disk. */
async function goCold(version: string): Promise<void> {
  execFileSync('pg_ctlcluster', [version, 'main', 'restart'], { stdio: 'inherit' });
  execFileSync('sync');
  writeFileSync('/proc/sys/vm/drop_caches', '3\n');
  for (let i = 0; i < 60; i += 1) {
    try {
      const url = new URL(DB_URL);
      execFileSync('pg_isready', ['-q', '-h', url.hostname, '-p', url.port || '5432']);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  throw new Error('PostgreSQL did not come back after its restart');
}

async function main(): Promise<void> {
  let handle = openPostgres(DB_URL, 2);
  const [server] = rowsOf<{ version: string; name: string; buffers: string; products: number }>(await handle.db.execute(sql`
    select current_setting('server_version_num') as version, current_setting('server_version') as name, current_setting('shared_buffers') as buffers,
           (select count(*)::int from products where active) as products`));
  const keys = await drawKeys(handle, KEYS, SEED);
  // The sample that plans name keys is read once per server process, not per search: read before the passes, as a
  // name search reads it (its last bucket and its statistics).
  const { stats } = await nameSearchFacts(handle.db, 'qxqzvj');
  if (!stats) throw new Error('the name statistics could not be sampled (see the log above)');
  if (values.cold) {
    await handle.close();
    await goCold(String(Math.floor(Number(server?.version) / 10_000)));
    handle = openPostgres(DB_URL, 2);
  }
  presetNameStatistics(handle.db, stats);
  // The process warms up apart from the keys: its connections open and the search's code compiles on a key
  // found nowhere (a few index pages read).
  await Promise.all([handle.db.execute(sql`select 1`), handle.db.execute(sql`select 1`)]);
  await findProductsAndFacets(handle.db, { key: 'qxqzvj', type: '3', limit: 20 }, 'zh');
  const figures = new Map<Kind, string[]>();
  /** The same without the keys whose matches reach the count's cap: what the other keys cost (each pass). */
  const uncapped = new Map<Kind, string[]>();
  /** The slowest keys of each pass: what a p95 of 40 keys is made of. */
  const slowest: string[] = [];
  try {
    for (let pass = 1; pass <= PASSES; pass += 1) {
      for (const { kind, label } of KINDS) {
        const timed: { key: string; ms: number; total: string; capped: boolean }[] = [];
        for (const q of keys[kind]) {
          const started = performance.now();
          const { page } = await findProductsAndFacets(handle.db, { key: q.key, type: q.type === undefined ? undefined : String(q.type), limit: 20 }, 'zh');
          timed.push({ key: q.key ?? '', ms: performance.now() - started, total: `${page.total}${page.totalCapped ? '+' : ''}`, capped: page.totalCapped });
        }
        const samples = timed.map((t) => t.ms).sort((a, b) => a - b);
        const worst = [...timed].sort((a, b) => b.ms - a.ms).slice(0, 2).map((t) => `\`${t.key}\` ${ms(t.ms)} (${t.total} matches)`);
        slowest.push(`pass ${pass}, ${label}: ${worst.join(', ')}`);
        const figure = `${ms(percentile(samples, 50))} / ${ms(percentile(samples, 95))}`;
        figures.set(kind, [...(figures.get(kind) ?? []), figure]);
        const below = timed.filter((t) => !t.capped).map((t) => t.ms).sort((a, b) => a - b);
        const belowFigure = below.length ? `${below.length}: ${ms(percentile(below, 50))} / ${ms(percentile(below, 95))}` : '0: –';
        uncapped.set(kind, [...(uncapped.get(kind) ?? []), belowFigure]);
        process.stdout.write(`pass ${pass} ${label.padEnd(24)} ${samples.length} keys  p50 / p95 ${figure} ms; under the cap ${belowFigure} ms\n`);
      }
    }
  } finally {
    await handle.close();
  }
  if (values['no-docs']) return;
  const passName = (pass: number) => (pass === 1 ? (values.cold ? 'cold (first search)' : 'first search') : `again (${pass})`);
  const table = (cells: Map<Kind, string[]>): string[] => [
    `| Keys | ${Array.from({ length: PASSES }, (_, i) => passName(i + 1)).join(' | ')} |`,
    `|---|${'---|'.repeat(PASSES)}`,
    ...KINDS.map(({ kind, label }) => `| ${label} | ${(cells.get(kind) ?? []).join(' | ')} |`),
  ];
  appendToJournal([
    '',
    `### Names on a loaded catalogue (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, \`npm run bench:names\`)`,
    '',
    `${server?.products ?? 0} active products; PostgreSQL ${server?.name}, shared_buffers ${server?.buffers}; ${os.cpus().length} cores ${os.cpus()[0]?.model ?? ''}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${os.loadavg()[0]?.toFixed(1)} at the end. ${KEYS} keys drawn per kind (seed ${SEED}), each searched with \`findProductsAndFacets\` as the search page asks${values.cold ? '; the first pass after a restart of PostgreSQL and an emptied page cache of the operating system' : ''}. p50 / p95 ms:`,
    '',
    ...table(figures),
    '',
    `The keys whose matches stay under the count's cap (${KEY_COUNT_CAP.toLocaleString('en')}; the others read ${(KEY_COUNT_CAP + 1).toLocaleString('en')} rows to count them): keys, p50 / p95 ms:`,
    '',
    ...table(uncapped),
    '',
    'The two slowest keys of each name kind and pass (ms, and the matches the page counts):',
    '',
    ...slowest.filter((line) => /Chinese names|Pinyin|English names/.test(line)).map((line) => `- ${line}`),
    '',
  ].join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
