import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { fileTestDatabase } from '../../../../../test/test-db';
import { buildListQuery, listProducts } from './products';
import { withSearchSettings } from './settings';

/**
 * A catalogue the size of the demo's: the planner must read name keys through the substring index, or
 * check each row's plain substring before its lexemes. Costed as ordinary operators, a row's lexemes looked cheap, so it read every active row
 * and computed them per row — a key that matched nothing took 0.5 s on the demo database.
 */
const t = fileTestDatabase({ products: 2000 });

beforeAll(async () => {
  await t.db.execute(sql`analyze products`);
});

async function explainRanked(key: string): Promise<string> {
  const built = await buildListQuery(t.db, { lang: 'zh', limit: 20, key, type: 3 });
  return withSearchSettings(t.db, async (db) =>
    rowsOf<Record<string, string>>(await db.execute(sql`explain (costs off) ${built.ranked!}`)).map((r) => Object.values(r)[0]).join('\n'));
}

describe('name keys on a small catalogue', () => {
  it('never compute a row\'s lexemes before its cheap text check, whether they match or not', async () => {
    for (const key of ['龘龘龘', '\ufffd\ufffd\ufffd', '甲醇', '乙酸乙酯', 'acid', 'xyzq', '龘']) {
      const text = await explainRanked(key);
      // Either the substring index finds the rows, or (the demo catalogue's few active rows read whole)
      // each row meets the plain substring check first, so a key that matches nothing costs no lexemes.
      const lexemeFilters = text.split('\n').filter((line) => line.includes('array_to_tsvector') && line.includes('Filter:'));
      const guarded = lexemeFilters.every((line) => /Filter: \(\(strpos\(search_text/.test(line));
      expect(/Bitmap Index Scan on products_search_substr_idx/.test(text) || (lexemeFilters.length > 0 && guarded), `${key}\n${text}`).toBe(true);
    }
  });

  it('answer a key that matches nothing with an empty page, and a key that matches with its products', async () => {
    const none = await listProducts(t.db, { lang: 'zh', key: '龘龘龘', type: 3, limit: 20 });
    expect(none).toMatchObject({ items: [], total: 0 });
    const some = await listProducts(t.db, { lang: 'zh', key: '甲醇', type: 3, limit: 20 });
    expect(some.total).toBeGreaterThan(0);
    expect(some.items.every((p) => p.name.includes('甲醇'))).toBe(true);
  });
});
