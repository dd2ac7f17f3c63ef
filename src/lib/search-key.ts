/** Search types (docs/requirements/storefront.md#search-types): 1 item number, 2 CAS number, 3 product name, 4 brand. */
export const SEARCH_TYPES = [1, 2, 3, 4] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_KEY_MAX = 50;

/**
 * The search-key rule (docs/requirements/storefront.md#search-key): regular-expression metacharacters, single and double
 * quotes, semicolon, equals and comma become spaces; the result is trimmed and capped.
 * Control characters (NUL and the rest of C0, DEL) become spaces too: a pasted binary key can
 * never reach the database, where PostgreSQL would refuse a NUL in a text parameter.
 */
export function sanitiseSearchKey(input: string): string {
  return input
    .slice(0, SEARCH_KEY_MAX)
    .replace(/[\\^$.*+?()[\]{}|/'";=,，；]/g, ' ')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim();
}

export function parseSearchType(value: unknown): SearchType | null {
  const n = Number(value);
  return (SEARCH_TYPES as readonly number[]).includes(n) ? (n as SearchType) : null;
}
