import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LONG_GRAM_KEY_MIN } from '@/server/db/schema/search-sql';
import { PgDialect } from 'drizzle-orm/pg-core';
import { bulkSetup, fileTestDatabase } from '../../../../../test/test-db';
import { brandFacets } from './facets';
import { buildListQuery, listProducts, type ProductQuery } from './products';
import { forgetNameStatistics, nameStatistics, presetNameStatistics, setNamePlanning, statisticsOf } from './statistics';
import { planName } from './name-plan';

/**
 * Name keys planned from the catalogue's statistics (ADR 0077) find exactly what they found before:
 * the same products, in the same order, with the same counts, cursors and brand facets. A generated
 * catalogue is spread over four buckets of the substring index (copies of the seeded products at ids
 * 100,000 and 200,000 apart, so that equal names tie across buckets), and every key drawn from it is
 * searched with planning off (the plan of ADR 0014 §12) and on. Runs on PGlite and PostgreSQL.
 */

const t = fileTestDatabase({ products: 1500 });
const dialect = new PgDialect();
let keys: string[] = [];

beforeAll(async () => {
  const columns = sql.raw('item_no, cas, name_zh, name_en, pinyin, pinyin_initials, synonyms, brand_id, category_id, min_price, in_stock, created_at');
  for (const [shift, suffix] of [[100_000, 'B'], [200_000, 'C']] as const) {
    await bulkSetup(t.db, sql`
      insert into products (id, ${columns})
      select id + ${shift}, item_no || ${`-${suffix}`}, cas, name_zh, name_en, pinyin, pinyin_initials, synonyms, brand_id, category_id, min_price, in_stock, created_at
      from products where id < 100000`);
  }
  await t.db.execute(sql`vacuum analyze products`);
  const rows = await t.query<{ name_zh: string; name_en: string; pinyin: string; synonyms: string }>(sql`
    select name_zh, name_en, pinyin, synonyms from products where id < 100000 and active order by id limit 12`);
  const drawn = new Set<string>();
  for (const [i, r] of rows.entries()) {
    const zh = [...r.name_zh];
    drawn.add(r.name_en); // whole English names: many chunks
    drawn.add(r.name_zh);
    drawn.add(zh.slice(i % 3, (i % 3) + 3).join(''));
    drawn.add(zh.slice(-2).join('')); // 1–2 Chinese characters
    drawn.add(r.name_en.slice(i % 5, (i % 5) + 7 + (i % 11)));
    drawn.add(r.name_en.toUpperCase().slice(0, 5));
    drawn.add(r.pinyin.slice(0, 4 + (i % 9)));
    if (r.synonyms) drawn.add(r.synonyms.slice(0, 8));
  }
  drawn.add('zzqqxy-no-such-name');
  drawn.add('methyl');
  drawn.add('酸');
  keys = [...drawn].filter((k) => k.trim().length > 0);
});

async function both<T>(search: () => Promise<T>): Promise<[T, T]> {
  setNamePlanning(t.db, false);
  const before = await search();
  setNamePlanning(t.db, true);
  return [before, await search()];
}

const base = { lang: 'en' as const, type: 3 as const, limit: 12 };

async function expectSameSearch(q: ProductQuery): Promise<void> {
  const [before, after] = await both(() => listProducts(t.db, q));
  expect(after, JSON.stringify(q)).toEqual(before);
  if (before.nextCursor) {
    const [next, nextPlanned] = await both(() => listProducts(t.db, { ...q, cursor: before.nextCursor }));
    expect(nextPlanned, JSON.stringify(q)).toEqual(next);
  }
}

