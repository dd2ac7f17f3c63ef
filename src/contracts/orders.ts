import './zod-config';
import { approvalNoteSchema, CONTROL_CLASSES, hazardSchema } from './hazards';
import { z } from 'zod';
import { calendarDay } from './dates';
import { idSchema, wholeNumber } from './numbers';

export const ORDER_STATUSES = ['reviewing', 'passed', 'placed', 'rejected', 'cancelled'] as const;
export type OrderStatusDto = (typeof ORDER_STATUSES)[number];
export const INVOICE_TYPES = ['none', 'ordinary', 'special'] as const;
/** Who the invoice is made out to: an ordinary invoice needs a tax number only for an enterprise. */
export const BUYER_KINDS = ['enterprise', 'individual', 'public'] as const;
export const DELIVERY_METHODS = ['standard', 'express', 'pickup'] as const;
export type DeliveryMethodDto = (typeof DELIVERY_METHODS)[number];
/**
 * A delivery option of a checkout or a quotation's acceptance, priced on the server (ADR 0065): its fee, why
 * it cannot carry these goods (null: it can), and the order's total and included VAT with it.
 */
export const deliveryChoiceSchema = z.object({
  method: z.enum(DELIVERY_METHODS), fee: z.string(), unavailable: z.enum(['hazardousByGround']).nullable(), tax: z.string(), total: z.string(),
});
export type DeliveryChoiceDto = z.infer<typeof deliveryChoiceSchema>;
export const APPROVAL_RULE_KINDS = ['total_above', 'hazardous', 'controlled', 'monthly_limit'] as const;

/** Quantities of order and cart lines: whole numbers from 1 to 9,999. */
export const quantitySchema = wholeNumber(z.number().int().min(1, 'quantityRange').max(9999, 'quantityRange'));

/** A list of ids: `1,2`, repeated fields, or a JSON array. */
export const idListSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter((v) => v !== '') : Array.isArray(value) ? value : [value]),
  z.array(idSchema).min(1).max(200),
);

/** A list sent as JSON text in a form field, or as a JSON array; text that is not JSON fails validation. */
function jsonList(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return [];
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

const text = (max: number) => z.string().trim().max(max, `tooLong${max}`);

/** A Chinese unified social credit code or an older taxpayer number: 15 to 20 letters and digits. */
export const taxNoSchema = z.string().trim().toUpperCase().regex(/^[0-9A-Z]{15,20}$/, 'taxNoInvalid');

/** The invoice fields of a checkout or a quotation's acceptance (ADR 0065): the type decides what is required, never the total. */
export const invoiceFields = {
  invoiceType: z.enum(INVOICE_TYPES).default('none'),
  invoiceTitle: text(100).default(''),
  taxNo: z.union([z.literal(''), taxNoSchema]).default(''),
  buyerKind: z.enum(BUYER_KINDS).default('enterprise'),
  invoiceAddress: text(100).default(''),
  invoicePhone: text(30).default(''),
  invoiceBank: text(60).default(''),
  invoiceAccount: text(40).default(''),
};

type InvoiceValues = {
  invoiceType: (typeof INVOICE_TYPES)[number]; invoiceTitle: string; taxNo: string; buyerKind: (typeof BUYER_KINDS)[number];
  invoiceAddress: string; invoicePhone: string; invoiceBank: string; invoiceAccount: string;
};

/**
 * What each invoice type requires: a special VAT invoice the name, tax number, address and telephone,
 * bank and account; an ordinary one the name, and the tax number when the buyer is an enterprise.
 */
export function checkInvoice(value: InvoiceValues, ctx: z.RefinementCtx): void {
  if (value.invoiceType === 'none') return;
  const need = (field: keyof InvoiceValues, message: string) => {
    if (value[field] === '') ctx.addIssue({ code: 'custom', path: [field], message });
  };
  need('invoiceTitle', 'invoiceTitleRequired');
  if (value.invoiceType === 'special') {
    need('taxNo', 'taxNoRequired');
    need('invoiceAddress', 'invoiceAddressRequired');
    need('invoicePhone', 'invoicePhoneRequired');
    need('invoiceBank', 'invoiceBankRequired');
    need('invoiceAccount', 'invoiceAccountRequired');
  } else if (value.buyerKind === 'enterprise') {
    need('taxNo', 'taxNoRequiredEnterprise');
  }
}

/**
 * Checkout (`/api/order/add`). Prices, totals, the delivery fee and the status are never read from the
 * client: a body carrying them is refused (strict). The idempotency key makes a double submit one order.
 */
export const orderSubmitSchema = z
  .object({
    idempotencyKey: z.string().trim().regex(/^[A-Za-z0-9_-]{8,64}$/, 'idempotencyKeyInvalid'),
    addressId: idSchema,
    /** Only these cart lines (default: the whole cart). */
    cartIds: idListSchema.optional(),
    poNumber: text(60).default(''),
    costCentre: text(60).default(''),
    note: text(100).default(''),
    deliveryMethod: z.enum(DELIVERY_METHODS).default('standard'),
    ...invoiceFields,
  })
  .strict()
  .superRefine(checkInvoice);
export type OrderSubmitInput = z.infer<typeof orderSubmitSchema>;

export const orderListSchema = z
  .object({
    status: z.enum(ORDER_STATUSES).optional(),
    /** `mine`: the caller's orders; `company`: every order of the company (approvers); `approvals`: waiting for the caller. */
    scope: z.enum(['mine', 'company', 'approvals']).default('mine'),
    q: z.string().trim().max(50).optional(),
    from: calendarDay('dateInvalid').optional(),
    to: calendarDay('dateInvalid').optional(),
    cursor: z.string().max(200).optional(),
    limit: wholeNumber(z.number().int().min(1).max(100)).default(20),
  })
  .strict();
export type OrderListInput = z.infer<typeof orderListSchema>;

export const orderSummarySchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  buyerName: z.string(),
  lineCount: z.number().int(),
  total: z.string(),
  poNumber: z.string(),
  createdAt: z.string(),
  /** A few item numbers of the order, for the list. */
  itemNos: z.array(z.string()),
});
export type OrderSummaryDto = z.infer<typeof orderSummarySchema>;

