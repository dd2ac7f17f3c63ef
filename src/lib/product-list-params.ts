import { sanitiseSearchKey } from './search-key';
import { parseIdText } from './id-text';

/** Sorts a product list offers (the search engine's `ProductSort`). */
export const LIST_SORTS = ['relevance', 'newest', 'itemNo', 'priceAsc', 'priceDesc'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

type Search = Record<string, string | string[] | undefined>;

/** The filters, sort and page of a product list, read from its query string. */
export interface ListParams {
  sort?: ListSort;
  brandIds: number[];
  inStock: boolean;
  /** A category filter on lists that are not a category's own list. */
  cat?: number;
  cursor?: string;
  /** A numbered page (2 and up; the first page has none), read when there is no cursor. */
  page?: number;
  /** `list`: one row per item with its packs, grouped by substance; otherwise cards. */
  view?: ListView;
}

/** How a product list shows its items. */
export type ListView = 'cards' | 'list';

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);
const all = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** An id or a page number, by the rule of ids (no leading zero). */
const positive = parseIdText;

/** The highest numbered page a list links to: 10,000 counted matches at 20 a page. */
export const MAX_LIST_PAGE = 500;

/**
 * Reads `sort`, `brand` (repeated or comma-separated ids, at most 20), `stock=1`, `cat`,
 * `cursor`, `page` and `view=list`; anything malformed is dropped rather than refused, so a hand-edited URL still lists.
 */
export function parseListParams(search: Search): ListParams {
  const sortText = first(search.sort);
  const sort = (LIST_SORTS as readonly string[]).includes(sortText ?? '') ? (sortText as ListSort) : undefined;
  const brandIds = [...new Set(all(search.brand).flatMap((v) => v.split(',')).map((v) => positive(v.trim())).filter((n): n is number => n !== undefined))].slice(0, 20);
  const stock = first(search.stock);
  const cursor = first(search.cursor);
  return {
    sort,
    brandIds,
    inStock: stock === '1' || stock === 'true' || stock === 'on',
    cat: positive(first(search.cat)),
    cursor: cursor && /^[A-Za-z0-9_-]{1,512}$/.test(cursor) ? cursor : undefined,
    page: pageNumber(first(search.page)),
    view: first(search.view) === 'list' ? 'list' : undefined,
  };
}

function pageNumber(text: string | undefined): number | undefined {
  const n = positive(text);
  return n !== undefined && n > 1 ? Math.min(n, MAX_LIST_PAGE) : undefined;
}

/**
 * The page numbers a numbered pager shows around `current`: the first, the last when the count is
 * exact, and two on each side; `null` marks a gap ("…").
 */
export function pagerNumbers(current: number, pages: number, lastKnown: boolean): (number | null)[] {
  const around = new Set<number>([1]);
  for (let n = current - 2; n <= current + 2; n += 1) if (n >= 1 && n <= pages) around.add(n);
  if (lastKnown && pages >= 1) around.add(pages);
  const sorted = [...around].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const before = sorted[i - 1];
    if (before !== undefined && n - before === 2) out.push(before + 1);
    else if (before !== undefined && n - before > 2) out.push(null);
    out.push(n);
  });
  if (!lastKnown && (sorted[sorted.length - 1] ?? 0) < pages) out.push(null);
  return out;
}

/** A search key from the query (`sk` or `searchKey`), cleaned by the shared rule; undefined when empty. */
export function parseSearchKey(value: string | string[] | undefined): string | undefined {
  const text = first(value);
  if (text === undefined) return undefined;
  return sanitiseSearchKey(text) || undefined;
}

/** Query values as strings, without the empty ones (for links that keep the list's other parameters). */
export function listQuery(values: Record<string, string | number | boolean | number[] | undefined | null>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === false || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length > 0) out[k] = v.join(',');
    } else out[k] = v === true ? '1' : String(v);
  }
  return out;
}
