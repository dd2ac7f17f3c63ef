// `npm run bench:load [-- --levels 2,4,8,16 --seconds 20 --url http://127.0.0.1:8080 --no-docs]`
//
// Drives a realistic mix against the running stack (`npm run stack:up`) at rising numbers of concurrent
// clients, each for a bounded time, and prints per route the answers, errors and p50/p95/p99, and the
// throughput; appends the figures to the day's journal in docs/benchmarks/. Each client is a visitor with its own address
// (X-Forwarded-For, believed from loopback through nginx) who signs in as the demo buyer once, then loops
// over: the home page, a category list, the brands, searches by item number, CAS number, name and brand,
// product details, the cart badge, adding to the cart and, now and then, placing an order from the cart.
// Keys (item numbers, CAS numbers, names, brands, products, packs) are read from the stack's database.
// Only loopback targets are allowed, and every level stops by itself.
import { createHash, randomUUID } from 'node:crypto';
import { appendToJournal } from './lib/bench-journal.mjs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import postgres from 'postgres';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: `http://127.0.0.1:${process.env.STACK_PORT ?? 8080}` },
    levels: { type: 'string', default: '2,4,8,16' },
    seconds: { type: 'string', default: '20' },
    'no-docs': { type: 'boolean', default: false },
  },
});
const base = new URL(values.url);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) {
  process.stderr.write('bench:load only targets loopback addresses\n');
  process.exit(1);
}
const levels = values.levels.split(',').map(Number).filter((n) => n > 0);
const seconds = Number(values.seconds);
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/reagent_stack';

async function loadKeys() {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const products = await sql`
      select p.id, p.item_no, p.cas as cas_no, p.name_zh, p.name_en, b.name_en as brand,
        (select min(k.id) from product_packs k where k.product_id = p.id) as pack_id
      from products p left join brands b on b.id = p.brand_id
      where p.active and p.id % 7 = 0 order by p.id limit 400`;
    const categories = await sql`select id from categories where leaf order by id limit 40`;
    return {
      products: products.filter((p) => p.pack_id !== null),
      categories: categories.map((c) => c.id),
    };
  } finally {
    await sql.end();
  }
}

const pick = (list, i) => list[i % list.length];

/** One visitor: a session of its own, from an address of its own. */
function visitor(index, keys, record) {
  const address = `10.${(index >> 8) & 255}.${index & 255}.${1 + (index % 200)}`;
  let cookie = '';
  let addressId = null;
  const headers = (extra = {}) => ({ 'x-forwarded-for': address, origin: base.origin, ...(cookie ? { cookie } : {}), ...extra });

  async function timed(route, run) {
    const started = performance.now();
    try {
      const res = await run();
      const body = await res.arrayBuffer();
      let ok = res.status >= 200 && res.status < 400;
      if (ok && res.headers.get('content-type')?.includes('application/json')) {
        const code = JSON.parse(Buffer.from(body).toString('utf8')).code;
        ok = code === 200 || code === undefined;
      }
      record(route, performance.now() - started, ok ? null : String(res.status));
      return { res, body };
    } catch (error) {
      record(route, performance.now() - started, error.name === 'TimeoutError' ? 'timeout' : 'connection');
      return null;
    }
  }
  const get = (route, path) => timed(route, () => fetch(new URL(path, base), { headers: headers(), redirect: 'manual', signal: AbortSignal.timeout(15_000) }));
  const post = (route, path, body) => timed(route, () => fetch(new URL(path, base), {
    method: 'POST', headers: headers({ 'content-type': 'application/json' }), body: JSON.stringify(body), signal: AbortSignal.timeout(15_000),
  }));

  async function signIn() {
    const password = createHash('sha256').update('Reagent#2026').digest('hex');
    const answer = await post('sign in', '/api/web/auth/login', { loginName: 'buyer@demo.example.com', password });
    cookie = (answer?.res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
    const book = await get('addresses', '/api/app/api/user/addresses');
    if (book) addressId = JSON.parse(Buffer.from(book.body).toString('utf8')).data?.list?.[0]?.id ?? null;
  }

  const actions = [
    [10, (i) => get('home', i % 2 ? '/zh' : '/en')],
    [10, (i) => get('category list', `/zh/product/index/list?typeId=${pick(keys.categories, i)}`)],
    [4, () => get('brands', '/zh/brand?type=1')],
    [10, (i) => get('search: item number', `/zh/product/list?type=1&sk=${encodeURIComponent(pick(keys.products, i).item_no)}`)],
    [8, (i) => {
      const withCas = keys.products.filter((p) => p.cas_no);
      return get('search: CAS', `/zh/product/list?type=2&sk=${encodeURIComponent(pick(withCas, i).cas_no)}`);
    }],
    [12, (i) => {
      const p = pick(keys.products, i);
      return get('search: name', i % 2 ? `/zh/product/list?type=3&sk=${encodeURIComponent(p.name_zh)}` : `/en/product/list?type=3&sk=${encodeURIComponent(p.name_en)}`);
    }],
    [4, (i) => get('search: brand', `/zh/product/list?type=3&sk=${encodeURIComponent(pick(keys.products.filter((p) => p.brand), i).brand)}`)],
    [20, (i) => get('product detail', `/${i % 3 ? 'zh' : 'en'}/product/detail?id=${pick(keys.products, i).id}`)],
    [8, () => post('cart badge', '/api/web/cart/summary', {})],
    [4, (i) => post('cart: add', '/api/app/api/order/shopcart/item/add', { packId: Number(pick(keys.products, i).pack_id), num: 1 })],
    [1, async (i) => {
      await post('cart: add', '/api/app/api/order/shopcart/item/add', { packId: Number(pick(keys.products, i + 1).pack_id), num: 1 });
      if (addressId) await post('order: place', '/api/app/api/order/add', { idempotencyKey: randomUUID().replaceAll('-', ''), addressId });
    }],
  ];
  const total = actions.reduce((s, [w]) => s + w, 0);
  return {
    signIn,
    async step(i) {
      let roll = Math.floor(Math.random() * total);
      for (const [weight, run] of actions) {
        if (roll < weight) return run(i + index);
        roll -= weight;
      }
      return undefined;
    },
  };
}

function percentile(sorted, q) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;
}

