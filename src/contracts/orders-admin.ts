import './zod-config';
import { z } from 'zod';
import { auditEntrySchema } from './admin';
import { calendarDay } from './dates';
import { ORDER_INVOICE_STATUSES } from './invoices';
import { optionalIdSchema, wholeNumber } from './numbers';
import { FULFILMENT_STATUSES } from './orders-allocation';
import { BUYER_KINDS, DELIVERY_METHODS, INVOICE_TYPES, ORDER_STATUSES, approvalLogSchema, orderDetailSchema, orderItemSchema } from './orders';

/**
 * The order desk of the back-office (ADR 0071): the customers' orders as staff read them — a list with
 * filters and keyset pages, and an order's record. Staff without `ORDER.VIEW_ALL` see the orders of the
 * customers they see in the CRM, in the query itself.
 */

/** The list counts no further: a total of one more means "10,000+" (the buyers' lists and the storefront cap alike). */
export const ORDER_DESK_COUNT_CAP = 10_000;

export const ORDER_DESK_SORTS = ['-createdAt', 'createdAt', '-amount', 'amount'] as const;

const blankless = (v: unknown) => (v === '' ? undefined : v);
/** A yes/no filter of the address: `1` only those that are, `0` only those that are not. */
const flag = z.preprocess(blankless, z.enum(['0', '1'], { message: 'flagInvalid' }).optional());

const filterFields = {
  /** An order number (or its start), a customer's name, an item number or a CAS number. */
  key: z.string().trim().max(50).optional().transform((v) => (v ? v : undefined)),
  status: z.preprocess(blankless, z.enum(ORDER_STATUSES).optional()),
  /** Where placed orders stand in the warehouse (ADR 0074): held for credit, backordered, allocated, shipped… */
  fulfilment: z.preprocess(blankless, z.enum(FULFILMENT_STATUSES).optional()),
  /** The invoice's state (ADR 0074): not asked for, asked for at checkout, issued, reversed by a red-letter invoice. */
  invoiceStatus: z.preprocess(blankless, z.enum(ORDER_INVOICE_STATUSES).optional()),
  companyId: optionalIdSchema,
  /** Submission days, both included, in the shop's time zone. */
  from: z.preprocess(blankless, calendarDay('dateInvalid').optional()),
  to: z.preprocess(blankless, calendarDay('dateInvalid').optional()),
  /** `1`: orders with a hazardous line; `0`: orders without one. */
  hazardous: flag,
  /** `1`: orders with a line short of stock at submission (a backorder, `backorder_qty` > 0); `0`: orders whose every line was covered. */
  backorder: flag,
  sort: z.preprocess(blankless, z.enum(ORDER_DESK_SORTS).default('-createdAt')),
};

function daysInOrder(v: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'dateRangeInvalid' });
}

export const orderDeskListInputSchema = z.object({
  ...filterFields,
  cursor: z.string().max(200).optional().transform((v) => (v ? v : undefined)),
  limit: wholeNumber(z.number().int().min(1).max(200)).default(20),
}).superRefine(daysInOrder);
/** The export's filters: the list's, without its page. */
export const orderDeskExportInputSchema = z.object(filterFields).superRefine(daysInOrder);
export type OrderDeskListInput = z.infer<typeof orderDeskListInputSchema>;

export const orderDeskRowSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  companyId: z.number().int(),
  companyName: z.string(),
  buyerName: z.string(),
  /** The customer's owner in the CRM (empty: nobody's yet). */
  ownerName: z.string(),
  lineCount: z.number().int(),
  total: z.string(),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  hazardous: z.boolean(),
  backorder: z.boolean(),
  fulfilment: z.enum(FULFILMENT_STATUSES),
  invoiceStatus: z.enum(ORDER_INVOICE_STATUSES),
  createdAt: z.string(),
});
export type OrderDeskRowDto = z.infer<typeof orderDeskRowSchema>;
export const orderDeskListSchema = z.object({ /** Capped at ORDER_DESK_COUNT_CAP + 1. */ total: z.number().int(), items: z.array(orderDeskRowSchema), nextCursor: z.string().nullable() });

export const orderDeskComplaintSchema = z.object({
  id: z.number().int(),
  complaintNo: z.string(),
  status: z.string(),
  category: z.string(),
  appliedRefund: z.string(),
  approvedRefund: z.string().nullable(),
  createdAt: z.string(),
});

/**
 * A line as the back-office reads it: the buyer's line, and the agreement that priced it (ADR 0092) — its number and
 * name, and whether the reader may open it (PRICE.EDIT and the customer in their reach); null when none priced it.
 */
export const orderDeskItemSchema = orderItemSchema.extend({
  agreement: z.object({ id: z.number().int(), agreementNo: z.string(), name: z.string(), linked: z.boolean() }).nullable(),
});
export type OrderDeskItemDto = z.infer<typeof orderDeskItemSchema>;

export const orderDeskDetailSchema = orderDeskRowSchema.extend({
  buyerLogin: z.string(),
  buyerEmail: z.string().nullable(),
  buyerPhone: z.string().nullable(),
  companyTaxNo: z.string(),
  companyPhone: z.string(),
  /** Delivery, the buyer's references, and goods, tax and delivery fee as the buyer's own page has them (ADR 0065: with `taxIncluded` the total includes the tax). */
  ...orderDetailSchema.pick({
    receiver: true, phone: true, region: true, addressDetail: true, poNumber: true, costCentre: true, note: true,
    subtotal: true, taxRate: true, taxAmount: true, taxIncluded: true, deliveryFee: true, rejectReason: true, matches: true, placedAt: true,
  }).shape,
  items: z.array(orderDeskItemSchema),
  invoice: z.object({
    type: z.enum(INVOICE_TYPES),
    title: z.string(),
    taxNo: z.string(),
    buyerKind: z.enum(BUYER_KINDS).nullable(),
    address: z.string(),
    phone: z.string(),
    bank: z.string(),
    account: z.string(),
  }),
  decidedAt: z.string().nullable(),
  /** The buyer company's approval of the order, oldest first. */
  approvalLog: z.array(approvalLogSchema),
  complaints: z.array(orderDeskComplaintSchema),
  /** The order's own rows of the audit log, oldest first. */
  history: z.array(auditEntrySchema),
});
export type OrderDeskDetailDto = z.infer<typeof orderDeskDetailSchema>;
