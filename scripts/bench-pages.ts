/**
 * Storefront page benchmark (docs/requirements/quality.md#p6-page-throughput):
 *   npm run bench:pages -- [--products 1000000] [--keys 40] [--seconds 5] [--connections 4] [--renders 3] [--expired 24] [--no-docs] [--signed-in] [--structures]
 * Loads (or reuses) generated products in PostgreSQL — BENCH_DATABASE_URL, or the database `bench_pages`
 * next to TEST_DATABASE_URL / the local server, kept between runs — with the catalogue generator (COPY),
 * starts the production build on it (scripts/start.ts, which builds when stale) on localhost only, and
 * measures from outside for each page type: the time to first byte, p50/p95 over many keys, one
 * request at a time; and the requests per second of one URL with autocannon, beside a static file of
 * the same build. Searches are compared with the same searches through the API (`/api/web/product/getPage`,
 * the engine alone, with the brand facets the page asks for and without), key by key on the same database state: the
 * key's first search through the API, its page, the API again, the page again (scripts/lib/page-search-row.ts). Then, on a second server without the shared data cache (STOREFRONT_CACHE_SECONDS=0),
 * the first request after the cache expired: each page type with every shared read from the database, beside the same
 * list through the API. Prints the table and appends it to the day's journal in docs/benchmarks/. Stops the
 * server by itself.
 * `--signed-in`: every page request (timed and autocannon's) carries a demo buyer's session cookie
 * (buyer@demo.example.com), as a signed-in buyer's browser sends it; the shared storefront pages are kept
 * for them too (ADR 0076), and a row times the visitor islands' call (`/api/web/islands/visitor`) that
 * such a page makes after it has loaded.
 * `--structures`: only the structure search pages (type 5: exact, substructure on common fragments, similarity at
 * 0.7), measured as the other searches are, key by key beside the API, on a catalogue whose substances the RDKit
 * cartridge screens (`BENCH_DATABASE_URL` of `bench:structure -- --keep`, which holds ss_structure_bench).
 * A benchmark, not a test: nothing here fails on a figure.
 */
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openPostgres, rowsOf, type DbHandle } from '../src/server/db/client';
import { GENERATED_ITEM_NO_SQL } from '../src/server/seed/synthetic-catalog';
import { loadWithCopy, prepare } from '../src/server/seed/catalog-generator';
import { appendToJournal } from './lib/bench-journal.mjs';
import { COMMON_FRAGMENTS, drawSubstanceKeys, drawSubstances, substancePageRows } from './lib/bench-substances';
import { signIn, startServer, timeToFirstByte, sendSessionCookie, waitReady } from './lib/page-server';
import { cell, ms, summary, timeSearchRow, type Timing } from './lib/page-search-row';

interface AutocannonResult { requests: { average: number }; non2xx: number; errors: number; latency: { p50: number; p97_5: number } }
type Autocannon = (options: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

interface Options { products: number; keys: number; seconds: number; connections: number; renders: number; expired: number; docs: boolean; signedIn: boolean; structures: boolean }

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '1000000' }, keys: { type: 'string', default: '40' }, seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '4' }, renders: { type: 'string', default: '3' }, expired: { type: 'string', default: '24' },
      'no-docs': { type: 'boolean', default: false }, 'signed-in': { type: 'boolean', default: false },
      structures: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const products = Number(values.products);
  if (!Number.isInteger(products) || products < 10_000) throw new Error('--products must be an integer ≥ 10000');
  return {
    products, keys: Math.max(8, Number(values.keys)), seconds: Math.max(1, Number(values.seconds)),
    connections: Math.max(1, Number(values.connections)), renders: Math.max(1, Math.floor(Number(values.renders)) || 1),
    expired: Math.max(1, Math.floor(Number(values.expired)) || 24), docs: !(values['no-docs'] ?? false),
    signedIn: values['signed-in'] ?? false, structures: values.structures ?? false,
  };
}

async function benchDatabaseUrl(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const server = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const admin = postgres(server.toString(), { max: 1, onnotice: () => {} });
  if ((await admin`select 1 from pg_database where datname = 'bench_pages'`).length === 0) await admin.unsafe('create database bench_pages');
  await admin.end();
  server.pathname = '/bench_pages';
  return server.toString();
}

