/**
 * Inventory benchmark (bars in docs/benchmarks.md#inventory):
 *   npm run bench:inventory -- [--containers 100000] [--ledger 1000000] [--iterations 100] [--reuse] [--keep] [--no-docs] [--database postgres://…]
 * Loads, on PostgreSQL (`--database`, else BENCH_DATABASE_URL, else a scratch database `vt_invio_bench` on the local
 * server), the demo shop, then for the demo buyer's company a location tree (5 buildings, 8 rooms each, 10 cabinets
 * each), 50 owners, `--containers` containers (one in 20 controlled, one in 8 hazardous, expiry days spread over
 * three years) and `--ledger` ledger rows (a receipt each, then uses, with their running balances), with
 * generate_series. Measures through the shelf's own functions (ADR 0089) the list's first page, each filter
 * (location subtree, owner, state, hazard, expiring), search by name, CAS and item number, a page deep in the list,
 * the container record with its ledger; then streams the ledger export (ADR 0090) of every row and of controlled
 * chemicals only, with the process's peak RSS before and after. Prints p50/p95/p99 and appends the day's journal.
 */
import { appendToJournal } from './lib/bench-journal.mjs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openScratchDatabase } from './lib/scratch-database';
import { openPostgres, rowsOf, type DbHandle } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { users } from '../src/server/db/schema';
import { inventoryListSchema, type InventoryListInput } from '../src/contracts/inventory';
import { listContainers, readContainer } from '../src/server/modules/inventory/queries';
import type { InventoryUser } from '../src/server/modules/inventory/rules';
import { exportLedger } from '../src/server/modules/inventory-io/ledger-export';
import { seedDatabase } from '../src/server/seed/seed-database';
import { ms, time } from './lib/bench-timing';

interface Options { containers: number; ledger: number; iterations: number; reuse: boolean; keep: boolean; docs: boolean; database: string | undefined }

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      containers: { type: 'string', default: '100000' }, ledger: { type: 'string', default: '1000000' }, iterations: { type: 'string', default: '100' },
      reuse: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false }, 'no-docs': { type: 'boolean', default: false }, database: { type: 'string' },
    },
    strict: true,
  });
  const containers = Number(values.containers);
  const ledger = Number(values.ledger);
  if (!Number.isInteger(containers) || containers < 1000) throw new Error('--containers: an integer ≥ 1000');
  if (!Number.isInteger(ledger) || ledger < containers) throw new Error('--ledger: an integer ≥ --containers');
  const database = values.database ?? process.env.BENCH_DATABASE_URL;
  if (database !== undefined && !/^postgres(ql)?:\/\//.test(database)) throw new Error('--database: a postgres:// connection string');
  return { containers, ledger, iterations: Math.max(20, Number(values.iterations)), reuse: values.reuse ?? false, keep: values.keep ?? false, docs: !(values['no-docs'] ?? false), database };
}

async function openBenchDatabase(options: Options): Promise<{ url: string; fresh: boolean; drop: () => Promise<void> }> {
  if (options.database) {
    const probe = postgres(options.database, { max: 1, onnotice: () => {} });
    const [row] = await probe`select to_regclass('public.inventory_containers') is null as empty`;
    await probe.end();
    return { url: options.database, fresh: Boolean(row?.empty), drop: async () => {} };
  }
  return openScratchDatabase('inventory_bench', options);
}

