/**
 * npm run bench:dashboard [-- --products 1000000 --orders 1000000 --days 365 --visitors-per-day 27400 --search-keys 2000 --users 100000 --runs 50 --keep --reuse --popularity long-tail|uniform]
 *
 * Measures the dashboard's queries (`loadDashboard`, a 90-day range, and each widget alone) on PostgreSQL
 * with generated data in a fresh database `dashboard_bench` beside TEST_DATABASE_URL (or the local
 * server), prints p50/p95 and appends them to the day's journal in docs/benchmarks/. Tracking events reach the dashboard
 * as per-day totals (`visitor_daily_counts`) and search counts as per-day, per-key rows
 * (`search_daily_counts`), so the generated sizes are of those tables: `--visitors-per-day` × `--days`
 * visitor-day rows (10M tracking events ≈ 27,400 a day for a year), `--search-keys` distinct keys a day.
 * Products are loaded by the catalogue generator (COPY, after the demo seed); orders (`--orders`, spread
 * over the days, 3 lines each, a fifth reviewing, a tenth rejected or cancelled) with generate_series;
 * placed ones spread over the order desk's fulfilment and invoice states, a backordered order's first line short with a lead time;
 * the per-day order figures and the order desk's figures the dashboard reads are rebuilt once after the load (`rebuild_order_figures()`).
 * `--popularity long-tail` (the default) draws each line's pack with a long tail, as a supplier's sales
 * are: the pack at rank r (of n) is drawn with a probability falling as r^(-2/3) (u³ of an evenly spread u, from the order id),
 * so the first 1 % of packs get about a fifth of the lines and the first 10 % almost half; `uniform`
 * spreads the lines evenly over every pack (the worst case for the top-products widget: nearly every
 * line of the range is a product of its own). The tables are vacuumed after the load, as autovacuum
 * leaves them in steady use. `--keep` leaves the database; `--reuse` measures a kept one again (after
 * migrating it) instead of loading anew.
 */
import { appendToJournal } from './lib/bench-journal.mjs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openPostgres, type Db, type DbHandle } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { loadWithCopy, prepare } from '../src/server/seed/catalog-generator';
import { loadDashboard, newCustomersPerDay, openFeedback, topSearches, visitorsPerDay } from '../src/server/modules/dashboard/figures';
import { orderDeskFigures } from '../src/server/modules/dashboard/order-desk-figures';
import { openApprovals, ordersPerDay, topBySummingTheRange, topOrderedProducts } from '../src/server/modules/dashboard/order-figures';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '200000' },
    orders: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '365' },
    'visitors-per-day': { type: 'string', default: '30000' },
    'search-keys': { type: 'string', default: '2000' },
    users: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '40' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    popularity: { type: 'string', default: 'long-tail' },
  },
});
const productCount = Number(values.products);
const orderCount = Number(values.orders);
const days = Number(values.days);
const visitorsEachDay = Number(values['visitors-per-day']);
const searchKeys = Number(values['search-keys']);
const userCount = Number(values.users);
const runs = Number(values.runs);
const popularity = values.popularity;
if (popularity !== 'long-tail' && popularity !== 'uniform') throw new Error('--popularity is long-tail or uniform');

async function load(db: Db, handle: DbHandle, url: URL): Promise<void> {
  const { ctx, firstSeq } = await prepare(handle, { products: productCount, truncate: false });
  if (productCount > 5000) await loadWithCopy(url.toString(), productCount - 5000, firstSeq, ctx);
  await db.execute(sql`
    insert into users (company_id, login_name, password_hash, name, created_at)
    select 1, 'bench' || g, 'x', 'u' || g, now() - make_interval(secs => random() * ${days} * 86400) from generate_series(1, ${userCount}) g`);
  // A bulk load: the order figures' triggers off, then one rebuild (as after any bulk import).
  await db.execute(sql`alter table orders disable trigger orders_figures_insert`);
  await db.execute(sql`alter table order_items disable trigger order_items_figures_insert`);
  await db.execute(sql`alter table orders disable trigger orders_desk_figures_insert`);
  await db.execute(sql`alter table order_items disable trigger order_items_desk_figures_insert`);
  await db.execute(sql`
    insert into orders (order_no, company_id, user_id, status, idempotency_key, receiver, phone, region, address_detail, subtotal, total, line_count, created_at)
    select 'B' || g, 1, (select min(id) from users), case when g % 10 = 0 then 'cancelled' when g % 5 = 0 then 'reviewing' when g % 3 = 0 then 'passed' else 'placed' end,
      'bench' || g, 'r', 'p', 'x', 'y', 100, round((random() * 5000)::numeric, 2), 3, now() - make_interval(secs => random() * ${days} * 86400)
    from generate_series(1, ${orderCount}) g`);
  // Placed orders across the order desk's states (ADR 0074): most delivered, the rest waiting, a share asking for an invoice.
  await db.execute(sql`
    update orders set fulfilment = (array['delivered', 'delivered', 'delivered', 'shipped', 'allocated', 'backordered', 'partly_shipped', 'held'])[1 + id % 8],
      invoice_status = (array['issued', 'issued', 'none', 'requested'])[1 + id % 4]
    where status = 'placed'`);
  await db.execute(sql`
    insert into order_items (order_id, company_id, product_id, pack_id, item_no, name_zh, name_en, size, unit_price, num, line_total, backorder_qty, lead_time_days)
    select o.id, 1, p.product_id, p.id, 'I' || p.product_id, 'z', 'e', p.size, p.price, 1 + (k * o.id) % 20, p.price,
      case when o.fulfilment = 'backordered' and k = 1 then 1 else 0 end, case when o.fulfilment = 'backordered' and k = 1 then o.id % 45 else 0 end
    from orders o cross join generate_series(1, 3) k
    join product_packs p on p.id = ${popularity === 'uniform'
      ? sql`1 + ((o.id::bigint * 7919 + k * 104729) % (select max(id) from product_packs))::int`
      : sql`1 + floor((select max(id) - 1 from product_packs) * power(((o.id::bigint * 7919 + k * 104729) % 1000003) / 1000003.0, 3))::int`}`);
  await db.execute(sql`alter table orders enable trigger orders_figures_insert`);
  await db.execute(sql`alter table order_items enable trigger order_items_figures_insert`);
  await db.execute(sql`alter table orders enable trigger orders_desk_figures_insert`);
  await db.execute(sql`alter table order_items enable trigger order_items_desk_figures_insert`);
  await db.execute(sql`select rebuild_order_figures()`);
  await db.execute(sql`
    insert into visitor_days (day, visitor_id)
    select (current_date - d), 'bench-v' || v from generate_series(0, ${days - 1}) d, generate_series(1, ${visitorsEachDay}) v`);
  await db.execute(sql`
    insert into visitor_daily_counts (day, uv, pv)
    select day, count(*), count(*) * 3 from visitor_days group by day
    on conflict (day) do update set uv = excluded.uv, pv = excluded.pv`);
  await db.execute(sql`
    insert into search_daily_counts (day, search_type, search_key, searches, empty_searches)
    select (current_date - d), (k % 4)::smallint, 'key' || k, 1 + (random() * 20)::int, case when k % 7 = 0 then 1 else 0 end
    from generate_series(0, ${days - 1}) d, generate_series(1, ${searchKeys}) k`);
  await db.execute(sql`
    insert into catalog_feedback (search_key, search_type, lang, status, created_at)
    select 'f' || g, 3, 'zh', case when g % 3 = 0 then 'open' else 'done' end, now() - make_interval(secs => random() * ${days} * 86400) from generate_series(1, 20000) g`);
  await db.execute(sql`vacuum analyze`);
}