async function generatedCount(handle: DbHandle): Promise<number> {
  const rows = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from products where item_no ~ ${GENERATED_ITEM_NO_SQL}`));
  return Number(rows[0]?.n ?? 0);
}

/** Loads generated products until there are `size`; a database with more is used as it is. */
async function growTo(url: string, size: number): Promise<number> {
  const handle = openPostgres(url, 2);
  try {
    const { ctx, firstSeq } = await prepare(handle, { products: 1, truncate: false });
    const have = await generatedCount(handle);
    if (have < size) {
      console.log(`Loading ${(size - have).toLocaleString('en')} generated products (have ${have.toLocaleString('en')})…`);
      await loadWithCopy(url, size - have, firstSeq, ctx);
      // A vacuum of a million rows outlasts the connection's usual statement limit.
      await handle.db.execute(sql`set statement_timeout = 0`);
      // The visibility map that the searches' index-only scans rely on (autovacuum sets it later): measured
      // straight after a load without it, brand-name searches took 223 ms at p50 instead of 17.
      await handle.db.execute(sql`vacuum analyze products`);
      await handle.db.execute(sql`vacuum analyze product_packs`);
    }
    return Number(rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from products`))[0]?.n ?? 0);
  } finally {
    await handle.close();
  }
}

interface Keys {
  items: string[]; cas: string[]; names: string[]; brands: string[]; ids: number[];
  leaves: number[]; brandIds: number[]; newsIds: number[];
}

/** Keys drawn from the loaded data: random generated products (by id, through the primary key), busy categories, brands, news. */
async function drawKeys(url: string, count: number): Promise<Keys> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const max = (await client<{ max: number }[]>`select max(id)::int as max from products`)[0]?.max ?? 1;
    const picks = Array.from({ length: count }, (_, i) => 1 + Math.floor(((i + 0.5) / count) * (max - 1)));
    const rows = await client<{ id: number; item_no: string; cas: string | null; name_zh: string; brand: string }[]>`
      select p.id::int as id, p.item_no, p.cas, p.name_zh, b.name_en as brand
      from unnest(${picks}::int[]) r(id)
      cross join lateral (select * from products where id >= r.id and active order by id limit 1) p
      join brands b on b.id = p.brand_id`;
    const leaves = await client<{ id: number }[]>`
      select c.id::int as id from categories c where c.leaf order by c.id limit ${Math.min(count, 12)}`;
    const brandIds = await client<{ id: number }[]>`select id::int as id from brands order by id limit ${Math.min(count, 12)}`;
    const news = await client<{ id: number }[]>`select id::int as id from content_items where kind = 'news' order by id limit ${Math.min(count, 12)}`;
    return {
      items: rows.map((r) => r.item_no),
      cas: rows.flatMap((r) => (r.cas ? [r.cas] : [])),
      names: rows.map((r) => [...r.name_zh].slice(0, 4).join('')),
      brands: [...new Set(rows.map((r) => r.brand))],
      ids: rows.map((r) => r.id),
      leaves: leaves.map((r) => r.id),
      brandIds: brandIds.map((r) => r.id),
      newsIds: news.map((r) => r.id),
    };
  } finally {
    await client.end();
  }
}

/** The first request of each URL (rendered, shared data possibly cached) and the repeated ones (a guest's kept page, ADR 0039). */
interface Timings { rendered: Timing; kept: Timing }

async function timeAll(base: string, given: string[], body?: (i: number) => string, samples = 20): Promise<Timings> {
  // Pages with few URLs (home: / and /en) are requested round after round, up to `samples` requests.
  const rounds = Math.max(1, Math.ceil(samples / given.length));
  const first: number[] = [];
  const again: number[] = [];
  let failedFirst = 0;
  let failedAgain = 0;
  // Each URL is rendered once (which fills the shared data cache and the guest page cache) and then asked
  // again at once: a guest's page is kept PAGE_CACHE_SECONDS (10 s), less than a pass over 40 URLs can take.
  for (const [i, path] of given.entries()) {
    const rendered = await timeToFirstByte(base + path, body?.(i));
    if (rendered.status !== 200) failedFirst += 1;
    first.push(rendered.ms);
    for (let round = 0; round < rounds; round += 1) {
      const { ms, status } = await timeToFirstByte(base + path, body?.(i));
      if (status !== 200) failedAgain += 1;
      again.push(ms);
    }
  }
  return { rendered: summary(first, failedFirst), kept: summary(again, failedAgain) };
}

/**
 * A file of the build that Next.js serves as it is, the static page of the comparison: the script
 * chunk nearest in size to a storefront page (`bytes`), so that both answers carry as much to compress
 * and send. (The first chunk by name was a different file, of a different size, after every build.)
 */
