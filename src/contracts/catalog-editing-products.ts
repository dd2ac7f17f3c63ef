import './zod-config';
import { z } from 'zod';
import { CONTROL_CLASSES } from './hazards';
import { normaliseCas } from '@/lib/cas';
import { molecularWeightOf } from '@/lib/formula';
import { idSchema, MONEY_META, optionalIdSchema, wholeNumber } from './numbers';
import { productSmilesSchema, smilesSchema } from './structure';
import { GHS_PICTOGRAMS, SHIPPING_CODES, STORAGE_CODES } from './product-detail';

/**
 * Contracts of the back-office's products (ADR 0030). Messages are keys under `api.errors` in
 * messages/*.json; the H and P statement codes are checked on the server against the statement
 * table (`ghs.statement`), which is also the list the form offers.
 */
export const PRODUCT_FIELD_ERRORS = {
  itemNo: 'catalogProductItemNoInvalid',
  cas: 'catalogProductCasInvalid',
  mdl: 'catalogProductMdlInvalid',
  name: 'catalogNameInvalid',
  synonyms: 'catalogProductSynonymsInvalid',
  formula: 'catalogProductFormulaInvalid',
  smiles: 'catalogProductSmilesInvalid',
  text: 'catalogProductTextInvalid',
  code: 'catalogProductCodeInvalid',
  ghs: 'catalogProductGhsInvalid',
  promo: 'catalogProductPromoInvalid',
  size: 'catalogPackSizeInvalid',
  price: 'catalogPackPriceInvalid',
  listPrice: 'catalogPackListPriceInvalid',
  whole: 'catalogPackNumberInvalid',
  packs: 'catalogPackListInvalid',
  density: 'catalogProductDensityInvalid',
} as const;

export { CONTROL_CLASSES };
export const PRODUCT_FLAGS = ['hot', 'new', 'special'] as const;
export type AdminProductFlag = (typeof PRODUCT_FLAGS)[number];
export const ADMIN_PRODUCT_SORTS = ['relevance', 'newest', 'itemNo', 'priceAsc', 'priceDesc'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
/** Which products a list shows: the active ones (the storefront's search engine), the withdrawn ones, or both. */
export const ACTIVE_FILTERS = ['true', 'false', 'all'] as const;

/** An H or P statement code as the table writes it: `H225`, `P301+P310`, `EUH066`. */
export const STATEMENT_CODE = /^(EU)?[HP]\d{3}[A-Za-z]{0,2}(\+(EU)?[HP]\d{3}[A-Za-z]{0,2}){0,3}$/;
/** MDL numbers: MFCD and eight digits. */
export const MDL_NUMBER = /^MFCD\d{8}$/;
export const ITEM_NO = /^[A-Z0-9][A-Z0-9-]{0,39}$/;
/** A list price: at most ten digits before the point and two after, not negative. */
export const PRICE = /^\d{1,10}(\.\d{1,2})?$/;

const text = (max: number, message: string) => z.string({ message }).trim().max(max, { message });
const requiredText = (max: number, message: string) => text(max, message).min(1, { message });
/** Empty text is null. */
const optionalText = <T extends z.ZodType<string | null>>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema);
const flag = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());
/** A date-time of a promotion window (ISO 8601), or null. */
const instant = z.preprocess((v) => (v === '' || v === undefined ? null : v), z.iso.datetime({ offset: true, message: PRODUCT_FIELD_ERRORS.promo }).nullable());

