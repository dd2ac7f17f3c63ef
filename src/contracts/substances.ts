import './zod-config';
import { z } from 'zod';
import { productLotSchema } from './lots';
import { ghsSchema } from './product-detail';
import { hazardSchema } from './hazards';
import { parseAmount } from '@/lib/pack-amount';

/** A standard InChIKey: 14 letters, 10 letters, one letter. */
export const INCHIKEY = /^[A-Z]{14}-[A-Z]{10}-[A-Z]$/;
/** The most packs a substance page lists (ADR 0086): a bounded read whatever the catalogue holds. */
export const SUBSTANCE_PACKS_SHOWN = 200;

export const substancePackSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  itemNo: z.string(),
  productName: z.string(),
  brand: z.object({ id: z.number().int(), name: z.string() }),
  size: z.string(),
  grade: z.string(),
  purity: z.string(),
  /** The catalogue price (CNY, two decimals); a buyer's own comes through the visitor's answer. */
  price: z.string(),
  listPrice: z.string().nullable(),
  /** The catalogue price of one gram or one millilitre, or null when the size is not a mass or a volume. */
  perUnit: z.object({ value: z.number(), unit: z.enum(['g', 'mL']) }).nullable(),
  stock: z.number().int(),
  leadTimeDays: z.number().int(),
  lots: z.array(productLotSchema),
});
export type SubstancePackDto = z.infer<typeof substancePackSchema>;

export const substancePageSchema = z.object({
  /** The page's key: the InChIKey, or the CAS number of products without a structure. */
  key: z.string(),
  inchikey: z.string().nullable(),
  name: z.string(),
  otherName: z.string(),
  synonyms: z.array(z.string()),
  cas: z.array(z.string()),
  formula: z.string().nullable(),
  molecularWeight: z.string().nullable(),
  smiles: z.string().nullable(),
  structureUrl: z.string().nullable(),
  ghs: ghsSchema.nullable(),
  hazard: hazardSchema,
  /** Product ids for the visitor's answer (their own prices, approval notes). */
  productIds: z.array(z.number().int()),
  packs: z.array(substancePackSchema),
  /** More packs than `SUBSTANCE_PACKS_SHOWN` exist: the page says so. */
  truncated: z.boolean(),
  grades: z.array(z.string()),
});
export type SubstancePageDto = z.infer<typeof substancePageSchema>;

/** Message keys (under `api.errors`) of the cheapest-mix call's field errors. */
export const CHEAPEST_FIELD_ERRORS = { amount: 'substanceAmountInvalid', minPurity: 'substancePurityInvalid' } as const;

export const cheapestInputSchema = z.object({
  /** The substance page's key (InChIKey or CAS number). */
  key: z.string().min(1).max(40),
  /** An amount and a unit of mass or volume: "1.2 kg", "3 L", "500 mg". */
  amount: z.string({ message: CHEAPEST_FIELD_ERRORS.amount }).max(40, { message: CHEAPEST_FIELD_ERRORS.amount })
    .refine((v) => parseAmount(v) !== null, { message: CHEAPEST_FIELD_ERRORS.amount }),
  /** Only packs of this grade (as the page lists them); absent or empty: any. */
  grade: z.string().max(80).optional(),
  /** Only packs whose stated purity is at least this many per cent. */
  minPurity: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.union([z.number(), z.string().regex(/^\d{1,3}(?:\.\d{1,2})?$/).transform(Number)], { message: CHEAPEST_FIELD_ERRORS.minPurity })
      .pipe(z.number().min(0, { message: CHEAPEST_FIELD_ERRORS.minPurity }).max(100, { message: CHEAPEST_FIELD_ERRORS.minPurity }))
      .optional(),
  ),
});
export type CheapestInput = z.infer<typeof cheapestInputSchema>;

export const cheapestLineSchema = z.object({
  packId: z.number().int(),
  productId: z.number().int(),
  itemNo: z.string(),
  brand: z.string(),
  size: z.string(),
  num: z.number().int(),
  /** The buyer's unit price at this quantity, and the catalogue's (CNY, two decimals). */
  unitPrice: z.string(),
  listPrice: z.string(),
  lineTotal: z.string(),
});

export const cheapestAnswerSchema = z.object({
  /** mix: the cheapest packs; short: not enough in stock; tooLarge: too fine a mix to compute; none: no pack fits. */
  kind: z.enum(['mix', 'short', 'tooLarge', 'none']),
  lines: z.array(cheapestLineSchema),
  total: z.string(),
  packs: z.number().int(),
  /** What the mix holds, in the unit asked for (g or mL, rounded to 0.001). */
  reached: z.string(),
  unit: z.enum(['g', 'mL']),
  /** How many packs in stock were left out because their size is in the other unit and the product has no density. */
  noDensity: z.number().int(),
  /** Whether a density converted any pack. */
  densityUsed: z.boolean(),
});
export type CheapestAnswerDto = z.infer<typeof cheapestAnswerSchema>;
