import './zod-config';
import { z } from 'zod';
import { idSchema, optionalIdSchema, pageParams, wholeNumber } from './numbers';
import { SEARCH_KEY_MAX, sanitiseSearchKey } from '@/lib/search-key';
import { productPackSchema } from './packs';
import { hazardSchema } from './hazards';

/**
 * An id that names one category or brand. Missing is a 400; present but not a positive integer
 * (`abc`, `0`, `1.5`, too large) cannot name anything, so it is `null` and the call answers 404,
 * as unknown ids do.
 */
const lookupId = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined;
  const text = typeof v === 'number' ? String(v) : v;
  if (typeof text !== 'string' || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}, z.number().int().positive().nullable());
/** A search key as the search bar sends it: capped, then cleaned by the shared rule (docs/requirements/storefront.md#search-key). */
const searchKey = z.preprocess(
  (v) => (typeof v === 'string' ? sanitiseSearchKey(v) : v),
  z.string().max(SEARCH_KEY_MAX),
);
const optionalKey = z.preprocess((v) => (v === null ? undefined : v), searchKey.optional());
/** A yes/no form field: `1`, `true` or `on` and `0` or `false` (and booleans); empty is absent, anything else is refused. */
export const flagBool = z.preprocess((v) => {
  if (v === '' || v === null || v === undefined) return undefined;
  if (v === true || v === '1' || v === 'true' || v === 'on') return true;
  if (v === false || v === '0' || v === 'false') return false;
  return v;
}, z.boolean().optional());

// ---- categories ----

export interface CategoryNode {
  id: number;
  /** The category's name in the caller's language (the field name of docs/requirements/storefront.md#catalogue-data). */
  classify: string;
  superiorId: number | null;
  level: number;
  leaf: boolean;
  /** Child categories (`secondJson` of docs/requirements/storefront.md#catalogue-data), nested to the third level. */
  secondJson: CategoryNode[];
}

export const categoryNodeSchema: z.ZodType<CategoryNode> = z.object({
  id: z.number().int(),
  classify: z.string(),
  superiorId: z.number().int().nullable(),
  level: z.number().int(),
  leaf: z.boolean(),
  get secondJson() {
    return z.array(categoryNodeSchema);
  },
});

export const catIdInputSchema = z.object({ catId: lookupId });

// ---- brands ----

/** Brand list types of `/brand?type=`: 1 authorised brands, 0 brand overview (all brands). */
export const BRAND_LIST_TYPES = [0, 1] as const;
export type BrandListType = (typeof BRAND_LIST_TYPES)[number];

export const brandTypeSchema = z.object({ type: z.union([z.literal(0), z.literal(1)]), name: z.string(), count: z.number().int() });
export type BrandTypeDto = z.infer<typeof brandTypeSchema>;

export const brandCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logoText: z.string(),
  /** The uploaded logo image (`/api/web/files/brand-logo/:id?v=…`), when the brand has one. */
  logoUrl: z.string().nullable().optional(),
  country: z.string(),
  authorised: z.boolean(),
});

export const brandSummarySchema = brandCardSchema.extend({ description: z.string() });
export type BrandSummaryDto = z.infer<typeof brandSummarySchema>;

export const brandPageSchema = z.object({
  list: z.array(brandSummarySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type BrandPageDto = z.infer<typeof brandPageSchema>;

export const brandDetailSchema = brandSummarySchema.extend({
  /** Other name (the English one on the Chinese site and the other way round). */
  otherName: z.string(),
  /** Active products of the brand, exact up to 10,000 (10001 means "10,000+"). */
  productCount: z.number().int(),
  articleCount: z.number().int(),
});
export type BrandDetailDto = z.infer<typeof brandDetailSchema>;

export const brandSlideSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  link: z.string(),
});
export type BrandSlideDto = z.infer<typeof brandSlideSchema>;

export const brandTypeInputSchema = z.object({ type: wholeNumber(z.union([z.literal(0), z.literal(1)])).default(0) });
export const brandPageInputSchema = z.object({
  type: wholeNumber(z.union([z.literal(0), z.literal(1)])).default(0),
  sk: optionalKey,
  ...pageParams(24, 100),
});
export const brandRecommendInputSchema = z.object({ limit: wholeNumber(z.number().int().min(1).max(50)).default(12) });
export const brandIdInputSchema = z.object({ id: lookupId });
export const brandArticlesInputSchema = z.object({ id: lookupId, ...pageParams(10) });

// ---- product lists and search ----

export const PRODUCT_SORTS = ['relevance', 'newest', 'itemNo', 'priceAsc', 'priceDesc'] as const;
export const PRODUCT_FLAGS = ['hot', 'new', 'special'] as const;
/** Product search types (1 item number, 2 CAS, 3 name); 4 (brand) is a brand search. */
export const PRODUCT_SEARCH_TYPES = [1, 2, 3] as const;
export type ProductSearchType = (typeof PRODUCT_SEARCH_TYPES)[number];
/** What a product search searched its key as: item number, CAS number, formula, name, or every field. */
export const SEARCHED_BY = ['itemNo', 'cas', 'formula', 'name', 'all', 'structure', 'inchikey', 'mdl'] as const;

/** Brand ids as a repeated field (`brandIds=1&brandIds=2`), a comma list (`1,2`) or a JSON array. */
const brandIds = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined;
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
  return list.filter((x) => x !== '');
}, z.array(idSchema).max(20).optional());