function staticPath(bytes: number): string {
  const dir = '.next/static/chunks';
  const chunks = readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => ({ f, size: statSync(`${dir}/${f}`).size }));
  if (chunks.length === 0) throw new Error('no static chunk in .next/static/chunks');
  chunks.sort((a, b) => Math.abs(a.size - bytes) - Math.abs(b.size - bytes) || a.f.localeCompare(b.f));
  return `/_next/static/chunks/${chunks[0]?.f}`;
}

/**
 * Each page type rendered with its shared data read from the database (the first request after the cache expired),
 * `samples` requests over its URLs in turn, each list followed by the same list through the API (the engine alone).
 */
async function measureExpired(url: string, port: number, base: string, keys: Keys, samples: number): Promise<string[]> {
  const server = startServer(url, port, { STOREFRONT_CACHE_SECONDS: '0', PAGE_CACHE_SECONDS: '0' });
  const stop = () => { if (server.exitCode === null) server.kill('SIGTERM'); };
  process.on('exit', stop);
  try {
    await waitReady(server, base);
    const flags = ['hot', 'new', 'special'] as const;
    const types: [string, { path: string; api?: Record<string, unknown> }[]][] = [
      ['Home', [{ path: '/' }, { path: '/en' }]],
      ['Hot / new / special lists', flags.map((flag) => ({ path: `/product/index/${flag}`, api: { flag } }))],
      ['Category list', keys.leaves.map((id) => ({ path: `/product/index/list?typeId=${id}`, api: { categoryId: id } }))],
      ['Category list, in stock', keys.leaves.map((id) => ({ path: `/product/index/list?typeId=${id}&stock=1`, api: { categoryId: id, inStock: true } }))],
      ['Brand page', keys.brandIds.map((id) => ({ path: `/brand/detail?id=${id}`, api: { brandIds: [id], limit: 12 } }))],
      ['Product detail', keys.ids.map((id) => ({ path: `/product/detail?id=${id}` }))],
      ...substancePageRows(await drawSubstanceKeys(url, keys.ids.length)).map(([name, paths]): [string, { path: string }[]] => [name, paths.map((path) => ({ path }))]),
    ];
    // One request first, so that nothing of the server's own start-up (compiling routes, opening the pool) is timed.
    await timeToFirstByte(`${base}/`);
    const rows: string[] = [];
    for (const [name, urls] of types) {
      const pages: number[] = [];
      const engine: number[] = [];
      let failed = 0;
      for (let i = 0; i < Math.max(samples, 1); i += 1) {
        const u = urls[i % urls.length];
        if (!u) break;
        const page = await timeToFirstByte(base + u.path);
        if (page.status !== 200) failed += 1;
        pages.push(page.ms);
        if (u.api) {
          const answer = await timeToFirstByte(`${base}/api/web/product/getPage`, JSON.stringify({ limit: 20, ...u.api }));
          if (answer.status !== 200) throw new Error(`/api/web/product/getPage answered ${answer.status}: the engine's figures would be an error's`);
          engine.push(answer.ms);
        }
      }
      const t = summary(pages, failed);
      const e = engine.length > 0 ? summary(engine, 0) : null;
      const line = `| ${name} | ${cell(t)} | ${e ? `${ms(e.p50)} / ${ms(e.p95)}` : '—'} |`;
      console.log(line);
      rows.push(line);
    }
    return rows;
  } finally {
    stop();
  }
}

/** The structure search pages (`--structures`): exact and similarity on drawn substances, substructure on common fragments. */
async function structureSearches(url: string, count: number): Promise<[string, string[], Record<string, unknown>[]][]> {
  const smiles = (await drawSubstances(url, count)).map((s) => s.smiles);
  if (smiles.length === 0) throw new Error('--structures: the database has no substances (bench:structure -- --keep loads them)');
  // Each fragment once: a second request of the same address would be a kept page, not a render.
  const fragments = COMMON_FRAGMENTS.slice(0, count);
  const rows = (name: string, mode: string, keys: string[], threshold?: number): [string, string[], Record<string, unknown>[]] => [
    name,
    keys.map((k) => `/product/list?type=5&mode=${mode}${threshold ? `&threshold=${threshold}` : ''}&sk=${encodeURIComponent(k)}`),
    keys.map((key) => ({ key, type: 5, mode, ...(threshold ? { threshold } : {}) })),
  ];
  return [
    rows('Structure: exact (type 5)', 'exact', smiles),
    rows('Structure: substructure, common fragments (type 5)', 'sub', fragments),
    rows('Structure: similarity ≥ 0.7 (type 5)', 'sim', smiles, 0.7),
  ];
}

