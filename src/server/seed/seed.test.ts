import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLotDates } from '@/server/modules/files/lot-dates';
import { isValidCas } from '@/lib/cas';
import { sha256Hex } from '@/lib/sha256';
import { verifyPassword } from '@/server/auth/passwords';
import { openPglite, rowsOf, type DbHandle } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import {
  brands, categories, contentCategories, contentItems, menus, permissions, productPacks, products, staff, users, webSettings,
} from '@/server/db/schema';
import { CONTENT_KINDS } from '@/server/db/schema/content';
import { DEMO_ACCOUNTS, hasShopData, isDemoDatabase, seedDatabase, type SeedSummary } from './seed-database';

const PRODUCTS = 400;

async function freshSeededDb(): Promise<{ handle: DbHandle; summary: SeedSummary }> {
  const handle = await openPglite('memory://');
  await runMigrations(handle);
  expect(await hasShopData(handle.db)).toBe(false);
  expect(await isDemoDatabase(handle.db)).toBe(false);
  const summary = await seedDatabase(handle.db, { products: PRODUCTS });
  return { handle, summary };
}

/** A fingerprint of the catalogue: item number, CAS and pack prices in id order. */
async function catalogueHash(handle: DbHandle): Promise<string> {
  const rows = await handle.db
    .select({ itemNo: products.itemNo, cas: products.cas, size: productPacks.size, price: productPacks.price, createdAt: products.createdAt })
    .from(products)
    .leftJoin(productPacks, eq(productPacks.productId, products.id))
    .orderBy(asc(products.id), asc(productPacks.id));
  const text = rows.map((r) => `${r.itemNo}|${r.cas ?? ''}|${r.size ?? ''}|${r.price ?? ''}|${r.createdAt.toISOString()}`).join('\n');
  return createHash('sha256').update(text).digest('hex');
}

let first: { handle: DbHandle; summary: SeedSummary };
let second: { handle: DbHandle; summary: SeedSummary };

beforeAll(async () => {
  first = await freshSeededDb();
  second = await freshSeededDb();
}, 180_000);

afterAll(async () => {
  await first?.handle.close();
  await second?.handle.close();
});

