/**
 * Order benchmark (bars in docs/benchmarks.md#orders):
 *   npm run bench:orders -- [--company-orders 100000] [--orders 1000000] [--iterations 200] [--reuse] [--keep] [--no-docs]
 *     [--database postgres://…] [--defer-flags]
 * Loads, on PostgreSQL (`--database`, else BENCH_DATABASE_URL, else a database `orders_bench` on the local server;
 * a given database is migrated and seeded when empty and kept), the demo shop
 * with 2,000 products, then `--company-orders` orders (three lines each) for the demo buyer's company and
 * the rest of `--orders` over 200 other companies, with generate_series. Measures, through the module
 * functions the pages and calls use, the order list (first page, a page 50,000 rows deep by keyset, a
 * status filter, an item-number search, the counts), order creation from a cart of 20 lines, and the
 * back-office's order desk (ADR 0071): its list for a member who sees every order and for a sales member
 * whose scope is one team's customers, with each filter, search and sort, a deep page, and the record;
 * prints p50/p95/p99 and the plans, and appends a section to the day's journal in docs/benchmarks/.
 * The order lines' statement trigger keeps the orders' hazardous and backorder flags while the lines load;
 * `--defer-flags` disables it for the load and sets the flags in one statement afterwards (both timed).
 */
import { appendToJournal } from './lib/bench-journal.mjs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { eq, sql, type SQL } from 'drizzle-orm';
import postgres from 'postgres';
import { openScratchDatabase } from './lib/scratch-database';
import { openPostgres, rowsOf, type DbHandle } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { approvalRules, productPacks, staff, users } from '../src/server/db/schema';
import { encodeKeyset } from '../src/server/db/keyset';
import type { ScopedStaff } from '../src/server/auth/staff-scope';
import { orderDeskListInputSchema } from '../src/contracts/orders-admin';
import { listOrderDesk } from '../src/server/modules/orders/admin-queries';
import { getOrderDesk } from '../src/server/modules/orders/admin-record';
import { permissionsOfScope } from '../src/server/auth/permissions';
import { seedDatabase } from '../src/server/seed/seed-database';
import type { OrderActor } from '../src/server/modules/orders/access';
import { encodeOrderCursor } from '../src/server/modules/orders/cursor';
import { countOrders, listOrders, orderListCondition } from '../src/server/modules/orders/queries';
import { addPacksToCart } from '../src/server/modules/orders/recart';
import { submitOrder } from '../src/server/modules/orders/submit';
import { ms, percentile, time } from './lib/bench-timing';

interface Options { companyOrders: number; orders: number; iterations: number; reuse: boolean; keep: boolean; docs: boolean; database: string | undefined; deferFlags: boolean }

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      'company-orders': { type: 'string', default: '100000' }, orders: { type: 'string', default: '1000000' },
      iterations: { type: 'string', default: '200' }, reuse: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false },
      'no-docs': { type: 'boolean', default: false }, database: { type: 'string' }, 'defer-flags': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const companyOrders = Number(values['company-orders']);
  const orders = Number(values.orders);
  if (!Number.isInteger(companyOrders) || companyOrders < 1000) throw new Error('--company-orders: an integer ≥ 1000');
  if (!Number.isInteger(orders) || orders < companyOrders) throw new Error('--orders: an integer ≥ --company-orders');
  const database = values.database ?? process.env.BENCH_DATABASE_URL;
  if (database !== undefined && !/^postgres(ql)?:\/\//.test(database)) throw new Error('--database: a postgres:// connection string');
  return {
    companyOrders, orders, iterations: Math.max(20, Number(values.iterations)), reuse: values.reuse ?? false, keep: values.keep ?? false,
    docs: !(values['no-docs'] ?? false), database, deferFlags: values['defer-flags'] ?? false,
  };
}

