// `npm run bench:lighthouse [-- --url http://localhost:3000 --preset mobile|desktop --runs 3 --product ID --details --no-docs]`
// (`--details` prints the elements behind each failing accessibility or SEO audit)
//
// Each page is measured `--runs` times (3 by default) and the run with the median performance score is
// reported, with the lowest and highest score beside it: on a shared 2-core machine one run's total
// blocking time varies by hundreds of milliseconds, and a page's score by up to 10 points.
//
// Runs Lighthouse in Debian's Chromium against the home page, a product list (a category) and a
// product detail in both languages on a running production server (`npm start`, or the stack), prints
// the four category scores and the Core Web Vitals of each, and appends them to the day's journal in docs/benchmarks/.
// Targets: performance ≥ 90, accessibility ≥ 95, SEO 100. Only loopback targets.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import postgres from 'postgres';
import { appendToJournal } from './lib/bench-journal.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    preset: { type: 'string', default: 'mobile' },
    product: { type: 'string' },
    runs: { type: 'string', default: '3' },
    details: { type: 'boolean', default: false },
    'no-docs': { type: 'boolean', default: false },
  },
});
const base = new URL(values.url);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) {
  process.stderr.write('bench:lighthouse only targets loopback addresses\n');
  process.exit(1);
}
if (values.preset !== 'mobile' && values.preset !== 'desktop') throw new Error('--preset is mobile or desktop');
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error('--runs is a whole number from 1 to 9');

/** A product that exists: `--product`, else the first active one of DATABASE_URL, else 1 (the demo data's first). */
async function productId() {
  if (values.product) return Number(values.product);
  if (!process.env.DATABASE_URL) return 1;
  const sql = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`select min(id) as id from products where active`;
    return Number(row.id);
  } finally {
    await sql.end();
  }
}

/** The first category the product index page links to. */
async function categoryId() {
  const html = await (await fetch(new URL('/zh/product/index', base))).text();
  const match = /typeId=(\d+)/.exec(html);
  if (!match) throw new Error('no category link on /zh/product/index');
  return Number(match[1]);
}

