import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';
import { productPacks, products } from './catalog';
import { orders } from './orders';
import { staff } from './staff';

/**
 * Quotations (ADR 0040), three objects: the customer's request (from the cart or a product page,
 * lines with comments), the quotation (number, company, requesting account, owner, state), and its
 * versions (lines, discount, validity, totals in cents, sent time). A sent version is read-only.
 */
export type QuotationState =
  | 'requested' | 'draft' | 'pending_approval' | 'approved' | 'rejected' | 'sent'
  | 'accepted' | 'declined' | 'renegotiation' | 'expired' | 'converted';

export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    userId: integer('user_id').notNull().references(() => users.id),
    source: text('source').$type<'cart' | 'product'>().notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quote_requests_company_idx').on(t.companyId, t.createdAt)],
);

export const quoteRequestLines = pgTable(
  'quote_request_lines',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id').notNull().references(() => quoteRequests.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id),
    packId: integer('pack_id').notNull().references(() => productPacks.id),
    num: integer('num').notNull(),
    comment: text('comment').notNull().default(''),
  },
  (t) => [index('quote_request_lines_request_idx').on(t.requestId), index('quote_request_lines_pack_idx').on(t.packId), check('quote_request_lines_num', sql`${t.num} > 0 and ${t.num} <= 9999`)],
);

export const quotations = pgTable(
  'quotations',
  {
    id: serial('id').primaryKey(),
    quoteNo: text('quote_no').notNull(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    /** The customer account that asked (null for a quotation staff started themselves). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    requestId: integer('request_id').references(() => quoteRequests.id, { onDelete: 'set null' }),
    /** The sales member who owns it (ownership scoping); null: the shared queue of new requests. */
    ownerId: integer('owner_id').references(() => staff.id, { onDelete: 'set null' }),
    state: text('state').$type<QuotationState>().notNull(),
    /** The version staff edit or the customer answers (highest number). */
    currentVersion: integer('current_version').notNull().default(0),
    /** The current version's total in cents (the list's sort). */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Why the last conversion to an order failed (code and item numbers), shown to the customer. */
    conversionError: jsonb('conversion_error').$type<{ code: string; itemNos: string[] } | null>(),
    customerComment: text('customer_comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quotations_no_uq').on(t.quoteNo),
    uniqueIndex('quotations_order_uq').on(t.orderId),
    index('quotations_company_idx').on(t.companyId, t.createdAt),
    index('quotations_owner_idx').on(t.ownerId),
    index('quotations_created_idx').on(t.createdAt, t.id),
  ],
);

export const quotationVersions = pgTable(
  'quotation_versions',
  {
    id: serial('id').primaryKey(),
    quotationId: integer('quotation_id').notNull().references(() => quotations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** Discount off every line in basis points (0–10000); the net unit price is rounded half-up to the cent. */
    discountBp: integer('discount_bp').notNull().default(0),
    validUntil: date('valid_until').notNull(),
    note: text('note').notNull().default(''),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull().default(0),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    /** Any line's net price is below the floor: needs QUOTATION.PRICE_OVERRIDE and an approval. */
    belowFloor: boolean('below_floor').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: integer('sent_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quotation_versions_uq').on(t.quotationId, t.version),
    check('quotation_versions_discount', sql`${t.discountBp} between 0 and 10000`),
  ],
);

export const quotationLines = pgTable(
  'quotation_lines',
  {
    id: serial('id').primaryKey(),
    versionId: integer('version_id').notNull().references(() => quotationVersions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    productId: integer('product_id').notNull().references(() => products.id),
    packId: integer('pack_id').notNull().references(() => productPacks.id),
    itemNo: text('item_no').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    size: text('size').notNull(),
    num: integer('num').notNull(),
    /** The pack's list price when the line was priced, in cents. */
    listCents: bigint('list_cents', { mode: 'number' }).notNull(),
    /** The price staff set before the version's discount, in cents. */
    unitCents: bigint('unit_cents', { mode: 'number' }).notNull(),
    /** unit × (1 − discount), rounded half-up: what the customer pays per pack. */
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    lineCents: bigint('line_cents', { mode: 'number' }).notNull(),
    comment: text('comment').notNull().default(''),
  },
  (t) => [index('quotation_lines_version_idx').on(t.versionId, t.seq), index('quotation_lines_pack_idx').on(t.packId), check('quotation_lines_num', sql`${t.num} > 0 and ${t.num} <= 9999`)],
);
