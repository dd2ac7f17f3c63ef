import './zod-config';
import { z } from 'zod';
import { idSchema, wholeNumber } from './numbers';

/** Requisition lists (采购清单, ADR 0085): the caps of a list and of its lines. */
export const LIST_NAME_MAX = 60;
export const LIST_LINES_MAX = 500;
export const LIST_NOTE_MAX = 200;
export const LISTS_PER_USER_MAX = 100;
export const LIST_PAGE_SIZES = [10, 20, 50] as const;

const flag = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());
const listName = z.string({ message: 'listNameRequired' }).trim().min(1, { message: 'listNameRequired' }).max(LIST_NAME_MAX, { message: 'listNameTooLong' });
const quantity = wholeNumber(z.number().int().min(1).max(9999));
const note = z.string().trim().max(LIST_NOTE_MAX, { message: 'listNoteTooLong' });
/** Ids as `ids=1&ids=2`, `ids=1,2` or a JSON array. */
const idList = (max: number) => z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [value]),
  z.array(idSchema).min(1).max(max),
);

export const listIdParamSchema = z.object({ id: idSchema });

export const listCreateSchema = z.object({ name: listName, shared: flag.default(false) });
export const listUpdateSchema = z.object({ id: idSchema, name: listName.optional(), shared: flag.optional() })
  .refine((v) => v.name !== undefined || v.shared !== undefined, { message: 'listNothingToChange', path: ['name'] });
export const listCopySchema = z.object({ id: idSchema, name: listName, shared: flag.default(false) });

export const listSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shared: z.boolean(),
  ownerName: z.string(),
  mine: z.boolean(),
  canEdit: z.boolean(),
  canManage: z.boolean(),
  lineCount: z.number().int(),
  updatedAt: z.string(),
});
export type ListSummaryDto = z.infer<typeof listSummarySchema>;
export const listIndexSchema = z.object({ items: z.array(listSummarySchema) });
export type ListIndexDto = z.infer<typeof listIndexSchema>;

export const listLinesInputSchema = z.object({
  id: idSchema,
  page: wholeNumber(z.number().int().min(1).max(50)).default(1),
  pageSize: wholeNumber(z.number().int().refine((n) => (LIST_PAGE_SIZES as readonly number[]).includes(n), { message: 'pageSizeInvalid' })).default(20),
});

/** What is wrong with a line today, against what it was when it was added. */
export const LIST_LINE_FLAGS = ['withdrawn', 'packRemoved', 'sizeChanged', 'priceChanged'] as const;
export type ListLineFlag = (typeof LIST_LINE_FLAGS)[number];

export const listLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  packId: z.number().int().nullable(),
  num: z.number().int(),
  note: z.string(),
  itemNo: z.string(),
  name: z.string(),
  brand: z.string(),
  size: z.string(),
  sizeAdded: z.string(),
  priceAdded: z.string(),
  /** The buyer's own unit price today (cents as `12.34`); null when the pack cannot be bought. */
  price: z.string().nullable(),
  /** The catalogue price today, when it differs from the buyer's. */
  listPrice: z.string().nullable(),
  stock: z.number().int().nullable(),
  leadTimeDays: z.number().int().nullable(),
  flags: z.array(z.enum(LIST_LINE_FLAGS)),
  available: z.boolean(),
  addedAt: z.string(),
});
export type ListLineDto = z.infer<typeof listLineSchema>;

export const listDetailSchema = z.object({
  list: listSummarySchema,
  lines: z.array(listLineSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListDetailDto = z.infer<typeof listDetailSchema>;

const packLine = z.object({ packId: idSchema, num: quantity.default(1), note: note.optional() });
/** Where added lines come from: packs (a product page, quick order), the caller's cart, or one of their orders. */
export const listAddSchema = z.object({
  id: idSchema,
  source: z.enum(['packs', 'cart', 'order']).default('packs'),
  lines: z.array(packLine).max(LIST_LINES_MAX).optional(),
  orderId: idSchema.optional(),
}).superRefine((v, ctx) => {
  if (v.source === 'packs' && (!v.lines || v.lines.length === 0)) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'listLinesRequired' });
  if (v.source === 'order' && v.orderId === undefined) ctx.addIssue({ code: 'custom', path: ['orderId'], message: 'fieldRequired' });
});
export const listAddResultSchema = z.object({ added: z.number().int(), raised: z.number().int(), lineCount: z.number().int() });

export const listLineUpdateSchema = z.object({ id: idSchema, lineId: idSchema, num: quantity.optional(), note: note.optional() })
  .refine((v) => v.num !== undefined || v.note !== undefined, { message: 'listNothingToChange', path: ['num'] });
export const listLinesRemoveSchema = z.object({ id: idSchema, lineIds: idList(LIST_LINES_MAX) });

/** Chosen lines at chosen quantities; with `all`, every line of the list (the chosen quantities where given, else the line's). */
export const listToCartSchema = z.object({
  id: idSchema,
  lines: z.array(z.object({ lineId: idSchema, num: quantity })).max(LIST_LINES_MAX).default([]),
  all: flag.default(false),
}).refine((v) => v.all || v.lines.length > 0, { message: 'listLinesRequired', path: ['lines'] });
export const listToCartResultSchema = z.object({
  added: z.number().int(),
  /** Lines left out: the pack is withdrawn or removed. */
  skipped: z.array(z.object({ lineId: z.number().int(), itemNo: z.string(), size: z.string(), reason: z.enum(['withdrawn', 'packRemoved']) })),
  count: z.number().int(),
});
export type ListToCartResultDto = z.infer<typeof listToCartResultSchema>;

export const listExportInputSchema = z.object({ id: idSchema, lang: z.enum(['zh', 'en']).optional() });