/** The shelf of one company, loaded with generate_series in a few statements. */
async function load(handle: DbHandle, options: Options, companyId: number): Promise<void> {
  const db = handle.db;
  const started = performance.now();
  await db.execute(sql`insert into inventory_locations (company_id, kind, name, sort) select ${companyId}, 'building', '楼' || b, b from generate_series(1, 5) b`);
  await db.execute(sql`insert into inventory_locations (company_id, parent_id, kind, name, sort)
    select ${companyId}, l.id, 'room', (100 * r)::text, r from inventory_locations l cross join generate_series(1, 8) r where l.company_id = ${companyId} and l.kind = 'building'`);
  await db.execute(sql`insert into inventory_locations (company_id, parent_id, kind, name, sort)
    select ${companyId}, l.id, 'cabinet', '柜' || c, c from inventory_locations l cross join generate_series(1, 10) c where l.company_id = ${companyId} and l.kind = 'room'`);
  await db.execute(sql`insert into users (company_id, login_name, password_hash, name, account_type)
    select ${companyId}, 'owner' || g || '@bench.example.com', '', '实验员' || g, 'user' from generate_series(1, 50) g`);
  await db.execute(sql`create temporary table bench_products as
    select row_number() over (order by id)::int as n, id, item_no, coalesce(cas, '') as cas, name_zh, name_en from products`);
  await db.execute(sql`create temporary table bench_cabinets as
    select row_number() over (order by id)::int as n, id from inventory_locations where company_id = ${companyId} and kind = 'cabinet'`);
  await db.execute(sql`create temporary table bench_owners as
    select row_number() over (order by id)::int as n, id from users where company_id = ${companyId}`);
  const [{ p, c, o } = { p: 1, c: 1, o: 1 }] = rowsOf<{ p: number; c: number; o: number }>(await db.execute(sql`
    select (select count(*) from bench_products)::int as p, (select count(*) from bench_cabinets)::int as c, (select count(*) from bench_owners)::int as o`));
  const perContainer = Math.floor(options.ledger / options.containers);
  // Each container: 1000 units received, then (perContainer − 1) uses of 10: its balance is 1000 − 10 × uses.
  await db.execute(sql`
    insert into inventory_containers (company_id, code, product_id, item_no, name_zh, name_en, cas, control_class, hazardous, lot_no, expires_on,
      amount, remaining, unit, location_id, owner_id, state, source, received_on)
    select ${companyId}, 'B' || lpad(g::text, 7, '0'), bp.id, bp.item_no, bp.name_zh, bp.name_en, bp.cas,
      case when g % 20 = 0 then (array['precursor','explosive','toxic'])[1 + (g / 20) % 3] end, g % 8 = 0, 'L' || (g % 997),
      (date '2025-06-01' + (g % 1100)), 1000, 1000 - 10 * ${perContainer - 1}, (array['g','mL','mg','L'])[1 + g % 4],
      bc.id, bo.id, case when g % 50 = 0 then 'disposed' when g % 25 = 0 then 'empty' else 'in_use' end, 'import',
      date '2024-01-01' + (g % 700)
    from generate_series(1, ${options.containers}) g
    join bench_products bp on bp.n = 1 + (g * 7) % ${p}
    join bench_cabinets bc on bc.n = 1 + (g * 13) % ${c}
    join bench_owners bo on bo.n = 1 + (g * 3) % ${o}`);
  console.log(`  ${options.containers.toLocaleString('en')} containers in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const ledger = performance.now();
  const [{ lo, hi } = { lo: 0, hi: 0 }] = rowsOf<{ lo: number; hi: number }>(await db.execute(sql`select min(id) as lo, max(id) as hi from inventory_containers where company_id = ${companyId} and code like 'B%'`));
  for (let from = lo; from <= hi; from += 20_000) {
    await db.execute(sql`
      insert into inventory_ledger (company_id, container_id, kind, delta, balance, to_location_id, purpose, happened_on, user_id, actor_name)
      select c.company_id, c.id, case when s = 0 then 'received' else 'used' end, case when s = 0 then 1000 else -10 end,
        1000 - 10 * s, case when s = 0 then c.location_id end, case when s = 0 then '' else '实验' end, c.received_on + s, c.owner_id, '实验员'
      from inventory_containers c cross join generate_series(0, ${perContainer - 1}) s
      where c.id between ${from} and ${Math.min(hi, from + 19_999)} and c.company_id = ${companyId}
      order by c.received_on + s, c.id`);
  }
  console.log(`  ${(options.containers * perContainer).toLocaleString('en')} ledger rows in ${((performance.now() - ledger) / 1000).toFixed(0)} s`);
  for (const table of ['inventory_locations', 'inventory_containers', 'inventory_ledger', 'users']) await db.execute(sql.raw(`vacuum analyze ${table}`));
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** A streamed export read to its end: its bytes, its time and the process's resident memory (peak sampled, and the OS's peak). */
async function drain(stream: ReadableStream<Uint8Array>): Promise<{ bytes: number; seconds: number; peakRss: number }> {
  const started = performance.now();
  let bytes = 0;
  let peakRss = process.memoryUsage().rss;
  const reader = stream.getReader();
  for (let n = 0; ; n++) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (n % 64 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  return { bytes, seconds: (performance.now() - started) / 1000, peakRss };
}

async function main(): Promise<void> {
  const options = readOptions();
  process.env.STATEMENT_TIMEOUT_MS ??= '600000';
  const { url, fresh, drop } = await openBenchDatabase(options);
  const handle = openPostgres(url, 4);
  const loadAtStart = os.loadavg()[0]?.toFixed(1) ?? '?';
  try {
    const db = handle.db;
    if (fresh) {
      await runMigrations(handle);
      await seedDatabase(db, { products: 2000 });
    }
    const [u] = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
    const user: InventoryUser = { userId: u!.id, companyId: u!.companyId, permissions: ['INVENTORY.VIEW', 'INVENTORY.EDIT', 'INVENTORY.CONTROLLED'] };
    const have = Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from inventory_containers where company_id = ${user.companyId} and code like 'B%'`))[0]?.n ?? 0);
    if (have < options.containers) {
      console.log(`Loading ${options.containers.toLocaleString('en')} containers and ${options.ledger.toLocaleString('en')} ledger rows…`);
      await load(handle, options, user.companyId);
    }
    const pick = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
    const building = (await pick<{ id: number }>(sql`select id from inventory_locations where company_id = ${user.companyId} and kind = 'building' order by id limit 1`))[0]!.id;
    const room = (await pick<{ id: number }>(sql`select id from inventory_locations where company_id = ${user.companyId} and kind = 'room' order by id limit 1`))[0]!.id;
    const owner = (await pick<{ id: number }>(sql`select owner_id as id from inventory_containers where company_id = ${user.companyId} and owner_id is not null limit 1`))[0]!.id;
    const names = (await pick<{ name: string }>(sql`select distinct substr(name_zh, 1, 3) as name from inventory_containers where company_id = ${user.companyId} limit 30`)).map((r) => r.name);
    const cas = (await pick<{ cas: string }>(sql`select distinct cas from inventory_containers where company_id = ${user.companyId} and cas <> '' limit 30`)).map((r) => r.cas);
    const items = (await pick<{ item: string }>(sql`select distinct item_no as item from inventory_containers where company_id = ${user.companyId} limit 30`)).map((r) => r.item);
    const ids = (await pick<{ id: number }>(sql`select id from inventory_containers where company_id = ${user.companyId} order by id desc limit 100`)).map((r) => r.id);
    const q = (v: Partial<Record<keyof InventoryListInput, unknown>> = {}): InventoryListInput => inventoryListSchema.parse({ limit: 20, ...v });
    const cases: { label: string; target: string; run: (i: number) => Promise<unknown> }[] = [
      { label: 'List, first page', target: 'p95 ≤ 100 ms', run: () => listContainers(db, user, q(), 'zh') },
      { label: 'List, location subtree (a building)', target: 'p95 ≤ 100 ms', run: () => listContainers(db, user, q({ locationId: building }), 'zh') },
      { label: 'List, location subtree (a room)', target: 'p95 ≤ 100 ms', run: () => listContainers(db, user, q({ locationId: room }), 'zh') },
      { label: 'List, owner', target: 'p95 ≤ 100 ms', run: () => listContainers(db, user, q({ ownerId: owner }), 'zh') },
      { label: 'List, state (disposed)', target: 'p95 ≤ 100 ms', run: () => listContainers(db, user, q({ state: 'disposed' }), 'zh') },
      { label: 'List, hazard (controlled)', target: 'p95 ≤ 100 ms', run: () => listContainers(db, user, q({ hazard: 'controlled' }), 'zh') },
      { label: 'List, hazardous', target: 'p95 ≤ 100 ms', run: () => listContainers(db, user, q({ hazard: 'hazardous' }), 'zh') },
      { label: 'List, expiring soon', target: 'p95 ≤ 100 ms', run: () => listContainers(db, user, q({ expiry: 'soon' }), 'zh') },
      { label: 'List, expired', target: 'p95 ≤ 100 ms', run: () => listContainers(db, user, q({ expiry: 'expired' }), 'zh') },
      { label: 'List, sorted by expiry', target: 'p95 ≤ 100 ms', run: () => listContainers(db, user, q({ sort: 'expiry', order: 'asc' }), 'zh') },
      { label: 'Search, name', target: 'p95 ≤ 100 ms', run: (i) => listContainers(db, user, q({ key: names[i % names.length] }), 'zh') },
      { label: 'Search, CAS', target: 'p95 ≤ 100 ms', run: (i) => listContainers(db, user, q({ key: cas[i % cas.length] }), 'zh') },
      { label: 'Search, item number', target: 'p95 ≤ 100 ms', run: (i) => listContainers(db, user, q({ key: items[i % items.length] }), 'zh') },
      { label: 'List, page 2,000 (40,000 rows deep)', target: 'p95 ≤ 100 ms', run: () => listContainers(db, user, q({ offset: 2000 }), 'zh') },
      { label: 'Container record with its ledger', target: 'p95 ≤ 100 ms', run: (i) => readContainer(db, user, ids[i % ids.length]!, 'zh') },
    ];
    const rows: string[] = [];
    for (const c of cases) {
      try {
        const f = await time(options.iterations, c.run);
        console.log(`${c.label}: p50 ${ms(f.p50)} / p95 ${ms(f.p95)} / p99 ${ms(f.p99)} ms`);
        rows.push(`| ${c.label} | ${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.p99)} | ${c.target} |`);
      } catch (error) {
        // A query that fails is a finding of the run, not the end of it.
        const message = (error as { cause?: { message?: string } }).cause?.message ?? (error instanceof Error ? error.message : String(error));
        console.log(`${c.label}: fails (${message})`);
        rows.push(`| ${c.label} | fails: ${message} | ${c.target} |`);
      }
    }
    const plans: string[] = [];
    for (const [label, where] of [
      ['first page', sql`c.company_id = ${user.companyId} and c.state = 'in_use'`],
      ['location subtree (a building)', sql`c.company_id = ${user.companyId} and c.state = 'in_use' and c.location_id in (with recursive sub(id) as (select id from inventory_locations where id = ${building} union all select l.id from inventory_locations l join sub on l.parent_id = sub.id) select id from sub)`],
    ] as const) {
      const plan = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain (analyze, costs off, timing off, summary off)
        select c.id from inventory_containers c where ${where} order by c.received_on desc, c.id desc limit 20`));
      plans.push(`${label}:\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
    console.log(plans.join('\n\n'));
    const exports: string[] = [];
    for (const [label, controlledOnly] of [['controlled chemicals', true], ['every row', false]] as const) {
      const before = process.memoryUsage().rss;
      const result = await drain(await exportLedger(db, { companyId: user.companyId, filters: { controlledOnly }, lang: 'zh' }));
      const line = `Ledger export, ${label}: ${(result.bytes / 2 ** 20).toFixed(1)} MiB in ${result.seconds.toFixed(1)} s; RSS ${mib(before)} before, peak ${mib(result.peakRss)} during, ${mib(process.memoryUsage().rss)} after`;
      console.log(line);
      exports.push(`- ${line}.`);
    }
    const version = rowsOf<{ v: string }>(await db.execute(sql`select split_part(version(), ' on ', 1) as v`))[0]?.v ?? 'PostgreSQL';
    const section = [
      `### Inventory (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, PostgreSQL, ${os.cpus().length} cores shared, load ${loadAtStart} at start, ${os.loadavg()[0]?.toFixed(1)} at end)`,
      '',
      `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores shared with other work, ${Math.round(os.totalmem() / 2 ** 30)} GiB; ${version}.`,
      '',
      `\`npm run bench:inventory -- --containers ${options.containers} --ledger ${options.ledger}\`: one company's ${options.containers.toLocaleString('en')} containers and ${options.ledger.toLocaleString('en')} ledger rows; ${options.iterations} calls per case through \`listContainers\`/\`readContainer\`; milliseconds.`,
      '',
      '| Case | p50 / p95 / p99 | target |',
      '|---|---|---|',
      ...rows,
      '',
      ...exports,
      '',
      '```',
      plans.join('\n\n'),
      '```',
    ].join('\n');
    if (options.docs) appendToJournal(`\n${section}\n`);
  } finally {
    await handle.close();
    await drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