export const adminPackInputSchema = z.object({
  /** An existing pack to keep; absent for a new one. */
  id: optionalIdSchema,
  size: requiredText(40, PRODUCT_FIELD_ERRORS.size),
  /** CNY, as text or a number, at most two decimals, ≥ 0. */
  price: z.preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z.string({ message: PRODUCT_FIELD_ERRORS.price }).trim().regex(PRICE, { message: PRODUCT_FIELD_ERRORS.price })).meta(MONEY_META),
  /**
   * The regular price before the offer (CNY, shown struck through beside the price), or null (empty text):
   * when set, above the price.
   */
  listPrice: z.preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' && v.trim() === '' ? null : v),
    z.string({ message: PRODUCT_FIELD_ERRORS.listPrice }).trim().regex(PRICE, { message: PRODUCT_FIELD_ERRORS.listPrice }).nullable()).meta(MONEY_META).default(null),
  leadTimeDays: wholeNumber(z.number().int().min(0, { message: PRODUCT_FIELD_ERRORS.whole }).max(365, { message: PRODUCT_FIELD_ERRORS.whole })).default(0),
  /** Ignored for a pack with lots: its stock is their quantities' sum (ADR 0032). */
  stock: wholeNumber(z.number().int().min(0, { message: PRODUCT_FIELD_ERRORS.whole }).max(1_000_000, { message: PRODUCT_FIELD_ERRORS.whole })).default(0),
}).refine((p) => p.listPrice === null || Number(p.listPrice) > Number(p.price), { message: PRODUCT_FIELD_ERRORS.listPrice, path: ['listPrice'] });
export type AdminPackInput = z.infer<typeof adminPackInputSchema>;