async function openBenchDatabase(options: Options): Promise<{ url: string; fresh: boolean; drop: () => Promise<void> }> {
  if (options.database) {
    // A database of its own: migrated and seeded when it has no tables yet, never dropped.
    const probe = postgres(options.database, { max: 1, onnotice: () => {} });
    const [row] = await probe`select to_regclass('public.orders') is null as empty`;
    await probe.end();
    return { url: options.database, fresh: Boolean(row?.empty), drop: async () => {} };
  }
  return openScratchDatabase('orders_bench', options);
}

/** Orders with generate_series, in batches: the demo buyer's share first, then 200 other companies with a buyer each. */
async function load(handle: DbHandle, options: Options, buyer: OrderActor): Promise<void> {
  const db = handle.db;
  const started = performance.now();
  await db.execute(sql`insert into companies (name) select 'Bench company ' || g from generate_series(1, 200) g`);
  await db.execute(sql`insert into users (company_id, login_name, password_hash, name, account_type)
    select c.id, 'bench' || c.id || '@bench.example.com', '', 'Bench buyer ' || c.id, 'user' from companies c where c.name like 'Bench company %'`);
  const BATCH = 100_000;
  const insertOrders = async (from: number, to: number, owners: SQL) => {
    await db.execute(sql`
      with owners as (${owners})
      insert into orders (order_no, company_id, user_id, status, idempotency_key, receiver, phone, region, address_detail,
        subtotal, tax_amount, total, line_count, created_at, updated_at)
      select 'SB' || lpad(g::text, 10, '0'), owners.cids[1 + g % array_length(owners.cids, 1)], owners.uids[1 + g % array_length(owners.uids, 1)],
        (array['placed','placed','placed','placed','passed','reviewing','rejected','cancelled'])[1 + (g % 8)],
        'bench-' || g, '王敏', '13800138000', '上海市 徐汇区', '桂平路 418 号',
        (g % 5000) + 10.5, 0, (g % 5000) + 10.5, 3,
        now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
      from owners, generate_series(${from}::int, ${to}::int) g`);
  };
  const demo = sql`select array[${buyer.companyId}::int] as cids, array[${buyer.userId}::int] as uids`;
  const others = sql`select array_agg(company_id order by id) as cids, array_agg(id order by id) as uids from users where login_name like 'bench%@bench.example.com'`;
  for (let g = 1; g <= options.orders; g += BATCH) {
    const to = Math.min(options.orders, g + BATCH - 1);
    // The demo buyer's orders are the first `companyOrders` numbers.
    if (to <= options.companyOrders) await insertOrders(g, to, demo);
    else if (g > options.companyOrders) await insertOrders(g, to, others);
    else {
      await insertOrders(g, options.companyOrders, demo);
      await insertOrders(options.companyOrders + 1, to, others);
    }
  }
  console.log(`  ${options.orders.toLocaleString('en')} orders in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const lines = performance.now();
  await db.execute(sql`create temporary table bench_packs as
    select row_number() over (order by p.id)::int as n, p.id as product_id, p.item_no, p.cas, p.name_zh, p.name_en, k.id as pack_id, k.size, k.price
    from products p join lateral (select id, size, price from product_packs where product_id = p.id order by sort, id limit 1) k on true`);
  await db.execute(sql`create unique index on bench_packs (n)`);
  const [{ n: packCount } = { n: 1 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from bench_packs`));
  const [{ lo, hi } = { lo: 0, hi: 0 }] = rowsOf<{ lo: number; hi: number }>(await db.execute(sql`select min(id) as lo, max(id) as hi from orders where order_no like 'SB%'`));
  if (options.deferFlags) await db.execute(sql`alter table order_items disable trigger order_items_flags_insert`);
  for (let from = lo; from <= hi; from += BATCH) {
    await db.execute(sql`
      insert into order_items (order_id, company_id, product_id, pack_id, item_no, cas, name_zh, name_en, size, unit_price, num, line_total, hazardous)
      select o.id, o.company_id, b.product_id, b.pack_id, b.item_no, b.cas, b.name_zh, b.name_en, b.size, b.price, 1, b.price, b.n % 10 = 0
      from orders o cross join generate_series(0, 2) s
      join bench_packs b on b.n = 1 + ((o.id * 7 + s * 13) % ${packCount})
      where o.id between ${from} and ${from + BATCH - 1} and o.order_no like 'SB%'`);
  }
  console.log(`  order lines in ${((performance.now() - lines) / 1000).toFixed(0)} s${options.deferFlags ? ' (flag trigger disabled)' : ''}`);
  if (options.deferFlags) {
    const flags = performance.now();
    await db.execute(sql`alter table order_items enable trigger order_items_flags_insert`);
    await db.execute(sql`update orders o set hazardous = f.hazardous, backorder = f.backorder
      from (select order_id, bool_or(hazardous) as hazardous, bool_or(backorder_qty > 0) as backorder from order_items
            where order_id between ${lo} and ${hi} group by order_id having bool_or(hazardous) or bool_or(backorder_qty > 0)) f
      where o.id = f.order_id`);
    console.log(`  order flags set afterwards in ${((performance.now() - flags) / 1000).toFixed(0)} s`);
  }
  // Half of the other companies belong to the super administrator's book in the CRM, so a sales member's
  // order desk sees their own customers, their team's and the unowned half: a scope, not everything.
  await db.execute(sql`update companies set owner_staff_id = (select id from staff where login_name = 'admin')
    where name like 'Bench company %' and id % 2 = 0`);
  await db.execute(sql`vacuum analyze companies`);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze order_items`);
}

async function main(): Promise<void> {
  const options = readOptions();
  // Bulk loading runs statements longer than the application's statement timeout.
  process.env.STATEMENT_TIMEOUT_MS ??= '600000';
  const { url, fresh, drop } = await openBenchDatabase(options);
  const handle = openPostgres(url, 2);
  const loadAtStart = os.loadavg()[0]?.toFixed(1) ?? '?';
  try {
    const db = handle.db;
    if (fresh) {
      await runMigrations(handle);
      await seedDatabase(db, { products: 2000 });
    }
    const [u] = await db.select({ id: users.id, companyId: users.companyId, name: users.name }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
    const buyer: OrderActor = { userId: u!.id, companyId: u!.companyId, name: u!.name, permissions: permissionsOfScope('company') };
    const have = Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from orders where order_no like 'SB%'`))[0]?.n ?? 0);
    if (have < options.orders) {
      console.log(`Loading ${options.orders.toLocaleString('en')} orders (${options.companyOrders.toLocaleString('en')} for one company)…`);
      await load(handle, options, buyer);
    }
    await db.delete(approvalRules).where(eq(approvalRules.companyId, buyer.companyId));

    const deep = rowsOf<{ created_at: string; id: number }>(await db.execute(sql`
      select created_at, id from orders where company_id = ${buyer.companyId} and user_id = ${buyer.userId}
      order by created_at desc, id desc offset 50000 limit 1`))[0];
    const deepCursor = deep ? encodeOrderCursor(new Date(deep.created_at), deep.id) : undefined;
    const items = rowsOf<{ item_no: string }>(await db.execute(sql`select item_no from order_items where company_id = ${buyer.companyId} group by item_no order by count(*) desc limit 50`)).map((r) => r.item_no);
    const base = { scope: 'mine' as const, limit: 20 };
    const cases: { label: string; target: string; run: (i: number) => Promise<unknown>; explain?: () => ReturnType<typeof orderListCondition> }[] = [
      { label: 'Order list, first page', target: 'p95 ≤ 20 ms', run: () => listOrders(db, buyer, base) },
      { label: 'Order list, 50,000 rows deep (keyset)', target: 'p95 ≤ 20 ms', run: () => listOrders(db, buyer, { ...base, cursor: deepCursor }) },
      { label: 'Order list, status filter (rejected)', target: 'p95 ≤ 20 ms', run: () => listOrders(db, buyer, { ...base, status: 'rejected' }) },
      { label: 'Order list, item-number search', target: 'p95 ≤ 20 ms', run: (i) => listOrders(db, buyer, { ...base, q: items[i % items.length] }) },
      { label: 'Order list, order-number prefix', target: 'p95 ≤ 20 ms', run: () => listOrders(db, buyer, { ...base, q: 'SB00000123' }) },
      { label: 'Order counts per status', target: '—', run: () => countOrders(db, buyer, 'mine') },
    ];
    const rows: string[] = [];
    for (const c of cases) {
      const f = await time(options.iterations, c.run);
      console.log(`${c.label}: p50 ${ms(f.p50)} / p95 ${ms(f.p95)} / p99 ${ms(f.p99)} ms`);
      rows.push(`| ${c.label} | ${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.p99)} | ${c.target} |`);
    }

    // The back-office's order desk (ADR 0071): p95 ≤ 200 ms, like the dashboard.
    const staffId = async (login: string) => (await db.select({ id: staff.id }).from(staff).where(eq(staff.loginName, login)))[0]!.id;
    const allOrders: ScopedStaff = { staffId: await staffId('ops'), permissions: ['ORDER.VIEW', 'ORDER.VIEW_ALL'] };
    const team: ScopedStaff = { staffId: await staffId('sales'), permissions: ['ORDER.VIEW', 'CUSTOMER.VIEW'] };
    const deskDeep = rowsOf<{ stamp: string; id: number }>(await db.execute(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as stamp, id from orders order by created_at desc, id desc offset 50000 limit 1`))[0];
    const deskCursor = deskDeep ? encodeKeyset(deskDeep.stamp, Number(deskDeep.id)) : undefined;
    const cas = rowsOf<{ cas: string }>(await db.execute(sql`select cas from order_items where cas is not null group by cas order by count(*) limit 50`)).map((r) => r.cas);
    const ids = rowsOf<{ id: number }>(await db.execute(sql`select id from orders where order_no like 'SB%' order by id desc limit 200`)).map((r) => Number(r.id));
    // Inputs as the route reads them (parsed once, outside the timed calls).
    const q = (v: Record<string, unknown> = {}) => orderDeskListInputSchema.parse({ limit: 20, ...v });
    const firstPage = q();
    const deskCases: typeof cases = [
      { label: 'Order desk, every order, first page', target: 'p95 ≤ 200 ms', run: () => listOrderDesk(db, allOrders, firstPage) },
      { label: 'Order desk, every order, 50,000 rows deep', target: 'p95 ≤ 200 ms', run: () => listOrderDesk(db, allOrders, q({ cursor: deskCursor })) },
      { label: 'Order desk, state filter (rejected)', target: 'p95 ≤ 200 ms', run: () => listOrderDesk(db, allOrders, q({ status: 'rejected' })) },
      { label: 'Order desk, largest first', target: 'p95 ≤ 200 ms', run: () => listOrderDesk(db, allOrders, q({ sort: '-amount' })) },
      { label: 'Order desk, hazardous orders', target: 'p95 ≤ 200 ms', run: () => listOrderDesk(db, allOrders, q({ hazardous: '1' })) },
      { label: 'Order desk, one customer in a date range', target: 'p95 ≤ 200 ms', run: () => listOrderDesk(db, allOrders, q({ companyId: buyer.companyId, from: '2025-01-01', to: '2027-12-31' })) },
      { label: 'Order desk, item-number search', target: 'p95 ≤ 200 ms', run: (i) => listOrderDesk(db, allOrders, q({ key: items[i % items.length] })) },
      { label: 'Order desk, CAS search (rarest CAS numbers)', target: 'p95 ≤ 200 ms', run: (i) => listOrderDesk(db, allOrders, q({ key: cas[i % Math.max(1, cas.length)] })) },
      { label: 'Order desk, customer-name search', target: 'p95 ≤ 200 ms', run: () => listOrderDesk(db, allOrders, q({ key: 'Bench company 17' })) },
      { label: 'Order desk, a sales member\'s scope, first page', target: 'p95 ≤ 200 ms', run: () => listOrderDesk(db, team, firstPage) },
      { label: 'Order desk, a sales member\'s scope, state filter', target: 'p95 ≤ 200 ms', run: () => listOrderDesk(db, team, q({ status: 'rejected' })) },
      { label: 'Order desk record', target: 'p95 ≤ 200 ms', run: (i) => getOrderDesk(db, allOrders, ids[i % ids.length]!, 'zh') },
    ];
    for (const c of deskCases) {
      const f = await time(options.iterations, c.run);
      console.log(`${c.label}: p50 ${ms(f.p50)} / p95 ${ms(f.p95)} / p99 ${ms(f.p99)} ms`);
      rows.push(`| ${c.label} | ${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.p99)} | ${c.target} |`);
    }

    const packs = await db.select({ packId: productPacks.id, productId: productPacks.productId }).from(productPacks).limit(20);
    const [address] = rowsOf<{ id: number }>(await db.execute(sql`select id from addresses where company_id = ${buyer.companyId} order by id limit 1`));
    let n = 0;
    const samples: number[] = [];
    const creations = Math.max(20, Math.floor(options.iterations / 2));
    for (let i = 0; i < creations + 3; i++) {
      await addPacksToCart(db, buyer, packs.map((p) => ({ ...p, num: 1 })));
      const t = performance.now();
      await submitOrder(db, buyer, { idempotencyKey: `bench-create-${Date.now()}-${n++}`, addressId: address!.id, poNumber: '', costCentre: '', note: '', deliveryMethod: 'standard', invoiceType: 'special', invoiceTitle: 'Bench Co.', taxNo: '91310104MA1FR8XK3P', buyerKind: 'enterprise', invoiceAddress: 'Shanghai', invoicePhone: '021-00000000', invoiceBank: 'ICBC', invoiceAccount: '1001' });
      if (i >= 3) samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    const create = { p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) };
    console.log(`Order creation, 20 lines: p50 ${ms(create.p50)} / p95 ${ms(create.p95)} / p99 ${ms(create.p99)} ms`);
    rows.push(`| Order creation from a cart of 20 lines (one transaction) | ${ms(create.p50)} / ${ms(create.p95)} / ${ms(create.p99)} | p95 ≤ 50 ms |`);

    const plans: string[] = [];
    for (const [label, q] of [['item-number search', items[0]], ['first page', undefined]] as const) {
      const where = orderListCondition(buyer, { ...base, q });
      const plan = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain (analyze, costs off, timing off, summary off)
        select id from orders where ${where} order by created_at desc, id desc limit 21`));
      plans.push(`${label}:\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
    console.log(plans.join('\n\n'));
    const version = rowsOf<{ v: string }>(await db.execute(sql`select split_part(version(), ' on ', 1) as v`))[0]?.v ?? 'PostgreSQL';
    const section = [
      `### Orders (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, PostgreSQL, ${os.cpus().length} cores shared, load ${loadAtStart} at start, ${os.loadavg()[0]?.toFixed(1)} at end)`,
      '',
      `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores shared with other work, ${Math.round(os.totalmem() / 2 ** 30)} GiB; ${version}.`,
      '',
      `\`npm run bench:orders -- --company-orders ${options.companyOrders} --orders ${options.orders}\`: ${options.orders.toLocaleString('en')} orders with three lines each, ${options.companyOrders.toLocaleString('en')} of them one buyer's; ${options.iterations} calls per list case through \`listOrders\`/\`countOrders\`, ${creations} creations through \`submitOrder\`; milliseconds.`,
      '',
      '| Case | p50 / p95 / p99 | target |',
      '|---|---|---|',
      ...rows,
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
