import './zod-config';
import { z } from 'zod';
import { idSchema, wholeNumber } from './numbers';

/**
 * Contracts of the catalogue's bulk import and export (ADR 0034). A job's counts are data rows of
 * the file; `progress` is 0–100 (bytes of the file read, 100 when finished).
 */
export const IMPORT_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];
export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const importJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(IMPORT_JOB_STATUSES),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  fileSize: z.number().int(),
  staffName: z.string(),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  progress: z.number().int().min(0).max(100),
  /** A key under adminImports.failure when the job failed. */
  failure: z.string().nullable(),
  /** The error report's address, when rows were refused. */
  errorReportUrl: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportJobDto = z.infer<typeof importJobSchema>;

export const importJobListInputSchema = z.object({
  /** The id of the last job of the previous page (jobs come newest first). */
  cursor: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
  limit: wholeNumber(z.number().int().min(1).max(100)).default(20),
});
export type ImportJobListInput = z.infer<typeof importJobListInputSchema>;

export const importJobListSchema = z.object({
  items: z.array(importJobSchema),
  nextCursor: z.number().int().nullable(),
  /** Whether a job is queued or running: the page keeps polling while it is. */
  active: z.boolean(),
});
export type ImportJobListDto = z.infer<typeof importJobListSchema>;

export const importTemplateInputSchema = z.object({
  format: z.preprocess((v) => (v === '' || v === undefined ? 'xlsx' : v), z.enum(IMPORT_FORMATS)),
});

/** The error report's file type (ADR 0042): CSV unless asked for Excel. */
export const errorReportInputSchema = z.object({
  format: z.preprocess((v) => (v === '' || v === undefined ? 'csv' : v), z.enum(IMPORT_FORMATS)),
});
