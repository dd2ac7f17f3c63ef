import 'server-only';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { revalidateStorefront } from '@/server/cache/storefront';
import { isPostgresPool, rowsOf, type Db } from '@/server/db/client';
import { importJobErrors, staff, type ImportJob } from '@/server/db/schema';
import { log } from '@/server/log';
import { SYSTEM_ACTOR, type AuditActor } from '@/server/modules/audit/record';
import { foldCatalogueCounts } from '@/server/modules/catalog/kept-counts';
import { pinyinOf } from '@/server/modules/catalog/pinyin';
import { getFileStore } from '@/server/modules/files/store';
import { loadLookups } from './apply-batch';
import { commitBatch, type CheckedBatch, type CommitContext, type Tally } from './commit-batch';
import { mapHeader, type HeaderMap } from './columns';
import { holdImportHeapGrowth } from './heap-growth';
import { ByteCounter, readRows, type FileRow } from './read-rows';
import { LimitError } from './zip-entries';
import { startPendingMerge } from './pending-merge';
import { pruneBatchSubstances, readBatchStructures } from './structures';
import { lockImportJob, transitionImportJob } from './transition';
import { isBlankRow, ProductGroupCheck, validateRow, type RowCells, type RowError, type RowLookups } from './validate-row';

/**
 * The import runner (ADR 0034). Any app instance claims the oldest queued job, or a running one
 * whose lease ran out (its process died), with `FOR UPDATE SKIP LOCKED`, so two instances never run
 * one job. The file is streamed from the files store; rows are checked one by one and written a
 * batch per transaction, which also moves the job's checkpoint and counts and renews its lease. A job
 * taken up again skips the rows before its checkpoint, and since rows are matched on the item number,
 * even a batch written twice would change nothing the second time.
 */

export const BATCH_ROWS = 500;
/**
 * Rows read and checked between two turns of the event loop, so that the database's answers to the batch
 * being written are taken up while the next batch is read.
 */
const YIELD_EVERY_ROWS = 32;
/**
 * Batches written at once on PostgreSQL, each in its own transaction on its own connection: while one
 * waits for this process or for its commit, the other keeps the database working (PGlite: one).
 */
const WRITERS = 2;
/** A job failing this many times (not a bad file: the database, a bug) is given up. */
const MAX_ATTEMPTS = 3;

/**
 * Products created since the planner's statistics were last taken, before they are taken again: at
 * least this many, and at least as many as the catalogue held then (so a job analyses about
 * log2(final ÷ start) times). A catalogue that grows from a few rows to 100,000 within one job would
 * otherwise keep statistics of an almost empty table, and the packs' price trigger (migration 0010)
 * would be planned as scans of it, slowing every batch as the table grows.
 */
export const ANALYZE_AFTER_CREATED = 5_000;

export interface RunOptions {
  batchSize?: number;
  /** ANALYZE_AFTER_CREATED, smaller in tests. */
  analyzeAfterCreated?: number;
  /** How long a batch waits for the one before it to commit (WAIT_FOR_PREVIOUS_MS), shorter in tests. */
  waitForPreviousMs?: number;
  /** Called after each committed batch (a test stops the process there). */
  afterBatch?: (batchNo: number) => void | Promise<void>;
}

class FileReadError extends Error {
  constructor(message: string, readonly overLimits: boolean) {
    super(message);
  }
}

async function* guarded(rows: AsyncGenerator<FileRow>): AsyncGenerator<FileRow> {
  try {
    yield* rows;
  } catch (error) {
    throw new FileReadError(error instanceof Error ? error.message : String(error), error instanceof LimitError);
  }
}

/** Takes the next job for this runner (`owner`), or null when none is waiting. */
export async function claimImportJob(db: Db, owner: string): Promise<ImportJob | null> {
  return db.transaction(async (tx) => {
    const [next] = rowsOf<{ id: number }>(await tx.execute(sql`
      select id from import_jobs where status = 'queued' or (status = 'running' and lease_until < now())
      order by id limit 1 for update skip locked`));
    if (!next) return null;
    const job = await lockImportJob(tx, Number(next.id));
    await transitionImportJob(tx, SYSTEM_ACTOR, job, 'running', { owner });
    return (await lockImportJob(tx, job.id));
  });
}

