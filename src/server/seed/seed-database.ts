import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';
import { siteOptions } from '@/server/db/schema';
import { DEMO_CUSTOMERS, hashCustomerPasswords, seedAccounts, type DemoCustomer } from './accounts';
import { seedBrands } from './brands';
import { seedCategories } from './categories';
import { seedCms } from './cms';
import { seedCommentsAndLinks } from './cms-moderation';
import { seedContent } from './content';
import { seedComplaints } from './complaints';
import { seedReceivables } from './receivables';
import { seedContracts } from './contracts';
import { seedCrm } from './crm';
import { seedCustomers } from './customers';
import { seedOrders } from './orders';
import { seedQuotations } from './quotations';
import { seedPriceAgreements } from './price-agreements';
import { seedRequisitionLists } from './requisition-lists';
import { seedInventory } from './inventory';
import { seedProductArticles } from './product-articles';
import { seedRequests } from './requests';
import { seedImportDemo } from './import-demo';
import { seedPartners } from './partners';
import { insertPlannedProducts, planProducts } from './products';
import { seedCatalogueClaim, seedWebSettings } from './settings';
import { DEMO_STAFF, hashStaffPasswords, seedStaff, type DemoStaff } from './staff';
import { ensureReferenceData } from '@/server/setup/reference-data';
import { seedShipments } from './fulfilment';
import { revalidateStorefront } from '@/server/cache/storefront';
import { log } from '@/server/log';
import { foldCatalogueCounts } from '@/server/modules/catalog/kept-counts';
import { linkMissingSubstances } from '@/server/modules/structure-search/store';
import { linkContainerSubstances } from '@/server/modules/inventory/traits';

export type { DemoCustomer } from './accounts';
export type { DemoStaff } from './staff';

/** Demo sign-ins, printed at first start and used by tests. */
export const DEMO_ACCOUNTS: { customers: readonly DemoCustomer[]; staff: readonly DemoStaff[] } = {
  customers: DEMO_CUSTOMERS,
  staff: DEMO_STAFF,
};

/** Rows written per table. */
export interface SeedSummary {
  permissions: number;
  webSettings: number;
  brands: number;
  categories: number;
  products: number;
  productPacks: number;
  productDocuments: number;
  productLots: number;
  banners: number;
  contentCategories: number;
  contentItems: number;
  siteBlocks: number;
  contentTags: number;
  companies: number;
  departments: number;
  roles: number;
  users: number;
  addresses: number;
  staffRoles: number;
  staff: number;
  menus: number;
  orders: number;
}

export const DEFAULT_SEED_PRODUCTS = 5000;

/** The site option that marks a database as the demo shop's (written by `seedDatabase`). */
export const DEMO_DATABASE_OPTION = 'demo_database';

/** The database is marked as a demo database: it serves as if DEMO_DATA=1 were set (docs/deployment.md). */
export async function isDemoDatabase(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: siteOptions.value }).from(siteOptions).where(eq(siteOptions.key, DEMO_DATABASE_OPTION));
  return row?.value === true;
}

/** Marks the database as a demo database (the demo seed, the catalogue generator). */
export async function markDemoDatabase(db: Db): Promise<void> {
  await db.insert(siteOptions).values({ key: DEMO_DATABASE_OPTION, value: true })
    .onConflictDoUpdate({ target: siteOptions.key, set: { value: true, updatedAt: new Date() } });
}

/**
 * The shop holds data of its own: a staff member, a customer account, a product or a brand. The demo is
 * written only into a database without any (an empty one, or one with nothing but the reference rows).
 */
export async function hasShopData(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(await db.execute(sql`select exists (select 1 from staff) or exists (select 1 from users)
    or exists (select 1 from products) or exists (select 1 from brands) as found`));
  return row?.found === true;
}

/**
 * Fills an empty, migrated database with the demo shop (the reference rows first, where missing) and marks
 * it as a demo database. Deterministic: the same options give the same rows (ids and timestamps included)
 * on every run; only password hashes differ, by salt.
 */
export async function seedDatabase(db: Db, options: { products?: number } = {}): Promise<SeedSummary> {
  const productCount = options.products ?? DEFAULT_SEED_PRODUCTS;
  if (!Number.isInteger(productCount) || productCount < 0) throw new Error(`products must be a non-negative integer, got ${productCount}`);
  // Hashing and planning happen before the transaction so it stays short.
  const [customerHashes, staffHashes] = await Promise.all([hashCustomerPasswords(), hashStaffPasswords()]);

  const summary = await db.transaction(async (tx) => {
    const reference = await ensureReferenceData(tx);
    const webSettingCount = await seedWebSettings(tx);
    const brands = await seedBrands(tx);
    const categories = await seedCategories(tx);
    const planned = planProducts(productCount, brands);
    const productCounts = await insertPlannedProducts(tx, planned, brands, categories);
    await seedCatalogueClaim(tx);
    const contentCounts = await seedContent(tx, new Map(brands.map((b) => [b.code, b.id])));
    const cmsCounts = await seedCms(tx);
    const accountCounts = await seedAccounts(tx, customerHashes);
    const staffCounts = await seedStaff(tx, staffHashes);
    const { demo, ...orderCounts } = await seedOrders(tx);
    const requestCounts = await seedRequests(tx);
    const crmCounts = await seedCrm(tx);
    const customerCounts = await seedCustomers(tx);
    const quotationCounts = await seedQuotations(tx);
    const complaintCounts = await seedComplaints(tx);
    const contractCounts = await seedContracts(tx);
    const priceAgreementCounts = await seedPriceAgreements(tx);
    // The order desk's work on the demo's orders: shipments and receipts, then invoices, payments and a credit hold.
    const shipmentCounts = demo ? await seedShipments(tx, demo) : { shipments: 0 };
    const receivableCounts = await seedReceivables(tx, demo);
    await markDemoDatabase(tx);
    return {
      permissions: reference.permissions,
      staffRoles: reference.staffRoles,
      menus: reference.menus,
      webSettings: webSettingCount,
      brands: brands.length,
      categories: categories.count,
      ...productCounts,
      ...contentCounts,
      ...cmsCounts,
      ...accountCounts,
      ...staffCounts,
      ...orderCounts,
      ...requestCounts,
      ...crmCounts,
      ...customerCounts,
      ...quotationCounts,
      ...complaintCounts,
      ...contractCounts,
      ...priceAgreementCounts,
      ...shipmentCounts,
      ...receivableCounts,
      ...(await seedProductArticles(tx)),
      ...(await seedCommentsAndLinks(tx)),
      ...(await seedImportDemo(tx)),
      ...(await seedPartners(tx)),
      ...(await seedRequisitionLists(tx)),
      ...(await seedInventory(tx)),
    };
  });
  // The products' structures as substances (ADR 0075), read by RDKit.js in the structure workers.
  const structures = await linkMissingSubstances(db);
  if (structures.refused.length > 0) {
    log('warn', 'seed.structures.refused', { products: structures.refused.length, first: structures.refused.slice(0, 5).map((r) => `${r.itemNo} ${r.smiles} (${r.message})`) });
  }
  // The shelf's containers put there before the structures were read take their substances now.
  await linkContainerSubstances(db);
  // The products' changes of the kept counts join them (ADR 0079).
  await foldCatalogueCounts(db);
  // Everything the storefront shows changed (a no-op outside the web server; ADR 0025).
  revalidateStorefront('all');
  return summary;
}
