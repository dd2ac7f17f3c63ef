import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';
import { productPacks, products } from './catalog';

/** A customer's shopping cart: one line per pack; adding the same pack again raises `num`. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id),
    packId: integer('pack_id').notNull().references(() => productPacks.id),
    num: integer('num').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_user_pack_uq').on(t.userId, t.packId),
    index('cart_items_company_user_idx').on(t.companyId, t.userId),
    // Carts holding a pack or product (ADR 0030: such a pack is not deleted), and the foreign key checks of a deletion.
    index('cart_items_product_idx').on(t.productId),
    index('cart_items_pack_idx').on(t.packId),
    check('cart_items_num_positive', sql`${t.num} > 0 and ${t.num} <= 9999`),
  ],
);

export type CartItem = typeof cartItems.$inferSelect;
export type NewCartItem = typeof cartItems.$inferInsert;
