import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fileTestDatabase } from '../../../../../test/test-db';
import { listProducts, type ProductPage, type ProductQuery } from './products';

/**
 * `products.min_price`, the lowest pack price kept by statement triggers on product_packs
 * (migration 0006), and the price sorts that walk its indexes (ADR 0015). PostgreSQL and PGlite.
 */
const t = fileTestDatabase({ products: 40 });
let brandId = 0;
let categoryId = 0;

const { query } = t;

async function minPrice(itemNo: string): Promise<string | null> {
  const [row] = await query<{ p: string | null }>(sql`select min_price::text as p from products where item_no = ${itemNo}`);
  return row?.p ?? null;
}

async function product(itemNo: string, nameEn: string): Promise<number> {
  const [row] = await query<{ id: number }>(sql`
    insert into products (item_no, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id)
    values (${itemNo}, ${`价格${itemNo}`}, ${nameEn}, '', '', ${brandId}, ${categoryId}) returning id::int as id`);
  return row!.id;
}

beforeAll(async () => {
  [{ brand_id: brandId, category_id: categoryId }] = await query<{ brand_id: number; category_id: number }>(sql`
    select brand_id::int as brand_id, category_id::int as category_id from products order by id limit 1`) as [{ brand_id: number; category_id: number }];
});

describe('the stored lowest pack price', () => {
  it('holds the seed products’ lowest pack price, and null for a product without packs', async () => {
    const wrong = await query<{ n: number }>(sql`
      select count(*)::int as n from products p
      where p.min_price is distinct from (select min(k.price) from product_packs k where k.product_id = p.id)`);
    expect(wrong[0]?.n).toBe(0);
    expect((await query<{ n: number }>(sql`select count(*)::int as n from products where min_price is not null`))[0]?.n).toBeGreaterThan(30);
    await product('MP-NONE', 'Priceless sample');
    expect(await minPrice('MP-NONE')).toBeNull();
  });

  it('follows inserts, price changes, moves and deletes of packs, several rows per statement', async () => {
    const a = await product('MP-A', 'Pricecheck alpha');
    const b = await product('MP-B', 'Pricecheck beta');
    await t.db.execute(sql`
      insert into product_packs (product_id, size, price, stock) values
        (${a}, '1 g', 30.00, 1), (${a}, '5 g', 12.50, 0), (${b}, '10 mg', 99.90, 3)`);
    expect([await minPrice('MP-A'), await minPrice('MP-B')]).toEqual(['12.50', '99.90']);
    await t.db.execute(sql`update product_packs set price = 8.25 where product_id = ${a} and size = '1 g'`);
    expect(await minPrice('MP-A')).toBe('8.25');
    // A pack moved to another product lowers one and raises the other.
    await t.db.execute(sql`update product_packs set product_id = ${b} where product_id = ${a} and size = '1 g'`);
    expect([await minPrice('MP-A'), await minPrice('MP-B')]).toEqual(['12.50', '8.25']);
    await t.db.execute(sql`delete from product_packs where product_id = ${b}`);
    expect(await minPrice('MP-B')).toBeNull();
    // A failed statement changes nothing.
    await expect(t.db.execute(sql`insert into product_packs (product_id, size, price, stock) values (${a}, '1 kg', 1.00, 0), (${a}, null, 2.00, 0)`)).rejects.toThrow();
    expect(await minPrice('MP-A')).toBe('12.50');
    // Deleting the product deletes its packs; nothing is left to update.
    await t.db.execute(sql`delete from products where id = ${a}`);
    expect(await query(sql`select 1 from product_packs where product_id = ${a}`)).toEqual([]);
  });
});

async function packFacts(id: number): Promise<{ n: number; s: boolean }> {
  const [row] = await query<{ n: number; s: boolean }>(sql`select pack_count::int as n, in_stock as s from products where id = ${id}`);
  return row!;
}

describe('the stored pack facts (migration 0010, ADR 0025)', () => {
  it('hold every seed product’s pack count and stock', async () => {
    const wrong = await query<{ n: number }>(sql`
      select count(*)::int as n from products p
      where p.pack_count <> (select count(*) from product_packs k where k.product_id = p.id)
         or p.in_stock <> coalesce((select bool_or(k.stock > 0) from product_packs k where k.product_id = p.id), false)`);
    expect(wrong[0]?.n).toBe(0);
  });

  it('follow inserts, stock changes, moves and deletes of packs', async () => {
    const a = await product('PF-A', 'Packfacts alpha');
    const b = await product('PF-B', 'Packfacts beta');
    expect(await packFacts(a)).toEqual({ n: 0, s: false });
    await t.db.execute(sql`insert into product_packs (product_id, size, price, stock) values (${a}, '1 g', 5.00, 0), (${a}, '5 g', 9.00, 0), (${b}, '1 g', 7.00, 2)`);
    expect([await packFacts(a), await packFacts(b)]).toEqual([{ n: 2, s: false }, { n: 1, s: true }]);
    await t.db.execute(sql`update product_packs set stock = 4 where product_id = ${a} and size = '5 g'`);
    expect(await packFacts(a)).toEqual({ n: 2, s: true });
    await t.db.execute(sql`update product_packs set product_id = ${b} where product_id = ${a} and size = '5 g'`);
    expect([await packFacts(a), await packFacts(b)]).toEqual([{ n: 1, s: false }, { n: 2, s: true }]);
    await t.db.execute(sql`delete from product_packs where product_id = ${b}`);
    expect(await packFacts(b)).toEqual({ n: 0, s: false });
  });
});

async function walk(q: ProductQuery): Promise<ProductPage['items']> {
  const out: ProductPage['items'] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i += 1) {
    const page: ProductPage = await listProducts(t.db, { ...q, cursor });
    out.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return out;
  }
  throw new Error('more than 100 pages');
}

describe('price sorts', () => {
  it('order by the lowest pack price both ways, products without packs last, in keyset pages', async () => {
    const all = await query<{ id: number; p: string | null }>(sql`select id::int as id, min_price::text as p from products where active`);
    const priced = all.filter((r) => r.p !== null);
    const unpriced = all.filter((r) => r.p === null).map((r) => r.id).sort((x, y) => x - y);
    expect(unpriced.length).toBeGreaterThan(0);
    const byPrice = (dir: 1 | -1) => [...priced].sort((x, y) => dir * (Number(x.p) - Number(y.p)) || x.id - y.id).map((r) => r.id);
    const asc = await walk({ lang: 'zh', sort: 'priceAsc', limit: 7 });
    expect(asc.map((i) => i.id)).toEqual([...byPrice(1), ...unpriced]);
    const desc = await walk({ lang: 'en', sort: 'priceDesc', limit: 7 });
    expect(desc.map((i) => i.id)).toEqual([...byPrice(-1), ...unpriced]);
    // The card shows the same price the list is sorted by.
    for (const card of asc.slice(0, 10)) expect(card.minPrice).toBe(priced.find((r) => r.id === card.id)?.p);
    // A pack price change moves the product in the next request.
    const last = byPrice(1).at(-1)!;
    await t.db.execute(sql`update product_packs set price = 0.01 where product_id = ${last}`);
    expect((await listProducts(t.db, { lang: 'zh', sort: 'priceAsc', limit: 1 })).items[0]?.id).toBe(last);
  });
});
