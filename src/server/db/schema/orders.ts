import { sql } from 'drizzle-orm';
import {
  boolean, check, date, index, integer, jsonb, numeric, pgSequence, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { addresses, companies, users } from './accounts';
import { productPacks, products } from './catalog';

/**
 * Order states (ADR 0026): `reviewing` waits for an approver; `passed` is approved (or needed no
 * approval) and waits for the buyer's confirmation; `placed` went to the supplier; `rejected` and
 * `cancelled` are final. Every change goes through `transitionOrder` (modules/orders/transition.ts).
 */
export type OrderStatus = 'reviewing' | 'passed' | 'placed' | 'rejected' | 'cancelled';
/**
 * Where a placed order stands in the warehouse (ADR 0074), beside the spec's states, which keep their
 * meaning: `none` before placement (and for orders never placed); `held` placed but held for finance
 * (credit); `backordered` some units wait for stock; `allocated` every unit has its lots; `partly_shipped`;
 * `shipped` every unit left; `delivered` every shipment was received. Changed only by `transitionOrder`.
 */
export type FulfilmentStatus = 'none' | 'held' | 'backordered' | 'allocated' | 'partly_shipped' | 'shipped' | 'delivered';
/** The order's invoice (ADR 0074): `none` not asked for; `requested` asked at checkout; `issued`; `reversed` by a red-letter invoice. */
export type OrderInvoiceStatus = 'none' | 'requested' | 'issued' | 'reversed';
export type InvoiceType = 'none' | 'ordinary' | 'special';
export type DeliveryMethod = 'standard' | 'express' | 'pickup';
/** The buyer's invoice details beyond the title and tax number (ADR 0065). */
export interface InvoiceDetails {
  buyerKind: 'enterprise' | 'individual' | 'public';
  address: string;
  phone: string;
  bank: string;
  account: string;
}

/** The running number behind human-readable order numbers (SO + yymmdd + six digits). */
export const orderNoSeq = pgSequence('order_no_seq', { startWith: 1, increment: 1 });

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    userId: integer('user_id').notNull().references(() => users.id),
    status: text('status').$type<OrderStatus>().notNull(),
    /** The client's key of the submission: a second submit with the same key answers the same order. */
    idempotencyKey: text('idempotency_key').notNull(),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    receiver: text('receiver').notNull(),
    phone: text('phone').notNull(),
    region: text('region').notNull(),
    addressDetail: text('address_detail').notNull(),
    poNumber: text('po_number').notNull().default(''),
    costCentre: text('cost_centre').notNull().default(''),
    note: text('note').notNull().default(''),
    invoiceType: text('invoice_type').$type<InvoiceType>().notNull().default('none'),
    invoiceTitle: text('invoice_title').notNull().default(''),
    taxNo: text('tax_no').notNull().default(''),
    subtotal: numeric('subtotal', { precision: 12, scale: 2 }).notNull(),
    /** The special invoice's address, telephone, bank and account, and the buyer's kind; null: none given. */
    invoiceDetails: jsonb('invoice_details').$type<InvoiceDetails>(),
    taxRate: numeric('tax_rate', { precision: 4, scale: 2 }).notNull().default('0'),
    taxAmount: numeric('tax_amount', { precision: 12, scale: 2 }).notNull().default('0'),
    /**
     * True: the total includes the tax (VAT 13 % on goods, ADR 0065) and `tax_amount` is the part of it
     * that is tax. False: an order of the earlier model, whose tax was added to the subtotal (ADR 0026).
     */
    taxIncluded: boolean('tax_included').notNull().default(false),
    deliveryMethod: text('delivery_method').$type<DeliveryMethod>().notNull().default('standard'),
    /** The delivery fee, tax included; part of the total. */
    deliveryFee: numeric('delivery_fee', { precision: 12, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    lineCount: integer('line_count').notNull(),
    /** The approval rules the order matched when submitted (`ApprovalMatch[]`). */
    matchedRules: jsonb('matched_rules').$type<unknown[]>().notNull().default([]),
    /** Who may approve (null: any holder of ORDER.APPROVE other than the buyer). */
    approverId: integer('approver_id').references(() => users.id),
    rejectReason: text('reject_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    placedAt: timestamp('placed_at', { withTimezone: true }),
    fulfilment: text('fulfilment').$type<FulfilmentStatus>().notNull().default('none'),
    invoiceStatus: text('invoice_status').$type<OrderInvoiceStatus>().notNull().default('none'),
    /** Why finance holds the order (`held`): `overdue` or `credit_limit`; '' when not held. */
    holdReason: text('hold_reason').notNull().default(''),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The language the buyer placed the order in: its shipment mails are written in it (ADR 0074). */
    lang: text('lang').$type<'zh' | 'en'>().notNull().default('zh'),
    /**
     * Whether any of the order's lines is hazardous (`order_items.hazardous`) and whether any waits for stock
     * (`order_items.backorder_qty > 0`), cancelled lines included: kept by statement triggers on `order_items`
     * for the order desk's filters (ADR 0074, the order desk's search).
     */
    hazardous: boolean('hazardous').notNull().default(false),
    backorder: boolean('backorder').notNull().default(false),
  },
  (t) => [
    uniqueIndex('orders_order_no_uq').on(t.orderNo),
    // Order-number prefix search.
    index('orders_order_no_prefix_idx').using('btree', sql`${t.orderNo} text_pattern_ops`),
    uniqueIndex('orders_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    // Keyset pages of a company's orders, newest first, with or without a status filter.
    index('orders_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('orders_company_status_created_idx').on(t.companyId, t.status, t.createdAt, t.id),
    // The same for one buyer's orders; also a buyer's spending in a month (approval rule "monthly limit")
    // and the counts per status (index only).
    index('orders_company_user_created_idx').on(t.companyId, t.userId, t.createdAt, t.id),
    index('orders_company_user_status_idx').on(t.companyId, t.userId, t.status, t.createdAt, t.id),
    // The back-office dashboard: orders of every company by day, and the orders waiting for approval.
    index('orders_created_idx').on(t.createdAt),
    index('orders_reviewing_idx').on(t.createdAt).where(sql`${t.status} = 'reviewing'`),
    // The back-office's order desk (ADR 0071): every company's orders by state and time, and by amount.
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_total_idx').on(t.total, t.id),
    check('orders_status_check', sql`${t.status} in ('reviewing', 'passed', 'placed', 'rejected', 'cancelled')`),
    // The order desk's work queues (ADR 0074): orders by fulfilment and by invoice state.
    index('orders_fulfilment_created_idx').on(t.fulfilment, t.createdAt, t.id),
    index('orders_invoice_status_created_idx').on(t.invoiceStatus, t.createdAt, t.id),
    // The order desk's hazardous and backorder filters: the flagged orders only, newest first.
    index('orders_hazardous_created_idx').on(t.createdAt, t.id).where(sql`${t.hazardous}`),
    index('orders_backorder_created_idx').on(t.createdAt, t.id).where(sql`${t.backorder}`),
    check('orders_fulfilment_check', sql`${t.fulfilment} in ('none', 'held', 'backordered', 'allocated', 'partly_shipped', 'shipped', 'delivered')`),
    check('orders_invoice_status_check', sql`${t.invoiceStatus} in ('none', 'requested', 'issued', 'reversed')`),
    check('orders_invoice_type_check', sql`${t.invoiceType} in ('none', 'ordinary', 'special')`),
    check('orders_delivery_method_check', sql`${t.deliveryMethod} in ('standard', 'express', 'pickup')`),
  ],
);

/** An order's lines: snapshots of the pack and its catalogue price at submission. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull().references(() => companies.id),
    productId: integer('product_id').notNull().references(() => products.id),
    packId: integer('pack_id').notNull().references(() => productPacks.id),
    itemNo: text('item_no').notNull(),
    cas: text('cas'),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    size: text('size').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    num: integer('num').notNull(),
    lineTotal: numeric('line_total', { precision: 12, scale: 2 }).notNull(),
    hazardous: boolean('hazardous').notNull().default(false),
    controlClass: text('control_class').$type<'precursor' | 'explosive' | 'toxic'>(),
    /** The lot allocated to the line from the pack's own lots at submission (its COA is the line's); null: none in stock. */
    lotNo: text('lot_no'),
    /** What the pack's stock lacked of the quantity at submission: the backorder (0: all in stock; ADR 0065's availability rule). */
    backorderQty: integer('backorder_qty').notNull().default(0),
    /** The pack's lead time in days for that backorder at submission (0: none, or confirmed with the order). */
    leadTimeDays: integer('lead_time_days').notNull().default(0),
    /** Staff cancelled the line before it shipped (ADR 0074): it leaves the totals and the fulfilment; its allocation is released. */
    cancelled: boolean('cancelled').notNull().default(false),
    /** The catalogue price at submission (the unit price differs when an agreement priced the line; null: older lines). */
    listPrice: numeric('list_price', { precision: 12, scale: 2 }),
    /**
     * The agreement and its rule that priced the line (ADR 0083), a snapshot without foreign keys: an agreement's
     * rules may be replaced later, the line keeps what priced it. Null: the catalogue's or a quotation's price.
     */
    priceAgreementId: integer('price_agreement_id'),
    priceRuleId: integer('price_rule_id'),
    priceKind: text('price_kind').$type<'discount' | 'net' | 'break'>(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // Whether a product or pack was ever ordered (the back-office refuses to delete it, ADR 0030), and the
    // foreign key checks of a deletion, without reading every order line.
    index('order_items_product_idx').on(t.productId),
    index('order_items_pack_idx').on(t.packId),
    // Search of a company's orders by item number.
    index('order_items_company_item_idx').on(t.companyId, t.itemNo, t.orderId),
    // The order desk's search of every company's orders by item number and by CAS number (ADR 0071).
    index('order_items_item_order_idx').on(t.itemNo, t.orderId),
    index('order_items_cas_order_idx').on(t.cas, t.orderId),
    check('order_items_num_range', sql`${t.num} > 0 and ${t.num} <= 9999`),
    check('order_items_backorder_range', sql`${t.backorderQty} >= 0 and ${t.backorderQty} <= ${t.num} and ${t.leadTimeDays} >= 0`),
  ],
);

/** The approval timeline of an order: one row per transition or change, written in its transaction. */
export const orderApprovalLogs = pgTable(
  'order_approval_logs',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull().references(() => companies.id),
    userId: integer('user_id').references(() => users.id),
    actorName: text('actor_name').notNull(),
    /** submit, approve, reject, cancel, place, change (quantity), remove (line). */
    action: text('action').notNull(),
    fromStatus: text('from_status').$type<OrderStatus>(),
    toStatus: text('to_status').$type<OrderStatus>(),
    reason: text('reason').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_approval_logs_order_idx').on(t.orderId, t.id)],
);

export type ApprovalRuleKind = 'total_above' | 'hazardous' | 'controlled' | 'monthly_limit';

/** A company's approval rules, set by its administrator. */
export const approvalRules = pgTable(
  'approval_rules',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    kind: text('kind').$type<ApprovalRuleKind>().notNull(),
    /** For `total_above`: the order total above which approval is needed. */
    amount: numeric('amount', { precision: 12, scale: 2 }),
    /** For `controlled`: the company must have a valid permit on file before the order is placed. */
    requirePermit: boolean('require_permit').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('approval_rules_company_kind_uq').on(t.companyId, t.kind),
    check('approval_rules_kind_check', sql`${t.kind} in ('total_above', 'hazardous', 'controlled', 'monthly_limit')`),
  ],
);

export type CompanyFileKind = 'avatar' | 'licence' | 'permit';

/** Files a company's users uploaded: avatars, business licences, controlled-chemical permits. */
export const companyFiles = pgTable(
  'company_files',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    userId: integer('user_id').notNull().references(() => users.id),
    kind: text('kind').$type<CompanyFileKind>().notNull(),
    /** The files module's key. */
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** For permits: the last day it is valid (null: no end). */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** For permits: the permit's or filing's number as printed on it ('' for other files and for permits kept before it was asked). */
    permitNo: text('permit_no').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_files_company_kind_idx').on(t.companyId, t.kind, t.createdAt),
    check('company_files_kind_check', sql`${t.kind} in ('avatar', 'licence', 'permit')`),
  ],
);

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderItem = typeof orderItems.$inferSelect;
export type NewOrderItem = typeof orderItems.$inferInsert;
export type OrderApprovalLog = typeof orderApprovalLogs.$inferSelect;
export type ApprovalRule = typeof approvalRules.$inferSelect;
export type CompanyFile = typeof companyFiles.$inferSelect;

/**
 * The dashboard's order figures, kept by statement triggers on `orders` and `order_items` (migration
 * 0012) in the transaction of every change, so that a range of days reads one row per day instead of
 * every order. Orders count from their submission day (China time) while they are reviewing, passed or
 * placed; a rejection or cancellation takes them out again. `slot` (order id mod 16) spreads one day's
 * row over sixteen, so that concurrent checkouts do not wait on each other's row lock.
 */
export const orderDailyTotals = pgTable(
  'order_daily_totals',
  {
    day: date('day').notNull(),
    slot: smallint('slot').notNull(),
    orders: integer('orders').notNull().default(0),
    sales: numeric('sales', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.day, t.slot] })],
);

