import './zod-config';
import { hazardSchema } from './hazards';
import { z } from 'zod';
import { PRODUCT_DOCUMENT_KINDS } from './product-documents';
import { idSchema, pageParams } from './numbers';
import { contentSummarySchema } from './content';
import { productDetailPackSchema } from './packs';


// ---- inputs ----

/** `id` of a product; anything but a positive integer is answered with 404 (not 400), like an unknown id. */
const productIdParam = z.union([z.number(), z.string().max(64)]).describe('Product id: a positive integer; anything else answers 404');
export const productIdInputSchema = z.object({ id: productIdParam });
export const productLinkedInputSchema = z.object({
  id: productIdParam,
  /** article: news and application articles; citation: publications; absent: both. */
  type: z.enum(['article', 'citation']).optional(),
  ...pageParams(10),
});

/** The product id of a request, or null when it is not a positive 32-bit integer written as the whole-number rule has it. */
export function parseProductId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const parsed = idSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
}

// ---- outputs ----

export const STORAGE_CODES = ['rt', '2-8c', '-20c', 'dry-ice'] as const;
export const SHIPPING_CODES = ['ambient', 'ice-pack', 'dry-ice'] as const;
export const GHS_PICTOGRAMS = ['GHS01', 'GHS02', 'GHS03', 'GHS04', 'GHS05', 'GHS06', 'GHS07', 'GHS08', 'GHS09'] as const;
export type GhsPictogram = (typeof GHS_PICTOGRAMS)[number];

const codedLabelSchema = z.object({ code: z.string(), label: z.string() });
const statementSchema = z.object({ code: z.string(), text: z.string() });

export const ghsSchema = z.object({
  pictograms: z.array(z.object({ code: z.enum(GHS_PICTOGRAMS), label: z.string() })),
  signalWord: z.enum(['danger', 'warning']).nullable(),
  signalWordLabel: z.string().nullable(),
  hazardStatements: z.array(statementSchema),
  precautionaryStatements: z.array(statementSchema),
});
export type GhsDto = z.infer<typeof ghsSchema>;

export const categoryCrumbSchema = z.object({ id: z.number().int(), name: z.string(), level: z.number().int(), leaf: z.boolean() });
export type CategoryCrumbDto = z.infer<typeof categoryCrumbSchema>;

export const productDetailSchema = z.object({
  id: z.number().int(),
  itemNo: z.string(),
  /** Name in the caller's language, and the other language's name beside it. */
  name: z.string(),
  otherName: z.string(),
  cas: z.string().nullable(),
  mdl: z.string().nullable(),
  formula: z.string().nullable(),
  molecularWeight: z.string().nullable(),
  smiles: z.string().nullable(),
  /** The key of the page of this substance across brands (`/substance/{key}`): its InChIKey, else its CAS number; null without either. */
  substanceKey: z.string().nullable(),
  synonyms: z.array(z.string()),
  /** `/api/web/product/structure/{id}` when the product has a SMILES, else null. */
  structureUrl: z.string().nullable(),
  purity: z.string(),
  grade: z.string(),
  storage: codedLabelSchema,
  shipping: codedLabelSchema,
  ghs: ghsSchema.nullable(),
  /** 危险品 and 易制毒/易制爆: the facts the order's approval rules read. */
  hazard: hazardSchema,
  brand: z.object({ id: z.number().int(), name: z.string(), authorised: z.boolean() }),
  /** The category path from the top level down to the product's own category. */
  categories: z.array(categoryCrumbSchema),
  isHot: z.boolean(),
  isNew: z.boolean(),
  isSpecial: z.boolean(),
  inStock: z.boolean(),
  minPrice: z.string().nullable(),
});
export type ProductDetailDto = z.infer<typeof productDetailSchema>;


export const productDocumentItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PRODUCT_DOCUMENT_KINDS),
  lotNo: z.string().nullable(),
  lang: z.string(),
  title: z.string(),
  /** The version printed on the document. */
  version: z.string(),
  issuedAt: z.string(),
  url: z.string(),
  /** False when the file is missing from the store: the page says the document is unavailable, with no link. */
  available: z.boolean(),
});
export type ProductDocumentItemDto = z.infer<typeof productDocumentItemSchema>;

export const productDocumentsSchema = z.object({
  /** One per lot, newest first. */
  coa: z.array(productDocumentItemSchema),
  msds: z.array(productDocumentItemSchema),
  /** Technical data or specification sheets. */
  tds: z.array(productDocumentItemSchema),
  protocol: z.array(productDocumentItemSchema),
  handbook: z.array(productDocumentItemSchema),
});
export type ProductDocumentsDto = z.infer<typeof productDocumentsSchema>;

export const productDetailAllSchema = z.object({
  product: productDetailSchema,
  packs: z.array(productDetailPackSchema),
  documents: productDocumentsSchema,
  /** News and application articles linked to the product (the newest few; `linked/list` pages through all). */
  articles: z.array(contentSummarySchema),
  citations: z.array(contentSummarySchema),
  articleTotal: z.number().int(),
  citationTotal: z.number().int(),
});
export type ProductDetailAllDto = z.infer<typeof productDetailAllSchema>;

export const productLinkedPageSchema = z.object({
  list: z.array(contentSummarySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type ProductLinkedPageDto = z.infer<typeof productLinkedPageSchema>;
