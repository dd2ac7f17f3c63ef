import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '@/server/db/client';
import { fileTestDatabase, bulkSetup } from '../../../../../test/test-db';
import { buildListQuery, listProducts, type ProductQuery } from './products';

/**
 * Lane-by-lane pages (ADR 0078, 0088) give the rows the collect-and-sort read of ADR 0015 gives: the same rows in the
 * same order, ties by id, the same cursor keys, for category lists (a top category and leaves, with a brand filter or
 * not), brand lists and flagged lists of a category or of brands, in stock or not, in every sort but relevance, numbered pages 1–3
 * and the next and previous cursors of each. 2,000 generated products beside the seed, with many ties of date and price,
 * products without packs, withdrawn products and promotion windows open and closed. PGlite and PostgreSQL.
 */
const t = fileTestDatabase({ products: 60 });

let categories: number[] = [];
let brands: number[] = [];

beforeAll(async () => {
  await bulkSetup(t.db, sql`
    insert into products (item_no, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id,
      is_hot, is_new, is_special, promo_starts_at, promo_ends_at, created_at, active)
    select 'LN' || lpad((g * 7919 % 2003)::text, 5, '0'), '车道' || g, 'Lane ' || g, 'chedao', 'cd', b.id, c.id,
      g % 3 = 0, g % 4 = 1, g % 5 = 2,
      case when g % 17 = 0 then now() - interval '2 days' when g % 19 = 0 then now() + interval '2 days' end,
      case when g % 17 = 0 then now() + interval '2 days' when g % 23 = 0 then now() - interval '1 day' end,
      date_trunc('hour', now()) - make_interval(hours => g % 150), g % 61 <> 5
    from generate_series(1, 2000) g
    cross join lateral (select id from brands order by id offset (g % 6) limit 1) b
    cross join lateral (select id from categories where leaf order by id offset (g * 13 % 9) limit 1) c`);
  // 0–3 packs each, few distinct prices (ties), in stock or not.
  await bulkSetup(t.db, sql`
    insert into product_packs (product_id, size, price, stock, lead_time_days, sort)
    select p.id, k || 'g', (5 * ((p.id * k) % 9))::numeric(12,2) + 1, (p.id + k) % 3, 0, k
    from products p cross join lateral generate_series(1, p.id % 4) k
    where p.item_no like 'LN%'`);
  await t.db.execute(sql`analyze`);
  const tops = rowsOf<{ id: number }>(await t.db.execute(sql`
    select c.id::int as id from categories c where c.parent_id is null order by c.id limit 3`));
  const leaves = rowsOf<{ id: number }>(await t.db.execute(sql`select distinct category_id::int as id from products order by 1 limit 6`));
  categories = [...tops, ...leaves].map((r) => Number(r.id));
  brands = rowsOf<{ id: number }>(await t.db.execute(sql`select distinct brand_id::int as id from products order by 1 limit 6`)).map((r) => Number(r.id));
});

interface Row { id: number; k0: string }

async function rows(statement: SQL | null): Promise<Row[]> {
  expect(statement).not.toBeNull();
  return rowsOf<Row>(await t.db.execute(statement as SQL)).map((r) => ({ id: Number(r.id), k0: String(r.k0) }));
}

/** The lanes' rows and the collect's rows of one request, which must be equal. */
async function compare(q: ProductQuery): Promise<number> {
  const built = await buildListQuery(t.db, q);
  const label = JSON.stringify(q);
  expect(built.lanes, `no lanes for ${label}`).not.toBeNull();
  const lanes = await rows(built.lanes);
  expect(lanes, label).toEqual(await rows(built.collect));
  return lanes.length;
}

const sorts = ['newest', 'itemNo', 'priceAsc', 'priceDesc'] as const;