/** Ends a job this runner holds; false when it is no longer this runner's (cancelled, or taken over). */
async function finishJob(db: Db, jobId: number, owner: string, to: 'succeeded' | 'failed', extra: { failure?: string; rowsTotal?: number; errors?: RowError[] } = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const job = await lockImportJob(tx, jobId);
    if (job.status !== 'running' || job.leaseOwner !== owner) return false;
    if (extra.errors && extra.errors.length > 0) {
      await tx.insert(importJobErrors).values(extra.errors.map((e) => ({ jobId, rowNo: 1, column: e.column, reason: e.reason, value: e.value })));
    }
    await transitionImportJob(tx, SYSTEM_ACTOR, job, to, { failure: extra.failure, rowsTotal: extra.rowsTotal });
    return true;
  });
}

export interface Pending {
  rowNo: number;
  cells: RowCells;
  conflict: RowError | null;
}

function cellsOf(row: FileRow, header: HeaderMap): RowCells {
  const cells: RowCells = {};
  for (const [i, column] of header.positions) cells[column] = row.cells[i] ?? '';
  return cells;
}

/** A batch with no row checked yet. */
export function emptyBatch(): CheckedBatch {
  return { rows: 0, valid: [], errors: [], failedRows: 0 };
}

/**
 * Checks one row into the batch (no database: brands and categories come from the lookups): its errors,
 * or the valid row, with its pinyin worked out when `names` (the writer needs it for a new product or a
 * new name only). The runner checks each row as it is read, while the batch before is written, so that
 * this work is off the writes' path and never holds the process for long.
 */
export function checkRow(into: CheckedBatch, p: Pending, present: HeaderMap['present'], lookups: RowLookups, names = true): void {
  into.rows += 1;
  const result = validateRow(p.cells, present, lookups);
  if (result.ok) result.row.rowNo = p.rowNo;
  const rowErrors = [...(p.conflict ? [p.conflict] : []), ...(result.ok ? [] : result.errors)];
  if (rowErrors.length > 0) {
    into.failedRows += 1;
    for (const error of rowErrors) into.errors.push({ rowNo: p.rowNo, error });
    return;
  }
  if (!result.ok) return;
  const row = result.row;
  if (names) {
    // A product's packs are rows one after another, with one name.
    const last = into.valid.at(-1);
    row.names = last?.product.nameZh === row.product.nameZh ? last.names : pinyinOf(row.product.nameZh);
  }
  into.valid.push(row);
}

/** Checks the rows of one batch (`checkRow` for each). */
export function checkBatch(batch: readonly Pending[], header: HeaderMap, lookups: RowLookups): CheckedBatch {
  const checked = emptyBatch();
  for (const p of batch) checkRow(checked, p, header.present, lookups);
  return checked;
}

/** A batch being written: the item numbers it names, and its end (false: it stopped). */
interface Writing {
  items: readonly string[];
  done: Promise<boolean>;
}

