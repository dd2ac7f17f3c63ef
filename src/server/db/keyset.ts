import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '@/server/errors';
import { rowsOf, type Db } from './client';

/*
 * Keyset pages of the back-office lists (ADR 0015): rows ordered by a sort value (the creation time,
 * or an amount) and then the id, a page read after the last row of the one before. The cursor is that
 * row's sort value (a microsecond UTC time stamp, or an amount as text) and id, base64url JSON.
 */

export type KeysetKind = 'stamp' | 'amount';

export function encodeKeyset(value: string, id: number): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

const STAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const AMOUNT = /^\d{1,12}\.\d{2}$/;

/** The sort value and id of a cursor; 400 `invalidCursor` for one that does not decode or does not fit `kind`. */
export function decodeKeyset(cursor: string, kind: KeysetKind): [string, number] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [v, id] = value as unknown[];
      if (typeof v === 'string' && (kind === 'stamp' ? STAMP : AMOUNT).test(v) && typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= 2_147_483_647) return [v, id];
    }
  } catch { /* refused below */ }
  throw new AppError(400, 'badRequest', [{ field: 'cursor', message: 'invalidCursor' }]);
}

/** A microsecond UTC stamp of a column, for the cursor. */
export const stampOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** What a list's query asks for: the sort (`createdAt` or the amount's name, `-` first for descending), the cursor and the page size. */
export interface KeysetInput {
  sort: string;
  cursor?: string | undefined;
  limit: number;
}

export interface KeysetListQuery<R, T extends { id: number; createdAt: string }> {
  /** `select … from …` of the page's rows (the creation time selected through `stampOf`). */
  select: SQL;
  /** `from …` of the count: the same tables the filters name. */
  from: SQL;
  filters: SQL[];
  /** The id column, the tie-break of every order. */
  id: SQL;
  /** The creation time column, the order of every sort but the amount's. */
  createdAt: SQL;
  /** The amount sort: its name in `sort`, its column (numeric) and its value in an item (a decimal string). */
  amount: { sort: string; column: SQL; of: (item: T) => string };
  toItem: (row: R) => T;
  /** Count no further than one row past this (a list of a table that grows without bound shows "10,000+"); all rows when absent. */
  countCap?: number;
}

export interface KeysetList<T> {
  total: number;
  items: T[];
  nextCursor: string | null;
}

/**
 * One keyset page of a list: the rows after the cursor by (sort value, id), `limit + 1` read to know
 * whether a next page exists, and the count of every row the filters match (up to `countCap + 1`), read beside the page.
 */
export async function keysetList<R, T extends { id: number; createdAt: string }>(db: Db, input: KeysetInput, query: KeysetListQuery<R, T>): Promise<KeysetList<T>> {
  const byAmount = input.sort.endsWith(query.amount.sort);
  const kind: KeysetKind = byAmount ? 'amount' : 'stamp';
  const column = byAmount ? query.amount.column : query.createdAt;
  const desc = input.sort.startsWith('-');
  const filters = [...query.filters];
  if (input.cursor) {
    const [value, last] = decodeKeyset(input.cursor, kind);
    const cast = byAmount ? sql`numeric` : sql`timestamptz`;
    filters.push(desc ? sql`(${column}, ${query.id}) < (${value}::${cast}, ${last}::int)` : sql`(${column}, ${query.id}) > (${value}::${cast}, ${last}::int)`);
  }
  const order = desc ? sql`order by ${column} desc, ${query.id} desc` : sql`order by ${column} asc, ${query.id} asc`;
  const where = (list: SQL[]) => (list.length > 0 ? sql`where ${sql.join(list, sql` and `)}` : sql``);
  const [count, rows] = await Promise.all([
    db.execute(query.countCap === undefined
      ? sql`select count(*)::int as n ${query.from} ${where(query.filters)}`
      : sql`select count(*)::int as n from (select 1 ${query.from} ${where(query.filters)} limit ${query.countCap + 1}) c`),
    db.execute(sql`${query.select} ${where(filters)} ${order} limit ${input.limit + 1}`),
  ]);
  const list = rowsOf<R>(rows);
  const items = list.slice(0, input.limit).map(query.toItem);
  const last = items[items.length - 1];
  return {
    total: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0),
    items,
    nextCursor: list.length > input.limit && last ? encodeKeyset(byAmount ? query.amount.of(last) : last.createdAt, last.id) : null,
  };
}
