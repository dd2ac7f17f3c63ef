import './zod-config';
import { z } from 'zod';
import { calendarDay } from './dates';
import { idSchema, wholeNumber } from './numbers';

/**
 * Lots of a pack (ADR 0032): lot number, quantity, expiry and/or retest date, warehouse and COA.
 * Messages are keys under `api.errors` in messages/*.json.
 */
export const LOT_FIELD_ERRORS = {
  lotNo: 'catalogLotNoInvalid',
  quantity: 'catalogLotQuantityInvalid',
  date: 'catalogLotDateInvalid',
  dates: 'catalogLotDatesOrder',
  warehouse: 'catalogLotWarehouseInvalid',
} as const;

/** Warehouse codes; their names are `admin.lots.warehouses.*` in messages. */
export const WAREHOUSES = ['sh', 'bj', 'gz', 'cd'] as const;
export type Warehouse = (typeof WAREHOUSES)[number];

/** Lot numbers as suppliers print them: letters, digits, `-`, `_`, `.`, `/`; 1–40 characters. */
export const LOT_NO = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/;
/** The largest COA PDF taken. */
export const COA_MAX_BYTES = 10 * 1024 * 1024;


const day = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  calendarDay(LOT_FIELD_ERRORS.date).nullable(),
);

const lotFields = z.object({
  lotNo: z.string({ message: LOT_FIELD_ERRORS.lotNo }).trim().regex(LOT_NO, { message: LOT_FIELD_ERRORS.lotNo }),
  quantity: wholeNumber(z.number().int().min(0, { message: LOT_FIELD_ERRORS.quantity }).max(1_000_000, { message: LOT_FIELD_ERRORS.quantity })),
  manufacturedOn: day.default(null),
  expiresOn: day.default(null),
  retestOn: day.default(null),
  warehouse: z.enum(WAREHOUSES, { message: LOT_FIELD_ERRORS.warehouse }).default('sh'),
});

function datesInOrder(l: { manufacturedOn: string | null; expiresOn: string | null; retestOn: string | null }): boolean {
  if (!l.manufacturedOn) return true;
  return (!l.expiresOn || l.expiresOn > l.manufacturedOn) && (!l.retestOn || l.retestOn > l.manufacturedOn);
}

/** A new lot of a pack of the product in the path. */
export const adminLotCreateSchema = lotFields.extend({ id: idSchema, packId: idSchema })
  .refine(datesInOrder, { message: LOT_FIELD_ERRORS.dates, path: ['expiresOn'] });
export type AdminLotCreateInput = z.infer<typeof adminLotCreateSchema>;

/** A lot's new values (all of them; its pack does not change). */
export const adminLotUpdateSchema = lotFields.extend({ id: idSchema, lotId: idSchema })
  .refine(datesInOrder, { message: LOT_FIELD_ERRORS.dates, path: ['expiresOn'] });
export type AdminLotUpdateInput = z.infer<typeof adminLotUpdateSchema>;

const flag = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());

export const adminLotDeleteSchema = z.object({
  id: idSchema,
  lotId: idSchema,
  /** Also delete the lot's COA document (default: the document stays, found by lot number). */
  deleteCoa: flag.default(false),
});

export const adminLotParamSchema = z.object({ id: idSchema, lotId: idSchema });

export const adminLotSchema = z.object({
  id: z.number().int(),
  packId: z.number().int(),
  lotNo: z.string(),
  quantity: z.number().int(),
  manufacturedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  retestOn: z.string().nullable(),
  warehouse: z.string(),
  /** The COA document, downloadable at `coaUrl`. */
  coaDocumentId: z.number().int().nullable(),
  coaUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminLotDto = z.infer<typeof adminLotSchema>;

export const adminPackLotsSchema = z.object({
  packId: z.number().int(),
  size: z.string(),
  /** The sum of the lots' quantities when the pack has lots; its own stock otherwise. */
  stock: z.number().int(),
  lots: z.array(adminLotSchema),
});
export const adminProductLotsSchema = z.object({
  productId: z.number().int(),
  itemNo: z.string(),
  packs: z.array(adminPackLotsSchema),
});
export type AdminProductLotsDto = z.infer<typeof adminProductLotsSchema>;

/** A lot as buyers see it on the product page: in stock, not expired. */
export const productLotSchema = z.object({
  lotNo: z.string(),
  quantity: z.number().int(),
  expiresOn: z.string().nullable(),
  retestOn: z.string().nullable(),
  /** The COA download (the document route), or null. */
  coaUrl: z.string().nullable(),
});
export type ProductLotDto = z.infer<typeof productLotSchema>;
