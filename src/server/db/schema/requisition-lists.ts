import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';
import { productPacks, products } from './catalog';

/**
 * A buyer's requisition list (采购清单, ADR 0085): named packs to order again. `shared` lists are seen by
 * every member of the company and edited as the company's roles allow (requisition-lists/rules.ts).
 */
export const requisitionLists = pgTable(
  'requisition_lists',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    ownerId: integer('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('requisition_lists_owner_name_uq').on(t.ownerId, t.name),
    index('requisition_lists_company_idx').on(t.companyId, t.shared),
    check('requisition_lists_name_length', sql`char_length(${t.name}) between 1 and 60`),
  ],
);

/**
 * A line of a requisition list: one pack, its quantity and note. The pack's size and price when it was
 * added are kept, so a changed pack is flagged; a removed pack or product leaves the line with its
 * snapshot (the references become null).
 */
export const requisitionListLines = pgTable(
  'requisition_list_lines',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id').notNull().references(() => requisitionLists.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    packId: integer('pack_id').references(() => productPacks.id, { onDelete: 'set null' }),
    num: integer('num').notNull(),
    note: text('note').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    itemNo: text('item_no').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    sizeAdded: text('size_added').notNull(),
    priceAdded: numeric('price_added', { precision: 12, scale: 2 }).notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('requisition_list_lines_list_pack_uq').on(t.listId, t.packId),
    index('requisition_list_lines_list_idx').on(t.listId, t.sort, t.id),
    index('requisition_list_lines_pack_idx').on(t.packId),
    index('requisition_list_lines_product_idx').on(t.productId),
    check('requisition_list_lines_num', sql`${t.num} > 0 and ${t.num} <= 9999`),
    check('requisition_list_lines_note_length', sql`char_length(${t.note}) <= 200`),
  ],
);

export type RequisitionList = typeof requisitionLists.$inferSelect;
export type RequisitionListLine = typeof requisitionListLines.$inferSelect;
