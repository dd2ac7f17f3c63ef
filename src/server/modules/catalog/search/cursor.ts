import 'server-only';
import { z } from 'zod';

export type ProductSort = 'relevance' | 'newest' | 'itemNo' | 'priceAsc' | 'priceDesc';

/** Thrown for a cursor that does not decode, is malformed, or belongs to another sort. */
export class InvalidCursorError extends Error {
  constructor(message = 'Invalid cursor') {
    super(message);
    this.name = 'InvalidCursorError';
  }
}

/**
 * A keyset position: the sort it belongs to, the direction of the page it asks for ('n' the
 * rows after the position, 'p' the rows before it) and the sort key of the row at the position,
 * ending with the product id (ADR 0015).
 */
export interface Cursor {
  sort: ProductSort;
  dir: 'n' | 'p';
  key: (string | number)[];
  /** The number of the page the cursor leads to (1-based), for numbered pagers; absent on older cursors. */
  page?: number;
}

/** The highest page number a cursor may carry (10,000 matches of one row per page, with room). */
export const MAX_PAGE_NUMBER = 10_001;

/** Shape of each sort's key, so that a decoded cursor is checked before it reaches SQL. */
const KEY_SCHEMAS: Record<ProductSort, z.ZodType<(string | number)[]>> = {
  // tier, closeness rank, id
  relevance: z.tuple([z.number().int().min(0).max(5), z.number().int().min(0).max(100_000), z.number().int().positive()]),
  // created_at (UTC, microseconds), id
  newest: z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.number().int().positive()]),
  itemNo: z.tuple([z.string().min(1).max(200), z.number().int().positive()]),
  // price key as a decimal string (products without packs sort last), id
  priceAsc: z.tuple([z.string().regex(/^-?\d{1,15}(\.\d{1,2})?$/), z.number().int().positive()]),
  priceDesc: z.tuple([z.string().regex(/^-?\d{1,15}(\.\d{1,2})?$/), z.number().int().positive()]),
};

const ENVELOPE = z.object({
  v: z.literal(1),
  s: z.enum(['relevance', 'newest', 'itemNo', 'priceAsc', 'priceDesc']),
  d: z.enum(['n', 'p']),
  k: z.array(z.union([z.string(), z.number()])).max(3),
  g: z.number().int().min(1).max(MAX_PAGE_NUMBER).optional(),
}).strict();

export function encodeCursor(cursor: Cursor): string {
  const envelope = { v: 1, s: cursor.sort, d: cursor.dir, k: cursor.key, ...(cursor.page ? { g: cursor.page } : {}) };
  return Buffer.from(JSON.stringify(envelope), 'utf8').toString('base64url');
}

export function decodeCursor(raw: string, expectedSort: ProductSort): Cursor {
  if (raw.length > 1000 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw new InvalidCursorError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  const envelope = ENVELOPE.safeParse(parsed);
  if (!envelope.success) throw new InvalidCursorError();
  if (envelope.data.s !== expectedSort) throw new InvalidCursorError('The cursor belongs to another sort order');
  const key = KEY_SCHEMAS[expectedSort].safeParse(envelope.data.k);
  if (!key.success) throw new InvalidCursorError();
  return { sort: expectedSort, dir: envelope.data.d, key: key.data, ...(envelope.data.g ? { page: envelope.data.g } : {}) };
}
