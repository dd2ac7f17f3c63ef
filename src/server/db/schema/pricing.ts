import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { brands, categories, productPacks } from './catalog';
import { staff } from './staff';

/**
 * A company's price agreement (协议价): rules with a validity period that price what its buyers see and
 * order. An agreement below the price floor waits for the approval engine before it applies.
 */
export type PriceAgreementState = 'draft' | 'pending_approval' | 'active' | 'rejected' | 'withdrawn';

export const priceAgreements = pgTable(
  'price_agreements',
  {
    id: serial('id').primaryKey(),
    agreementNo: text('agreement_no').notNull(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    name: text('name').notNull(),
    /** First and last day it prices (Asia/Shanghai calendar days, both included). */
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    state: text('state').$type<PriceAgreementState>().notNull().default('draft'),
    /** Any rule prices a pack below the floor: needs an approval before it applies. */
    belowFloor: boolean('below_floor').notNull().default(false),
    /** The sales member who owns it (ownership scoping, as the customer's owner). */
    ownerId: integer('owner_id').references(() => staff.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('price_agreements_no_idx').on(t.agreementNo),
    index('price_agreements_company_idx').on(t.companyId, t.state, t.validTo),
    index('price_agreements_valid_to_idx').on(t.validTo, t.id),
    check('price_agreements_period', sql`${t.validFrom} <= ${t.validTo}`),
  ],
);

/**
 * One rule of an agreement: `discount` (basis points off the catalogue price, on everything, a brand or
 * a category), `net` (a net price per pack) or `break` (a pack's net price from `min_qty` units).
 */
export type PriceRuleKind = 'discount' | 'net' | 'break';
export type PriceRuleScope = 'all' | 'brand' | 'category' | 'pack';

export const priceAgreementRules = pgTable(
  'price_agreement_rules',
  {
    id: serial('id').primaryKey(),
    agreementId: integer('agreement_id').notNull().references(() => priceAgreements.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PriceRuleKind>().notNull(),
    scope: text('scope').$type<PriceRuleScope>().notNull(),
    brandId: integer('brand_id').references(() => brands.id),
    categoryId: integer('category_id').references(() => categories.id),
    packId: integer('pack_id').references(() => productPacks.id),
    /** `discount`: basis points off (1–10000). */
    discountBp: integer('discount_bp'),
    /** `net` and `break`: the unit price in cents. */
    netCents: bigint('net_cents', { mode: 'number' }),
    /** `break`: from this many units (2–9999); `net` and `discount`: 1. */
    minQty: integer('min_qty').notNull().default(1),
  },
  (t) => [
    index('price_agreement_rules_agreement_idx').on(t.agreementId),
    index('price_agreement_rules_pack_idx').on(t.packId),
    check('price_agreement_rules_shape', sql`(
      (${t.kind} = 'discount' and ${t.discountBp} between 1 and 10000 and ${t.netCents} is null and ${t.minQty} = 1
        and ((${t.scope} = 'all' and ${t.brandId} is null and ${t.categoryId} is null and ${t.packId} is null)
          or (${t.scope} = 'brand' and ${t.brandId} is not null and ${t.categoryId} is null and ${t.packId} is null)
          or (${t.scope} = 'category' and ${t.categoryId} is not null and ${t.brandId} is null and ${t.packId} is null)))
      or (${t.kind} = 'net' and ${t.scope} = 'pack' and ${t.packId} is not null and ${t.netCents} >= 0 and ${t.discountBp} is null and ${t.minQty} = 1)
      or (${t.kind} = 'break' and ${t.scope} = 'pack' and ${t.packId} is not null and ${t.netCents} >= 0 and ${t.discountBp} is null and ${t.minQty} between 2 and 9999)
    )`),
  ],
);