async function runLevel(clients, keys, offset) {
  const times = new Map();
  const errors = new Map();
  const record = (route, ms, error) => {
    if (!times.has(route)) times.set(route, []);
    times.get(route).push(ms);
    if (error) {
      const byKind = errors.get(route) ?? {};
      byKind[error] = (byKind[error] ?? 0) + 1;
      errors.set(route, byKind);
    }
  };
  const visitors = Array.from({ length: clients }, (_, k) => visitor(offset + k, keys, record));
  await Promise.all(visitors.map((v) => v.signIn()));
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(visitors.map(async (v) => {
    for (let i = 0; performance.now() < until; i++) await v.step(i);
  }));
  const elapsed = (performance.now() - started) / 1000;
  const rows = [...times.entries()].map(([route, list]) => {
    list.sort((a, b) => a - b);
    const failed = Object.values(errors.get(route) ?? {}).reduce((s, n) => s + n, 0);
    return { route, n: list.length, failed, errorKinds: errors.get(route) ?? {}, p50: percentile(list, 0.5), p95: percentile(list, 0.95), p99: percentile(list, 0.99) };
  }).sort((a, b) => b.n - a.n);
  const all = [...times.values()].flat().sort((a, b) => a - b);
  const failed = rows.reduce((s, r) => s + r.failed, 0);
  return { clients, elapsed, rows, total: { n: all.length, failed, p50: percentile(all, 0.5), p95: percentile(all, 0.95), p99: percentile(all, 0.99), rps: all.length / elapsed } };
}

async function main() {
  try {
    const ready = await fetch(new URL('/api/ready', base), { signal: AbortSignal.timeout(3000) });
    if (!ready.ok) throw new Error(`ready answered ${ready.status}`);
  } catch (error) {
    process.stderr.write(`Nothing ready at ${base.origin} (${error.message}): start the stack first (npm run stack:up)\n`);
    process.exit(1);
  }
  const keys = await loadKeys();
  if (keys.products.length === 0) throw new Error('no products in the stack database');
  const results = [];
  let offset = 0;
  for (const clients of levels) {
    process.stdout.write(`${clients} clients for ${seconds} s …\n`);
    const result = await runLevel(clients, keys, offset);
    offset += clients;
    results.push(result);
    const t = result.total;
    process.stdout.write(`  ${t.n} requests, ${t.rps.toFixed(1)}/s, ${t.failed} errors, p50 ${t.p50.toFixed(0)} ms, p95 ${t.p95.toFixed(0)} ms, p99 ${t.p99.toFixed(0)} ms\n`);
  }
  const sustained = results.filter((r) => r.total.failed === 0 && r.total.p95 < 300).pop();
  const fmt = (n) => n.toFixed(0);
  const lines = [
    '',
    `### Load on the stack (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, \`npm run bench:load\`)`,
    '',
    `${base.origin} (nginx, ${process.env.STACK_INSTANCES ?? 2} instances), ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}. Each level ${seconds} s; closed loop (a client sends its next request when the last one is answered).`,
    '',
    '| Clients | Requests | Req/s | Errors | p50 ms | p95 ms | p99 ms |',
    '|---|---|---|---|---|---|---|',
    ...results.map((r) => `| ${r.clients} | ${r.total.n} | ${r.total.rps.toFixed(1)} | ${r.total.failed} | ${fmt(r.total.p50)} | ${fmt(r.total.p95)} | ${fmt(r.total.p99)} |`),
    '',
    sustained
      ? `Highest level with no error and p95 under 300 ms: **${sustained.clients} clients, ${sustained.total.rps.toFixed(1)} requests/s**.`
      : '**No level met "no error and p95 under 300 ms".**',
    '',
    `Per route at ${results.at(-1).clients} clients:`,
    '',
    '| Route | Requests | Errors | p50 ms | p95 ms | p99 ms |',
    '|---|---|---|---|---|---|',
    ...results.at(-1).rows.map((r) => `| ${r.route} | ${r.n} | ${r.failed}${r.failed ? ` (${Object.entries(r.errorKinds).map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} |`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!values['no-docs']) appendToJournal(lines.join('\n'));
}

main().then(() => process.exit(0), (error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
