import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { MIGRATIONS_FOLDER } from '@/server/db/migrate';

/** The migrations as a release up to migration `lastIdx` shipped them, in a temporary folder. */
export function releaseMigrations(lastIdx: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'release-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= lastIdx) }));
  return folder;
}

export function removeRelease(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}

/** The permissions the first release (migrations up to 0001) knew. */
const FIRST_RELEASE_PERMISSIONS: readonly string[] = [
  'SALE.VIEW', 'SALE.CREATE', 'ORDER.APPROVE', 'USER.VIEW', 'USER.EDIT', 'ROLE.EDIT', 'DEPARTMENT.EDIT', 'ADDRESS.EDIT',
  'ADMIN.ACCESS', 'STAFF.VIEW', 'STAFF.EDIT', 'AUTHORITY.VIEW', 'AUTHORITY.EDIT', 'MENU.EDIT', 'CONTENT.EDIT', 'CATALOG.EDIT',
  'SETTINGS.EDIT', 'CUSTOMER.VIEW', 'CUSTOMER.EDIT', 'QUOTATION.EDIT', 'CONTRACT.EDIT', 'CASE.EDIT', 'COMPLAINT.EDIT',
  'EXPENSE.EDIT', 'EXPENSE.APPROVE',
];

/**
 * Each permission added since the first release, with the migration that came with it (and that grants it
 * to the super administrator's role, and to each company's administrator role for a company permission).
 * A new permission of the registry goes here with its migration.
 */
const PERMISSIONS_SINCE: Readonly<Record<string, number>> = {
  'TRACKING.VIEW': 7,
  'AUDIT.VIEW': 11, 'DASHBOARD.VIEW': 11,
  'QUOTATION.PRICE_OVERRIDE': 16, 'SUPPLIER.EDIT': 16, 'CRM.VIEW_ALL': 16, 'APPROVAL.RULES': 16,
  'ORDER.VIEW': 22, 'ORDER.VIEW_ALL': 22,
  'ORDER.FULFIL': 23, 'INVOICE.ISSUE': 23,
  'PRICE.EDIT': 26,
  'INVENTORY.VIEW': 27, 'INVENTORY.EDIT': 27, 'INVENTORY.CONTROLLED': 27,
};

/** Every permission a release up to migration `lastIdx` knew. */
export function permissionsOfRelease(lastIdx: number): string[] {
  return [...FIRST_RELEASE_PERMISSIONS, ...Object.entries(PERMISSIONS_SINCE).filter(([, idx]) => idx <= lastIdx).map(([code]) => code)];
}

/** Every permission the release table above knows (the registry's, when the table is up to date). */
export const RELEASED_PERMISSIONS: readonly string[] = [...FIRST_RELEASE_PERMISSIONS, ...Object.keys(PERMISSIONS_SINCE)];

/**
 * The few rows an upgrade test's orders stand on, in a database of an older release: company 1 ('Lab') with its
 * buyer, user 1; brand 1, category 1, product 1 (item A1) and its pack 1 at `packPrice`.
 */
export async function insertLabCatalogue(db: Db, packPrice: number): Promise<void> {
  await db.execute(sql`insert into companies (id, name) values (1, 'Lab')`);
  await db.execute(sql`insert into users (id, company_id, login_name, password_hash, name) values (1, 1, 'b@example.org', 'x', 'B')`);
  await db.execute(sql`insert into brands (id, code, name_zh, name_en) values (1, 'BR', '品牌', 'Brand')`);
  await db.execute(sql`insert into categories (id, level, name_zh, name_en) values (1, 1, '试剂', 'Reagents')`);
  await db.execute(sql`insert into products (id, item_no, name_zh, name_en, brand_id, category_id) values (1, 'A1', '甲', 'A', 1, 1)`);
  await db.execute(sql`insert into product_packs (id, product_id, size, price) values (1, 1, '1g', ${packPrice})`);
}