describe('lane-by-lane pages', () => {
  it('give the collect-and-sort read\u2019s rows for random lists, pages and cursors', async () => {
    const list = fc.record({
      kind: fc.constantFrom('category', 'brand', 'flag'),
      category: fc.nat(categories.length - 1),
      brand: fc.nat(brands.length - 1),
      brandFilter: fc.boolean(),
      flag: fc.constantFrom('hot' as const, 'new' as const, 'special' as const),
      inStock: fc.boolean(),
      sort: fc.constantFrom(...sorts),
      limit: fc.constantFrom(3, 7, 20),
      page: fc.integer({ min: 1, max: 3 }),
    });
    let compared = 0;
    let nonEmpty = 0;
    await fc.assert(fc.asyncProperty(list, async (l) => {
      const q: ProductQuery = { lang: 'zh', limit: l.limit, inStock: l.inStock, sort: l.kind === 'flag' ? 'newest' : l.sort };
      if (l.kind === 'brand') q.brandIds = [brands[l.brand]!];
      else q.categoryId = categories[l.category];
      if (l.kind === 'category' && l.brandFilter) q.brandIds = [brands[l.brand]!, brands[(l.brand + 1) % brands.length]!];
      if (l.kind === 'flag') q.flag = l.flag;
      if ((await compare({ ...q, page: l.page })) > 0) nonEmpty++;
      // The cursors the page hands out, forward and back, and the ones after them.
      const page = await listProducts(t.db, { ...q, page: l.page });
      for (const cursor of [page.nextCursor, page.prevCursor]) {
        if (!cursor) continue;
        await compare({ ...q, cursor });
        const next = await listProducts(t.db, { ...q, cursor });
        for (const again of [next.nextCursor, next.prevCursor]) if (again) await compare({ ...q, cursor: again });
      }
      compared++;
    }), { numRuns: 60, seed: 88 });
    expect(compared).toBe(60);
    expect(nonEmpty).toBeGreaterThan(40);
  });

  it('give a brand\u2019s flagged lists (no category) the plain query\u2019s rows, through the brand\u2019s flagged index', async () => {
    let nonEmpty = 0;
    for (const flag of ['hot', 'new', 'special'] as const) {
      for (const [i, inStock] of [[0, false], [1, true], [2, false]] as const) {
        const q: ProductQuery = { lang: 'zh', limit: 7, sort: 'newest', flag, inStock, brandIds: i === 2 ? [brands[0]!, brands[3]!] : [brands[i]!] };
        for (const page of [1, 2, 3]) if ((await compare({ ...q, page })) > 0) nonEmpty++;
        let cursor: string | null = null;
        let seen = 0;
        do {
          await compare({ ...q, cursor });
          const answer = await listProducts(t.db, { ...q, cursor });
          seen += answer.items.length;
          if (answer.prevCursor) await compare({ ...q, cursor: answer.prevCursor });
          cursor = answer.nextCursor;
        } while (cursor);
        expect(seen, JSON.stringify(q)).toBe((await listProducts(t.db, { ...q, limit: 100 })).total);
      }
    }
    expect(nonEmpty).toBeGreaterThan(15);
    const built = await buildListQuery(t.db, { lang: 'zh', limit: 20, sort: 'newest', flag: 'hot', brandIds: [brands[0]!] });
    expect(built.walkAlways).toBe(false);
    const plan = rowsOf<Record<string, string>>(await t.db.execute(sql`explain ${built.lanes!}`)).map((r) => Object.values(r)[0]).join('\n');
    expect(plan).toContain('products_brand_flagged_idx');
  });

  it('page through a whole category in every sort, both ways, as the collect does', async () => {
    for (const sort of sorts) {
      const q: ProductQuery = { lang: 'zh', limit: 50, sort, categoryId: categories[0] };
      let cursor: string | null = null;
      let seen = 0;
      do {
        await compare({ ...q, cursor });
        const page = await listProducts(t.db, { ...q, cursor });
        seen += page.items.length;
        if (page.prevCursor) await compare({ ...q, cursor: page.prevCursor });
        cursor = page.nextCursor;
      } while (cursor);
      const [row] = rowsOf<{ n: number }>(await t.db.execute(buildListQueryCount(q)));
      expect(seen).toBe(Number(row!.n));
    }
  });
});

function buildListQueryCount(q: ProductQuery): SQL {
  return sql`with recursive tree(id) as (select ${q.categoryId}::int union all select c.id from categories c join tree on c.parent_id = tree.id)
    select count(*)::int as n from products p where p.active and p.category_id in (select id from tree)`;
}
