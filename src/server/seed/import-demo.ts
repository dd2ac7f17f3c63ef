import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { csvField } from '@/lib/spreadsheet-cell';
import { rowsOf, type Db } from '@/server/db/client';
import { importJobErrors, importJobs, staff } from '@/server/db/schema';
import type { FileStore } from '@/server/modules/files/store';
import { applyRows, loadLookups } from '@/server/modules/catalog-import/apply-batch';
import { mapHeader, type ImportColumn } from '@/server/modules/catalog-import/columns';
import { checkBatch, type Pending } from '@/server/modules/catalog-import/runner';
import { ProductGroupCheck, type RowCells } from '@/server/modules/catalog-import/validate-row';
import { daysBefore } from './random';

/**
 * The demo's finished catalogue import (ADR 0042): a price list of seeded products that an admin
 * imported, with three refused rows (an unknown brand, a price that is not one, a wrong CAS check
 * digit), so the imports page shows a job, its counts and its error report. The rows go through the
 * import's own check and write (unchanged rows write nothing), inside the seed's transaction.
 */

export const DEMO_IMPORT_KEY = 'imports/demo/price-list-demo.csv';
const HEADER: readonly ImportColumn[] = ['item_no', 'name_zh', 'name_en', 'brand', 'category', 'cas', 'pack_size', 'price'];
const GOOD_ROWS = 8;

/** The demo file's rows, header first: the first packs of the first seeded products, then three bad rows. */
async function demoRows(db: Db): Promise<string[][]> {
  const found = rowsOf<{ item_no: string; name_zh: string; name_en: string; brand: string; category_id: number; cas: string | null; size: string; price: string }>(await db.execute(sql`
    select p.item_no, p.name_zh, p.name_en, b.code as brand, p.category_id, p.cas, k.size, k.price::text as price
    from products p join brands b on b.id = p.brand_id
    join lateral (select size, price from product_packs where product_id = p.id order by sort, id limit 1) k on true
    order by p.id limit ${GOOD_ROWS}`));
  const [brand] = rowsOf<{ code: string }>(await db.execute(sql`select code from brands order by id limit 1`));
  const [leaf] = rowsOf<{ id: number }>(await db.execute(sql`select id from categories where leaf order by id limit 1`));
  const brandCode = brand?.code ?? '';
  const leafId = String(leaf?.id ?? '');
  return [
    [...HEADER],
    ...found.map((r) => [r.item_no, r.name_zh, r.name_en, r.brand, String(r.category_id), r.cas ?? '', r.size, Number(r.price).toFixed(2)]),
    ['DM-90001', '示例试剂甲', 'Sample reagent A', 'NO-SUCH-BRAND', leafId, '', '100 g', '58.00'],
    ['DM-90002', '示例试剂乙', 'Sample reagent B', brandCode, leafId, '', '25 g', '价格面议'],
    ['DM-90003', '示例试剂丙', 'Sample reagent C', brandCode, leafId, '64-17-6', '500 mL', '36.50'],
  ];
}

const csvOf = (rows: readonly string[][]) => `\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;

/** Seeds the finished demo import job: its counts and refused rows are what the import itself made of the file. */
export async function seedImportDemo(tx: Db): Promise<{ importJobs: number }> {
  const [admin] = await tx.select({ id: staff.id, name: staff.name }).from(staff).where(eq(staff.loginName, 'admin'));
  if (!admin) return { importJobs: 0 };
  const rows = await demoRows(tx);
  const text = csvOf(rows);
  const header = mapHeader(rows[0] ?? []);
  const groups = new ProductGroupCheck();
  const pending: Pending[] = rows.slice(1).map((cells, i) => {
    const rowCells: RowCells = {};
    for (const [at, column] of header.positions) rowCells[column] = cells[at] ?? '';
    return { rowNo: i + 2, cells: rowCells, conflict: groups.check(rowCells) };
  });
  const checked = checkBatch(pending, header, await loadLookups(tx));
  const startedAt = daysBefore(2, 610);
  const [job] = await tx.insert(importJobs).values({
    status: 'succeeded', staffId: admin.id, lang: 'zh', fileName: '价格表-2026-11.csv', filePath: DEMO_IMPORT_KEY, format: 'csv',
    fileSize: Buffer.byteLength(text), rowsDone: pending.length, bytesDone: Buffer.byteLength(text), rowsTotal: pending.length,
    attempts: 1, createdAt: daysBefore(2, 612), startedAt, finishedAt: daysBefore(2, 609), updatedAt: daysBefore(2, 609),
  }).returning({ id: importJobs.id });
  if (!job) return { importJobs: 0 };
  const outcomes = await applyRows(tx, { type: 'staff', id: admin.id, name: admin.name, ip: '' }, job.id, checked.valid);
  if (checked.errors.length > 0) {
    await tx.insert(importJobErrors).values(checked.errors.map((e) => ({ jobId: job.id, rowNo: e.rowNo, column: e.error.column, reason: e.error.reason, value: e.error.value })));
  }
  const count = (o: string) => outcomes.filter((x) => x === o).length;
  await tx.update(importJobs).set({ created: count('created'), updated: count('updated'), unchanged: count('unchanged'), failed: checked.failedRows }).where(eq(importJobs.id, job.id));
  return { importJobs: 1 };
}

/** Writes the demo import's file when the store lacks it (the job names it; safe on every start). */
export async function ensureImportDemoFile(db: Db, store: FileStore): Promise<{ written: number; checked: number }> {
  const [job] = await db.select({ id: importJobs.id }).from(importJobs).where(eq(importJobs.filePath, DEMO_IMPORT_KEY)).limit(1);
  if (!job) return { written: 0, checked: 0 };
  if (await store.exists(DEMO_IMPORT_KEY)) return { written: 0, checked: 1 };
  await store.write(DEMO_IMPORT_KEY, new TextEncoder().encode(csvOf(await demoRows(db))));
  return { written: 1, checked: 1 };
}
