import './zod-config';
import { z } from 'zod';
import { calendarDay } from './dates';
import { idSchema } from './numbers';

/**
 * The inventory's labels, ledger export and stock import (ADR 0090): the shapes the account area and the
 * API share.
 */

/** Labels printed at once (one A4 sheet holds 24; a run of a few sheets at most). */
export const LABELS_MAX = 96;
/** Rows one import file may hold, and its size (under the API frame's 1 MiB body limit). */
export const IMPORT_ROWS_MAX = 2000;
export const IMPORT_MAX_BYTES = 960 * 1024;

export const CONTAINER_UNITS = ['mg', 'g', 'kg', 'µL', 'mL', 'L', 'ea'] as const;
export const LEDGER_KINDS = ['received', 'used', 'moved', 'disposed', 'correction'] as const;
export const CONTROL_CLASSES = ['precursor', 'explosive', 'toxic'] as const;

/** Ids as `ids=1,2`, `ids=1&ids=2` or a JSON array; repeated ids once. */
export const labelIdsSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter((s) => s.trim() !== '') : Array.isArray(value) ? value : [value]),
  z.array(idSchema).min(1, { message: 'inventoryLabelsNone' }).max(LABELS_MAX, { message: 'inventoryLabelsTooMany' }),
).transform((ids) => [...new Set(ids)]);

export const labelsInputSchema = z.object({ ids: labelIdsSchema });

export const labelSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  itemNo: z.string(),
  cas: z.string(),
  lotNo: z.string(),
  amount: z.string(),
  remaining: z.string(),
  unit: z.string(),
  receivedOn: z.string(),
  expiresOn: z.string().nullable(),
  retestOn: z.string().nullable(),
  /** `Building / Room / Cabinet`, or empty when the container has no place. */
  location: z.string(),
  hazardous: z.boolean(),
  controlClass: z.enum(CONTROL_CLASSES).nullable(),
  /** The container's page on the site: what the QR code holds, and nothing else. */
  url: z.string(),
  /** The QR code of `url`, an SVG document generated on the server. */
  qrSvg: z.string(),
});
export type LabelDto = z.infer<typeof labelSchema>;
export const labelsSchema = z.object({ items: z.array(labelSchema) });

/** A scanned or typed label: its code, or the address its QR code holds. */
export const labelLookupInputSchema = z.object({
  label: z.string({ message: 'inventoryLabelRequired' }).trim().min(1, { message: 'inventoryLabelRequired' }).max(300, { message: 'inventoryLabelRequired' }),
});
export const labelLookupSchema = z.object({ id: z.number().int(), code: z.string() });

const flag = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());

/** The ledger export's filters: a date range, controlled chemicals only (the default) or all, one container. */
export const ledgerExportInputSchema = z.object({
  from: calendarDay().optional(),
  to: calendarDay().optional(),
  controlledOnly: flag.default(true),
  containerId: idSchema.optional(),
}).refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'inventoryRangeReversed', path: ['to'] });
export type LedgerExportInput = z.infer<typeof ledgerExportInputSchema>;

export const importTemplateInputSchema = z.object({});

/** One problem of an import row: the row's number in the sheet (the header is row 1) and the column's key. */
export const importIssueSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  messageZh: z.string(),
  messageEn: z.string(),
});
export type ImportIssueDto = z.infer<typeof importIssueSchema>;

export const importPreviewRowSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  cas: z.string(),
  itemNo: z.string(),
  lotNo: z.string(),
  amount: z.string(),
  unit: z.string(),
  receivedOn: z.string(),
  expiresOn: z.string().nullable(),
  location: z.string(),
  owner: z.string(),
  /** The catalogue product matched by item number or CAS, if any. */
  matched: z.boolean(),
  newLocation: z.boolean(),
});
export type ImportPreviewRowDto = z.infer<typeof importPreviewRowSchema>;

export const importPreviewSchema = z.object({
  rows: z.array(importPreviewRowSchema),
  issues: z.array(importIssueSchema),
  /** Locations the commit creates (`Building / Room / Cabinet`). */
  newLocations: z.array(z.string()),
});
export type ImportPreviewDto = z.infer<typeof importPreviewSchema>;

export const importCommitSchema = z.object({
  created: z.number().int(),
  locationsCreated: z.number().int(),
  ids: z.array(z.number().int()),
});
export type ImportCommitDto = z.infer<typeof importCommitSchema>;