describe('name keys planned from statistics', () => {
  it('plans a rare key as one scan of its rarest chunks, and a common one bucket by bucket', async () => {
    const texts = ['2ǀmethylǀbenzoicǁacid', '4ǀmethylǀphenol', 'methanol'];
    // `methyl` is in two of three sampled texts, `benzoi` and `enzoic` in one, `zzqqxy` in none.
    const large = statisticsOf(texts, 3_000_000);
    // `enzoic` and `methyl` narrow nothing beside `benzoi` (the same sampled text holds them): one posting list.
    expect(planName('methylbenzoic', large)).toEqual({ probe: ['benzoi'], prefix: false, oneScan: false, long: null });
    // Chunks are added while they narrow: `methyl` and `phenol` are each in half the sample, together in a quarter.
    const pair = statisticsOf(['2ǀmethylǀbenzene', '4ǀmethylphenol', 'phenolǁred', 'acid'], 4_000_000);
    expect(planName('methylphenol', pair)).toEqual({ probe: ['methyl', 'phenol'], prefix: false, oneScan: false, long: null });
    expect(planName('methyl', large)).toEqual({ probe: ['methyl'], prefix: true, oneScan: false, long: null });
    // In a catalogue of 300, one sampled text stands for 100 products: a key in none is rare.
    const small = statisticsOf(texts, 300);
    expect(planName('zzqqxyabcdef', small)).toEqual({ probe: ['zzqqxy'], prefix: false, oneScan: true, long: null });
    // Thirteen characters: one term of each place the key may stand costs fewer pages still (ADR 0108).
    expect(planName('methylbenzoic', small)).toEqual({
      probe: ['benzoi'], prefix: false, oneScan: true,
      long: [['methylbenzoi'], ['ethylbenzoic'], ['thylbenzoic'], ['hylbenzoic'], ['ylbenzoic'], ['lbenzoic']],
    });
    // Chunks each in a tenth of the catalogue and together in none: few candidates, but the rarest chunk's items are
    // many, each tested against the query of every bucket in one scan; bucket by bucket instead (ADR 0100).
    const apart = statisticsOf([
      ...Array.from({ length: 100 }, (_, i) => `aaaaaaǁ${i}`), ...Array.from({ length: 100 }, (_, i) => `bbbbbbǁ${i}`),
      ...Array.from({ length: 800 }, (_, i) => `filler${i}`),
    ], 1_000_000);
    // The key's long grams, without buckets, are read instead (ADR 0108): the key is twelve characters.
    expect(planName('aaaaaabbbbbb', apart)).toEqual({
      probe: ['aaaaaa', 'bbbbbb'], prefix: false, oneScan: false,
      long: [['aaaaaabbbbbb'], ['aaaaabbbbbb'], ['aaaabbbbbb'], ['aaabbbbbb'], ['aabbbbbb'], ['abbbbbb']],
    });
    // A chunk in no sampled text is rare alone: one scan.
    expect(planName('aaaaaazzqqxy', apart)).toEqual({ probe: ['zzqqxy'], prefix: false, oneScan: true, long: null });
    // Chunks that the sample finds mostly apart (`abcdef` … `ghijkl` in 100 texts, the key itself in 20): a window
    // across them, which the index holds too, is asked for beside them (ADR 0102).
    const loose = statisticsOf([
      ...Array.from({ length: 100 }, (_, i) => `abcdefǀ${i}ǀghijkl`), ...Array.from({ length: 20 }, (_, i) => `${i}ǀabcdefghijkl`),
      ...Array.from({ length: 880 }, (_, i) => `filler${i}`),
    ], 1_000_000);
    expect(planName('abcdefghijkl', loose)).toEqual({ probe: ['abcdef', 'bcdefg'], prefix: false, oneScan: false, long: null });
    // Held together as often as the key (no text holds them apart): no window.
    const tight = statisticsOf([...Array.from({ length: 120 }, (_, i) => `${i}ǀabcdefghijkl`), ...Array.from({ length: 880 }, (_, i) => `filler${i}`)], 1_000_000);
    expect(planName('abcdefghijkl', tight)).toEqual({ probe: ['abcdef'], prefix: false, oneScan: false, long: null });
    // A long key whose chunks are each in a tenth of the catalogue and never together: each chunk's entry in every
    // bucket and the candidates cost more than one gram of each place the key may stand, in one scan (ADR 0104).
    const long = statisticsOf([
      ...['abcdef', 'ghijkl', 'lmnopq'].flatMap((chunk) => Array.from({ length: 100 }, (_, i) => `${chunk}ǁ${i}`)),
      ...Array.from({ length: 700 }, (_, i) => `filler${i}`),
    ], 1_000_000, 9);
    expect(planName('abcdefghijklmnopq', long)).toMatchObject({
      long: [['abcdefghijkl'], ['bcdefghijklm'], ['cdefghijklmn'], ['defghijklmno'], ['efghijklmnop'], ['fghijklmnopq']],
    });
    // Fourteen characters: where no whole gram fits, the group asks for the start of one (ADR 0108).
    expect(planName('abcdefghijklmn', long)).toMatchObject({
      long: [['abcdefghijkl'], ['bcdefghijklm'], ['cdefghijklmn'], ['defghijklmn'], ['efghijklmn'], ['fghijklmn']],
    });
    // Grams no sampled text holds, each estimated at half a sampled text: a place's second gram costs one entry lookup and
    // leaves the products holding both, so each place asks for two, twelve characters apart where the key is long enough
    // (grams six apart share six characters and come together), else the next (ADR 0108).
    const unseen = statisticsOf(Array.from({ length: 1000 }, (_, i) => `filler${i}`), 1_000_000, 130);
    expect(planName('abcdefghijklmnopqrstuvwx', unseen)).toMatchObject({
      long: [
        ['abcdefghijkl', 'mnopqrstuvwx'], ['bcdefghijklm', 'hijklmnopqrs'], ['cdefghijklmn', 'ijklmnopqrst'],
        ['defghijklmno', 'jklmnopqrstu'], ['efghijklmnop', 'klmnopqrstuv'], ['fghijklmnopq', 'lmnopqrstuvw'],
      ],
    });
    // A place of one gram asks for no more, nor a place whose grams the sample holds (two texts hold the whole key).
    const firsts = [['abcdefghijkl'], ['bcdefghijklm'], ['cdefghijklmn'], ['defghijklmno'], ['efghijklmnop'], ['fghijklmnopq']];
    expect(planName('abcdefghijklmnopq', unseen)).toMatchObject({ long: firsts });
    const seen = statisticsOf([
      ...Array.from({ length: 2 }, (_, i) => `${i}ǀabcdefghijklmnopqrstuvwx`), ...Array.from({ length: 998 }, (_, i) => `filler${i}`),
    ], 1_000_000, 130);
    expect(planName('abcdefghijklmnopqrstuvwx', seen)).toMatchObject({ long: firsts });
    // A long key of a rare chunk in a small catalogue: its one scan costs less.
    expect(planName('zzqqxyabcdefghijk', small)).toEqual({ probe: ['zzqqxy'], prefix: false, oneScan: true, long: null });
    // Without statistics, every chunk bucket by bucket (ADR 0014 §12).
    expect(planName('methylbenzoic', null)).toEqual({ probe: ['methyl', 'benzoi', 'enzoic'], prefix: false, oneScan: false, long: null });
  });

  it('finds the same products in the same order, counts, cursors and facets with and without the plan', { timeout: 900_000 }, async () => {
    expect(keys.length).toBeGreaterThan(40);
    const stats = await nameStatistics(t.db, 2);
    expect(stats?.sampled).toBeGreaterThan(1000);
    let oneScans = 0;
    for (const key of keys) {
      const q: ProductQuery = { ...base, key };
      const text = dialect.sqlToQuery((await buildListQuery(t.db, q)).ranked ?? sql`select 1`).sql;
      if (text.includes('one as materialized')) oneScans += 1;
      await expectSameSearch(q);
      await expectSameSearch({ ...q, sort: 'priceAsc' });
      const [facets, facetsPlanned] = await both(() => brandFacets(t.db, { lang: 'zh', key, type: 3 }));
      expect(facetsPlanned, key).toEqual(facets);
    }
    // Both plans were taken: rare keys in one scan, common ones bucket by bucket.
    expect(oneScans).toBeGreaterThan(10);
    // Untyped searches plan the name path the same way beside the number paths.
    for (const key of keys.slice(0, 30)) await expectSameSearch({ lang: 'zh', key, limit: 12 });
  });

  it('finds the same for long keys read from their long grams (ADR 0104, 0108)', { timeout: 900_000 }, async () => {
    // The catalogue's texts planned as if they were a million products in 131 buckets: each bucket's entries cost more
    // than a long key's grams, so long keys take them.
    const texts = (await t.query<{ t: string }>(sql`select search_text as t from products where active`)).map((r) => r.t);
    presetNameStatistics(t.db, statisticsOf(texts, 1_000_000, 130));
    try {
      const names = await t.query<{ en: string; zh: string }>(sql`
        select name_en as en, name_zh as zh from products where id < 100000 and active and char_length(name_en) >= 24 order by id limit 10`);
      // Whole names and fragments of them from their second character (12 to 17 characters: ADR 0108 asks the shorter
      // ones for the start of a gram where no whole gram fits), and a name no product has.
      const long = [
        ...new Set(names.flatMap((n, i) => [n.en, n.en.slice(1, 13 + (i % 6)), n.zh].filter((k) => [...k].length >= LONG_GRAM_KEY_MIN))),
        'zqxjvkwpybhdmzqxjvk-no-such-name',
      ];
      expect(long.length).toBeGreaterThan(10);
      let longScans = 0;
      /** Keys read with the start of a gram in their query: a term shorter than twelve characters, `:*`. */
      let prefixScans = 0;
      for (const key of long) {
        const q: ProductQuery = { ...base, key };
        const query = dialect.sqlToQuery((await buildListQuery(t.db, q)).ranked ?? sql`select 1`);
        if (query.sql.includes('(.{1,12})')) {
          longScans += 1;
          // The long grams' query (the substring lexemes' queries are led by a bucket, `'3|…'`).
          if (query.params.some((p) => typeof p === 'string' && p.includes("':*") && !/'\d+\|/.test(p))) prefixScans += 1;
        }
        await expectSameSearch(q);
      }
      expect(longScans).toBeGreaterThan(long.length / 2);
      expect(prefixScans).toBeGreaterThan(2);
    } finally {
      forgetNameStatistics(t.db);
    }
  });

  it('gives the same results when the statistics are stale: a key they think rare past the cap reads the buckets', { timeout: 900_000 }, async () => {
    await nameStatistics(t.db, 2);
    const [ref] = await t.query<{ brand_id: number; category_id: number }>(sql`select brand_id, category_id from products order by id limit 1`);
    // 10,050 products of a name the sample has never seen, in buckets 0 and 1 (no new bucket: the sample is kept).
    await bulkSetup(t.db, sql`
      insert into products (id, item_no, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id)
      select case when g <= 5000 then 50000 + g else 150000 + g end, 'STALE-' || g, '陈旧' || g, 'Stalekey item ' || g, '', '', ${ref!.brand_id}, ${ref!.category_id}
      from generate_series(1, 10050) g`);
    await t.db.execute(sql`vacuum analyze products`);
    const q: ProductQuery = { ...base, key: 'stalekey item', limit: 20 };
    const text = dialect.sqlToQuery((await buildListQuery(t.db, q)).ranked ?? sql`select 1`).sql;
    expect(text).toContain('one as materialized');
    const [before, after] = await both(() => listProducts(t.db, q));
    expect(before).toMatchObject({ total: 1_000, totalCapped: true });
    expect(after).toEqual(before);
    await expectSameSearch({ ...q, sort: 'newest' });
    await expectSameSearch({ ...q, key: 'stalekey item 77' });
    // Sampled again, the key is common: its buckets are read one by one, for its rarest chunks.
    forgetNameStatistics(t.db);
    await nameStatistics(t.db, 2);
    const common = dialect.sqlToQuery((await buildListQuery(t.db, q)).ranked ?? sql`select 1`).sql;
    expect(common).not.toContain('one as materialized');
    const [again, againPlanned] = await both(() => listProducts(t.db, q));
    expect(againPlanned).toEqual(again);
    await expectSameSearch({ ...q, sort: 'priceAsc' });
  });
});
