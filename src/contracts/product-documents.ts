import './zod-config';
import { z } from 'zod';
import { calendarDay } from './dates';
import { idSchema, pageParams } from './numbers';

/**
 * A product's documents in the back-office (ADR 0063): upload, list, replace (a new version), withdraw and
 * restore; the files gone missing from the store. Messages are keys under `api.errors` in messages/*.json.
 */

/** Every kind a product document has; a COA belongs to a lot and is uploaded on the lot (ADR 0032). */
export const PRODUCT_DOCUMENT_KINDS = ['coa', 'msds', 'tds', 'protocol', 'handbook'] as const;
export type ProductDocumentKind = (typeof PRODUCT_DOCUMENT_KINDS)[number];
/** The kinds uploaded per product and language: SDS, technical data or specification sheet, protocol, handbook. */
export const UPLOADED_DOCUMENT_KINDS = ['msds', 'tds', 'protocol', 'handbook'] as const;
export type UploadedDocumentKind = (typeof UPLOADED_DOCUMENT_KINDS)[number];
export const DOCUMENT_LANGS = ['zh', 'en'] as const;
export const DOCUMENT_STATES = ['current', 'superseded', 'withdrawn'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/** The largest document PDF taken. */
export const PRODUCT_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENT_VERSION_MAX = 40;

export const DOCUMENT_FIELD_ERRORS = {
  kind: 'catalogDocumentKindInvalid',
  lang: 'catalogDocumentLangInvalid',
  title: 'catalogDocumentTitleInvalid',
  version: 'catalogDocumentVersionInvalid',
  issuedOn: 'catalogDocumentDateInvalid',
} as const;

const title = z.string({ message: DOCUMENT_FIELD_ERRORS.title }).trim().min(1, { message: DOCUMENT_FIELD_ERRORS.title })
  .max(DOCUMENT_TITLE_MAX, { message: DOCUMENT_FIELD_ERRORS.title });
const version = z.string({ message: DOCUMENT_FIELD_ERRORS.version }).trim().min(1, { message: DOCUMENT_FIELD_ERRORS.version })
  .max(DOCUMENT_VERSION_MAX, { message: DOCUMENT_FIELD_ERRORS.version })
  .regex(/^[\p{L}\p{N} ._/()-]+$/u, { message: DOCUMENT_FIELD_ERRORS.version });
/** The day printed on the document as its issue or revision date (China's calendar); not after today, checked on the server. */
const issuedOn = calendarDay(DOCUMENT_FIELD_ERRORS.issuedOn);

/** A new document of a product (multipart fields beside `file`): a new version of its kind and language. */
export const adminDocumentUploadSchema = z.object({
  id: idSchema,
  kind: z.enum(UPLOADED_DOCUMENT_KINDS, { message: DOCUMENT_FIELD_ERRORS.kind }),
  lang: z.enum(DOCUMENT_LANGS, { message: DOCUMENT_FIELD_ERRORS.lang }),
  title,
  version,
  issuedOn,
});
export type AdminDocumentUploadInput = z.infer<typeof adminDocumentUploadSchema>;

/** A new version of a document (multipart fields beside `file`): same kind and language, a new file. */
export const adminDocumentReplaceSchema = z.object({
  id: idSchema,
  docId: idSchema,
  title: z.preprocess((v) => (v === '' ? undefined : v), title.optional()),
  version,
  issuedOn,
});
export type AdminDocumentReplaceInput = z.infer<typeof adminDocumentReplaceSchema>;

export const adminDocumentParamSchema = z.object({ id: idSchema, docId: idSchema });

export const adminProductDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PRODUCT_DOCUMENT_KINDS),
  lotNo: z.string().nullable(),
  lang: z.string(),
  title: z.string(),
  version: z.string(),
  /** `YYYY-MM-DD` in China. */
  issuedOn: z.string(),
  state: z.enum(DOCUMENT_STATES),
  /** The demo's generated PDF. */
  generated: z.boolean(),
  fileName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  /** Since when the file is missing from the store; null while it is there. */
  missingSince: z.string().nullable(),
  createdAt: z.string(),
  /** Where staff open the file (any state). */
  url: z.string(),
});
export type AdminProductDocumentDto = z.infer<typeof adminProductDocumentSchema>;

/** A product's documents, the current ones of each kind and language first, then older versions and withdrawn ones. */
export const adminProductDocumentsSchema = z.object({ list: z.array(adminProductDocumentSchema) });
export type AdminProductDocumentsDto = z.infer<typeof adminProductDocumentsSchema>;

export const missingDocumentsInputSchema = z.object({ ...pageParams(20) });

export const missingDocumentSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  itemNo: z.string(),
  productName: z.string(),
  kind: z.enum(PRODUCT_DOCUMENT_KINDS),
  lotNo: z.string().nullable(),
  lang: z.string(),
  title: z.string(),
  version: z.string(),
  filePath: z.string(),
  missingSince: z.string(),
});
export type MissingDocumentDto = z.infer<typeof missingDocumentSchema>;

export const missingDocumentsPageSchema = z.object({
  list: z.array(missingDocumentSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type MissingDocumentsPage = z.infer<typeof missingDocumentsPageSchema>;

/** What a check of the uploaded files found: files looked at, missing now, found again. */
export const documentFileCheckSchema = z.object({ checked: z.number().int(), missing: z.number().int(), found: z.number().int() });
export type DocumentFileCheck = z.infer<typeof documentFileCheckSchema>;
