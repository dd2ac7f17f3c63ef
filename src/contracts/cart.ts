import './zod-config';
import { z } from 'zod';
import { idSchema, wholeNumber } from './numbers';
import { approvalNoteSchema, hazardSchema } from './hazards';

/**
 * The most lines (distinct packs) a cart holds (ADR 0099): a checkout is a page of every line, and an
 * order of more is a quotation's or a contract's work. Adding a pack already in the cart raises its
 * quantity and takes no room.
 */
export const CART_LINES_MAX = 500;

export const cartAddSchema = z.object({
  packId: idSchema,
  num: wholeNumber(z.number().int().min(1).max(9999)).default(1),
});

/** Sets the quantity of one of the customer's lines. */
export const cartUpdateSchema = z.object({
  id: idSchema,
  num: wholeNumber(z.number().int().min(1).max(9999)),
});

/** Removal takes a list of line ids (docs/requirements/account.md#cart): `ids=1&ids=2`, `ids=1,2` or a JSON array. */
export const cartDeleteSchema = z.object({
  ids: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [value]),
    z.array(idSchema).min(1).max(500),
  ),
});

export const cartLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  packId: z.number().int(),
  num: z.number().int(),
  itemNo: z.string(),
  name: z.string(),
  brand: z.string(),
  grade: z.string(),
  purity: z.string(),
  size: z.string(),
  /** The unit price this buyer pays (their agreement's price, else the catalogue price). */
  unitPrice: z.string(),
  /** The catalogue price; differs from `unitPrice` when an agreement priced the line (协议价 / Your price). */
  listPrice: z.string(),
  /** The threshold of the agreement's quantity break that prices the line at its quantity (ADR 0092), else null. */
  breakQty: z.number().int().nullable(),
  lineTotal: z.string(),
  stock: z.number().int(),
  leadTimeDays: z.number().int(),
  /** 危险品 and 易制毒/易制爆, as the order's approval rules read them. */
  hazard: hazardSchema,
  /** What the company's approval rules will hold the order for because of this line; null: nothing. */
  approval: approvalNoteSchema.nullable(),
});
export type CartLineDto = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  list: z.array(cartLineSchema),
  count: z.number().int(),
  total: z.string(),
});
export type CartDto = z.infer<typeof cartSchema>;

export const cartSummarySchema = z.object({ count: z.number().int() });
