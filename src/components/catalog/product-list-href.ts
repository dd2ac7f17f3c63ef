import { listQuery, type ListParams } from '@/lib/product-list-params';

/** The parameters a link changes on top of the list's own. */
export type ListHrefExtra = Record<string, string | number | boolean | number[] | undefined>;

/** A link to the same list with some parameters changed. */
export type ListHref = (extra: ListHrefExtra) => { pathname: string; query: Record<string, string> };

/** Links keep the page's own parameters, the filters, the view and the sort; `extra` changes some of them. */
export function listHref(pathname: string, baseQuery: Record<string, string>, list: ListParams): ListHref {
  const filters = { brand: list.brandIds, stock: list.inStock, cat: list.cat, view: list.view };
  return (extra) => ({
    pathname,
    query: listQuery({ ...baseQuery, ...filters, sort: list.sort, ...extra }),
  });
}
