import './zod-config';
import { z } from 'zod';
import { idSchema } from './numbers';
import { approvalNoteSchema } from './hazards';

/** The most product ids one page asks about: a list page shows at most 100 cards. */
export const VISITOR_PRODUCTS_MAX = 100;

/**
 * What a kept storefront page asks about its visitor (ADR 0076): the products it shows, as
 * `products=1,2,3` (or repeated `products=`), none for a page without products.
 */
export const visitorIslandsInputSchema = z.object({
  products: z
    .preprocess(
      (value) => (value === undefined || value === '' ? [] : typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [value]),
      z.array(idSchema).max(VISITOR_PRODUCTS_MAX),
    )
    .optional(),
});

/** The signed-in customer as the header's account island shows it. */
export const visitorUserSchema = z.object({
  /** The user's id: a sign-in again over the page keeps the page only for the same user. */
  id: z.number().int(),
  name: z.string(),
  companyName: z.string(),
  cartCount: z.number().int(),
  /** Orders waiting for this user's approval (0 for a user who approves none). */
  toApprove: z.number().int(),
});
export type VisitorUserDto = z.infer<typeof visitorUserSchema>;

/** A pack the buyer's agreement prices differently from the catalogue (ADR 0083): their unit price at one unit. */
export const visitorPackPriceSchema = z.object({
  packId: z.number().int(),
  /** CNY, two decimals: what this buyer pays for one unit (协议价 / Your price). */
  price: z.string(),
});
export type VisitorPackPriceDto = z.infer<typeof visitorPackPriceSchema>;

/** A quantity break the buyer's agreement gives a pack (ADR 0083, 0092): from `minQty` units on, each costs `price`. */
export const visitorPackBreakSchema = z.object({
  packId: z.number().int(),
  minQty: z.number().int(),
  /** CNY, two decimals. */
  price: z.string(),
});
export type VisitorPackBreakDto = z.infer<typeof visitorPackBreakSchema>;

/** What one product of the page is to this visitor; later islands ("in my lists") add fields here. */
export const visitorProductSchema = z.object({
  id: z.number().int(),
  /** What the company's approval rules would hold an order of it for; null when nothing (and for guests). */
  approval: approvalNoteSchema.nullable(),
  /** The buyer's own prices of the product's packs, only where they differ from the catalogue's (empty for guests). */
  prices: z.array(visitorPackPriceSchema),
  /** The lowest of the buyer's prices over the product's packs (a card's "from" price), only when it differs from the catalogue's lowest. */
  minPrice: z.string().nullable(),
  /** The quantity breaks of the product's packs for this buyer, by pack then threshold (empty for guests and most buyers). */
  breaks: z.array(visitorPackBreakSchema),
});
export type VisitorProductDto = z.infer<typeof visitorProductSchema>;

/** The one per-visitor answer of a storefront page: who is signed in, and what the page's products are to them. */
export const visitorIslandsSchema = z.object({
  user: visitorUserSchema.nullable(),
  products: z.array(visitorProductSchema),
});
export type VisitorIslandsDto = z.infer<typeof visitorIslandsSchema>;