async function main() {
  try {
    const ready = await fetch(new URL('/api/ready', base), { signal: AbortSignal.timeout(3000) });
    if (!ready.ok) throw new Error(`ready answered ${ready.status}`);
  } catch (error) {
    process.stderr.write(`Nothing ready at ${base.origin} (${error.message}): start the site first (npm start)\n`);
    process.exit(1);
  }
  const id = await productId();
  const category = await categoryId();
  // The product list is a category's list, the page search engines index; search results are
  // `noindex` on purpose (a site's own search results are not for indexing) and cannot score SEO 100.
  const pages = [
    ['Home (zh)', '/zh'],
    ['Home (en)', '/en'],
    ['Product list, a category (zh)', `/zh/product/index/list?typeId=${category}`],
    ['Product list, a category (en)', `/en/product/index/list?typeId=${category}`],
    ['Product detail (zh)', `/zh/product/detail?id=${id}`],
    ['Product detail (en)', `/en/product/detail?id=${id}`],
  ];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const rows = [];
  try {
    for (const [name, path] of pages) {
      // One warm-up load so that the measured one finds the server's shared cache filled.
      await fetch(new URL(path, base)).then((r) => r.arrayBuffer());
      const measured = [];
      let failedRuns = 0;
      // A run Lighthouse could not complete (no paint recorded, a page that did not load) has no score: run again, up to twice.
      for (let run = 0; measured.length < runs && run < runs + 2; run += 1) {
        const result = await lighthouse(new URL(path, base).toString(), {
          port: chrome.port, output: 'json', logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        }, values.preset === 'desktop' ? desktopConfig : undefined);
        if (result?.lhr.runtimeError || typeof result?.lhr.categories.performance?.score !== 'number') {
          failedRuns += 1;
          process.stdout.write(`${name}: a run failed (${result?.lhr.runtimeError?.code ?? 'no score'}), running again\n`);
          continue;
        }
        measured.push(result.lhr);
      }
      if (measured.length === 0) throw new Error(`${name}: no Lighthouse run completed`);
      // The median run by performance score (the lower middle one of an even number).
      const scoreOf = (lhr, key) => Math.round((lhr.categories[key]?.score ?? 0) * 100);
      const byScore = [...measured].sort((a, b) => scoreOf(a, 'performance') - scoreOf(b, 'performance'));
      const lhr = byScore[Math.floor((byScore.length - 1) / 2)];
      const spread = { min: scoreOf(byScore[0], 'performance'), max: scoreOf(byScore[byScore.length - 1], 'performance') };
      const score = (key) => scoreOf(lhr, key);
      const metric = (key) => lhr.audits[key]?.numericValue ?? NaN;
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && ['accessibility', 'seo'].some((c) => lhr.categories[c]?.auditRefs.some((r) => r.id === a.id && r.weight > 0)))
        .map((a) => a.id);
      rows.push({
        name, path, performance: score('performance'), spread, failedRuns, accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo'),
        lcp: metric('largest-contentful-paint'), fcp: metric('first-contentful-paint'), tbt: metric('total-blocking-time'), cls: metric('cumulative-layout-shift'),
        failing,
      });
      if (values.details) {
        for (const id of failing) {
          const items = lhr.audits[id]?.details?.items ?? [];
          process.stdout.write(`  ${id}: ${lhr.audits[id]?.title}\n`);
          for (const item of items.slice(0, 6)) {
            const node = item.node ?? item;
            process.stdout.write(`    ${node.selector ?? ''} ${String(node.snippet ?? item.href ?? item.text ?? '').slice(0, 160)}\n`);
          }
        }
      }
      process.stdout.write(`${name}: performance ${score('performance')} (runs: ${measured.map((m) => scoreOf(m, 'performance')).join(', ')}), accessibility ${score('accessibility')}, best practices ${score('best-practices')}, SEO ${score('seo')}${failing.length ? ` (failing: ${failing.join(', ')})` : ''}\n`);
    }
  } finally {
    await chrome.kill();
  }
  const met = rows.every((r) => r.performance >= 90 && r.accessibility >= 95 && r.seo === 100);
  const lines = [
    '',
    `### Lighthouse (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, \`npm run bench:lighthouse -- --preset ${values.preset}\`)`,
    '',
    `Lighthouse ${lighthouseVersion()} in ${chromeVersion()}, ${values.preset} preset (${values.preset === 'mobile' ? 'a mid-range phone, simulated slow 4G and 4× CPU slowdown' : 'desktop, simulated cable'}), against ${base.origin}; ${runs} ${runs === 1 ? 'run' : 'runs'} per page, the run with the median performance score shown (lowest–highest score in brackets); ${os.cpus().length} cores, load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}. Targets: performance ≥ 90, accessibility ≥ 95, SEO 100 — ${met ? '**met on every page**' : '**not met on every page**'}.`,
    '',
    '| Page | Performance | Accessibility | Best practices | SEO | LCP ms | FCP ms | TBT ms | CLS | Failing accessibility/SEO audits |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${r.performance}${runs > 1 ? ` (${r.spread.min}–${r.spread.max})` : ''}${r.failedRuns ? `, ${r.failedRuns} failed run${r.failedRuns > 1 ? 's' : ''} repeated` : ''} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcp.toFixed(0)} | ${r.fcp.toFixed(0)} | ${r.tbt.toFixed(0)} | ${r.cls.toFixed(3)} | ${r.failing.join(', ') || '—'} |`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!values['no-docs']) appendToJournal(lines.join('\n'));
}

function lighthouseVersion() {
  return JSON.parse(readFileSync(new URL('../node_modules/lighthouse/package.json', import.meta.url), 'utf8')).version;
}

function chromeVersion() {
  const answer = spawnSync(process.env.CHROME_PATH || '/usr/bin/chromium', ['--version'], { encoding: 'utf8' });
  return answer.stdout.trim() || 'Chromium';
}

main().then(() => process.exit(0), (error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