export const orderPageSchema = z.object({
  list: z.array(orderSummarySchema),
  nextCursor: z.string().nullable(),
});
export type OrderPageDto = z.infer<typeof orderPageSchema>;

export const orderCountSchema = z.object({
  all: z.number().int(),
  reviewing: z.number().int(),
  passed: z.number().int(),
  placed: z.number().int(),
  rejected: z.number().int(),
  cancelled: z.number().int(),
  /** Orders waiting for the caller's approval. */
  toApprove: z.number().int(),
});
export type OrderCountDto = z.infer<typeof orderCountSchema>;

export const orderItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  packId: z.number().int(),
  itemNo: z.string(),
  cas: z.string().nullable(),
  name: z.string(),
  size: z.string(),
  unitPrice: z.string(),
  /**
   * What priced the line at submission (ADR 0083): the catalogue price then, and the kind of the agreement's rule
   * (discount, net price, quantity break); null for a catalogue price, a quotation's price and lines older than agreements.
   */
  listPrice: z.string().nullable(),
  priceKind: z.enum(['discount', 'net', 'break']).nullable(),
  num: z.number().int(),
  lineTotal: z.string(),
  hazardous: z.boolean(),
  controlClass: z.enum(CONTROL_CLASSES).nullable(),
  /** The lot allocated to the line from its pack's lots, and that lot's COA (null: none). */
  lotNo: z.string().nullable(),
  coaUrl: z.string().nullable(),
  /** What the pack's stock lacked at submission, and its lead time in days (0: confirmed with the order). */
  backorderQty: z.number().int(),
  leadTimeDays: z.number().int(),
  /** Staff cancelled the line (ADR 0074): it is out of the totals. */
  cancelled: z.boolean(),
});
export type OrderItemDto = z.infer<typeof orderItemSchema>;

export const approvalLogSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actorName: z.string(),
  fromStatus: z.enum(ORDER_STATUSES).nullable(),
  toStatus: z.enum(ORDER_STATUSES).nullable(),
  reason: z.string(),
  detail: z.string(),
  createdAt: z.string(),
});
export type ApprovalLogDto = z.infer<typeof approvalLogSchema>;

export const approvalMatchSchema = z.object({
  kind: z.enum(APPROVAL_RULE_KINDS),
  /** Why, in the caller's language. */
  text: z.string(),
});

export const orderDetailSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  buyerId: z.number().int(),
  buyerName: z.string(),
  receiver: z.string(),
  phone: z.string(),
  region: z.string(),
  addressDetail: z.string(),
  poNumber: z.string(),
  costCentre: z.string(),
  note: z.string(),
  invoiceType: z.enum(INVOICE_TYPES),
  invoiceTitle: z.string(),
  taxNo: z.string(),
  /** The special invoice's address and telephone, bank and account (empty when not given). */
  invoiceAddress: z.string(),
  invoicePhone: z.string(),
  invoiceBank: z.string(),
  invoiceAccount: z.string(),
  subtotal: z.string(),
  taxRate: z.string(),
  taxAmount: z.string(),
  /** True: `total` includes `taxAmount` (ADR 0065); false: an earlier order whose tax was added to the subtotal. */
  taxIncluded: z.boolean(),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  deliveryFee: z.string(),
  total: z.string(),
  rejectReason: z.string(),
  matches: z.array(approvalMatchSchema),
  createdAt: z.string(),
  placedAt: z.string().nullable(),
  /** Where the placed order stands in the warehouse (ADR 0074), and why finance holds it (`overdue`, `credit_limit`; '' when not held). */
  fulfilment: z.enum(['none', 'held', 'backordered', 'allocated', 'partly_shipped', 'shipped', 'delivered']),
  holdReason: z.string(),
  items: z.array(orderItemSchema),
  logs: z.array(approvalLogSchema),
  /** The safety data sheet and newest COA of each product of the order. */
  documents: z.array(z.object({ productId: z.number().int(), kind: z.enum(['msds', 'coa']), title: z.string(), lotNo: z.string().nullable(), url: z.string() })),
  /** What the caller may do now. */
  can: z.object({ approve: z.boolean(), cancel: z.boolean(), place: z.boolean(), edit: z.boolean(), recart: z.boolean() }),
  /** Placing needs a controlled-chemical permit the company does not have on file. */
  permitMissing: z.boolean(),
});
export type OrderDetailDto = z.infer<typeof orderDetailSchema>;

