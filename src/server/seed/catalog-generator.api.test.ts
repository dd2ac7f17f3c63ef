import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import {
  buildDroppedIndexes, dropSecondaryIndexes, generatedCount, loadWithCopy, prepare, progressLine,
} from './catalog-generator';
import { ensureCartridge } from '@/server/modules/structure-search/cartridge';
import { GENERATED_ITEM_NO_SQL, generatedItemNo } from './synthetic-catalog';

// The benchmark catalogue generator: resumable loads by committed chunks, and --bulk's index handling.
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

describe('the generator progress line', () => {
  it('prints the count, the rate and the time left', () => {
    expect(progressLine(120_000, 1_000_000, 10)).toBe('  120,000 / 1,000,000 products · 12,000 products/s · 1 min 13 s left');
    expect(progressLine(1_000_000, 13_000_000, 100)).toBe('  1,000,000 / 13,000,000 products · 10,000 products/s · 20 min 0 s left');
    expect(progressLine(1_000_000, 100_000_000, 100)).toBe('  1,000,000 / 100,000,000 products · 10,000 products/s · 2 h 45 min left');
    expect(progressLine(0, 10, 0)).toBe('  0 / 10 products · 0 products/s · 0 s left');
  });
});

describe.runIf(onPostgres)('catalogue generator on PostgreSQL', () => {
  let database: TestDatabase;
  let client: postgres.Sql;
  const indexes = async (table: string): Promise<string[]> =>
    (await client<{ d: string }[]>`select pg_get_indexdef(indexrelid) as d from pg_index where indrelid = ${table}::regclass order by 1`).map((r) => r.d);

  beforeAll(async () => {
    database = await createTestDatabase({ products: 60 });
    client = postgres(database.url!, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await client.end();
    await database.destroy();
  });

  it('continues the item numbers and commits each product with its packs', async () => {
    const first = await prepare(database, { products: 0, truncate: false });
    await loadWithCopy(database.url!, 1_500, first.firstSeq, first.ctx);
    expect(await generatedCount(database.db)).toBe(1_500);
    const again = await prepare(database, { products: 0, truncate: false });
    expect(again.firstSeq).toBe(first.firstSeq + 1_500);
    await loadWithCopy(database.url!, 700, again.firstSeq, again.ctx);
    expect(await generatedCount(database.db)).toBe(2_200);
    const [facts] = await client<{ without: number; wrong: number }[]>`
      select count(*) filter (where not exists (select 1 from product_packs k where k.product_id = p.id))::int as without,
        count(*) filter (where p.pack_count <> (select count(*) from product_packs k where k.product_id = p.id)
          or p.min_price is distinct from (select min(price) from product_packs k where k.product_id = p.id))::int as wrong
      from products p where p.item_no like 'G%'`;
    expect(facts).toEqual({ without: 0, wrong: 0 });
  });

  it('gives each generated product its own substance with an InChIKey and the cartridge\u2019s columns when asked', async () => {
    const [ext] = await client<{ ok: boolean }[]>`select exists (select 1 from pg_available_extensions where name = 'rdkit') as ok`;
    if (!ext?.ok) return;
    const next = await prepare(database, { products: 0, truncate: false });
    await ensureCartridge(database);
    await loadWithCopy(database.url!, 40, next.firstSeq, next.ctx, true);
    const [facts] = await client<{ products: number; linked: number; substances: number; keys: number; cartridge: number }[]>`
      select count(*)::int as products, count(p.substance_id)::int as linked, count(distinct p.substance_id)::int as substances,
        count(*) filter (where s.inchikey ~ '^[A-Z]{14}-[A-Z]{10}-[A-Z]$')::int as keys,
        count(*) filter (where s.m is not null and s.mfp is not null)::int as cartridge
      from products p left join substances s on s.id = p.substance_id
      where p.item_no >= ${generatedItemNo(next.firstSeq)} and p.item_no ~ ${GENERATED_ITEM_NO_SQL}`;
    expect(facts).toEqual({ products: 40, linked: 40, substances: 40, keys: 40, cartridge: 40 });
  });

  it('drops only the products\u2019 secondary indexes for a bulk load and builds every one again, also after a stop', async () => {
    const products = await indexes('products');
    const packs = await indexes('product_packs');
    await dropSecondaryIndexes(client);
    const kept = await indexes('products');
    expect(kept.length).toBeLessThan(products.length);
    expect(kept.every((d) => /UNIQUE|_pkey/.test(d))).toBe(true);
    expect(await indexes('product_packs')).toEqual(packs);
    const [saved] = await client<{ n: number }[]>`select count(*)::int as n from catalog_generator_indexes`;
    expect(saved?.n).toBe(products.length - kept.length);

    // A load stopped before its indexes were built: the next bulk run drops nothing more, loads, and
    // builds every index the first run dropped.
    await dropSecondaryIndexes(client);
    const [still] = await client<{ n: number }[]>`select count(*)::int as n from catalog_generator_indexes`;
    expect(still?.n).toBe(saved?.n);
    const next = await prepare(database, { products: 0, truncate: false });
    await loadWithCopy(database.url!, 300, next.firstSeq, next.ctx);
    await buildDroppedIndexes(client);
    expect(await indexes('products')).toEqual(products);
    const [table] = await client<{ gone: boolean }[]>`select to_regclass('catalog_generator_indexes') is null as gone`;
    expect(table?.gone).toBe(true);
    // Nothing left to build: a second call is a no-op.
    await buildDroppedIndexes(client);
    expect(await indexes('products')).toEqual(products);
  });
});
