/** Search types (docs/requirements/storefront.md#search-types): 1 item number, 2 CAS number, 3 product name, 4 brand. */
export const SEARCH_TYPES = [1, 2, 3, 4] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_KEY_MAX = 50;

/** Dashes a pasted CAS number or item number may carry (hyphen, non-breaking hyphen, figure dash, en and em dash, minus sign, small hyphen-minus). */
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63]/g;
const SUBSCRIPT_DIGITS = /[\u2080-\u2089]/g;

/**
 * What a buyer types, as the catalogue writes it: full-width ASCII (`６４－１７－５`, `Ｃ２Ｈ６Ｏ`, typed with a
 * Chinese input method) becomes ASCII, the ideographic space a space, every dash a hyphen, subscript
 * digits (H₂O) plain digits. One character for one, so lengths and caps are unchanged. The search, the
 * suggestions and the "could not find it" log all read the key through `sanitiseSearchKey`, which starts here.
 */
export function foldSearchText(input: string): string {
  return input
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .replace(DASHES, '-')
    .replace(SUBSCRIPT_DIGITS, (c) => String.fromCharCode(c.charCodeAt(0) - 0x2080 + 48));
}

/**
 * The search-key rule (docs/requirements/storefront.md#search-key): regular-expression metacharacters, single and double
 * quotes, semicolon, equals and comma become spaces; the result is trimmed and capped. Full-width input is
 * folded first (`foldSearchText`).
 * Control characters (NUL and the rest of C0, DEL) become spaces too: a pasted binary key can
 * never reach the database, where PostgreSQL would refuse a NUL in a text parameter.
 */
export function sanitiseSearchKey(input: string): string {
  return foldSearchText(input)
    .slice(0, SEARCH_KEY_MAX)
    .replace(/[\\^$.*+?()[\]{}|/'";=,，；]/g, ' ')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim();
}

export function parseSearchType(value: unknown): SearchType | null {
  const n = Number(value);
  return (SEARCH_TYPES as readonly number[]).includes(n) ? (n as SearchType) : null;
}
