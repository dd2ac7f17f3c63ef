import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalog';
import { staff } from './staff';

/**
 * "Could not find it" requests left on an empty search (ADR 0016, `/api/product/sx/feedback`):
 * the key and type searched, an optional contact and note, for staff to follow up. `status` is one of
 * new, in_progress, answered, closed (ADR 0031; changed only through `modules/requests/status.ts`).
 */
export const catalogFeedback = pgTable(
  'catalog_feedback',
  {
    id: serial('id').primaryKey(),
    searchKey: text('search_key').notNull(),
    searchType: smallint('search_type').notNull(),
    contact: text('contact'),
    note: text('note'),
    lang: text('lang').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientAddress: text('client_address').notNull().default(''),
    status: text('status').notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalog_feedback_status_idx').on(t.status, t.createdAt), index('catalog_feedback_created_idx').on(t.createdAt, t.id)],
);

/**
 * Enquiries sent from the contact page (ADR 0031): who (name, company, an e-mail or a phone number,
 * at least one), the message and optionally the product it concerns. Mailed to the sales address of
 * the web settings and handled by staff in the same list as the "could not find it" requests.
 */
export const contactEnquiries = pgTable(
  'contact_enquiries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    message: text('message').notNull(),
    /** The item number as the visitor wrote it, and the product it names (kept when the product goes). */
    itemNo: text('item_no'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    lang: text('lang').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientAddress: text('client_address').notNull().default(''),
    status: text('status').notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_enquiries_status_idx').on(t.status, t.createdAt),
    index('contact_enquiries_created_idx').on(t.createdAt, t.id),
    check('contact_enquiries_contact_ck', sql`${t.email} is not null or ${t.phone} is not null`),
  ],
);

/**
 * Staff replies to a "could not find it" request or an enquiry (exactly one of the two). `mailedTo`
 * is the address the reply was mailed to; null when the request left a phone number only.
 */
export const requestReplies = pgTable(
  'request_replies',
  {
    id: serial('id').primaryKey(),
    feedbackId: integer('feedback_id').references(() => catalogFeedback.id, { onDelete: 'cascade' }),
    enquiryId: integer('enquiry_id').references(() => contactEnquiries.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    mailedTo: text('mailed_to'),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('request_replies_feedback_idx').on(t.feedbackId),
    index('request_replies_enquiry_idx').on(t.enquiryId),
    check('request_replies_one_request_ck', sql`num_nonnulls(${t.feedbackId}, ${t.enquiryId}) = 1`),
  ],
);

export type CatalogFeedback = typeof catalogFeedback.$inferSelect;
export type NewCatalogFeedback = typeof catalogFeedback.$inferInsert;
export type ContactEnquiry = typeof contactEnquiries.$inferSelect;
export type RequestReply = typeof requestReplies.$inferSelect;
