import './zod-config';
import { z } from 'zod';
import { idSchema, pageParams, wholeNumber } from './numbers';

/**
 * Contracts of the back-office's catalogue administration: brands and the three-level category tree.
 * Messages are keys under `api.errors` in messages/*.json.
 */
export const CATALOG_FIELD_ERRORS = {
  code: 'catalogBrandCodeInvalid',
  name: 'catalogNameInvalid',
  country: 'catalogCountryInvalid',
  logoText: 'catalogLogoTextInvalid',
  description: 'catalogDescriptionInvalid',
  sort: 'catalogSortInvalid',
  position: 'catalogPositionInvalid',
} as const;

/** The deepest level of the category tree (docs/requirements/storefront.md#product-menu: category, subcategory, sub-subcategory). */
export const CATEGORY_MAX_LEVEL = 3;

const text = (max: number, message: string) => z.string({ message }).trim().max(max, { message });
const requiredText = (max: number, message: string) => text(max, message).min(1, { message });

/** A search key of a list: trimmed, at most 50 characters, empty means none. */
const searchKey = z.string().trim().max(50).optional().transform((v) => (v ? v : undefined));

/** Checkbox-like values of query strings and forms. */
const flag = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());

/** A parent id, where empty and `null` mean the top level. */
const parentIdSchema = z.preprocess((v) => (v === '' || v === undefined ? null : v), idSchema.nullable());

// ---- brands ------------------------------------------------------------------------------------

export const BRAND_SORTS = ['sort', '-sort', 'nameZh', '-nameZh', 'nameEn', '-nameEn', 'code', '-code'] as const;
export type BrandSort = (typeof BRAND_SORTS)[number];

export const adminBrandListInputSchema = z.object({
  /** Matches the Chinese or English name, or the code. */
  key: searchKey,
  authorised: flag.optional(),
  recommended: flag.optional(),
  sort: z.enum(BRAND_SORTS).default('sort'),
  ...pageParams(10),
});

export const adminBrandSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  /** ISO 3166-1 alpha-2, or empty. */
  country: z.string(),
  /** The word mark the storefront shows as the brand's logo. */
  logoText: z.string(),
  /** The uploaded logo image, or null (the storefront then shows `logoText`). */
  logoUrl: z.string().nullable(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  authorised: z.boolean(),
  recommended: z.boolean(),
  sort: z.number().int(),
  /** Products of the brand, counted exactly up to 10,000 (10,001 means more). */
  productCount: z.number().int(),
});
export type AdminBrandDto = z.infer<typeof adminBrandSchema>;
export const adminBrandListSchema = z.object({ total: z.number().int(), items: z.array(adminBrandSchema) });

export const adminBrandInputSchema = z.object({
  code: z.string({ message: CATALOG_FIELD_ERRORS.code }).trim().toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { message: CATALOG_FIELD_ERRORS.code }),
  nameZh: requiredText(60, CATALOG_FIELD_ERRORS.name),
  nameEn: requiredText(60, CATALOG_FIELD_ERRORS.name),
  country: z.string({ message: CATALOG_FIELD_ERRORS.country }).trim().toUpperCase()
    .regex(/^([A-Z]{2})?$/, { message: CATALOG_FIELD_ERRORS.country }).default(''),
  logoText: text(40, CATALOG_FIELD_ERRORS.logoText).default(''),
  descriptionZh: text(2000, CATALOG_FIELD_ERRORS.description).default(''),
  descriptionEn: text(2000, CATALOG_FIELD_ERRORS.description).default(''),
  authorised: flag.default(false),
  recommended: flag.default(false),
  sort: wholeNumber(z.number().int().min(0, { message: CATALOG_FIELD_ERRORS.sort }).max(999_999, { message: CATALOG_FIELD_ERRORS.sort })).default(0),
});
export type AdminBrandInput = z.infer<typeof adminBrandInputSchema>;

// ---- categories --------------------------------------------------------------------------------

/** A category as the back-office sees it: both names, its place, and whether products sit on it. */
export interface AdminCategoryDto {
  id: number;
  parentId: number | null;
  level: number;
  nameZh: string;
  nameEn: string;
  leaf: boolean;
  sort: number;
  /** Products filed under this category itself (not its descendants). */
  hasProducts: boolean;
  children: AdminCategoryDto[];
}
export const adminCategorySchema: z.ZodType<AdminCategoryDto> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    level: z.number().int(),
    nameZh: z.string(),
    nameEn: z.string(),
    leaf: z.boolean(),
    sort: z.number().int(),
    hasProducts: z.boolean(),
    children: z.array(adminCategorySchema),
  }),
);
export const adminCategoryTreeSchema = z.array(adminCategorySchema);

const categoryNames = {
  nameZh: requiredText(40, CATALOG_FIELD_ERRORS.name),
  nameEn: requiredText(60, CATALOG_FIELD_ERRORS.name),
};

export const adminCategoryCreateSchema = z.object({ parentId: parentIdSchema, ...categoryNames });
export const adminCategoryRenameSchema = z.object(categoryNames);
/** A move: the new parent (null: the top level) and the place among its children, from 0. */
export const adminCategoryMoveSchema = z.object({
  parentId: parentIdSchema,
  position: wholeNumber(z.number().int().min(0, { message: CATALOG_FIELD_ERRORS.position }).max(10_000, { message: CATALOG_FIELD_ERRORS.position })),
});