export const orderIdSchema = z.object({ id: idSchema }).strict();

export const orderUpdateSchema = z
  .object({ id: idSchema, poNumber: text(60).optional(), costCentre: text(60).optional(), note: text(100).optional() })
  .strict();

export const orderCancelSchema = z.object({ ids: idListSchema }).strict();

export const orderItemDeleteSchema = z.object({ id: idSchema, itemId: idSchema }).strict();

/** An approver's decision; quantity changes and removed lines are applied before approving. */
export const approveSchema = z
  .object({
    id: idSchema,
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(50, 'reasonTooLong').default(''),
    changes: z
      .preprocess(
        jsonList,
        z.array(z.object({ itemId: idSchema, num: quantitySchema }).strict()).max(200),
      )
      .default([]),
    removeItemIds: idListSchema.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.decision === 'reject' && value.reason === '') ctx.addIssue({ code: 'custom', path: ['reason'], message: 'reasonRequired' });
  });
export type ApproveInput = z.infer<typeof approveSchema>;

export const orderCompanySchema = z.object({
  companyName: z.string(),
  invoiceTitle: z.string(),
  taxNo: z.string(),
  addresses: z.array(
    z.object({ id: z.number().int(), receiver: z.string(), phone: z.string(), region: z.string(), detail: z.string(), isDefault: z.boolean() }),
  ),
  permitOnFile: z.boolean(),
});
export type OrderCompanyDto = z.infer<typeof orderCompanySchema>;

export const submittedOrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.string(),
  matches: z.array(approvalMatchSchema),
});

/** Reorder / back to the cart: which lines went in, and notes on the others. */
export const recartSchema = z.object({
  added: z.number().int(),
  notes: z.array(z.object({ itemNo: z.string(), size: z.string(), kind: z.enum(['gone', 'priceChanged']), text: z.string() })),
  count: z.number().int(),
});
export type RecartDto = z.infer<typeof recartSchema>;

export const quickResolveSchema = z.object({ text: z.string().max(20_000, 'quickTooLong') }).strict();

/** A pack as quick order offers it: size, list price and stock. */
/** A pack at the buyer's unit price (`price`, their agreement's at one unit) beside the catalogue's (`listPrice`). */
const quickPackSchema = z.object({ id: z.number().int(), size: z.string(), price: z.string(), listPrice: z.string(), stock: z.number().int() });

/** What tells apart products of one CAS number: brand, grade and purity, and their hazards. */
const quickProductFacts = {
  id: z.number().int(),
  itemNo: z.string(),
  name: z.string(),
  brand: z.string(),
  /** In the caller's language; empty when the product has none. */
  grade: z.string(),
  purity: z.string(),
  hazard: hazardSchema,
};

export const quickLineSchema = z.object({
  line: z.number().int(),
  input: z.string(),
  status: z.enum(['ok', 'error', 'ambiguous']),
  error: z.string().nullable(),
  num: z.number().int().nullable(),
  product: z
    .object({
      ...quickProductFacts,
      cas: z.string().nullable(),
      packs: z.array(quickPackSchema),
      packId: z.number().int(),
      /** What the company's approval rules will hold an order of it for; null: nothing. */
      approval: approvalNoteSchema.nullable(),
    })
    .nullable(),
  /** An ambiguous CAS number's products, each with its packs and prices to choose by. */
  candidates: z.array(z.object({ ...quickProductFacts, packs: z.array(quickPackSchema) })),
});
export type QuickLineDto = z.infer<typeof quickLineSchema>;
export const quickResultSchema = z.object({ lines: z.array(quickLineSchema) });

export const quickAddSchema = z
  .object({
    lines: z.preprocess(
      jsonList,
      z.array(z.object({ packId: idSchema, num: quantitySchema }).strict()).min(1).max(200),
    ),
  })
  .strict();