export const adminProductInputSchema = z.object({
  itemNo: z.string({ message: PRODUCT_FIELD_ERRORS.itemNo }).trim().toUpperCase().regex(ITEM_NO, { message: PRODUCT_FIELD_ERRORS.itemNo }),
  /** Hyphenated or digits only; stored hyphenated. Refused when the check digit is wrong. */
  cas: optionalText(z.string({ message: PRODUCT_FIELD_ERRORS.cas }).max(20, { message: PRODUCT_FIELD_ERRORS.cas })
    .transform((v, ctx) => {
      const cas = normaliseCas(v);
      if (!cas) ctx.addIssue({ code: 'custom', message: PRODUCT_FIELD_ERRORS.cas });
      return cas ?? v;
    }).nullable()).default(null),
  mdl: optionalText(z.string({ message: PRODUCT_FIELD_ERRORS.mdl }).trim().toUpperCase().regex(MDL_NUMBER, { message: PRODUCT_FIELD_ERRORS.mdl }).nullable()).default(null),
  nameZh: requiredText(200, PRODUCT_FIELD_ERRORS.name),
  nameEn: requiredText(200, PRODUCT_FIELD_ERRORS.name),
  synonyms: z.array(requiredText(200, PRODUCT_FIELD_ERRORS.synonyms).refine((s) => !s.includes(';'), { message: PRODUCT_FIELD_ERRORS.synonyms }),
    { message: PRODUCT_FIELD_ERRORS.synonyms }).max(30, { message: PRODUCT_FIELD_ERRORS.synonyms }).default([]),
  /** The molecular weight is computed from it on the server. */
  formula: optionalText(z.string({ message: PRODUCT_FIELD_ERRORS.formula }).trim().max(200, { message: PRODUCT_FIELD_ERRORS.formula })
    .refine((f) => molecularWeightOf(f) !== null, { message: PRODUCT_FIELD_ERRORS.formula }).nullable()).default(null),
  /**
   * Checked on the server when it differs from the product's: within the structure caps, and
   * openchemlib must read it.
   */
  smiles: optionalText(productSmilesSchema(PRODUCT_FIELD_ERRORS.smiles).nullable()).default(null),
  purity: text(40, PRODUCT_FIELD_ERRORS.text).default(''),
  grade: text(60, PRODUCT_FIELD_ERRORS.text).default(''),
  gradeZh: text(60, PRODUCT_FIELD_ERRORS.text).default(''),
  /** g/mL, up to three decimals, above 0 and at most 30 (osmium is 22.6): the substance page's cheapest mix converts through it (ADR 0086). */
  density: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), optionalText(z.string({ message: PRODUCT_FIELD_ERRORS.density }).trim()
    .regex(/^\d{1,2}(?:\.\d{1,3})?$/, { message: PRODUCT_FIELD_ERRORS.density })
    .refine((v) => Number(v) > 0 && Number(v) <= 30, { message: PRODUCT_FIELD_ERRORS.density }).nullable())).default(null),
  storage: z.enum(STORAGE_CODES, { message: PRODUCT_FIELD_ERRORS.code }).default('rt'),
  shipping: z.enum(SHIPPING_CODES, { message: PRODUCT_FIELD_ERRORS.code }).default('ambient'),
  pictograms: z.array(z.enum(GHS_PICTOGRAMS, { message: PRODUCT_FIELD_ERRORS.ghs }), { message: PRODUCT_FIELD_ERRORS.ghs }).max(9, { message: PRODUCT_FIELD_ERRORS.ghs }).default([]),
  signalWord: z.preprocess((v) => (v === '' ? null : v), z.enum(['danger', 'warning'], { message: PRODUCT_FIELD_ERRORS.ghs }).nullable()).default(null),
  hazardStatements: z.array(z.string({ message: PRODUCT_FIELD_ERRORS.ghs }).trim().regex(STATEMENT_CODE, { message: PRODUCT_FIELD_ERRORS.ghs }), { message: PRODUCT_FIELD_ERRORS.ghs })
    .max(40, { message: PRODUCT_FIELD_ERRORS.ghs }).default([]),
  precautionaryStatements: z.array(z.string({ message: PRODUCT_FIELD_ERRORS.ghs }).trim().regex(STATEMENT_CODE, { message: PRODUCT_FIELD_ERRORS.ghs }), { message: PRODUCT_FIELD_ERRORS.ghs })
    .max(60, { message: PRODUCT_FIELD_ERRORS.ghs }).default([]),
  controlClass: z.preprocess((v) => (v === '' ? null : v), z.enum(CONTROL_CLASSES, { message: PRODUCT_FIELD_ERRORS.code }).nullable()).default(null),
  brandId: idSchema,
  /** Must be a leaf of the category tree. */
  categoryId: idSchema,
  isHot: flag.default(false),
  isNew: flag.default(false),
  isSpecial: flag.default(false),
  /** The flags' promotion window; null on a side: open on that side. */
  promoStartsAt: instant.default(null),
  promoEndsAt: instant.default(null),
  active: flag.default(true),
  /** In display order; existing packs carry their id, new ones none; a pack left out is removed. */
  packs: z.array(adminPackInputSchema, { message: PRODUCT_FIELD_ERRORS.packs }).max(50, { message: PRODUCT_FIELD_ERRORS.packs }).default([]),
}).refine((p) => !p.promoStartsAt || !p.promoEndsAt || Date.parse(p.promoStartsAt) < Date.parse(p.promoEndsAt), { message: PRODUCT_FIELD_ERRORS.promo, path: ['promoEndsAt'] });
export type AdminProductInput = z.infer<typeof adminProductInputSchema>;

export const adminPackSchema = z.object({
  id: z.number().int(),
  size: z.string(),
  price: z.string(),
  /** The regular price before the offer, or null. */
  listPrice: z.string().nullable(),
  leadTimeDays: z.number().int(),
  stock: z.number().int(),
  sort: z.number().int(),
  /** Order or cart lines refer to it: it cannot be removed. */
  referenced: z.boolean(),
  /** It has lots: its stock is their quantities' sum and cannot be set here (ADR 0032). */
  hasLots: z.boolean(),
});
export type AdminPackDto = z.infer<typeof adminPackSchema>;

