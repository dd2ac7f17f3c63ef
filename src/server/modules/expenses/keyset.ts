import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '@/server/errors';

/**
 * Keyset cursors of the CRM lists: the sort value (a microsecond time stamp or an amount, as text)
 * and the id of the last row of a page, base64url JSON.
 */
export function encodeKeyset(value: string, id: number): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

const STAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const AMOUNT = /^\d{1,12}\.\d{2}$/;

export function decodeKeyset(cursor: string, kind: 'stamp' | 'amount'): [string, number] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [v, id] = value as unknown[];
      if (typeof v === 'string' && (kind === 'stamp' ? STAMP : AMOUNT).test(v) && typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= 2_147_483_647) return [v, id];
    }
  } catch { /* refused below */ }
  throw new AppError(400, 'badRequest', [{ field: 'cursor', message: 'invalidCursor' }]);
}

/** The page condition and order of a keyset list over `column` then `id`. */
export function keysetPage(column: SQL, id: SQL, kind: 'stamp' | 'amount', desc: boolean, cursor: string | undefined): { after: SQL | null; order: SQL } {
  const cast = kind === 'stamp' ? sql`timestamptz` : sql`numeric`;
  let after: SQL | null = null;
  if (cursor) {
    const [v, last] = decodeKeyset(cursor, kind);
    after = desc ? sql`(${column}, ${id}) < (${v}::${cast}, ${last}::int)` : sql`(${column}, ${id}) > (${v}::${cast}, ${last}::int)`;
  }
  return { after, order: desc ? sql`order by ${column} desc, ${id} desc` : sql`order by ${column} asc, ${id} asc` };
}

/** A microsecond UTC stamp of a column, for the cursor. */
export const stampOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

