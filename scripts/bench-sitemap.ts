/**
 * Sitemap benchmark: how long the index takes, and how long and how much memory one product
 * sitemap of 50,000 URLs takes to stream, on the configured database.
 *   DATABASE_URL=postgres://… npm run bench:sitemap            (load products first with db:generate-catalog)
 * Prints the figures and appends them to the day's journal in docs/benchmarks/.
 */
import { appendToJournal } from './lib/bench-journal.mjs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openConfiguredDatabase } from './lib/startup';
import { runMigrations } from '../src/server/db/migrate';
import { products } from '../src/server/db/schema';
import { countProductSitemaps, productSitemapRows } from '../src/server/modules/content/sitemap';
import { sitemapIndex, URLSET_HEAD, URLSET_TAIL, urlEntry } from '../src/lib/sitemap-xml';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  const handle = await openConfiguredDatabase();
  try {
    await runMigrations(handle);
    const db = handle.db;
    const [row] = await db.select({ n: sql<number>`count(*)::int`, max: sql<number>`coalesce(max(${products.id}), 0)` }).from(products);
    const count = Number(row?.n ?? 0);
    const indexTimes: number[] = [];
    let files = 0;
    for (let i = 0; i < 5; i += 1) {
      const t = performance.now();
      files = await countProductSitemaps(db);
      sitemapIndex('https://www.example.com', ['pages.xml', ...Array.from({ length: files }, (_, k) => `products-${k}.xml`)]);
      indexTimes.push(performance.now() - t);
    }
    const streamOne = async (index: number) => {
      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      let peak = heapBefore;
      let bytes = URLSET_HEAD.length;
      let urls = 0;
      const t = performance.now();
      for await (const rows of productSitemapRows(db, index)) {
        const chunk = rows.map((r) => urlEntry('https://www.example.com', `/product/detail?id=${r.id}`, r.createdAt)).join('');
        bytes += Buffer.byteLength(chunk);
        urls += rows.length;
        // Live memory after each batch (garbage collected first): what the stream keeps, not what it churns.
        global.gc?.();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
      bytes += URLSET_TAIL.length;
      return { ms: performance.now() - t, urls, bytes, heapMb: (peak - heapBefore) / 1_048_576 };
    };
    const first = await streamOne(0);
    const last = files > 0 ? await streamOne(files - 1) : first;
    const lines = [
      `### Sitemap (${new Date().toISOString().slice(0, 10)}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB)`,
      '',
      `Products: ${count.toLocaleString('en')} (highest id ${Number(row?.max ?? 0).toLocaleString('en')}); product sitemap files: ${files}.`,
      '',
      '| Figure | Value |',
      '|---|---|',
      `| sitemap index (max(id) + XML), median of 5 | ${median(indexTimes).toFixed(1)} ms |`,
      `| products-0.xml: URLs, size, time to stream | ${first.urls.toLocaleString('en')} URLs, ${(first.bytes / 1_048_576).toFixed(1)} MiB, ${first.ms.toFixed(0)} ms |`,
      `| products-0.xml: most live heap above the start between batches (after GC) | ${first.heapMb.toFixed(1)} MiB |`,
      `| products-${Math.max(files - 1, 0)}.xml (last): URLs, time | ${last.urls.toLocaleString('en')} URLs, ${last.ms.toFixed(0)} ms |`,
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    appendToJournal(`${lines.join('\n')}\n`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
