// `npm run bench:load [-- --levels 2,4,8,16 --seconds 20 --url http://127.0.0.1:8080 --no-docs]
//                        [--soak 600 --soak-share 0.7]`
//
// Drives a realistic mix against the running stack (`npm run stack:up`) at rising numbers of concurrent
// clients, each for a bounded time, and prints per route the answers, errors and p50/p95/p99, and the
// throughput; appends the figures to the day's journal in docs/benchmarks/. Each client is a visitor with its own address
// (X-Forwarded-For, believed from loopback through nginx) who signs in as the demo buyer once, then loops
// over: the home page, a category list, the brands, searches by item number, CAS number, name and brand,
// product details with the visitor's islands call a browser makes after every storefront page, the cart
// badge, adding to the cart, quick order, the checkout and order list pages and, now and then, placing an
// order from the cart. Keys (item numbers, CAS numbers, names, brands, products, packs) are read from the
// stack's database. Only loopback targets are allowed, and every level stops by itself.
//
// `--soak S` then runs the highest level that met the bar (no error, p95 ≤ `--target-p95`, 150 ms) for S
// seconds, paced at `--soak-share` (0.7) of that level's throughput, and prints per minute the throughput,
// p95, errors and each instance's heap and resident memory (from /api/metrics: start the stack with
// METRICS_TOKEN set and give the same variable here; scripts/lib/load-soak.mjs).
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { appendToJournal } from './lib/bench-journal.mjs';
import { cookiesOf, send } from './lib/load-client.mjs';
import { soak } from './lib/load-soak.mjs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import postgres from 'postgres';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: `http://127.0.0.1:${process.env.STACK_PORT ?? 8080}` },
    levels: { type: 'string', default: '2,4,8,16' },
    seconds: { type: 'string', default: '20' },
    'no-docs': { type: 'boolean', default: false },
    'target-p95': { type: 'string', default: '150' },
    soak: { type: 'string', default: '0' },
    'soak-share': { type: 'string', default: '0.7' },
  },
});
const base = new URL(values.url);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) {
  process.stderr.write('bench:load only targets loopback addresses\n');
  process.exit(1);
}
const levels = values.levels.split(',').map(Number).filter((n) => n > 0);
const seconds = Number(values.seconds);
const targetP95 = Number(values['target-p95']);
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

/**
 * Every client signs in as the same demo buyer, so they share one cart: a client's order can find the cart
 * already ordered by another between its "add" and its "place". The product answers that with its
 * "cart is empty" error (in either language), which is the right answer, not a failure: it is counted apart.
 */
const CART_EMPTY = new Set(['zh', 'en'].map((lang) => JSON.parse(readFileSync(new URL(`../messages/${lang}.json`, import.meta.url), 'utf8')).api.errors.cartEmpty));

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
      let ok = res.status >= 200 && res.status < 400;
      let raced = false;
      if (res.json !== undefined) {
        const answer = res.json;
        if (ok) ok = answer.code === 200 || answer.code === undefined;
        raced = route === 'order: place' && answer.code === 400 && CART_EMPTY.has(answer.msg);
      }
      record(raced ? 'order: place (cart ordered by another client)' : route, performance.now() - started, ok || raced ? null : String(res.status));
      return res;
    } catch (error) {
      record(route, performance.now() - started, error.name === 'TimeoutError' ? 'timeout' : 'connection');
      return null;
    }
  }
  const get = (route, path) => timed(route, () => send(new URL(path, base), { headers: headers() }));
  const post = (route, path, body) => timed(route, () => send(new URL(path, base), {
    method: 'POST', headers: headers({ 'content-type': 'application/json' }), body: JSON.stringify(body),
  }));

  async function signIn() {
    const password = createHash('sha256').update('Reagent#2026').digest('hex');
    const answer = await post('sign in', '/api/web/auth/login', { loginName: 'buyer@demo.example.com', password });
    cookie = answer ? cookiesOf(answer.headers) : '';
    const book = await get('addresses', '/api/app/api/user/addresses');
    addressId = book?.json?.data?.list?.[0]?.id ?? null;
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
    // A kept page's visitor parts, asked by the browser after each storefront page (ADR 0076).
    [16, (i) => get('islands', `/api/web/islands/visitor?products=${[0, 1, 2, 3].map((k) => pick(keys.products, i + k).id).join(',')}`)],
    [3, (i) => {
      const p = pick(keys.products, i);
      return post('quick order: resolve', '/api/app/api/order/quick/resolve', { text: `${p.item_no} 2\n${pick(keys.products, i + 3).item_no} 1` });
    }],
    [3, () => get('checkout page', '/zh/order/checkout')],
    [3, (i) => get('order list', i % 2 ? '/zh/order' : '/en/order')],
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

/**
 * One level: `clients` visitors in a closed loop for `duration` seconds; with `pace` (requests/s for all
 * of them together) each client waits out its share of the pace between requests (an open pace for a soak).
 * `onMinute` receives each whole minute's answers as they end.
 */
export async function runLevel(clients, keys, offset, duration = seconds, { pace = 0, onMinute = null } = {}) {
  const times = new Map();
  const errors = new Map();
  let window = [];
  const record = (route, ms, error) => {
    if (onMinute) window.push({ ms, failed: Boolean(error) });
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
  const until = started + duration * 1000;
  const gap = pace > 0 ? (clients * 1000) / pace : 0;
  let minute = onMinute ? setInterval(() => {
    const answers = window;
    window = [];
    void onMinute(answers);
  }, 60_000) : null;
  await Promise.all(visitors.map(async (v) => {
    for (let i = 0; performance.now() < until; i++) {
      const sent = performance.now();
      await v.step(i);
      const wait = gap - (performance.now() - sent);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, until - performance.now())));
    }
  }));
  if (minute) clearInterval(minute);
  minute = null;
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
  const sustained = results.filter((r) => r.total.failed === 0 && r.total.p95 <= targetP95).pop();
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
      ? `Highest level with no error and p95 ≤ ${targetP95} ms: **${sustained.clients} clients, ${sustained.total.rps.toFixed(1)} requests/s** (target ≥ 300 requests/s).`
      : `**No level met "no error and p95 ≤ ${targetP95} ms".**`,
    '',
    `Per route at ${results.at(-1).clients} clients:`,
    '',
    '| Route | Requests | Errors | p50 ms | p95 ms | p99 ms |',
    '|---|---|---|---|---|---|',
    ...results.at(-1).rows.map((r) => `| ${r.route} | ${r.n} | ${r.failed}${r.failed ? ` (${Object.entries(r.errorKinds).map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} |`),
    '',
  ];
  const soakSeconds = Number(values.soak);
  if (soakSeconds > 0) {
    if (!sustained) lines.push('No soak: no level met the bar.', '');
    else lines.push(...await soak({ level: sustained, seconds: soakSeconds, share: Number(values['soak-share']), keys, offset, runLevel }));
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!values['no-docs']) appendToJournal(lines.join('\n'));
}

main().then(() => process.exit(0), (error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
