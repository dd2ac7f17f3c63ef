import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn, bigint, bigserial, boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, departments, users } from './accounts';
import { productLots, productPacks, products } from './catalog';
import { shipmentLines } from './fulfilment';
import { orders } from './orders';
import { substances } from './substances';

/**
 * A company's own stock of chemicals (the lab's shelf): where its containers are, how much is left, what
 * expires, and the ledger of every movement, which the law asks for controlled chemicals (易制毒, 易制爆,
 * 剧毒). Everything is scoped by `company_id`.
 */

export type InventoryLocationKind = 'building' | 'room' | 'cabinet';

/** The company's location tree: buildings hold rooms, rooms hold cabinets. */
export const inventoryLocations = pgTable(
  'inventory_locations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    parentId: integer('parent_id').references((): AnyPgColumn => inventoryLocations.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<InventoryLocationKind>().notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventory_locations_sibling_name_uq').on(t.companyId, sql`coalesce(${t.parentId}, 0)`, t.name),
    index('inventory_locations_parent_idx').on(t.parentId),
    check('inventory_locations_kind_check', sql`${t.kind} in ('building', 'room', 'cabinet')`),
    check('inventory_locations_name_length', sql`char_length(${t.name}) between 1 and 60`),
  ],
);

export type ContainerState = 'in_use' | 'empty' | 'disposed';
export type ContainerSource = 'order' | 'manual' | 'import';
/** Units a container's amount is kept in (a pack's unit, or each for kits and consumables). */
export type ContainerUnit = 'mg' | 'g' | 'kg' | 'µL' | 'mL' | 'L' | 'ea';
export type InventoryControlClass = 'precursor' | 'explosive' | 'toxic';

/**
 * One bottle, vial or box on the company's shelf. From an order, each delivered unit is one container
 * (`shipment_line_id` + `unit_index`); by hand or from an import otherwise. The product's names, CAS and
 * control class are copied when it is received, so the record stays true when the catalogue changes.
 * `remaining` is the ledger's balance, kept with each ledger row in the same transaction.
 */
