/**
 * Import benchmark (ADR 0034):
 *   npm run bench:import -- [--rows 100000] [--url postgres://…/bench_db] [--only postgres] [--formats csv,xlsx] [--structures] [--no-docs]
 * Writes a CSV and an XLSX file of `--rows` rows (one pack per row, 10 % of the products with a
 * second pack, 1 % refused rows; with `--structures` each product has a structure of its own, a SMILES
 * of the generated catalogue's enumeration, read into its substance by the import, ADR 0080), then imports each twice — a first import that creates everything and
 * a second that finds everything unchanged — through the job runner the server uses, on a fresh
 * PGlite and, when `--url` (or BENCH_DATABASE_URL) names a PostgreSQL server, on a fresh database of the name it gives
 * there. Prints rows per second and the peak RSS and heap sampled every 50 ms during each run (after
 * a GC before it), and appends the table to the day's journal in docs/benchmarks/.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import postgres from 'postgres';
import { openPglite, openPostgres, rowsOf, type DbHandle } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { importJobs } from '../src/server/db/schema';
import { seedDatabase } from '../src/server/seed/seed-database';
import { getFileStore } from '../src/server/modules/files/store';
import { drainImportJobs } from '../src/server/modules/catalog-import/runner';
import { structureAt, substanceStructureIndex } from '../src/server/seed/generated-structures';
import { appendToJournal } from './lib/bench-journal.mjs';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' }, url: { type: 'string' }, 'no-docs': { type: 'boolean', default: false },
    // `--only postgres` skips the PGlite runs (tens of minutes for 100k rows on the shared machine).
    only: { type: 'string' },
    structures: { type: 'boolean', default: false },
    // The files imported, in this order: `--formats xlsx` imports the XLSX file alone (for a profile of it).
    formats: { type: 'string', default: 'csv,xlsx' },
  },
  strict: true,
});
const ROWS = Number(values.rows);
if (!Number.isInteger(ROWS) || ROWS < 1000) throw new Error('--rows: an integer ≥ 1000');
const PG_URL = values.url ?? process.env.BENCH_DATABASE_URL;
if (values.only !== undefined && values.only !== 'postgres' && values.only !== 'pglite') throw new Error('--only: postgres or pglite');
if (values.only === 'postgres' && !PG_URL) throw new Error('--only postgres needs --url or BENCH_DATABASE_URL');

const isFormat = (f: string): f is 'csv' | 'xlsx' => f === 'csv' || f === 'xlsx';
const formatNames = values.formats.split(',').map((f) => f.trim());
if (!formatNames.every(isFormat) || new Set(formatNames).size !== formatNames.length) throw new Error('--formats: csv, xlsx or both, comma-separated');
const FORMATS = formatNames.filter(isFormat);
const STRUCTURES = values.structures;
const HEADER = ['item_no', 'name_zh', 'name_en', 'brand', 'category', 'cas', 'formula', ...(STRUCTURES ? ['smiles'] : []), 'purity', 'pack_size', 'price', 'lead_time_days', 'stock'];

function* benchRows(brand: string, category: number): Generator<(string | number)[]> {
  let written = 0;
  for (let i = 0; written < ROWS; i += 1) {
    const itemNo = `BX-${String(i).padStart(7, '0')}`;
    const structure = STRUCTURES ? [structureAt(substanceStructureIndex(i)).smiles] : [];
    const base = [itemNo, `基准试剂${i}`, `Bench reagent ${i}`, brand, category, '', 'C2H6O', ...structure, '99%'];
    // 1 % of the rows are refused (a price that is not one).
    yield [...base, '500 mL', i % 100 === 99 ? 'n/a' : (10 + (i % 500) / 4).toFixed(2), i % 30, i % 50];
    written += 1;
    if (i % 10 === 0 && written < ROWS) {
      yield [...base, '2.5 L', (40 + (i % 500) / 2).toFixed(2), 3, 0];
      written += 1;
    }
  }
}

async function writeFiles(dir: string, brand: string, category: number): Promise<{ csv: string; xlsx: string }> {
  const csv = path.join(dir, 'bench.csv');
  const out = createWriteStream(csv);
  out.write(`${HEADER.join(',')}\n`);
  for (const row of benchRows(brand, category)) if (!out.write(`${row.join(',')}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  const xlsx = path.join(dir, 'bench.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsx, useStyles: false, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow(HEADER).commit();
  for (const row of benchRows(brand, category)) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return { csv, xlsx };
}

interface Result { db: string; format: string; run: string; rows: number; seconds: number; cpu: number; rss: number; growth: number; heap: number; created: number; unchanged: number; failed: number }

async function measure(label: Omit<Result, 'rows' | 'seconds' | 'cpu' | 'rss' | 'growth' | 'heap' | 'created' | 'unchanged' | 'failed'>, handle: DbHandle, key: string, size: number, staffId: number, format: 'csv' | 'xlsx'): Promise<Result> {
  const [job] = await handle.db.insert(importJobs).values({ staffId, fileName: path.basename(key), filePath: key, format, fileSize: size }).returning();
  (globalThis as { gc?: () => void }).gc?.();
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  sample();
  // The RSS before the run: "growth" is the peak above it (what the import itself holds).
  const baseline = rss;
  const timer = setInterval(sample, 50);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await drainImportJobs(handle.db, 'bench');
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpuBefore);
  // This process's CPU time (the import, and the database itself on PGlite): a figure the machine's load does not change.
  const cpu = (used.user + used.system) / 1e6;
  clearInterval(timer);
  sample();
  const [done] = rowsOf<{ rows_total: number; created: number; unchanged: number; failed: number; status: string }>(
    await handle.db.execute(sql`select rows_total, created, unchanged, failed, status from import_jobs where id = ${job!.id}`));
  if (done?.status !== 'succeeded') throw new Error(`bench import ended ${done?.status}`);
  const result = { ...label, rows: Number(done.rows_total), seconds, cpu, rss, growth: rss - baseline, heap, created: Number(done.created), unchanged: Number(done.unchanged), failed: Number(done.failed) };
  const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;
  process.stdout.write(`${label.db.padEnd(10)} ${format.padEnd(5)} ${label.run.padEnd(7)} ${result.rows} rows in ${seconds.toFixed(1)} s = ${Math.round(result.rows / seconds)} rows/s (process CPU ${cpu.toFixed(1)} s); `
    + `peak RSS ${mib(rss)} (+${mib(rss - baseline)}), heap ${mib(heap)}; created ${result.created}, unchanged ${result.unchanged}, failed ${result.failed}\n`);
  return result;
}

async function prepare(handle: DbHandle): Promise<void> {
  await runMigrations(handle);
  await seedDatabase(handle.db, { products: 0 });
}

async function benchOn(name: string, handle: DbHandle, files: { csv: string; xlsx: string }): Promise<Result[]> {
  const [member] = rowsOf<{ id: number }>(await handle.db.execute(sql`select id from staff order by id limit 1`));
  const results: Result[] = [];
  for (const format of FORMATS) {
    const key = `imports/bench/${name}.${format}`;
    const local = files[format];
    await getFileStore().write(key, await readFile(local));
    const size = statSync(local).size;
    // The second format's first run updates nothing new: clear the products of the first (no statement
    // timeout: 100k products and their packs take a while on a loaded machine).
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`delete from product_packs where product_id in (select id from products where item_no like 'BX-%')`);
      await tx.execute(sql`delete from products where item_no like 'BX-%'`);
    });
    // Without this the second format's first run inserts into tables and indexes holding the first's
    // 100k dead rows (the unique check visits them, autovacuum runs beside it): not a first import.
    await handle.db.execute(sql`vacuum analyze products, product_packs, audit_log`);
    results.push(await measure({ db: name, format, run: 'first' }, handle, key, size, Number(member!.id), format));
    results.push(await measure({ db: name, format, run: 'again' }, handle, key, size, Number(member!.id), format));
  }
  return results;
}

/** The bench files, naming the first brand and leaf category of the seeded database. */
async function filesFor(handle: DbHandle, dir: string): Promise<{ csv: string; xlsx: string }> {
  const [brand] = rowsOf<{ code: string }>(await handle.db.execute(sql`select code from brands order by id limit 1`));
  const [leaf] = rowsOf<{ id: number }>(await handle.db.execute(sql`select id from categories where leaf order by id limit 1`));
  const files = await writeFiles(dir, brand!.code, Number(leaf!.id));
  process.stdout.write(`files: CSV ${(statSync(files.csv).size / 1024 / 1024).toFixed(1)} MiB, XLSX ${(statSync(files.xlsx).size / 1024 / 1024).toFixed(1)} MiB, ${ROWS} rows\n`);
  return files;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  process.env.FILES_DIR = path.join(dir, 'files');
  process.env.LOG_LEVEL ??= 'warn';
  const results: Result[] = [];
  let files: { csv: string; xlsx: string } | null = null;
  try {
    if (values.only !== 'postgres') {
      const pglite = await openPglite('memory://');
      try {
        await prepare(pglite);
        files = await filesFor(pglite, dir);
        results.push(...await benchOn('PGlite', pglite, files));
      } finally {
        await pglite.close();
      }
    }
    if (PG_URL && values.only !== 'pglite') {
      // The bench's database is the one the URL names (made afresh, dropped at the end), created from
      // the server's `postgres` database.
      const url = new URL(PG_URL);
      const name = decodeURIComponent(url.pathname.slice(1)) || 'import_bench';
      if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === 'postgres') throw new Error(`--url: a database name of its own, not ${name}`);
      const adminUrl = new URL(PG_URL);
      adminUrl.pathname = '/postgres';
      const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.unsafe(`create database ${name}`);
      const handle = await openPostgres(url.toString());
      try {
        await prepare(handle);
        files ??= await filesFor(handle, dir);
        results.push(...await benchOn('PostgreSQL', handle, files));
      } finally {
        await handle.close();
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (!values['no-docs']) {
    const mib = (n: number) => (n / 1024 / 1024).toFixed(0);
    const lines = [
      '',
      `## Catalogue import (${new Date().toISOString().slice(0, 10)}, \`npm run bench:import\`, ${os.cpus().length} cores ${os.cpus()[0]?.model ?? ''}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)})`,
      '',
      `${ROWS} rows per file (one pack per row, 1 % refused${STRUCTURES ? '; every product with a structure of its own, read by the import into its substance (ADR 0080)' : ''}); "first" creates every product and pack, "again" imports the same file and finds every row unchanged. Peak RSS and heap sampled every 50 ms in the process that runs the import — on PGlite also the database, held in memory (\`memory://\`), which is most of that RSS; the heap is the import's own. "process CPU s" is that process's CPU time (without the PostgreSQL server's), which the machine's load does not change.`,
      '',
      '| database | file | run | rows/s | seconds | process CPU s | peak RSS (MiB) | RSS growth (MiB) | peak heap (MiB) | created | unchanged | failed |',
      '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...results.map((r) => `| ${r.db} | ${r.format} | ${r.run} | ${Math.round(r.rows / r.seconds)} | ${r.seconds.toFixed(1)} | ${r.cpu.toFixed(1)} | ${mib(r.rss)} | ${mib(r.growth)} | ${mib(r.heap)} | ${r.created} | ${r.unchanged} | ${r.failed} |`),
      '',
    ];
    appendToJournal(lines.join('\n'));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
