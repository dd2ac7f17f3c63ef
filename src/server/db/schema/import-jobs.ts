import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './staff';

/**
 * Background jobs of the back-office (ADR 0034): a catalogue import runs in the server process that
 * holds its lease (`lease_owner`, `lease_until`), commits a batch of rows at a time and moves its
 * checkpoint (`rows_done`) with the batch, so that a job whose process died is taken up again by any
 * instance after its lease ran out and goes on after the last committed row.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    /** 'catalog_products': products and packs from a CSV or XLSX file. */
    kind: text('kind').notNull().default('catalog_products'),
    /** queued → running → succeeded | failed | cancelled (queued → cancelled too); import-jobs/transition.ts. */
    status: text('status').$type<'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'>().notNull().default('queued'),
    staffId: integer('staff_id').notNull().references(() => staff.id),
    /** The language of the staff member who started it: the error report's. */
    lang: text('lang').$type<'zh' | 'en'>().notNull().default('zh'),
    fileName: text('file_name').notNull(),
    /** The uploaded file's key in the files store. */
    filePath: text('file_path').notNull(),
    format: text('format').$type<'csv' | 'xlsx'>().notNull(),
    fileSize: integer('file_size').notNull().default(0),
    /** Data rows committed (the checkpoint: a resumed job skips this many). */
    rowsDone: integer('rows_done').notNull().default(0),
    /** Bytes of the file read up to the checkpoint (the progress bar). */
    bytesDone: integer('bytes_done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** The data rows of the file, known once it was read to its end; null until then. */
    rowsTotal: integer('rows_total'),
    /** Why a failed job failed (a message key under adminImports.failure). */
    failure: text('failure'),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('import_jobs_created_idx').on(t.id.desc()),
    // The runner's claim: queued jobs and running ones whose lease may have run out.
    index('import_jobs_pending_idx').on(t.id).where(sql`${t.status} in ('queued', 'running')`),
    check('import_jobs_status_check', sql`${t.status} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
  ],
);

/** The rows an import refused: row number, column, reason code (the report is written in the job's language). */
export const importJobErrors = pgTable(
  'import_job_errors',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id').notNull().references(() => importJobs.id, { onDelete: 'cascade' }),
    /** The row as a spreadsheet numbers it (the header is row 1). */
    rowNo: integer('row_no').notNull(),
    /** The column's code (item_no, price, …); '' for the row as a whole. */
    column: text('column').notNull(),
    /** A key under adminImports.reasons; after `:`, the position or atom the message names (ADR 0080). */
    reason: text('reason').notNull(),
    /** The offending value as the file had it (cut to 200 characters). */
    value: text('value').notNull().default(''),
  },
  (t) => [index('import_job_errors_job_idx').on(t.jobId, t.id)],
);

export type ImportJob = typeof importJobs.$inferSelect;
export type NewImportJob = typeof importJobs.$inferInsert;
export type ImportJobError = typeof importJobErrors.$inferSelect;
