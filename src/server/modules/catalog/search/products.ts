import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { ProductCardDto } from '@/contracts/catalog';
import type { Lang } from '@/lib/lang';
import { rowsOf, type Db } from '@/server/db/client';
import { priceAscSql, priceDescSql } from '@/server/db/schema/search-sql';
import { cappedCountSql, cappedMatchesSql, COUNT_CAP, countCapOf } from './capped';
import { loadCards } from './cards';
import { facetsOf, withFacets, type FacetsColumn, type PageFacet } from './facets';
import type { KeyConditions } from './conditions';
import { decodeCursor, encodeCursor, type Cursor, type ProductSort } from './cursor';
import type { SearchTypeCode } from './key';
import { prepareQuery, type PreparedQuery } from './prepare';
import { inTransaction, WALK_SETTINGS, withSearchSettings } from './settings';
import { scopeCountSql } from './summary';
import { lanesSql } from './lanes';

/** 1..max; anything that is not a finite number gives 20. */
export function clampLimit(limit: number, max: number): number {
  return Number.isFinite(limit) ? Math.min(max, Math.max(1, Math.trunc(limit))) : Math.min(20, max);
}
export const MAX_LIMIT = 100;

export interface ProductQuery {
  lang: Lang;
  key?: string;
  type?: SearchTypeCode;
  /** The key as typed, before the search-key cleaning: a SMILES or InChI typed into the search box (ADR 0075). */
  structureKey?: string;
  flag?: 'hot' | 'new' | 'special';
  /** See FilterInput.flagWindow. */
  flagWindow?: boolean;
  categoryId?: number;
  brandIds?: number[];
  inStock?: boolean;
  sort?: ProductSort;
  cursor?: string | null;
  /**
   * A numbered page (1-based) read without a cursor: the first `(page - 1) * limit` rows are
   * skipped, never past the capped count (see `pageOffset`). A cursor, when given, wins.
   */
  page?: number;
  limit: number;
  /**
   * Also count the brand facets in the same pass over the matches (at most MAX_FACETS): only a
   * keyed search by relevance without a brand filter can, as its matches are the facets' matches
   * (`brandFacets` counts the same). `ProductPage.facets` says whether they came.
   */
  facets?: boolean;
}

export interface ProductPage {
  items: ProductCardDto[];
  nextCursor: string | null;
  prevCursor: string | null;
  /** The number of this page (1-based); null when a cursor from before numbered pages led here. */
  page: number | null;
  total: number;
  totalCapped: boolean;
  notice: 'casCheckDigit' | null;
  /** With a key: what it was searched as (see `resolvePlan`). */
  searched: PreparedQuery['searched'];
  /** The brand facets of the matches, when asked for and counted in the same pass; else absent. */
  facets?: PageFacet[];
}

interface SortSpec {
  /** Sort key expressions, all ordered in `dir`, the product id last. */
  exprs: SQL[];
  dir: 'asc' | 'desc';
  /** SQL type of each key (for the cursor parameters). */
  casts: string[];
}

/** Sorts other than relevance: one sort key and the id, each walkable by an index. */
function sortSpec(sort: Exclude<ProductSort, 'relevance'>): SortSpec {
  switch (sort) {
    case 'newest':
      return { exprs: [sql.raw('p.created_at'), sql.raw('p.id')], dir: 'desc', casts: ['timestamptz', 'int'] };
    case 'itemNo':
      return { exprs: [sql.raw('p.item_no'), sql.raw('p.id')], dir: 'asc', casts: ['text', 'int'] };
    case 'priceAsc':
      // The stored lowest pack price (kept by triggers), through products_price_asc_idx.
      return { exprs: [sql.raw(priceAscSql('p.')), sql.raw('p.id')], dir: 'asc', casts: ['numeric', 'int'] };
    case 'priceDesc':
      return { exprs: [sql.raw(priceDescSql('p.')), sql.raw('p.id')], dir: 'asc', casts: ['numeric', 'int'] };
  }
}

function effectiveSort(q: ProductQuery, hasKey: boolean): ProductSort {
  const sort = q.sort ?? (hasKey ? 'relevance' : 'newest');
  return sort === 'relevance' && !hasKey ? 'newest' : sort;
}

