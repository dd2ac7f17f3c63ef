import 'server-only';
import { sql } from 'drizzle-orm';
import { PERMISSION_REGISTRY } from '@/server/auth/permissions';
import type { Db } from '@/server/db/client';
import { permissions, webSettings } from '@/server/db/schema';
import { DEMO_CUSTOMERS, hashCustomerPasswords, seedAccounts, type DemoCustomer } from './accounts';
import { seedBrands } from './brands';
import { seedCategories } from './categories';
import { seedCms } from './cms';
import { seedCommentsAndLinks } from './cms-moderation';
import { seedContent } from './content';
import { seedComplaints } from './complaints';
import { seedContracts } from './contracts';
import { seedCrm } from './crm';
import { seedCustomers } from './customers';
import { seedOrders } from './orders';
import { seedQuotations } from './quotations';
import { seedProductArticles } from './product-articles';
import { seedRequests } from './requests';
import { seedImportDemo } from './import-demo';
import { seedPartners } from './partners';
import { insertPlannedProducts, planProducts } from './products';
import { seedWebSettings } from './settings';
import { DEMO_STAFF, hashStaffPasswords, seedMenus, seedStaff, type DemoStaff } from './staff-and-menus';
import { revalidateStorefront } from '@/server/cache/storefront';

export type { DemoCustomer } from './accounts';
export type { DemoStaff } from './staff-and-menus';

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

/** Keeps the permissions table in step with the code's registry; safe to run on every start. */
export async function upsertPermissions(db: Db): Promise<number> {
  await db
    .insert(permissions)
    .values(PERMISSION_REGISTRY.map((p) => ({ code: p.code, scope: p.scope, nameZh: p.zh, nameEn: p.en })))
    .onConflictDoUpdate({
      target: permissions.code,
      set: { scope: sql`excluded.scope`, nameZh: sql`excluded.name_zh`, nameEn: sql`excluded.name_en` },
    });
  return PERMISSION_REGISTRY.length;
}

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ id: webSettings.id }).from(webSettings).limit(1);
  return rows.length > 0;
}

/**
 * Fills an empty, migrated database with the demo shop. Deterministic: the same options give
 * the same rows (ids and timestamps included) on every run; only password hashes differ, by salt.
 */
export async function seedDatabase(db: Db, options: { products?: number } = {}): Promise<SeedSummary> {
  const productCount = options.products ?? DEFAULT_SEED_PRODUCTS;
  if (!Number.isInteger(productCount) || productCount < 0) throw new Error(`products must be a non-negative integer, got ${productCount}`);
  // Hashing and planning happen before the transaction so it stays short.
  const [customerHashes, staffHashes] = await Promise.all([hashCustomerPasswords(), hashStaffPasswords()]);

  const summary = await db.transaction(async (tx) => {
    const permissionCount = await upsertPermissions(tx);
    const webSettingCount = await seedWebSettings(tx);
    const brands = await seedBrands(tx);
    const categories = await seedCategories(tx);
    const planned = planProducts(productCount, brands);
    const productCounts = await insertPlannedProducts(tx, planned, brands, categories);
    const contentCounts = await seedContent(tx, new Map(brands.map((b) => [b.code, b.id])));
    const cmsCounts = await seedCms(tx);
    const accountCounts = await seedAccounts(tx, customerHashes);
    const staffCounts = await seedStaff(tx, staffHashes);
    const menuCount = await seedMenus(tx);
    const orderCounts = await seedOrders(tx);
    const requestCounts = await seedRequests(tx);
    const crmCounts = await seedCrm(tx);
    const customerCounts = await seedCustomers(tx);
    const quotationCounts = await seedQuotations(tx);
    const complaintCounts = await seedComplaints(tx);
    const contractCounts = await seedContracts(tx);
    return {
      permissions: permissionCount,
      webSettings: webSettingCount,
      brands: brands.length,
      categories: categories.count,
      ...productCounts,
      ...contentCounts,
      ...cmsCounts,
      ...accountCounts,
      ...staffCounts,
      menus: menuCount,
      ...orderCounts,
      ...requestCounts,
      ...crmCounts,
      ...customerCounts,
      ...quotationCounts,
      ...complaintCounts,
      ...contractCounts,
      ...(await seedProductArticles(tx)),
      ...(await seedCommentsAndLinks(tx)),
      ...(await seedImportDemo(tx)),
      ...(await seedPartners(tx)),
    };
  });
  // Everything the storefront shows changed (a no-op outside the web server; ADR 0025).
  revalidateStorefront('all');
  return summary;
}
