import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { brands } from './catalog';
import { staff } from './staff';

/**
 * A customer's contacts (ADR 0038): the people sales talk to. A contact whose phone or e-mail is
 * that of one of the company's users is shown linked to that account (found when read, not stored).
 */
export const crmContacts = pgTable(
  'crm_contacts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    position: text('position').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crm_contacts_company_idx').on(t.companyId, t.id)],
);

/** What staff did with a customer (a call, a visit, a note): one line of its timeline. */
export const crmActivities = pgTable(
  'crm_activities',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'call' | 'visit' | 'note'>().notNull(),
    /** When it happened (staff may log a call afterwards). */
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull(),
    body: text('body').notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('crm_activities_company_idx').on(t.companyId, t.happenedAt, t.id),
    check('crm_activities_kind_check', sql`${t.kind} in ('call', 'visit', 'note')`),
  ],
);

/** A staff member's named filters and sort of one back-office list (`listKey`, e.g. `customers`); private to them. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    listKey: text('list_key').notNull(),
    name: text('name').notNull(),
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_views_owner_name_uq').on(t.staffId, t.listKey, t.name)],
);

export type CrmContact = typeof crmContacts.$inferSelect;
export type CrmActivity = typeof crmActivities.$inferSelect;
export type SavedView = typeof savedViews.$inferSelect;

/** The shop's own suppliers (ADR 0038): payment terms, the brands they supply, contacts and attachments. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Days the shop has to pay an invoice (0: payment in advance). */
    paymentDays: integer('payment_days').notNull().default(0),
    /** The terms in words (≤ 100 characters): currency, minimum order, delivery. */
    paymentTerms: text('payment_terms').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('suppliers_name_uq').on(t.name), index('suppliers_created_idx').on(t.createdAt, t.id)],
);

export const supplierBrands = pgTable(
  'supplier_brands',
  {
    supplierId: integer('supplier_id').notNull().references(() => suppliers.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id').notNull().references(() => brands.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.brandId] }), index('supplier_brands_brand_idx').on(t.brandId)],
);

export const supplierContacts = pgTable(
  'supplier_contacts',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id').notNull().references(() => suppliers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    position: text('position').notNull().default(''),
  },
  (t) => [index('supplier_contacts_supplier_idx').on(t.supplierId, t.id)],
);

/** Files kept for a supplier (contracts, price lists, certificates), stored through the files module. */
export const supplierFiles = pgTable(
  'supplier_files',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id').notNull().references(() => suppliers.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    staffName: text('staff_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('supplier_files_supplier_idx').on(t.supplierId, t.id)],
);

export type Supplier = typeof suppliers.$inferSelect;