async function main(): Promise<void> {
  // Loading a million orders in one statement outlasts the app's statement timeout.
  process.env.STATEMENT_TIMEOUT_MS ??= '0';
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  const url = new URL(base);
  url.pathname = '/dashboard_bench';
  const exists = (await admin`select 1 from pg_database where datname = 'dashboard_bench'`).length > 0;
  const reuse = values.reuse && exists;
  if (!reuse) {
    await admin.unsafe('drop database if exists dashboard_bench');
    await admin.unsafe('create database dashboard_bench');
  }
  const handle = openPostgres(url.toString(), 4);
  const db = handle.db;
  const started = Date.now();
  if (reuse) await runMigrations(handle);
  else await load(db, handle, url);
  const loadSeconds = (Date.now() - started) / 1000;


  const to = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const from = new Date(Date.now() + 8 * 3_600_000 - 89 * 86_400_000).toISOString().slice(0, 10);
  const range = { from, to };

  async function measure(name: string, run: () => Promise<unknown>): Promise<{ name: string; p50: number; p95: number }> {
    for (let i = 0; i < 3; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    return { name, p50: at(0.5), p95: at(0.95) };
  }

  const results = [
    await measure('loadDashboard (all widgets, 90 days)', () => loadDashboard(db, range)),
    await measure('orders and sales per day', () => ordersPerDay(db, range)),
    await measure('top ordered products', () => topOrderedProducts(db, { ...range, limit: 10 })),
    await measure('top ordered products, summing the whole range (the fallback)', () => topBySummingTheRange(db, { ...range, limit: 10 })),
    await measure('open approvals', () => openApprovals(db)),
    await measure('order desk: waiting to ship, held, backorders by lead time, invoices pending', () => orderDeskFigures(db)),
    await measure('new customers per day', () => newCustomersPerDay(db, range)),
    await measure('visitors per day', () => visitorsPerDay(db, range)),
    await measure('top searches', () => topSearches(db, { ...range, empty: false, limit: 10 })),
    await measure('searches that found nothing', () => topSearches(db, { ...range, empty: true, limit: 10 })),
    await measure('open "could not find it" requests', () => openFeedback(db, { limit: 5 })),
  ];

  const sizes = `${productCount.toLocaleString('en')} products; ${orderCount.toLocaleString('en')} orders (${(orderCount * 3).toLocaleString('en')} lines); ${days} days; ${(days * visitorsEachDay).toLocaleString('en')} visitor-day rows; ${(days * searchKeys).toLocaleString('en')} search-count rows; ${userCount.toLocaleString('en')} users; 20,000 feedback rows`;
  const lines = [
    '',
    `## Dashboard (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, PostgreSQL, \`npm run bench:dashboard\`)`,
    '',
    `Data: ${sizes} (${reuse ? 'reused' : `loaded in ${loadSeconds.toFixed(0)} s`}). Lines drawn ${popularity === 'uniform' ? 'evenly over all packs' : 'with a long tail over the packs (rank r ∝ r^(-2/3))'}. Range: 90 days. ${runs} runs after 3 warm-ups. Load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}.`,
    '',
    '| Query | p50 ms | p95 ms |',
    '|---|---|---|',
    ...results.map((r) => `| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`),
    '',
  ];
  console.log(lines.join('\n'));
  appendToJournal(lines.join('\n'));
  await handle.close();
  // `--keep` leaves the generated database for EXPLAIN and further runs.
  if (!values.keep) await admin.unsafe('drop database if exists dashboard_bench');
  await admin.end();
  process.exit(0);
}

void main();
