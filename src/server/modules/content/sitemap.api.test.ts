import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-db';
import { countProductSitemaps, productSitemapRows, URLS_PER_SITEMAP } from './sitemap';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ products: 30 });
});
afterAll(async () => {
  await db.destroy();
});

describe('product sitemaps', () => {
  it('splits ids into files of 50,000 and reads each by keyset', async () => {
    expect(await countProductSitemaps(db.db)).toBe(1);
    const batches: number[][] = [];
    for await (const rows of productSitemapRows(db.db, 0)) batches.push(rows.map((r) => r.id));
    const ids = batches.flat();
    expect(ids).toHaveLength(30);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const empty: unknown[] = [];
    for await (const rows of productSitemapRows(db.db, 1)) empty.push(...rows);
    expect(empty).toEqual([]);
  });

  it('counts files from the highest id, so a catalogue of millions needs no scan', async () => {
    await db.db.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), ${URLS_PER_SITEMAP * 3 + 5})`);
    await db.db.execute(sql`insert into products (item_no, name_zh, name_en, brand_id, category_id) select 'SITEMAP-1', '测试', 'Test', brand_id, category_id from products limit 1`);
    expect(await countProductSitemaps(db.db)).toBe(4);
    const last: number[] = [];
    for await (const rows of productSitemapRows(db.db, 3)) last.push(...rows.map((r) => r.id));
    expect(last).toEqual([URLS_PER_SITEMAP * 3 + 6]);
  });
});