export const inventoryContainers = pgTable(
  'inventory_containers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    /** The label's code, unique in the company (printed under the QR code). */
    code: text('code').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    packId: integer('pack_id').references(() => productPacks.id, { onDelete: 'set null' }),
    substanceId: integer('substance_id').references(() => substances.id, { onDelete: 'set null' }),
    itemNo: text('item_no').notNull().default(''),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    cas: text('cas').notNull().default(''),
    controlClass: text('control_class').$type<InventoryControlClass>(),
    hazardous: boolean('hazardous').notNull().default(false),
    lotId: integer('lot_id').references(() => productLots.id, { onDelete: 'set null' }),
    lotNo: text('lot_no').notNull().default(''),
    expiresOn: date('expires_on', { mode: 'string' }),
    retestOn: date('retest_on', { mode: 'string' }),
    /** The amount when received, and what is left (the ledger's balance), in `unit`. */
    amount: numeric('amount', { precision: 14, scale: 4 }).notNull(),
    remaining: numeric('remaining', { precision: 14, scale: 4 }).notNull(),
    unit: text('unit').$type<ContainerUnit>().notNull(),
    locationId: integer('location_id').references(() => inventoryLocations.id, { onDelete: 'restrict' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    state: text('state').$type<ContainerState>().notNull().default('in_use'),
    source: text('source').$type<ContainerSource>().notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    shipmentLineId: integer('shipment_line_id').references(() => shipmentLines.id, { onDelete: 'set null' }),
    unitIndex: integer('unit_index'),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventory_containers_code_uq').on(t.companyId, t.code),
    uniqueIndex('inventory_containers_unit_uq').on(t.shipmentLineId, t.unitIndex),
    index('inventory_containers_company_idx').on(t.companyId, t.state, t.id),
    index('inventory_containers_received_idx').on(t.companyId, t.state, t.receivedOn, t.id),
    index('inventory_containers_location_idx').on(t.locationId),
    index('inventory_containers_owner_idx').on(t.companyId, t.ownerId),
    index('inventory_containers_expiry_idx').on(t.companyId, sql`coalesce(${t.expiresOn}, ${t.retestOn})`).where(sql`${t.state} = 'in_use'`),
    index('inventory_containers_substance_idx').on(t.companyId, t.substanceId).where(sql`${t.state} = 'in_use'`),
    index('inventory_containers_cas_idx').on(t.companyId, t.cas),
    index('inventory_containers_item_idx').on(t.companyId, t.itemNo),
    index('inventory_containers_lot_idx').on(t.companyId, t.lotNo),
    // The search box's names (both languages, any case): a trigram index serves a key of three or more characters.
    index('inventory_containers_name_trgm_idx').using('gin', sql.raw(`lower(name_zh || ' ' || name_en) gin_trgm_ops`)),
    index('inventory_containers_order_idx').on(t.orderId),
    check('inventory_containers_state_check', sql`${t.state} in ('in_use', 'empty', 'disposed')`),
    check('inventory_containers_source_check', sql`${t.source} in ('order', 'manual', 'import')`),
    check('inventory_containers_unit_check', sql`${t.unit} in ('mg', 'g', 'kg', 'µL', 'mL', 'L', 'ea')`),
    check('inventory_containers_control_check', sql`${t.controlClass} is null or ${t.controlClass} in ('precursor', 'explosive', 'toxic')`),
    check('inventory_containers_amounts_check', sql`${t.amount} > 0 and ${t.remaining} >= 0`),
    check('inventory_containers_note_length', sql`char_length(${t.note}) <= 500`),
  ],
);

export type LedgerKind = 'received' | 'used' | 'moved' | 'disposed' | 'correction';

/**
 * Every movement of a container, append-only (a trigger refuses updates and deletes): received, used,
 * moved, disposed, and corrections, which are new rows pointing at the row they correct. `delta` is the
 * change of the amount (received: +, used and disposed: −, moved: 0, correction: either), `balance` what is
 * left after it; the balance is the sum of the container's deltas and never below zero.
 */
export const inventoryLedger = pgTable(
  'inventory_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    containerId: integer('container_id').notNull().references(() => inventoryContainers.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<LedgerKind>().notNull(),
    delta: numeric('delta', { precision: 14, scale: 4 }).notNull(),
    balance: numeric('balance', { precision: 14, scale: 4 }).notNull(),
    fromLocationId: integer('from_location_id').references(() => inventoryLocations.id, { onDelete: 'restrict' }),
    toLocationId: integer('to_location_id').references(() => inventoryLocations.id, { onDelete: 'restrict' }),
    purpose: text('purpose').notNull().default(''),
    /** The day it happened, as the user says (received: the delivery's day). */
    happenedOn: date('happened_on', { mode: 'string' }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who, as a name kept with the row (the user may be deleted; a staff member may record a receipt). */
    actorName: text('actor_name').notNull(),
    correctsId: bigint('corrects_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inventory_ledger_container_idx').on(t.containerId, t.id),
    index('inventory_ledger_company_idx').on(t.companyId, t.id),
    index('inventory_ledger_from_idx').on(t.fromLocationId).where(sql`${t.fromLocationId} is not null`),
    index('inventory_ledger_to_idx').on(t.toLocationId).where(sql`${t.toLocationId} is not null`),
    check('inventory_ledger_kind_check', sql`${t.kind} in ('received', 'used', 'moved', 'disposed', 'correction')`),
    check('inventory_ledger_balance_check', sql`${t.balance} >= 0`),
    check('inventory_ledger_purpose_length', sql`char_length(${t.purpose}) <= 200`),
  ],
);

export type InventoryLocation = typeof inventoryLocations.$inferSelect;
export type InventoryContainer = typeof inventoryContainers.$inferSelect;
export type InventoryLedgerRow = typeof inventoryLedger.$inferSelect;

/**
 * The least a company wants on its shelf of a substance (or of a product, for containers without a
 * substance), in a unit of mass, volume or each (ADR 0091). Exactly one of `substance_id` and `product_id`.
 * `alerted_at`: when the daily pass last mailed that the stock fell below it; cleared when the stock is back
 * up, so a shortfall is mailed once.
 */
export const inventoryMinimums = pgTable(
  'inventory_minimums',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    substanceId: integer('substance_id').references(() => substances.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 14, scale: 4 }).notNull(),
    unit: text('unit').$type<ContainerUnit>().notNull(),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventory_minimums_substance_uq').on(t.companyId, t.substanceId).where(sql`${t.substanceId} is not null`),
    uniqueIndex('inventory_minimums_product_uq').on(t.companyId, t.productId).where(sql`${t.productId} is not null`),
    check('inventory_minimums_one_key', sql`(${t.substanceId} is null) <> (${t.productId} is null)`),
    check('inventory_minimums_unit_check', sql`${t.unit} in ('mg', 'g', 'kg', 'µL', 'mL', 'L', 'ea')`),
    check('inventory_minimums_amount_check', sql`${t.amount} > 0`),
  ],
);

export type InventoryAlertKind = 'expiry' | 'retest';
export type InventoryAlertThreshold = 'soon' | 'past';

/**
 * What the daily pass has mailed about a container (ADR 0091): one row per container, kind (expiry or retest)
 * and threshold (within 30 days, or passed), so that the same container is never mailed twice for the same
 * threshold. `day` is the business day it was sent.
 */
export const inventoryAlertsSent = pgTable(
  'inventory_alerts_sent',
  {
    companyId: integer('company_id').notNull().references(() => companies.id),
    containerId: integer('container_id').notNull().references(() => inventoryContainers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<InventoryAlertKind>().notNull(),
    threshold: text('threshold').$type<InventoryAlertThreshold>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventory_alerts_sent_uq').on(t.containerId, t.kind, t.threshold),
    index('inventory_alerts_sent_company_idx').on(t.companyId, t.day),
    check('inventory_alerts_sent_kind_check', sql`${t.kind} in ('expiry', 'retest')`),
    check('inventory_alerts_sent_threshold_check', sql`${t.threshold} in ('soon', 'past')`),
  ],
);

export type InventoryMinimum = typeof inventoryMinimums.$inferSelect;
