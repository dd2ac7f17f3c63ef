import './zod-config';
import { z } from 'zod';
import { STOCK_UNITS } from '@/lib/inventory-stock';
import { idSchema, optionalIdSchema, wholeNumber } from './numbers';

/** Minimum stock per substance (ADR 0091): amounts of up to ten digits and four decimals, like a container's. */
export const MINIMUM_PAGE_SIZES = [20, 50, 100] as const;

const amount = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.string({ message: 'inventoryMinimumAmountInvalid' }).trim()
    .regex(/^\d{1,10}(\.\d{1,4})?$/, { message: 'inventoryMinimumAmountInvalid' })
    .refine((v) => Number(v) > 0, { message: 'inventoryMinimumAmountInvalid' }),
);

export const minimumsQuerySchema = z.object({
  page: wholeNumber(z.number().int().min(1).max(10_000)).default(1),
  pageSize: wholeNumber(z.number().int().refine((n) => (MINIMUM_PAGE_SIZES as readonly number[]).includes(n))).default(20),
  /** Only the minimums the stock is below. */
  below: z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean()).default(false),
});

/** Set (create or replace) the minimum of a substance, or of a product for containers without a substance. */
export const minimumSetSchema = z.object({
  substanceId: optionalIdSchema,
  productId: optionalIdSchema,
  amount,
  unit: z.enum(STOCK_UNITS, { message: 'inventoryMinimumUnitInvalid' }),
}).refine((v) => (v.substanceId === undefined) !== (v.productId === undefined), { message: 'inventoryMinimumKeyRequired', path: ['substanceId'] });
export type MinimumSetInput = z.infer<typeof minimumSetSchema>;

export const minimumIdSchema = z.object({ id: idSchema });

export const minimumSchema = z.object({
  id: z.number().int(),
  substanceId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  /** The substance's or product's name in the reader's language. */
  name: z.string(),
  cas: z.string(),
  amount: z.string(),
  unit: z.enum(STOCK_UNITS),
  /** The in-use containers' remaining amount in the minimum's unit; null when not comparable. */
  current: z.string().nullable(),
  comparable: z.boolean(),
  below: z.boolean(),
  /** In-use containers counted. */
  containers: z.number().int(),
  updatedAt: z.string(),
});
export type MinimumDto = z.infer<typeof minimumSchema>;

export const minimumsPageSchema = z.object({
  items: z.array(minimumSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  canEdit: z.boolean(),
});
export type MinimumsPageDto = z.infer<typeof minimumsPageSchema>;

/** What a minimum can be set for: the substances and products of the company's containers. */
export interface MinimumCandidateDto {
  substanceId: number | null;
  productId: number | null;
  name: string;
  cas: string;
}

export const REORDER_TARGETS = ['cart', 'list'] as const;

export const reorderSchema = z.object({
  id: idSchema,
  target: z.enum(REORDER_TARGETS, { message: 'inventoryReorderTargetInvalid' }),
  listId: optionalIdSchema,
}).refine((v) => v.target !== 'list' || v.listId !== undefined, { message: 'inventoryReorderListRequired', path: ['listId'] });
export type ReorderInput = z.infer<typeof reorderSchema>;

export const reorderResultSchema = z.object({
  target: z.enum(REORDER_TARGETS),
  listId: z.number().int().nullable(),
  packId: z.number().int(),
  productId: z.number().int(),
  itemNo: z.string(),
  size: z.string(),
  /** The buyer's unit price (CNY, two decimals). */
  price: z.string(),
  /** The container's own pack (still sold), or another pack of the substance. */
  samePack: z.boolean(),
});
export type ReorderResultDto = z.infer<typeof reorderResultSchema>;