/**
 * The type of a product search. Anything but 1–3 falls back to a name search (3) and the answer
 * says so (`typeFallback`), as ADR 0016 decides; the search key itself is always validated.
 */
const searchType = z.preprocess(
  // Only a number becomes text: an object or a list is refused as one, never turned into text (its own `toString` may not be a function).
  (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v),
  z.string().max(10).optional(),
);

export const productPageInputSchema = z.object({
  key: optionalKey,
  type: searchType,
  flag: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PRODUCT_FLAGS).optional()),
  categoryId: optionalIdSchema,
  brandIds,
  inStock: flagBool,
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PRODUCT_SORTS).optional()),
  cursor: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(512).regex(/^[A-Za-z0-9_-]+$/).optional()),
  /** A numbered page (1-based) without a cursor; pages past the counted matches (1,000 with a key, else 10,000) show the last counted one. */
  page: wholeNumber(z.number().int().min(1).max(10_000)).optional(),
  limit: wholeNumber(z.number().int().min(1).max(100)).default(20),
});
export type ProductPageInput = z.infer<typeof productPageInputSchema>;

/** A brand's products (`brand/linked/list`): the brand id and the list's sort, stock filter and keyset page. */
export const brandProductsInputSchema = productPageInputSchema.pick({ inStock: true, sort: true, cursor: true, page: true, limit: true }).extend({ id: lookupId });

export const brandFacetsInputSchema = productPageInputSchema.omit({ brandIds: true, cursor: true, page: true, limit: true, sort: true });

export const productCardSchema = z.object({
  id: z.number().int(),
  itemNo: z.string(),
  cas: z.string().nullable(),
  name: z.string(),
  formula: z.string().nullable(),
  purity: z.string(),
  /** The grade in the caller's language; empty when the product has none. */
  grade: z.string(),
  brandName: z.string(),
  minPrice: z.string().nullable(),
  /** The regular price of the cheapest pack when it has one (above `minPrice`): shown struck through. */
  minListPrice: z.string().nullable(),
  packCount: z.number().int(),
  hasStructure: z.boolean(),
  inStock: z.boolean(),
  /** Dangerous goods (GHS signal word or pictogram) and the control class, as the order's approval rules read them. */
  hazard: hazardSchema,
});

export const productPageSchema = z.object({
  items: z.array(productCardSchema),
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
  /** The number of this page (1-based), for numbered pagers; null when an older cursor led here. */
  page: z.number().int().nullable(),
  /** Exact up to the cap (1,000 for a search with a key, else 10,000); past it `totalCapped` is true, `total` is the cap and the UI shows "1,000+". */
  total: z.number().int(),
  totalCapped: z.boolean(),
  /** `casCheckDigit`: the CAS key has a wrong check digit; it was reported, not searched. */
  notice: z.enum(['casCheckDigit']).nullable(),
  /** The search type used (1–3), null without a key. */
  type: z.number().int().nullable(),
  /** True when the type asked for was not 1–3 and a name search (3) ran instead. */
  typeFallback: z.boolean(),
  /**
   * With a key: what it was searched as. A key that is unmistakably a CAS number, an item number or a
   * formula is searched as such whatever the type; `key` is the key as searched (a CAS number hyphenated).
   */
  searched: z.object({ by: z.enum(SEARCHED_BY), key: z.string() }).nullable(),
});
export type ProductPageDto = z.infer<typeof productPageSchema>;

/** The list view's extra per product: the grade in the page's language and the packs to buy from the list. */
export const productListRowSchema = z.object({
  productId: z.number().int(),
  grade: z.string(),
  packs: z.array(productPackSchema),
});
export type ProductListRowDto = z.infer<typeof productListRowSchema>;

export const brandFacetSchema = z.object({ id: z.number().int(), name: z.string(), count: z.number().int() });
export type BrandFacetDto = z.infer<typeof brandFacetSchema>;

export const suggestInputSchema = z.object({
  key: searchKey.pipe(z.string().min(1)),
  limit: wholeNumber(z.number().int().min(1).max(20)).default(8),
});
export const productSuggestionSchema = z.object({ id: z.number().int(), itemNo: z.string(), name: z.string(), cas: z.string().nullable() });
export type ProductSuggestionDto = z.infer<typeof productSuggestionSchema>;

// ---- "could not find it" ----

export const FEEDBACK_NOTE_MAX = 500;
const trimmed = (max: number) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(max));
/** Control characters (other than tab and newlines) never reach the table. */
const printable = (s: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s);

export const feedbackInputSchema = z.object({
  key: z.preprocess((v) => (v === undefined || v === null ? '' : typeof v === 'string' ? sanitiseSearchKey(v) : v), z.string().min(1, 'feedbackKeyRequired').max(SEARCH_KEY_MAX)),
  type: wholeNumber(z.number().int().min(1, 'feedbackTypeInvalid').max(4, 'feedbackTypeInvalid')),
  contact: z.preprocess((v) => (v === '' || v === null ? undefined : v), trimmed(100).refine(printable, 'feedbackTextInvalid').optional()),
  note: z.preprocess((v) => (v === '' || v === null ? undefined : v), trimmed(FEEDBACK_NOTE_MAX).refine(printable, 'feedbackTextInvalid').optional()),
});
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;
export const feedbackOutputSchema = z.object({ id: z.number().int() });
