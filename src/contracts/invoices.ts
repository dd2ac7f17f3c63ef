import './zod-config';
import { z } from 'zod';
import { calendarDay } from './dates';
import { moneySchema } from './money';
import { idSchema, optionalIdSchema, wholeNumber } from './numbers';

/**
 * Invoices of the order desk (ADR 0074): finance records the invoice it issued on the tax platform (数电票)
 * with its file, blue for the order and red-letter (红字) against a blue one for a refund; the buyer
 * downloads them from the order page.
 */

export const INVOICE_KINDS = ['blue', 'red'] as const;
export const ISSUED_INVOICE_TYPES = ['ordinary', 'special'] as const;
export const ORDER_INVOICE_STATUSES = ['none', 'requested', 'issued', 'reversed'] as const;

/** A fully digital invoice's number (数电票号码) as the tax platform prints it: 20 digits. */
export const INVOICE_NO = /^\d{20}$/;

/** The largest invoice file (PDF or OFD) one upload takes. */
export const INVOICE_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** The multipart fields of a recorded invoice (the file is the `file` part). */
export const invoiceRecordInputSchema = z.object({
  id: idSchema,
  kind: z.enum(INVOICE_KINDS).default('blue'),
  invoiceNo: z.string({ message: 'invoiceNoInvalid' }).trim().regex(INVOICE_NO, { message: 'invoiceNoInvalid' }),
  issuedOn: calendarDay('dateInvalid'),
  invoiceType: z.enum(ISSUED_INVOICE_TYPES, { message: 'invoiceTypeInvalid' }),
  /** The amount with tax (价税合计) and the tax in it. */
  amount: moneySchema,
  taxAmount: moneySchema,
  /** Red-letter: the blue invoice it corrects and the complaint whose credit note it follows. */
  correctsId: optionalIdSchema,
  complaintId: optionalIdSchema,
}).superRefine((v, ctx) => {
  if (v.kind === 'red' && !v.correctsId) ctx.addIssue({ code: 'custom', path: ['correctsId'], message: 'fieldRequired' });
  if (v.kind === 'red' && !v.complaintId) ctx.addIssue({ code: 'custom', path: ['complaintId'], message: 'fieldRequired' });
});
export type InvoiceRecordInput = z.infer<typeof invoiceRecordInputSchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  invoiceNo: z.string(),
  kind: z.enum(INVOICE_KINDS),
  invoiceType: z.enum(ISSUED_INVOICE_TYPES),
  issuedOn: z.string(),
  /** Blue invoices: when payment is due (the issue day plus the customer's credit days). */
  dueOn: z.string().nullable(),
  amount: z.string(),
  taxAmount: z.string(),
  /** Red-letter: the blue invoice's number and the credit note it follows. */
  correctsId: z.number().int().nullable(),
  correctsNo: z.string().nullable(),
  complaintId: z.number().int().nullable(),
  complaintNo: z.string().nullable(),
  creditNo: z.string().nullable(),
  fileName: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type InvoiceDto = z.infer<typeof invoiceSchema>;

/** An invoice as finance reads it: also what payments covered, the file's digest and who recorded it. */
export const staffInvoiceSchema = invoiceSchema.extend({
  paidAmount: z.string(),
  /** Blue: the part red-letter invoices corrected. */
  correctedAmount: z.string(),
  sha256: z.string(),
  staffName: z.string(),
});
export type StaffInvoiceDto = z.infer<typeof staffInvoiceSchema>;

/** A credit note of the order's complaints, with what red-letter invoices already corrected of it. */
export const invoiceCreditNoteSchema = z.object({
  complaintId: z.number().int(),
  complaintNo: z.string(),
  creditNo: z.string(),
  amount: z.string(),
  correctedAmount: z.string(),
});

/** The order's invoicing on its record: the request, what is left to invoice, and the invoices. */
export const orderInvoicingSchema = z.object({
  invoiceStatus: z.enum(ORDER_INVOICE_STATUSES),
  /** Whether an invoice may be recorded now (a placed order past its hold, with an invoice asked for), and why not. */
  canRecord: z.boolean(),
  blockedBy: z.enum(['notRequested', 'notPlaced', 'held', 'notAllocated']).nullable(),
  requestedType: z.enum(['none', 'ordinary', 'special']),
  total: z.string(),
  /** The total less the blue invoices net of their red-letter corrections. */
  uninvoiced: z.string(),
  placedOn: z.string().nullable(),
  invoices: z.array(staffInvoiceSchema),
  creditNotes: z.array(invoiceCreditNoteSchema),
});
export type OrderInvoicingDto = z.infer<typeof orderInvoicingSchema>;

export const invoiceFileParamSchema = z.object({ id: idSchema, invoiceId: idSchema });
export const myInvoicesInputSchema = z.object({ orderId: idSchema });
export const myInvoicesSchema = z.object({ items: z.array(invoiceSchema) });

/** The types an invoice's file is answered with. */
export const INVOICE_FILE_TYPES = ['application/pdf', 'application/ofd'] as const;

/** The finance report "to invoice": orders shipped or delivered whose invoice was asked for and not yet issued. */
export const TO_INVOICE_SORTS = ['-createdAt', 'createdAt', '-amount', 'amount'] as const;
export const TO_INVOICE_FULFILMENTS = ['shipped', 'delivered'] as const;
/** The report counts no further (one more means "10,000+"). */
export const TO_INVOICE_COUNT_CAP = 10_000;

const blankless = (v: unknown) => (v === '' ? undefined : v);
const toInvoiceFilters = {
  /** An order number (or its start) or a customer's name. */
  key: z.string().trim().max(50).optional().transform((v) => (v ? v : undefined)),
  fulfilment: z.preprocess(blankless, z.enum(TO_INVOICE_FULFILMENTS).optional()),
  invoiceType: z.preprocess(blankless, z.enum(ISSUED_INVOICE_TYPES).optional()),
  sort: z.preprocess(blankless, z.enum(TO_INVOICE_SORTS).default('-createdAt')),
};
export const toInvoiceListInputSchema = z.object({
  ...toInvoiceFilters,
  cursor: z.string().max(200).optional().transform((v) => (v ? v : undefined)),
  limit: wholeNumber(z.number().int().min(1).max(200)).default(20),
});
export const toInvoiceExportInputSchema = z.object(toInvoiceFilters);
export type ToInvoiceListInput = z.infer<typeof toInvoiceListInputSchema>;

export const toInvoiceRowSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  companyName: z.string(),
  invoiceType: z.enum(ISSUED_INVOICE_TYPES),
  invoiceTitle: z.string(),
  taxNo: z.string(),
  total: z.string(),
  fulfilment: z.enum(TO_INVOICE_FULFILMENTS),
  placedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ToInvoiceRowDto = z.infer<typeof toInvoiceRowSchema>;
export const toInvoiceListSchema = z.object({ total: z.number().int(), items: z.array(toInvoiceRowSchema), nextCursor: z.string().nullable() });
