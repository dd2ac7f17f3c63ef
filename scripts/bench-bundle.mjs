/**
 * First-load JavaScript of the storefront pages (docs/requirements/quality.md#p7-storefront-javascript: ≤ 150 KB gzip on home, list and detail).
 * Serves the production build (building it when stale) on a scratch data folder, reads each page's
 * <script src> chunks (not the `noModule` polyfills that modern browsers skip), gzips them from
 * .next/static, prints the figures with the room each page leaves under the budget (what a new island may
 * spend) and appends them to the day's journal in docs/benchmarks/; exits with 1 when a page is over the budget.
 *   npm run bench:bundle
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { appendToJournal } from './lib/bench-journal.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3199);
const BASE = `http://127.0.0.1:${PORT}`;
const TARGET_KB = 150;
const PAGES = [
  ['home', '/'],
  ['home (en)', '/en'],
  ['product list', '/product/index/hot'],
  ['search results', '/product/list?sk=acid&type=3'],
  ['product detail', '/product/detail?id=1'],
  ['news list', '/news/index'],
  ['substance page', '/substance/64-17-5'],
];

const server = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: '.data/bench-bundle', DATABASE_URL: '', NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => { if (server.exitCode === null) server.kill('SIGTERM'); };
process.on('exit', stop);

async function ready() {
  for (let i = 0; i < 400; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try { if ((await fetch(`${BASE}/api/ready`)).ok) return; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 1500));
  }
  throw new Error('the server did not become ready');
}

function firstLoad(html) {
  const chunks = new Set();
  for (const tag of html.match(/<script\b[^>]*\bsrc="\/_next\/static\/[^"]+\.js"[^>]*>/g) ?? []) {
    if (/\bnomodule\b/i.test(tag)) continue;
    chunks.add(/src="\/_next(\/static\/[^"]+\.js)"/.exec(tag)[1]);
  }
  let raw = 0;
  let gzip = 0;
  for (const chunk of chunks) {
    const body = readFileSync(`.next${chunk}`);
    raw += body.length;
    gzip += gzipSync(body).length;
  }
  return { count: chunks.size, raw, gzip };
}

try {
  await ready();
  const rows = [];
  const missed = [];
  for (const [name, path] of PAGES) {
    const res = await fetch(BASE + path);
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    const { count, raw, gzip } = firstLoad(await res.text());
    const kb = gzip / 1024;
    if (kb > TARGET_KB) missed.push(`${name} ${kb.toFixed(1)} KB`);
    rows.push(`| ${name} | \`${path}\` | ${count} | ${(raw / 1024).toFixed(0)} KB | ${kb.toFixed(1)} KB | ${kb <= TARGET_KB ? 'met' : 'missed'} | ${(TARGET_KB - kb).toFixed(1)} KB |`);
  }
  const out = [
    `### Storefront first-load JavaScript (${new Date().toISOString().slice(0, 10)}, production build)`,
    '',
    `| Page | Path | Scripts | Minified | Gzip | ≤ ${TARGET_KB} KB | Room |`,
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  appendToJournal(`${out.join('\n')}\n`);
  // A check as well as a figure (docs/requirements/quality.md#p7-storefront-javascript): a page over the budget fails the command.
  if (missed.length > 0) {
    process.stderr.write(`First-load JavaScript over ${TARGET_KB} KB gzip: ${missed.join(', ')}\n`);
    process.exitCode = 1;
  }
} finally {
  stop();
}