interface Direction {
  /** The page runs forward in the sort's own order. */
  ascending: boolean;
  backwards: boolean;
  order: SQL;
  /** `order` as text, for building ORDER BY lists. */
  orderText: string;
  cmp: SQL;
}

/**
 * Nulls last going forward and first going back, so that a backward page is the same index read
 * in reverse (no sort column is null; the clause only has to match the indexes).
 */
function direction(sortAscending: boolean, backwards: boolean): Direction {
  const ascending = sortAscending !== backwards;
  const orderText = `${ascending ? 'asc' : 'desc'} nulls ${backwards ? 'first' : 'last'}`;
  return {
    ascending,
    backwards,
    order: sql.raw(orderText),
    orderText,
    cmp: sql.raw(ascending ? '>' : '<'),
  };
}

export interface BuiltList {
  prepared: PreparedQuery;
  sort: ProductSort;
  cursor: Cursor | null;
  limit: number;
  /** Rows skipped before the page (a numbered page without a cursor); 0 with a cursor. */
  skip: number;
  /**
   * Relevance: one pass that ranks the first `cap` + 1 matches together with the rows that
   * must never be cut (exact and prefix numbers, exact names) and counts the matches (ADR 0015).
   */
  ranked: SQL | null;
  /**
   * Other sorts: the page in the sort's order. With a key and more than COUNT_CAP matches it runs
   * as an index walk (WALK_SETTINGS: sequential and bitmap scans off), so that the planner follows the
   * sort's index instead of collecting and sorting every match.
   */
  walk: SQL | null;
  /** Other sorts, at most COUNT_CAP matches: collect the matches by the filters' indexes, then sort. */
  collect: SQL | null;
  /**
   * A list without a key of categories or brands (any sort but relevance), or a flagged list of categories
   * newest first: the page read lane by lane, one short range of a covering index per category (or brand),
   * merged (`lanes.ts`, ADR 0078, 0088). Runs beside the count, whatever it is.
   */
  lanes: SQL | null;
  /**
   * A flagged list of neither categories nor brands: walk the flag's own index whatever the count
   * (`products_*_newest_idx` gives the page's rows first; collecting would read every flagged row).
   */
  walkAlways: boolean;
  /** The total: the kept counts for a list without a key (exact), else the capped count. */
  count: SQL | null;
  /** Matches counted exactly (`countCapOf`): past it the total says "cap+" and numbered pages stop. */
  cap: number;
}

/**
 * Rows skipped for a numbered page: `(page - 1) * limit`, kept below the capped count so that a
 * numbered page never reads past the `cap` matches the total names (ADR 0015, 0107); further pages
 * are reached by cursor.
 */
export function pageOffset(page: number | undefined, limit: number, cap: number): number {
  if (!page || page <= 1) return 0;
  const lastStart = Math.floor((cap - 1) / limit) * limit;
  return Math.min((Math.floor(page) - 1) * limit, lastStart);
}

/** Rows of the head (numbers and exact names) read at most, beside the capped matches. */
const HEAD_LIMIT = 200;