export const adminProductSchema = z.object({
  id: z.number().int(),
  itemNo: z.string(),
  cas: z.string().nullable(),
  mdl: z.string().nullable(),
  nameZh: z.string(),
  nameEn: z.string(),
  synonyms: z.array(z.string()),
  /** Computed on the server from the Chinese name. */
  pinyin: z.string(),
  pinyinInitials: z.string(),
  formula: z.string().nullable(),
  /** Computed on the server from the formula (g/mol, three decimals). */
  molecularWeight: z.string().nullable(),
  smiles: z.string().nullable(),
  purity: z.string(),
  grade: z.string(),
  gradeZh: z.string(),
  /** g/mL; null: not known. */
  density: z.string().nullable(),
  storage: z.string(),
  shipping: z.string(),
  pictograms: z.array(z.string()),
  signalWord: z.enum(['danger', 'warning']).nullable(),
  hazardStatements: z.array(z.string()),
  precautionaryStatements: z.array(z.string()),
  controlClass: z.enum(CONTROL_CLASSES).nullable(),
  brandId: z.number().int(),
  categoryId: z.number().int(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  isSpecial: z.boolean(),
  promoStartsAt: z.string().nullable(),
  promoEndsAt: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  /** Order lines refer to the product: it cannot be deleted, only withdrawn. */
  hasOrders: z.boolean(),
  packs: z.array(adminPackSchema),
});
export type AdminProductDto = z.infer<typeof adminProductSchema>;

export const adminProductRowSchema = z.object({
  id: z.number().int(),
  itemNo: z.string(),
  cas: z.string().nullable(),
  nameZh: z.string(),
  nameEn: z.string(),
  brandZh: z.string(),
  brandEn: z.string(),
  categoryZh: z.string(),
  categoryEn: z.string(),
  purity: z.string(),
  minPrice: z.string().nullable(),
  packCount: z.number().int(),
  inStock: z.boolean(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  isSpecial: z.boolean(),
  promoStartsAt: z.string().nullable(),
  promoEndsAt: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type AdminProductRowDto = z.infer<typeof adminProductRowSchema>;

export const adminProductListInputSchema = z.object({
  /** Item number, CAS or name, as the storefront's search reads it. */
  key: z.string().trim().max(50).optional().transform((v) => (v ? v : undefined)),
  brandId: optionalIdSchema,
  categoryId: optionalIdSchema,
  active: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ACTIVE_FILTERS).default('all')),
  flag: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PRODUCT_FLAGS).optional()),
  /** In stock only (as on the storefront); false filters nothing. */
  inStock: z.preprocess((v) => (v === '' ? undefined : v), flag.optional()),
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ADMIN_PRODUCT_SORTS).optional()),
  cursor: z.string().max(1000).optional(),
  limit: wholeNumber(z.number().int().min(1).max(100)).default(20),
});
export type AdminProductListInput = z.infer<typeof adminProductListInputSchema>;

export const adminProductListSchema = z.object({
  items: z.array(adminProductRowSchema),
  nextCursor: z.string().nullable(),
  /** Matches, exact up to 10,000; `totalCapped` says there are more. */
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type AdminProductListDto = z.infer<typeof adminProductListSchema>;

export const adminProductBulkSchema = z.object({
  ids: z.array(idSchema).min(1).max(200),
  /** What to set: any of active, isHot, isNew, isSpecial. */
  set: z.object({ active: flag.optional(), isHot: flag.optional(), isNew: flag.optional(), isSpecial: flag.optional() })
    .refine((s) => Object.values(s).some((v) => v !== undefined), { message: 'catalogProductBulkEmpty' }),
});
export type AdminProductBulkInput = z.infer<typeof adminProductBulkSchema>;

export const structurePreviewInputSchema = z.object({ smiles: smilesSchema(PRODUCT_FIELD_ERRORS.smiles) });
export const structurePreviewSchema = z.object({
  /** openchemlib read it. */
  valid: z.boolean(),
  /** The drawing (sanitised SVG, ADR 0017), to show through `<img>`; null when it cannot be drawn. */
  svg: z.string().nullable(),
  /** Hill formula and molecular weight of the structure, a suggestion for the formula field. */
  formula: z.string().nullable(),
  molecularWeight: z.string().nullable(),
});
export type StructurePreviewDto = z.infer<typeof structurePreviewSchema>;
