import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn, boolean, check, date, index, integer, numeric, pgSequence, pgTable, serial, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';
import { productLots, productPacks } from './catalog';
import { complaints, creditNotes } from './complaints';
import { orderItems, orders } from './orders';
import { staff } from './staff';

/**
 * The order desk's warehouse and money records (ADR 0074): allocations of lots to order lines, carriers,
 * shipments and their lines, invoices (blue and red-letter) and the payments received against them.
 */

/**
 * Units of one lot held for one order line. `product_lots.quantity` is the lot's unallocated quantity:
 * allocating takes the units from it (under the lot's row lock) and releasing gives them back, so the
 * pack's stock (the sum of its lots, ADR 0032) is what buyers can still order. `shipped` counts the units
 * of the allocation that left in shipments.
 */
export const orderAllocations = pgTable(
  'order_allocations',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull().references(() => companies.id),
    packId: integer('pack_id').notNull().references(() => productPacks.id),
    /** The lot; it cannot be deleted while units of it are allocated. */
    lotId: integer('lot_id').notNull().references(() => productLots.id),
    lotNo: text('lot_no').notNull(),
    quantity: integer('quantity').notNull(),
    shipped: integer('shipped').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_allocations_item_lot_uq').on(t.orderItemId, t.lotId),
    index('order_allocations_order_idx').on(t.orderId),
    index('order_allocations_lot_idx').on(t.lotId),
    check('order_allocations_quantity_check', sql`${t.quantity} > 0 and ${t.shipped} >= 0 and ${t.shipped} <= ${t.quantity}`),
  ],
);

/**
 * Carriers the desk ships with. Ordinary express carriers refuse flammable and corrosive goods
 * (禁寄物品目录): a shipment with a hazardous line needs a carrier with `dangerous_goods`; one that
 * needs cold chain needs `cold_chain`. `tracking_url` holds `{no}` where the tracking number goes ('' none).
 */
export const carriers = pgTable(
  'carriers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    dangerousGoods: boolean('dangerous_goods').notNull().default(false),
    coldChain: boolean('cold_chain').notNull().default(false),
    trackingUrl: text('tracking_url').notNull().default(''),
    active: boolean('active').notNull().default(true),
    sort: smallint('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carriers_code_uq').on(t.code)],
);

/** The running number behind shipment numbers (DN + yymmdd + six digits). */
export const shipmentNoSeq = pgSequence('shipment_no_seq', { startWith: 1, increment: 1 });

export type ShipmentStatus = 'shipped' | 'delivered';

/**
 * A parcel that left for the buyer: some or all of an order's allocated units, with the carrier, its
 * tracking number and the handling its lines need. Lines of controlled chemicals record the buyer's licence
 * or filing and the transport filing, kept (`retain_until`) two years with the sales record.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    shipmentNo: text('shipment_no').notNull(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull().references(() => companies.id),
    carrierId: integer('carrier_id').notNull().references(() => carriers.id),
    trackingNo: text('tracking_no').notNull(),
    status: text('status').$type<ShipmentStatus>().notNull().default('shipped'),
    coldChain: boolean('cold_chain').notNull().default(false),
    dangerousGoods: boolean('dangerous_goods').notNull().default(false),
    controlled: boolean('controlled').notNull().default(false),
    /** Controlled lines: the buyer's licence or filing (备案) number, and the transport filing (运输备案). */
    buyerLicence: text('buyer_licence').notNull().default(''),
    transportFiling: text('transport_filing').notNull().default(''),
    retainUntil: date('retain_until', { mode: 'string' }),
    note: text('note').notNull().default(''),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Who confirmed the delivery: the buyer's user, or null with `delivered_by_staff_id` when staff recorded it. */
    deliveredByUserId: integer('delivered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    deliveredByStaffId: integer('delivered_by_staff_id').references(() => staff.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('shipments_no_uq').on(t.shipmentNo),
    index('shipments_order_idx').on(t.orderId, t.id),
    index('shipments_company_idx').on(t.companyId, t.shippedAt),
    check('shipments_status_check', sql`${t.status} in ('shipped', 'delivered')`),
  ],
);

/** What a shipment holds: units of one allocation (one lot of one line). */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id').notNull().references(() => shipments.id, { onDelete: 'cascade' }),
    allocationId: integer('allocation_id').notNull().references(() => orderAllocations.id),
    orderItemId: integer('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'cascade' }),
    lotNo: text('lot_no').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('shipment_lines_shipment_idx').on(t.shipmentId),
    index('shipment_lines_allocation_idx').on(t.allocationId),
    check('shipment_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export type InvoiceKind = 'blue' | 'red';
export type IssuedInvoiceType = 'ordinary' | 'special';

/**
 * An invoice issued on the tax platform (数电票) and recorded by finance: its number as entered, date,
 * amount with tax, type, and the PDF or OFD file (checked by its bytes). A red-letter invoice (红字发票,
 * `kind` 'red') corrects a blue one (`corrects_id`) for a refund, beside the complaint's credit note.
 * Amounts are positive; the kind says the direction.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    invoiceNo: text('invoice_no').notNull(),
    orderId: integer('order_id').notNull().references(() => orders.id),
    companyId: integer('company_id').notNull().references(() => companies.id),
    kind: text('kind').$type<InvoiceKind>().notNull().default('blue'),
    invoiceType: text('invoice_type').$type<IssuedInvoiceType>().notNull(),
    correctsId: integer('corrects_id').references((): AnyPgColumn => invoices.id),
    complaintId: integer('complaint_id').references(() => complaints.id),
    creditNoteId: integer('credit_note_id').references(() => creditNotes.id),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    /** Payment due (blue invoices): the issue day plus the company's credit days. */
    dueOn: date('due_on', { mode: 'string' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    taxAmount: numeric('tax_amount', { precision: 12, scale: 2 }).notNull(),
    /** What payments covered so far (blue invoices), kept in the payment's transaction. */
    paidAmount: numeric('paid_amount', { precision: 12, scale: 2 }).notNull().default('0'),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_no_uq').on(t.invoiceNo),
    index('invoices_order_idx').on(t.orderId, t.id),
    index('invoices_company_idx').on(t.companyId, t.issuedOn),
    // Open receivables: blue invoices not paid in full, by due day.
    index('invoices_open_due_idx').on(t.companyId, t.dueOn).where(sql`${t.kind} = 'blue' and ${t.paidAmount} < ${t.amount}`),
    check('invoices_kind_check', sql`${t.kind} in ('blue', 'red')`),
    check('invoices_type_check', sql`${t.invoiceType} in ('ordinary', 'special')`),
    check('invoices_amount_check', sql`${t.amount} > 0 and ${t.taxAmount} >= 0 and ${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.amount}`),
    check('invoices_red_corrects_check', sql`(${t.kind} = 'red') = (${t.correctsId} is not null)`),
  ],
);

/** A payment received against a blue invoice. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id').notNull().references(() => invoices.id),
    companyId: integer('company_id').notNull().references(() => companies.id),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    /** The bank's reference or the payer's note (≤ 100 characters). */
    reference: text('reference').notNull().default(''),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId),
    index('invoice_payments_company_idx').on(t.companyId, t.receivedOn),
    check('invoice_payments_amount_check', sql`${t.amount} > 0`),
  ],
);

export type OrderAllocation = typeof orderAllocations.$inferSelect;
export type Carrier = typeof carriers.$inferSelect;
export type Shipment = typeof shipments.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