/** The SQL of one list request, without running it (the EXPLAIN test and the benchmark read it too). */
export async function buildListQuery(db: Db, q: ProductQuery): Promise<BuiltList> {
  const limit = clampLimit(q.limit, MAX_LIMIT);
  const prepared = await prepareQuery(db, q);
  const sort = effectiveSort(q, prepared.key !== null);
  const cap = countCapOf(prepared);
  // Decode before answering an empty result, so that a bad cursor is always reported.
  const cursor: Cursor | null = q.cursor ? decodeCursor(q.cursor, sort) : null;
  const skip = cursor ? 0 : pageOffset(q.page, limit, cap);
  const built: BuiltList = {
    prepared, sort, cursor, limit, skip, ranked: null, walk: null, collect: null, lanes: null, walkAlways: false, count: null, cap,
  };
  if (prepared.empty) return built;
  const backwards = cursor?.dir === 'p';
  if (sort === 'relevance' && prepared.key) {
    built.count = cappedCountSql(prepared, cap);
    const facets = Boolean(q.facets) && !(q.brandIds && q.brandIds.length > 0);
    built.ranked = rankedSql(prepared, prepared.key, cursor, { limit, skip, cap }, direction(true, backwards), facets);
    return built;
  }
  // The other sorts count to COUNT_CAP whatever the key, to choose between collecting the matches and walking the
  // sort's index (`listProducts`); the total shows no more than `cap` of them.
  built.count = prepared.scope ? scopeCountSql(prepared.scope) : cappedCountSql(prepared, COUNT_CAP);
  if (sort === 'relevance') throw new Error('relevance needs a key');
  const spec = sortSpec(sort);
  const dir = direction(spec.dir === 'asc', backwards);
  const order = sql.join(spec.exprs.map((e) => sql`${e} ${dir.order}`), sql`, `);
  const params = cursor ? sql.join(cursor.key.map((v, i) => sql`${v}::${sql.raw(spec.casts[i] ?? 'text')}`), sql`, `) : null;
  // The walk tests each row it reads, so it takes the key in its strpos form; collecting reads the indexes.
  const walkConditions = [prepared.scanWhere];
  if (params) walkConditions.push(sql`(${sql.join(spec.exprs, sql`, `)}) ${dir.cmp} (${params})`);
  const first = sort === 'newest'
    ? sql`to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql`(${spec.exprs[0]})::text`;
  if (prepared.scope) built.lanes = lanesSql(prepared.scope, sort, params, limit, skip, dir);
  if (sort === 'newest' && prepared.scope) {
    built.walkAlways = Boolean(prepared.scope.flag) && !prepared.scope.categoryIds && !prepared.scope.brandIds;
  }
  built.walk = sql`
      select p.id::int as id, ${first} as k0
      from products p
      where ${sql.join(walkConditions, sql` and `)}
      order by ${order}
      limit ${limit + 1} offset ${skip}`;
  // Below the cap the matches (at most 10,000) are collected as the capped count reads them — a key
  // bucket by bucket through the substring index, filters through their own indexes — then sorted. One
  // query over every bucket at once made PostgreSQL test each match against the whole key again
  // (3.9 s for 9,726 matches at 13M products, against 0.2 s bucket by bucket).
  const columns = sql.join([sql`p.id::int as id`, sql`${first} as k0`, ...spec.exprs.map((e, i) => sql`${e} as ${sql.raw(`s${i}`)}`)], sql`, `);
  const sortColumns = spec.exprs.map((_, i) => sql.raw(`s.s${i}`));
  const outerOrder = sql.join(sortColumns.map((c) => sql`${c} ${dir.order}`), sql`, `);
  const outerAfter = params ? sql`where (${sql.join(sortColumns, sql`, `)}) ${dir.cmp} (${params})` : sql``;
  built.collect = sql`
      select s.id, s.k0 from (${cappedMatchesSql(prepared, { all: columns }, COUNT_CAP + 1)}) s
      ${outerAfter}
      order by ${outerOrder}
      limit ${limit + 1} offset ${skip}`;
  return built;
}

/**
 * Relevance in one pass. `found` is the first `cap` + 1 matches (all of them, unless the total
 * says "1,000+"), `head` the rows no cap may drop; both are ranked by tier, closeness and id, and
 * `found` is counted. Past the cap the order ranks the first 1,001 matches found plus the head:
 * reading and ranking every match of a key like 苯甲酸 (a fifth of the catalogue) is what made the
 * previous attempt slow (ADR 0015), and ranking 10,001 made a broad name key read as many heap pages
 * (ADR 0107). Both sets are the same on every page, so keyset pages hold.
 */
function rankedSql(prepared: PreparedQuery, key: KeyConditions, cursor: Cursor | null, at: { limit: number; skip: number; cap: number }, dir: Direction, facets: boolean): SQL {
  const { limit, skip, cap } = at;
  // Each part gives its best rows up to the end of the page; the page itself skips `skip` of them.
  const take = limit + 1 + skip;
  const keyset = (alias: string): SQL => (cursor
    ? sql`and (${sql.raw(`${alias}.tier, ${alias}.rank, ${alias}.id`)}) ${dir.cmp} (${cursor.key[0]}::int, ${cursor.key[1]}::int, ${cursor.key[2]}::int)`
    : sql``);
  const order = (alias: string): SQL => sql.raw(['tier', 'rank', 'id'].map((c) => `${alias}.${c} ${dir.orderText}`).join(', '));
  // With facets every match carries its brand: the name and number paths read the row for the
  // tier and rank anyway, and the brand path reads it from the brands' index.
  const brandColumn = facets ? sql`, p.brand_id::int as brand_id` : sql``;
  const columns = sql`p.id::int as id, ${key.tier}::int as tier, ${key.rank}::int as rank${brandColumn}`;
  // With a head, a matching brand's products are read apart from the name and number matches
  // (below); without one (never for a name key) they are a part of `found` like the others.
  const brands = key.head ? key.buckets?.brands ?? null : null;
  const found = cappedMatchesSql(prepared, {
    all: columns,
    name: sql`p.id::int as id, ${key.nameTier}::int as tier, ${key.rank}::int as rank${brandColumn}`,
    // A product of a matching brand that is not a name match: tier 4, ranked by id.
    brand: brands ? null : sql`p.id::int as id, 4 as tier, 0 as rank${brandColumn}`,
    ranked: true,
  }, cap + 1);
  // The page is the best rows of the found matches and of the head together: each part gives its
  // own best `limit + 1` (a top-N sort, not a hash of 1,001 rows), and those are ranked. A head row
  // is taken from the head alone: in `found` it may carry a lesser tier (a brand's product past the
  // cap of the name path), and one row must have one position on every page.
  if (!key.head) {
    return withFacets({ facets, cap }, sql`found as materialized (${found})`, sql`select f.brand_id from found f`, sql`
      select f.id, f.tier, f.rank, (select count(*)::int from found) as n
      from found f where true ${keyset('f')}
      order by ${order('f')}
      limit ${limit + 1} offset ${skip}`);
  }
  // A brand's products that match by the brand alone (tier 4, by id) are the first `cap` + 1
  // of the brand's index less the rows of `found` and of the head: counted and paged straight from
  // the index, where sorting them with the name matches to keep one row per product cost a brand
  // search most of its time (ADR 0014 §13).
  // One brand's come in id order from its index, so the anti-joins below need no sort of their ids.
  const byId = key.buckets?.oneBrand ? sql`order by p.id` : sql``;
  const brandRows = brands ? sql`select p.id::int as id${brandColumn} from products p where ${prepared.filters} and ${brands} ${byId} limit ${cap + 1}` : null;
  const total = brandRows
    ? sql`select least(${cap + 1}, (select count(*) from found)
        + (select count(*) from (${brandRows}) b where not exists (select 1 from found f where f.id = b.id)))::int as n`
    : sql`select count(*)::int as n from found`;
  const brandPage = brandRows
    ? sql`
      union all
      (select x.id, x.tier, x.rank from (
        select b.id, 4 as tier, 0 as rank from (${brandRows}) b
        where not exists (select 1 from found f where f.id = b.id) and not exists (select 1 from head h where h.id = b.id)) x
        where true ${keyset('x')} order by ${order('x')} limit ${take})`
    : sql``;
  // The head is read only past the cap: below it `found` holds every match, the head's rows with
  // the same tier and rank (its SQL is the same), and reading them twice cost an item-number prefix
  // search its 200 heap rows for nothing.
  // The facets' matches are the total's: those found, and the brand's own not among them.
  const facetRows = brandRows
    ? sql`select f.brand_id from found f
        union all select b.brand_id from (${brandRows}) b where not exists (select 1 from found f where f.id = b.id)`
    : sql`select f.brand_id from found f`;
  return withFacets({ facets, cap }, sql`found as materialized (${found}),
    total as materialized (${total}),
    head as materialized (
      select ${columns} from products p
      where (select t.n from total t) > ${cap} and ${prepared.filters} and ${key.head}
      limit ${HEAD_LIMIT}),
    m as (
      (select f.id, f.tier, f.rank from found f
        where not exists (select 1 from head h where h.id = f.id) ${keyset('f')}
        order by ${order('f')} limit ${take})
      union all
      (select h.id, h.tier, h.rank from head h where true ${keyset('h')} order by ${order('h')} limit ${take})
      ${brandPage}
    )
`, facetRows, sql`
    select m.id, m.tier, m.rank, (select t.n from total t) as n
    from m
    order by ${order('m')}
    limit ${limit + 1} offset ${skip}`);
}

async function countOf(db: Db, query: SQL): Promise<number> {
  return Number(rowsOf<{ n: number }>(await db.execute(query))[0]?.n ?? 0);
}

interface PageRow {
  id: number;
  k0?: string;
  tier?: number;
  rank?: number;
  n?: number;
  /** With facets, on the first row (see `facetsOf`). */
  facets?: FacetsColumn;
}

/** Products of a search or list, one keyset page at a time (ADR 0015). */
export async function listProducts(db: Db, q: ProductQuery): Promise<ProductPage> {
  const built = await buildListQuery(db, q);
  const { prepared, sort, cursor, limit, skip, cap } = built;
  if (!built.count || !(built.walk ?? built.ranked)) {
    return { items: [], nextCursor: null, prevCursor: null, page: 1, total: 0, totalCapped: false, notice: prepared.notice, searched: prepared.searched };
  }
  let rows: PageRow[];
  let total: number;
  if (built.ranked) {
    // A key search never scans products sequentially, however frequent the key (ADR 0014).
    [rows, total] = await withSearchSettings(db, async (s) => {
      const r = rowsOf<PageRow>(await s.execute(built.ranked as SQL));
      return [r, r.length > 0 ? Number(r[0]?.n ?? 0) : await countOf(s, built.count as SQL)];
    });
  } else if (built.lanes) {
    const lanes = built.lanes;
    [rows, total] = await withSearchSettings(db, async (s) => {
      const [r, n] = await Promise.all([s.execute(lanes), countOf(s, built.count as SQL)]);
      return [rowsOf<PageRow>(r), n];
    });
  } else {
    [rows, total] = await withSearchSettings(db, async (s) => {
      const n = await countOf(s, built.count as SQL);
      // Past the cap the matches are dense: walk the sort's index. Below it, collect them through
      // the filters' indexes and sort: a walk could read the whole index for a rare category the
      // planner thinks common.
      if (n > COUNT_CAP || built.walkAlways) {
        return [await inTransaction(s, WALK_SETTINGS, async (tx) => rowsOf<PageRow>(await tx.execute(built.walk as SQL))), n];
      }
      return [rowsOf<PageRow>(await s.execute(built.collect as SQL)), n];
    });
  }

  const backwards = cursor?.dir === 'p';
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (backwards) page.reverse();
  const keyOf = (row: PageRow): (string | number)[] => (sort === 'relevance'
    ? [Number(row.tier), Number(row.rank), Number(row.id)]
    : [String(row.k0), Number(row.id)]);
  // The page's number: from the cursor that led here, or from the rows skipped.
  const number = cursor ? cursor.page ?? null : skip / limit + 1;
  const at = (row: PageRow | undefined, dir: 'n' | 'p'): string | null => {
    if (!row) return null;
    const target = number === null ? undefined : dir === 'n' ? number + 1 : Math.max(1, number - 1);
    return encodeCursor({ sort, dir, key: keyOf(row), ...(target ? { page: target } : {}) });
  };
  const facets = facetsOf(rows[0]);
  const first = page[0];
  const last = page[page.length - 1];
  const nextCursor = backwards ? at(last, 'n') : more ? at(last, 'n') : null;
  const prevCursor = backwards ? (more ? at(first, 'p') : null) : cursor || skip > 0 ? at(first, 'p') : null;
  return {
    items: await loadCards(db, page.map((r) => Number(r.id)), q.lang),
    nextCursor,
    prevCursor,
    page: number,
    total: Math.min(total, cap),
    totalCapped: total > cap,
    notice: null,
    searched: prepared.searched,
    ...(facets ? { facets } : {}),
  };
}
