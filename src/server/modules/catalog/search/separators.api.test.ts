import { sanitiseSearchKey } from '@/lib/search-key';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fileTestDatabase } from '../../../../../test/test-db';
import { listProducts, type ProductQuery } from './products';

/** Names with separators and punctuation, and long keys, against the search text (ADR 0014 §5, §12). */
const t = fileTestDatabase({ products: 50 });

const { query } = t;


const base: ProductQuery = { lang: 'zh', limit: 20 };

describe('separators and long keys (search_text holds separators as letters)', () => {
  const names = {
    whole: '3-bromo-4-cyano-5-tert-butylbenzoic acid',
    // Holds the start, middle and end windows of `whole` (3-brom, -tert-, c acid) in order.
    decoy: '3-bromo-2-chloro-5-tert-butylbenzoic acid',
    spaces: '3 bromo 4 cyano 5 tert butylbenzoic acid',
    punctuated: "N,N-Dimethyl-[2'-(q.z)]formamide",
  };
  let ids: Record<keyof typeof names, number>;

  beforeAll(async () => {
    const [ref] = await query<{ brand_id: number; category_id: number }>(sql`select brand_id, category_id from products order by id limit 1`);
    const entries = Object.entries(names) as [keyof typeof names, string][];
    const out: Partial<Record<keyof typeof names, number>> = {};
    for (const [i, [k, en]] of entries.entries()) {
      const [row] = await query<{ id: number }>(sql`
        insert into products (item_no, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id)
        values (${`ZZ-30${i}`}, ${`分隔符测试${i}`}, ${en}, '', '', ${ref?.brand_id}, ${ref?.category_id}) returning id::int as id`);
      out[k] = Number(row?.id);
    }
    ids = out as Record<keyof typeof names, number>;
  });

  const found = async (key: string): Promise<number[]> => (await listProducts(t.db, { ...base, key, type: 3, limit: 100 })).items.map((i) => i.id);

  it('matches a long key as a whole, not by the window the index reads', async () => {
    const hits = await found(names.whole);
    expect(hits).toContain(ids.whole);
    expect(hits).not.toContain(ids.decoy);
    expect(hits).not.toContain(ids.spaces);
    expect(await found(names.decoy.toUpperCase())).toEqual([ids.decoy]);
  });

  it('finds a name with commas, brackets, quotes and dots by the key the search box sends', async () => {
    const key = sanitiseSearchKey(names.punctuated);
    expect(key).toBe("N N-Dimethyl- 2 - q z  formamide");
    expect(await found(key)).toEqual([ids.punctuated]);
    expect(await found(sanitiseSearchKey('dimethyl-[2'))).toEqual([ids.punctuated]);
  });

  it('keeps hyphens, spaces and the letters that stand for them apart', async () => {
    const hyphen = await found('3-bromo-');
    expect(hyphen).toEqual(expect.arrayContaining([ids.whole, ids.decoy]));
    expect(hyphen).not.toContain(ids.spaces);
    expect(await found('3 bromo 4')).toContain(ids.spaces);
    expect(await found('3 bromo 4')).not.toContain(ids.whole);
    // U+01C0 is how search_text stores a hyphen; typed by the user it matches nothing here.
    expect(await found('3ǀbromoǀ4')).toEqual([]);
    expect((await listProducts(t.db, { ...base, key: '3ǀbromoǀ4', type: 3 })).total).toBe(0);
  });
});
