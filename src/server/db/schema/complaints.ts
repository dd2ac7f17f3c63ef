import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';
import { orderItems, orders } from './orders';
import { staff } from './staff';

/** Complaint states (ADR 0041); every change goes through `transitionComplaint` (modules/complaints/status.ts). */
export type ComplaintStatus = 'reviewing' | 'approving' | 'passed' | 'rejected' | 'resolved' | 'withdrawn';
/** What a complaint is about (the labels are under `complaintCategories` in the messages). */
export type ComplaintCategory = 'quality' | 'damaged' | 'wrong_item' | 'shortage' | 'expiry' | 'documents' | 'delivery' | 'other';

/**
 * A customer's complaint about an order (ADR 0041): the lines concerned, the refund applied for and
 * the refund approved — never above the applied one (a CHECK as well as the server) — in integer
 * cents. The owner is the customer's sales member (scoped by `ownedRecordVisibleTo`).
 */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    complaintNo: text('complaint_no').notNull(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    orderId: integer('order_id').notNull().references(() => orders.id),
    /** The customer user who filed it (null when staff recorded it). */
    filedById: integer('filed_by_id').references(() => users.id, { onDelete: 'set null' }),
    filedByName: text('filed_by_name').notNull().default(''),
    ownerId: integer('owner_id').references(() => staff.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    category: text('category').$type<ComplaintCategory>().notNull().default('other'),
    /** The refund applied for; 0 when the customer asked for none. */
    appliedRefundCents: bigint('applied_refund_cents', { mode: 'number' }).notNull(),
    approvedRefundCents: bigint('approved_refund_cents', { mode: 'number' }),
    reviewFailureReason: text('review_failure_reason').notNull().default(''),
    status: text('status').$type<ComplaintStatus>().notNull().default('reviewing'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('complaints_no_uq').on(t.complaintNo),
    index('complaints_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('complaints_order_idx').on(t.orderId),
    index('complaints_owner_idx').on(t.ownerId),
    index('complaints_created_idx').on(t.createdAt, t.id),
    check('complaints_status_check', sql`${t.status} in ('reviewing', 'approving', 'passed', 'rejected', 'resolved', 'withdrawn')`),
    check('complaints_applied_positive', sql`${t.appliedRefundCents} >= 0`),
    check('complaints_category_check', sql`${t.category} in ('quality', 'damaged', 'wrong_item', 'shortage', 'expiry', 'documents', 'delivery', 'other')`),
    check('complaints_refund_cap', sql`${t.approvedRefundCents} is null or (${t.approvedRefundCents} > 0 and ${t.approvedRefundCents} <= ${t.appliedRefundCents})`),
    check('complaints_reason_len', sql`char_length(${t.reviewFailureReason}) <= 50`),
  ],
);

/**
 * The order lines a complaint concerns, with the quantities and the part of the complaint's applied
 * refund that falls on each line (ADR 0056): the parts add up to the applied refund, and on every
 * order line the parts of its complaints that are not rejected or withdrawn never exceed the line's
 * amount — checked by the server under a lock of the order lines, and by the constraint triggers of
 * migration 0019 (`complaint_refund_check`).
 */
export const complaintLines = pgTable(
  'complaint_lines',
  {
    complaintId: integer('complaint_id').notNull().references(() => complaints.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').notNull().references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
    refundCents: bigint('refund_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.complaintId, t.orderItemId] }),
    index('complaint_lines_item_idx').on(t.orderItemId),
    check('complaint_lines_quantity', sql`${t.quantity} > 0 and ${t.quantity} <= 9999`),
    check('complaint_lines_refund', sql`${t.refundCents} >= 0`),
  ],
);

/**
 * The photos a customer attached to a complaint (at most five, images re-encoded through the files
 * module's store under `complaints/<id>/`).
 */
export const complaintPhotos = pgTable(
  'complaint_photos',
  {
    id: serial('id').primaryKey(),
    complaintId: integer('complaint_id').notNull().references(() => complaints.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('complaint_photos_complaint_idx').on(t.complaintId, t.id)],
);

/** The credit note of an approved refund: one per complaint, written in the approval's transaction. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    creditNo: text('credit_no').notNull(),
    complaintId: integer('complaint_id').notNull().references(() => complaints.id),
    companyId: integer('company_id').notNull().references(() => companies.id),
    orderId: integer('order_id').notNull().references(() => orders.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_no_uq').on(t.creditNo),
    uniqueIndex('credit_notes_complaint_uq').on(t.complaintId),
    index('credit_notes_company_idx').on(t.companyId, t.createdAt),
    check('credit_notes_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