async function main(): Promise<void> {
  const options = readOptions();
  const url = await benchDatabaseUrl();
  const products = await growTo(url, options.products);
  const keys = await drawKeys(url, options.keys);
  const port = Number(process.env.BENCH_PORT ?? 3198);
  const base = `http://localhost:${port}`;
  const loadAtStart = os.loadavg()[0]?.toFixed(1) ?? '?';
  const server = startServer(url, port);
  const stop = () => { if (server.exitCode === null) server.kill('SIGTERM'); };
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => { stop(); process.exit(130); });
  try {
    await waitReady(server, base);
    const sessionCookie = options.signedIn ? await signIn(base) : null;
    if (sessionCookie) sendSessionCookie(sessionCookie);
    const enc = encodeURIComponent;
    const each = <T>(list: T[], path: (v: T) => string) => list.map(path);
    const searches: [string, string[], Record<string, unknown>[]][] = options.structures ? await structureSearches(url, options.keys) : [
      ['Search: item number (type 1)', each(keys.items, (k) => `/product/list?type=1&sk=${enc(k)}`), keys.items.map((key) => ({ key, type: 1 }))],
      ['Search: CAS (type 2)', each(keys.cas, (k) => `/product/list?type=2&sk=${enc(k)}`), keys.cas.map((key) => ({ key, type: 2 }))],
      ['Search: Chinese name, 4 characters (type 3)', each(keys.names, (k) => `/product/list?type=3&sk=${enc(k)}`), keys.names.map((key) => ({ key, type: 3 }))],
      ['Search: brand name (type 3)', each(keys.brands, (k) => `/product/list?type=3&sk=${enc(k)}`), keys.brands.map((key) => ({ key, type: 3 }))],
    ];
    const pages: [string, string[]][] = options.structures ? [] : [
      ['Home', ['/', '/en']],
      ['Hot / new / special lists', ['/product/index/hot', '/product/index/new', '/product/index/special']],
      ['Category list', each(keys.leaves, (id) => `/product/index/list?typeId=${id}`)],
      ['Category list, in stock', each(keys.leaves, (id) => `/product/index/list?typeId=${id}&stock=1`)],
      ['Brand page', each(keys.brandIds, (id) => `/brand/detail?id=${id}`)],
      ['Product detail', each(keys.ids, (id) => `/product/detail?id=${id}`)],
      ...substancePageRows(await drawSubstanceKeys(url, keys.ids.length)),
      ['News list', ['/news/index', '/en/news/index']],
      ['News detail', each(keys.newsIds, (id) => `/news/detail?id=${id}`)],
      ['About (no catalogue data)', ['/about/index/about']],
    ];
    const aboutBytes = (await (await fetch(`${base}/about/index/about`, { headers: { 'accept-language': 'zh-CN' } })).arrayBuffer()).byteLength;
    const statik = staticPath(aboutBytes);
    const rows: string[] = [];
    const rpsOf = async (path: string) => {
      // As a browser asks: compressed where the server compresses (static files and kept pages alike).
      const r = await autocannon({ url: base + path, connections: options.connections, duration: options.seconds, headers: { 'accept-language': 'zh-CN', 'accept-encoding': 'gzip', ...(sessionCookie ? { cookie: sessionCookie } : {}) } });
      return { rps: r.requests.average, bad: r.non2xx + r.errors };
    };
    const staticRps = await rpsOf(statik);
    console.log(`static file ${statik}: ${staticRps.rps.toFixed(0)} req/s`);
    for (const [name, paths] of pages) {
      const timing = await timeAll(base, paths);
      const { rps, bad } = await rpsOf(paths[0] ?? '/');
      const line = `| ${name} | ${cell(timing.rendered)} | ${cell(timing.kept)} | ${rps.toFixed(0)}${bad ? ` (${bad} not 2xx)` : ''} | ${((100 * rps) / staticRps.rps).toFixed(0)} % | — |`;
      console.log(line);
      rows.push(line);
    }
    if (options.signedIn) {
      // What a signed-in buyer's kept page asks for after it has loaded: the header and a product's facts.
      const islands = (ids: number[]) => `/api/web/islands/visitor${ids.length ? `?products=${ids.join(',')}` : ''}`;
      const timing = await timeAll(base, [islands([]), ...keys.ids.slice(0, 12).map((id) => islands([id]))]);
      const { rps, bad } = await rpsOf(islands(keys.ids.slice(0, 1)));
      const line = `| Visitor islands call (signed in) | ${cell(timing.rendered)} | ${cell(timing.kept)} | ${rps.toFixed(0)}${bad ? ` (${bad} not 2xx)` : ''} | ${((100 * rps) / staticRps.rps).toFixed(0)} % | — |`;
      console.log(line);
      rows.push(line);
    }
    for (const [name, paths, bodies] of searches) {
      const row = await timeSearchRow(base, paths, bodies, options.renders);
      const { rps, bad } = await rpsOf(paths[0] ?? '/');
      const line = `| ${name} | ${cell(row.rendered)} | ${cell(row.kept)} | ${rps.toFixed(0)}${bad ? ` (${bad} not 2xx)` : ''} | ${((100 * rps) / staticRps.rps).toFixed(0)} % | ${ms(row.engine.p50)} / ${ms(row.engine.p95)} (list alone ${ms(row.list.p50)} / ${ms(row.list.p95)}); rendered page − engine at p95: ${ms(row.rendered.p95 - row.engine.p95)} (first renders only: ${ms(row.firstOnly)}); a key's first search p95 ${ms(row.cold.p95)} |`;
      console.log(line);
      rows.push(line);
    }
    // The first request after the cache expired: a server whose shared data cache and guest page cache
    // are off (STOREFRONT_CACHE_SECONDS=0), so that every request reads every shared part from the database, as the
    // first request after STOREFRONT_CACHE_SECONDS does (the frame's data expiring with it, the worst case). Beside
    // it, the same list through the API (the engine alone), on the same database state.
    stop();
    await new Promise<void>((resolve) => { if (server.exitCode !== null) resolve(); else server.once('exit', () => resolve()); });
    const expiredRows = options.structures ? [] : await measureExpired(url, port, base, keys, options.expired);
    const table = [
      `### Storefront pages${options.signedIn ? ', signed-in buyer' : ''} (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, PostgreSQL, ${products.toLocaleString('en')} products${process.env.PAGE_CACHE_SECONDS === '0' ? ', PAGE_CACHE_SECONDS=0' : ''})`,
      '',
      `\`npm run bench:pages -- --products ${options.products}${options.signedIn ? ' --signed-in' : ''}${options.structures ? ' --structures' : ''}\`: production build on localhost (scripts/start.ts), measured from outside. Time to first byte in ms, p50 / p95 over the keys, one request at a time: "rendered" is the first request of each URL (the page rendered; shared data may come from the data cache), "kept" the repeated requests a guest's kept page answers (ADR 0039); requests per second of the first URL with autocannon (${options.connections} connections, ${options.seconds} s, gzip accepted), and as a share of a static file of the same build, the script chunk nearest in size to the about page's ${(aboutBytes / 1024).toFixed(0)} KB (\`${statik}\`: ${staticRps.rps.toFixed(0)} req/s). Searches, key by key: the key's first search through the API (it reads the key's rows from disk; its p95 is the last figure), then ${options.renders} times the page rendered and the same search through the API again, with the brand facets the page asks for (\`facets: true\`, the engine's whole answer to the page) and as the list alone, then the page asked again (kept): the page and the engine read the same database state; "rendered page − engine" is the page less the engine's whole answer; the rendered column and the engine's figures are over every render, "first renders only" over the first render of each key (how the earlier tables measured it). Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores shared with other work, ${Math.round(os.totalmem() / 2 ** 30)} GiB; load ${loadAtStart} at start, ${os.loadavg()[0]?.toFixed(1)} at end.`,
      '',
      '| Page | rendered TTFB p50 / p95 (URLs; searches: renders) | kept TTFB p50 / p95 (requests) | req/s | of static | engine alone (API: list and facets) p50 / p95 |',
      '|---|---|---|---|---|---|',
      ...rows,
      '',
      ...(expiredRows.length === 0 ? [] : [`First request after the cache expired: a second server with \`STOREFRONT_CACHE_SECONDS=0\` (no shared data cache, no guest page cache), so every request reads the page's and the frame's shared data from the database; ${options.expired} requests per page type (its URLs in turn), one at a time, each followed by the same list through the API (\`/api/web/product/getPage\`, the engine alone). p50 / p95 in ms.`,
      '',
      '| Page | cache expired TTFB p50 / p95 (requests) | engine alone (API) p50 / p95 |',
      '|---|---|---|',
      ...expiredRows,
      '']),
    ].join('\n');
    console.log(`\n${table}`);
    if (options.docs) appendToJournal(`\n${table}\n`);
  } finally {
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