describe('seedDatabase', () => {
  it('is deterministic: two fresh databases get the same catalogue', async () => {
    expect(first.summary).toEqual(second.summary);
    expect(await catalogueHash(first.handle)).toBe(await catalogueHash(second.handle));
  });

  it('marks the database as a demo database and writes the requested number of products with packs', async () => {
    const db = first.handle.db;
    expect(await isDemoDatabase(db)).toBe(true);
    expect(await hasShopData(db)).toBe(true);
    expect(first.summary.products).toBe(PRODUCTS);
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(count?.n).toBe(PRODUCTS);
    const packCounts = await db
      .select({ n: sql<number>`count(${productPacks.id})::int` })
      .from(products)
      .leftJoin(productPacks, eq(productPacks.productId, products.id))
      .groupBy(products.id);
    expect(packCounts.every((r) => r.n >= 1 && r.n <= 4)).toBe(true);
  });

  it('holds a share of the packs in lots whose quantities make the pack stock, linked to the COAs of their lot numbers', async () => {
    const db = first.handle.db;
    const lots = rowsOf<{ pack_id: number; lot_no: string; quantity: number; expires_on: string | null; retest_on: string | null; coa_lot: string | null }>(await db.execute(sql`
      select l.pack_id, l.lot_no, l.quantity, l.expires_on::text, l.retest_on::text, d.lot_no as coa_lot
      from product_lots l left join product_documents d on d.id = l.coa_document_id`));
    expect(lots.length).toBe(first.summary.productLots);
    const packs = new Set(lots.map((l) => l.pack_id));
    const [all] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from product_packs where stock > 0`));
    expect(packs.size).toBeGreaterThan(Number(all?.n) * 0.1);
    for (const l of lots) expect(/^L\d{4}[A-F]\d{3}$/.test(l.lot_no), l.lot_no).toBe(true);
    expect(lots.filter((l) => l.coa_lot !== null).every((l) => l.coa_lot === l.lot_no)).toBe(true);
    expect(lots.filter((l) => l.coa_lot !== null).length).toBeGreaterThan(lots.length / 2);
    const per = new Map<number, number>();
    for (const l of lots) per.set(l.pack_id, (per.get(l.pack_id) ?? 0) + 1);
    expect([...per.values()].every((n) => n >= 1 && n <= 4)).toBe(true);
    // The pack's stock is the sum of its lots.
    const wrong = rowsOf<{ id: number }>(await db.execute(sql`
      select k.id from product_packs k join product_lots l on l.pack_id = k.id group by k.id having k.stock <> sum(l.quantity)`));
    expect(wrong).toEqual([]);
    // Mostly expiring in the future (after the seed's date), one soon, one expired with nothing left.
    const dated = lots.filter((l) => l.expires_on !== null);
    expect(dated.filter((l) => l.expires_on! > '2027-03-01').length).toBeGreaterThan(dated.length * 0.8);
    expect(dated.filter((l) => l.expires_on! > '2026-10-01' && l.expires_on! < '2027-03-01').length).toBeGreaterThanOrEqual(1);
    expect(dated.filter((l) => l.expires_on! < '2026-10-01').map((l) => l.quantity)).toEqual([0]);
    expect(lots.some((l) => l.retest_on !== null)).toBe(true);
    // One lot, one set of dates: a lot number has the same days in every pack of its product, and its COA prints them.
    const split = rowsOf<{ lot_no: string }>(await db.execute(sql`
      select l.lot_no from product_lots l join product_packs k on k.id = l.pack_id group by k.product_id, l.lot_no
      having count(distinct concat_ws('|', l.manufactured_on, l.expires_on, l.retest_on)) > 1`));
    expect(split).toEqual([]);
    const coaLots = rowsOf<{ lot_no: string; issued_at: string | Date; expires_on: string | null; retest_on: string | null }>(await db.execute(sql`
      select distinct l.lot_no, d.issued_at, l.expires_on::text, l.retest_on::text from product_lots l join product_documents d on d.id = l.coa_document_id`));
    expect(coaLots.length).toBeGreaterThan(0);
    for (const l of coaLots) {
      expect(demoLotDates(l.lot_no, new Date(l.issued_at)), l.lot_no).toEqual({ expiresOn: l.expires_on, retestOn: l.retest_on });
    }
  });

  it('gives every product a valid CAS number (when it has one) and unique item numbers', async () => {
    const rows = await first.handle.db.select({ itemNo: products.itemNo, cas: products.cas }).from(products);
    const withCas = rows.filter((r) => r.cas !== null);
    expect(withCas.length).toBeGreaterThan(PRODUCTS * 0.6);
    for (const r of withCas) expect(isValidCas(r.cas ?? ''), `${r.itemNo} ${r.cas}`).toBe(true);
    expect(new Set(rows.map((r) => r.itemNo)).size).toBe(rows.length);
    expect(rows.some((r) => r.cas === '64-17-5')).toBe(true);
  });

  it('builds a three-level category tree of at least 150 nodes with correct leaf flags', async () => {
    const rows = await first.handle.db.select().from(categories);
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(new Set(rows.map((r) => r.level))).toEqual(new Set([1, 2, 3]));
    const parents = new Set(rows.map((r) => r.parentId).filter((id): id is number => id !== null));
    for (const r of rows) {
      expect(r.leaf, r.nameEn).toBe(!parents.has(r.id));
      if (r.level === 1) expect(r.parentId).toBeNull();
      else expect(rows.find((p) => p.id === r.parentId)?.level).toBe(r.level - 1);
    }
    const productCategories = await first.handle.db.selectDistinct({ id: products.categoryId }).from(products);
    for (const { id } of productCategories) expect(rows.find((c) => c.id === id)?.leaf).toBe(true);
  });

  it('seeds at least 30 brands, some recommended; only its made-up brands are authorised', async () => {
    const rows = await first.handle.db.select().from(brands);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.filter((b) => b.authorised).map((b) => b.code).sort()).toEqual(['demo-exemplar', 'demo-placeholder', 'demo-specimen']);
    expect(rows.filter((b) => b.authorised).every((b) => b.nameEn.endsWith('(fictional)') && b.nameZh.endsWith('（虚构）'))).toBe(true);
    // No demo text claims to distribute a real brand under its authorisation.
    expect(rows.filter((b) => /授权经销|authorised distributor/i.test(`${b.descriptionZh} ${b.descriptionEn}`))).toEqual([]);
    expect(rows.filter((b) => b.recommended).length).toBeGreaterThanOrEqual(6);
  });

  it('has content categories and items of every kind', async () => {
    const db = first.handle.db;
    for (const kind of CONTENT_KINDS) {
      const cats = await db.select().from(contentCategories).where(eq(contentCategories.kind, kind));
      const items = await db.select().from(contentItems).where(eq(contentItems.kind, kind));
      expect(cats.length, kind).toBeGreaterThan(0);
      expect(items.length, kind).toBeGreaterThanOrEqual(12);
    }
    const resourceCats = await db.select().from(contentCategories).where(eq(contentCategories.kind, 'resource')).orderBy(asc(contentCategories.sort));
    expect(resourceCats[0]?.nameEn).toBe('Handbooks');
  });

  it('stores web settings, the permission registry and the back-office menu', async () => {
    const db = first.handle.db;
    const settings = await db.select().from(webSettings);
    expect(new Set(settings.map((s) => s.type))).toEqual(new Set([1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]));
    // The demo's English site is this site's /en, and no chat provider (type 6) is configured.
    expect(settings.find((s) => s.type === 1)?.content).toBe('/en');
    // Its phone and licence numbers are clearly fictional: zeros, and 示例 on the licences.
    expect(settings.filter((s) => s.type === 2 || s.type === 3).map((s) => s.content).sort()).toEqual(['021-0000-0000', '400-000-0000']);
    expect(settings.find((s) => s.type === 10)?.content).toBe('沪ICP备00000000号-1');
    for (const type of [11, 12]) expect(settings.find((s) => s.type === type)?.content).toContain('示例');
    expect((await db.select().from(permissions)).length).toBeGreaterThan(20);
    const paths = (await db.select({ path: menus.path }).from(menus)).map((m) => m.path);
    expect(paths).toEqual(expect.arrayContaining(['/dashboard', '/system-setting', 'auth', 'authadd', 'stafflist', 'staffadd', 'menu', 'web-settings', '/requests', '/content', 'news', 'banners']));
  });

  it('lets every demo account sign in with its documented password', async () => {
    const db = first.handle.db;
    for (const c of DEMO_ACCOUNTS.customers) {
      const [row] = await db.select().from(users).where(eq(users.loginName, c.loginName));
      expect(row, c.loginName).toBeDefined();
      expect(await verifyPassword(row?.passwordHash ?? '', await sha256Hex(c.password))).toBe(true);
      expect(await verifyPassword(row?.passwordHash ?? '', await sha256Hex('wrong password'))).toBe(false);
    }
    for (const s of DEMO_ACCOUNTS.staff) {
      const [row] = await db.select().from(staff).where(eq(staff.loginName, s.loginName));
      expect(await verifyPassword(row?.passwordHash ?? '', await sha256Hex(s.password)), s.loginName).toBe(true);
    }
  });
});