/** Ordered quantity of each product per day, and in how many orders, from the same triggers. */
export const orderDailyProducts = pgTable(
  'order_daily_products',
  {
    day: date('day').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);

/**
 * The same per calendar month, kept by the same function (`add_order_daily_products`). The top products
 * of a range read each month's head through `order_monthly_products_top_idx` and bound everything else
 * by it (order-figures.ts), so a range of a shop with a long tail of products sums few rows.
 */
export const orderMonthlyProducts = pgTable(
  'order_monthly_products',
  {
    month: date('month').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.productId] }),
    index('order_monthly_products_top_idx').on(t.month, t.quantity.desc(), t.productId),
  ],
);

/** How many orders are in each state (open approvals: `reviewing`), spread over 16 slots as above. */
export const orderStatusTotals = pgTable(
  'order_status_totals',
  {
    status: text('status').$type<OrderStatus>().notNull(),
    slot: smallint('slot').notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.slot] })],
);

/**
 * The dashboard's order-desk figures (ADR 0074), kept like `order_status_totals` by statement triggers on
 * `orders` and `order_items` (hand-written SQL beside the migration): how many placed orders stand in each
 * fulfilment and invoice state, and for the backordered ones the band of their longest lead time
 * (`lead_band` 0 none recorded, 1 ≤ 7 days, 2 8–30, 3 over 30; 0 for every order not backordered).
 * Orders that are not placed count nowhere. `slot` (order id mod 16) as above.
 */
export const orderFulfilmentTotals = pgTable(
  'order_fulfilment_totals',
  {
    fulfilment: text('fulfilment').$type<FulfilmentStatus>().notNull(),
    invoiceStatus: text('invoice_status').$type<OrderInvoiceStatus>().notNull(),
    leadBand: smallint('lead_band').notNull(),
    slot: smallint('slot').notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.fulfilment, t.invoiceStatus, t.leadBand, t.slot] })],
);