/** The planner's idea of the catalogue's size (0 when never analysed). */
async function estimatedProducts(db: Db): Promise<number> {
  const rows = rowsOf<{ n: number }>(await db.execute(sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'products'::regclass`));
  return Number(rows[0]?.n ?? 0);
}

/** Runs a claimed job from its checkpoint to its end; answers how it ended for this runner. */
export async function processImportJob(db: Db, job: ImportJob, owner: string, options: RunOptions = {}): Promise<'succeeded' | 'failed' | 'stopped'> {
  const batchSize = options.batchSize ?? BATCH_ROWS;
  const file = await getFileStore().open(job.filePath);
  if (!file) return (await finishJob(db, job.id, owner, 'failed', { failure: 'fileMissing' })) ? 'failed' : 'stopped';
  const [member] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, job.staffId));
  const actor: AuditActor = { type: 'staff', id: job.staffId, name: member?.name ?? '', ip: '' };
  const lookups = await loadLookups(db);
  const source = Readable.fromWeb(file.stream() as Parameters<typeof Readable.fromWeb>[0]);
  const counter = new ByteCounter();
  source.on('error', (e) => counter.destroy(e));
  source.pipe(counter);
  const groups = new ProductGroupCheck();
  let header: HeaderMap | null = null;
  let xlsxPosition = 0;
  let dataRows = 0;
  let batch = emptyBatch();
  let lastItemNo = '';
  let batchNo = 0;
  // Batches are written while the next is read and checked (the database and this process work side
  // by side): on PostgreSQL two at once, each on its own connection; they commit in the file's order.
  const writing: Writing[] = [];
  const writers = isPostgresPool(db) ? WRITERS : 1;
  const analyzeAfter = options.analyzeAfterCreated ?? ANALYZE_AFTER_CREATED;
  let analysedSize = await estimatedProducts(db);
  // While batches create products, the reader works out their pinyin ahead; while they find them
  // unchanged (a file imported again), the writer is left to work it out for the few it needs.
  const tally: Tally = { created: 0, creating: true };
  const context: CommitContext = { db, job, owner, actor, tally, waitForPreviousMs: options.waitForPreviousMs };
  /** Waits for every batch being written, oldest first; false when one stopped. Throws the first failure. */
  const settle = async (): Promise<boolean> => {
    let go = true;
    let failure: { error: unknown } | null = null;
    for (let w = writing.shift(); w; w = writing.shift()) {
      try {
        if (!(await w.done)) go = false;
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
    return go;
  };
  const flush = async (): Promise<boolean> => {
    const checked = batch;
    const bytes = job.format === 'xlsx' ? xlsxPosition : counter.bytes;
    batch = emptyBatch();
    // ADR 0080: the batch's structures are read in the workers, and their substances saved, before its
    // transaction opens, while the batch before is written; a refused one moves its row to the errors.
    const structures = readBatchStructures(db, checked);
    structures.catch(() => undefined);
    const items = new Set(checked.valid.map((r) => r.itemNo));
    // Never two batches at once that name one product (the younger would not see the rows the older
    // has not committed yet, and would create them again); never more than `writers`.
    while (writing.length >= writers || writing.some((w) => w.items.some((itemNo) => items.has(itemNo)))) {
      const oldest = writing.shift();
      if (oldest && !(await oldest.done)) {
        await settle();
        return false;
      }
    }
    const previous = writing.at(-1)?.done ?? null;
    const commit = async (): Promise<boolean> => {
      await structures;
      const end = await commitBatch(context, checked, bytes, previous);
      if (end !== 'late') return end === 'committed';
      // Rolled back after waiting too long for the batch before it: written again once that one ended.
      if (previous && !(await previous)) return false;
      return (await commitBatch(context, checked, bytes, null)) === 'committed';
    };
    // Whatever its end, the substances it leaves without products go (ADR 0087).
    const write = async (): Promise<boolean> => {
      const go = await commit().catch(async (error: unknown) => { await pruneBatchSubstances(db, checked, false, structures); throw error; });
      await pruneBatchSubstances(db, checked, go, structures);
      return go;
    };
    const done = write().then(async (go) => {
      batchNo += 1;
      if (go && tally.created >= Math.max(analyzeAfter, analysedSize)) {
        // The tables' sizes and the join columns only: a whole ANALYZE of products also samples its
        // search indexes' expressions (2.7 s at 100k products, against 0.3 s).
        await db.execute(sql`analyze products (id), product_packs (product_id)`);
        analysedSize = await estimatedProducts(db);
        tally.created = 0;
      }
      await options.afterBatch?.(batchNo);
      return go;
    });
    // Awaited by a later flush or at the end; marked handled so that a failure while the next batch
    // is read is not an unhandled rejection.
    done.catch(() => undefined);
    writing.push({ items: [...items], done });
    return true;
  };
  // PostgreSQL merges the search indexes' new entries on another connection meanwhile (ADR 0053).
  const merge = startPendingMerge(db);
  // The heap grows by half its live size at most between collections while this job runs (ADR 0055).
  const releaseHeap = holdImportHeapGrowth();
  try {
    for await (const row of guarded(readRows(counter, job.format, (position) => { xlsxPosition = position; }))) {
      if (!header) {
        header = mapHeader(row.cells);
        if (header.missing.length > 0 || header.duplicated.length > 0) {
          const errors: RowError[] = [
            ...header.missing.map((column) => ({ column, reason: 'columnMissing', value: '' })),
            ...header.duplicated.map((column) => ({ column, reason: 'columnDuplicated', value: '' })),
          ];
          return (await finishJob(db, job.id, owner, 'failed', { failure: 'columnsMissing', errors })) ? 'failed' : 'stopped';
        }
        continue;
      }
      const cells = cellsOf(row, header);
      if (isBlankRow(cells)) continue;
      dataRows += 1;
      const conflict = groups.check(cells);
      if (dataRows <= job.rowsDone) continue;
      // A full batch ends where a product does, so that the next one (written at the same time) names
      // other products; a product of very many rows may still span batches (they are then written in turn).
      const itemNo = (cells.item_no ?? '').trim().toUpperCase();
      if (batch.rows >= batchSize && (itemNo !== lastItemNo || batch.rows >= batchSize * 4) && !(await flush())) return 'stopped';
      checkRow(batch, { rowNo: row.rowNo, cells, conflict }, header.present, lookups, tally.creating);
      lastItemNo = itemNo;
      // A parsed chunk of the file is many rows: the batch being written gets its answers between them.
      if (dataRows % YIELD_EVERY_ROWS === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (!header) return (await finishJob(db, job.id, owner, 'failed', { failure: 'fileEmpty' })) ? 'failed' : 'stopped';
    if (batch.rows > 0 && !(await flush())) return 'stopped';
    if (!(await settle())) return 'stopped';
    return (await finishJob(db, job.id, owner, 'succeeded', { rowsTotal: dataRows })) ? 'succeeded' : 'stopped';
  } catch (error) {
    // The batches still being written end first (a failure of theirs is the one that counts).
    await settle();
    if (error instanceof FileReadError) {
      log('warn', 'import.file_unreadable', { jobId: job.id, message: error.message });
      return (await finishJob(db, job.id, owner, 'failed', { failure: error.overLimits ? 'fileOverLimits' : 'fileUnreadable' })) ? 'failed' : 'stopped';
    }
    throw error;
  } finally {
    releaseHeap();
    await merge.stop();
    // The job's changes of the kept counts join them now rather than at the next periodic fold (ADR 0079).
    await foldCatalogueCounts(db).catch((error: unknown) => log('warn', 'catalog.count_fold_failed', { message: error instanceof Error ? error.message : String(error) }));
    source.destroy();
    counter.destroy();
  }
}

/** Runs one claimed job; an unexpected error leaves it to be taken up again once its lease ran out, up to MAX_ATTEMPTS. */
async function runClaimedJob(db: Db, job: ImportJob, owner: string, options: RunOptions): Promise<void> {
  try {
    await processImportJob(db, job, owner, options);
    // Storefront pages of this process read the catalogue afresh; other processes within their cache time.
    try {
      revalidateStorefront('catalogue');
    } catch {
      // Outside a request there may be no cache store to drop: nothing to do then.
    }
  } catch (error) {
    // A failed query's message is its SQL and parameters; the database's own words are its cause.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
    log('error', 'import.job_error', { jobId: job.id, attempt: job.attempts, cause, message: (error instanceof Error ? error.message : String(error)).slice(0, 2000) });
    if (job.attempts >= MAX_ATTEMPTS) await finishJob(db, job.id, owner, 'failed', { failure: 'internal' }).catch(() => false);
  }
}

/** Runs waiting jobs one after another until none is left; answers how many it ran. */
export async function drainImportJobs(db: Db, owner: string, options: RunOptions = {}): Promise<number> {
  let n = 0;
  for (;;) {
    const job = await claimImportJob(db, owner);
    if (!job) return n;
    await runClaimedJob(db, job, owner, options);
    n += 1;
  }
}

// ---- the process's runner ----------------------------------------------------------------------

interface RunnerState {
  owner: string;
  busy: WeakMap<Db, { again: boolean }>;
  timer?: ReturnType<typeof setInterval>;
}

const globalForRunner = globalThis as unknown as { __importRunner?: RunnerState };

function runner(): RunnerState {
  globalForRunner.__importRunner ??= { owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, busy: new WeakMap() };
  return globalForRunner.__importRunner;
}

/** Starts draining the jobs of this database now (no-op when this process is at it already: it looks again after). */
export function wakeImportRunner(db: Db): void {
  const state = runner();
  const current = state.busy.get(db);
  if (current) {
    current.again = true;
    return;
  }
  const mark = { again: false };
  state.busy.set(db, mark);
  void (async () => {
    try {
      do {
        mark.again = false;
        await drainImportJobs(db, state.owner);
      } while (mark.again);
    } catch (error) {
      log('error', 'import.runner_error', { message: error instanceof Error ? error.message : String(error) });
    } finally {
      state.busy.delete(db);
    }
  })();
}

/**
 * Looks for jobs every `intervalMs` (queued by another instance, or left by a process that died),
 * from the server's start on; once per process.
 */
export function startImportRunner(getDb: () => Promise<Db>, intervalMs = 15_000): void {
  const state = runner();
  if (state.timer) return;
  const tick = () => {
    getDb().then(wakeImportRunner, (error: unknown) => log('warn', 'import.runner_no_database', { message: error instanceof Error ? error.message : String(error) }));
  };
  state.timer = setInterval(tick, intervalMs);
  state.timer.unref();
  tick();
}
