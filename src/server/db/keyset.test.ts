import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { openPglite, type PgliteHandle } from './client';
import { decodeKeyset, encodeKeyset, keysetList, stampOf, type KeysetInput } from './keyset';

interface Row { id: number; stamp: string; amount: string; tag: string }
interface Item { id: number; createdAt: string; amount: string }

let handle: PgliteHandle;

/** Ten rows: three share one time stamp and four share one amount, so ties are ordered by id alone. */
beforeAll(async () => {
  handle = await openPglite('memory://');
  await handle.db.execute(sql`create table items (id int primary key, created_at timestamptz not null, amount numeric(12, 2) not null, tag text not null)`);
  await handle.db.execute(sql`insert into items values
    (1, '2026-01-01T00:00:00.000001Z', 5.00, 'a'), (2, '2026-01-02T00:00:00Z', 5.00, 'a'), (3, '2026-01-02T00:00:00Z', 7.50, 'b'),
    (4, '2026-01-02T00:00:00Z', 5.00, 'a'), (5, '2026-01-03T00:00:00Z', 1.25, 'a'), (6, '2026-01-04T00:00:00Z', 5.00, 'b'),
    (7, '2026-01-05T00:00:00Z', 9.99, 'a'), (8, '2026-01-06T00:00:00Z', 0.00, 'a'), (9, '2026-01-07T00:00:00Z', 3.00, 'a'),
    (10, '2026-01-08T00:00:00Z', 3.00, 'a')`);
}, 120_000);

afterAll(async () => {
  await handle.close();
});

const list = (input: KeysetInput, tag?: string) => keysetList<Row, Item>(handle.db, input, {
  select: sql`select id, ${stampOf(sql`created_at`)} as stamp, amount::text as amount, tag from items`,
  from: sql`from items`,
  filters: tag ? [sql`tag = ${tag}`] : [],
  id: sql`id`,
  createdAt: sql`created_at`,
  amount: { sort: 'amount', column: sql`amount`, of: (item) => item.amount },
  toItem: (row) => ({ id: row.id, createdAt: row.stamp, amount: row.amount }),
});

/** Every page of a sort, `limit` rows at a time, as the ids of each page. */
async function walk(sort: string, limit: number, tag?: string): Promise<{ pages: number[][]; totals: number[] }> {
  const pages: number[][] = [];
  const totals: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await list({ sort, limit, cursor }, tag);
    pages.push(page.items.map((item) => item.id));
    totals.push(page.total);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 20);
  return { pages, totals };
}

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('keyset cursors', () => {
  it('carry the sort value and the id, base64url JSON, and decode to what was encoded', () => {
    const cursor = encodeKeyset('2026-01-02T00:00:00.000000Z', 4);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))).toEqual(['2026-01-02T00:00:00.000000Z', 4]);
    expect(decodeKeyset(cursor, 'stamp')).toEqual(['2026-01-02T00:00:00.000000Z', 4]);
    expect(decodeKeyset(encodeKeyset('1234.50', 2_147_483_647), 'amount')).toEqual(['1234.50', 2_147_483_647]);
  });

  it('refuse what does not decode or does not fit the sort with 400 invalidCursor', () => {
    const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad: [string, 'stamp' | 'amount'][] = [
      ['bogus', 'stamp'], ['', 'stamp'], [json({ v: '1.00', id: 1 }), 'amount'], [json(['1.00', 1, 2]), 'amount'],
      [encodeKeyset('1.00', 1), 'stamp'], [encodeKeyset('2026-01-02T00:00:00.000000Z', 1), 'amount'], [encodeKeyset('2026-01-02T00:00:00Z', 1), 'stamp'],
      [encodeKeyset('1.5', 1), 'amount'], [encodeKeyset('-1.00', 1), 'amount'], [encodeKeyset('1.00', 0), 'amount'], [encodeKeyset('1.00', 1.5), 'amount'],
      [encodeKeyset('1.00', 2_147_483_648), 'amount'], [json(['1.00', '1']), 'amount'],
    ];
    for (const [cursor, kind] of bad) {
      const error = refusal(() => decodeKeyset(cursor, kind));
      expect(error.code, cursor).toBe(400);
      expect(error.details, cursor).toEqual([{ field: 'cursor', message: 'invalidCursor' }]);
    }
  });
});

describe('keysetList', () => {
  it('pages the newest first through equal time stamps by id, each row once, with the whole count on every page', async () => {
    const { pages, totals } = await walk('-createdAt', 3);
    expect(pages).toEqual([[10, 9, 8], [7, 6, 5], [4, 3, 2], [1]]);
    expect(totals).toEqual([10, 10, 10, 10]);
  });

  it('pages the oldest first, and by amount either way, ties by id in the same direction', async () => {
    expect((await walk('createdAt', 4)).pages).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10]]);
    expect((await walk('-amount', 2)).pages).toEqual([[7, 3], [6, 4], [2, 1], [10, 9], [5, 8]]);
    expect((await walk('amount', 3)).pages).toEqual([[8, 5, 9], [10, 1, 2], [4, 6, 3], [7]]);
  });

  it('ends without a next cursor when the last page is full, and filters the count as the rows', async () => {
    const { pages, totals } = await walk('-createdAt', 5);
    expect(pages).toEqual([[10, 9, 8, 7, 6], [5, 4, 3, 2, 1]]);
    expect(totals).toEqual([10, 10]);
    const b = await walk('-amount', 1, 'b');
    expect(b.pages).toEqual([[3], [6]]);
    expect(b.totals).toEqual([2, 2]);
  });

  it('answers 400 to a bad cursor and to a cursor of the other sort', async () => {
    await expect(list({ sort: '-createdAt', limit: 3, cursor: 'bogus' })).rejects.toMatchObject({ code: 400, details: [{ field: 'cursor', message: 'invalidCursor' }] });
    const byTime = await list({ sort: '-createdAt', limit: 3 });
    await expect(list({ sort: '-amount', limit: 3, cursor: byTime.nextCursor ?? '' })).rejects.toMatchObject({ code: 400, messageKey: 'badRequest' });
  });
});
