import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { PreparedQuery } from './prepare';

/** Matches counted exactly; past it a list says "10,000+" (ADR 0015). */
export const COUNT_CAP = 10_000;

/**
 * Matches a search with a key ranks, counts and facets (ADR 0107); past it the page says "1,000+". Each match is a heap
 * row read (the key's indexes give no more than where the row lies): 10,001 of them cost a broad name key 100–250 ms at
 * 13M products, scattered over as many pages. Lists without a key count from the kept counts (ADR 0078), and the
 * other sorts of a keyed search still count to COUNT_CAP to choose between collecting the matches and walking the
 * sort's index (`listProducts`).
 */
export const KEY_COUNT_CAP = 1_000;

/** The matches a query counts exactly, past which its total says "cap+": KEY_COUNT_CAP with a key, else COUNT_CAP. */
export function countCapOf(prepared: PreparedQuery): number {
  return prepared.key ? KEY_COUNT_CAP : COUNT_CAP;
}

/** Columns of each part of the capped matches (the product id first, as `id`). */
export interface MatchColumns {
  /** Rows found through the number paths, or every row when the name path has no buckets. */
  all: SQL;
  /** Rows found through the name path (`KeyConditions.nameTier` may stand in for the tier). */
  name?: SQL;
  /**
   * Rows found through the brand path: what the brands' index alone can give, so that the
   * capped products of a brand are read from the index, not the heap. A row with more than one tier (a
   * brand's product that also matches the name) then comes from two parts, and the smallest
   * (tier, rank) is kept. Null: leave the brand path out (the ranked pass reads it apart).
   */
  brand?: SQL | null;
  /** The parts' rows differ in more than the id (tiers): keep one row per id, the best. */
  ranked?: boolean;
}

/**
 * The first `cap` matches of a query, with the given columns. When the name path is read through
 * the substring lexemes it goes bucket by bucket and stops at the cap, so a frequent key reads one
 * bucket instead of a bitmap of every match; the number and brand paths are read beside it through
 * their own indexes (ADR 0014 §12). Any part reaching the cap makes the union reach it, and when
 * none does all are complete, so the capped count is exact.
 */
export function cappedMatchesSql(prepared: PreparedQuery, columns: MatchColumns, cap: number): SQL {
  const buckets = prepared.key?.buckets;
  if (!buckets) return sql`select ${columns.all} from products p where ${prepared.where} limit ${cap}`;
  const nameColumns = columns.name ?? columns.all;
  const byBucket = sql`select x.* from generate_series(0, ${sql.raw(String(buckets.last))}) bk(b)
      cross join lateral (select ${nameColumns} from products p where ${prepared.filters} and ${buckets.name(sql.raw('bk.b'))} limit ${cap}) x
      limit ${cap}`;
  // A key the statistics find rare is read from every bucket in one scan (ADR 0077). Fewer rows than
  // the cap are all its matches, the same rows the buckets give; at the cap the buckets are read as
  // before (their order decides which matches are the first `cap`), behind a one-time filter.
  // The scan has no LIMIT of its own: the planner cannot estimate the lexemes of every bucket OR-ed
  // (at 13M it expected two million rows for a key in none) and, asked for the first `cap` of them,
  // walked a whole index of active products testing each row's lexemes: over 30 s. Planned for
  // all its rows it is the substring index's bitmap; `one` still reads no more than `cap` of them,
  // as a WITH query runs only as far as it is read.
  const name = buckets.oneScan
    ? sql`with one_all as materialized (select ${nameColumns} from products p where ${prepared.filters} and ${buckets.oneScan}),
        one as materialized (select * from one_all limit ${cap}),
        one_n as materialized (select count(*) as n from one)
      select o.* from one o where (select c.n from one_n c) < ${cap}
      union all
      select b.* from (${byBucket}) b where (select c.n from one_n c) >= ${cap}`
    : byBucket;
  const parts: SQL[] = [name];
  if (buckets.numbers) parts.push(sql`select ${columns.all} from products p where ${prepared.filters} and ${buckets.numbers} limit ${cap}`);
  if (buckets.brands && columns.brand !== null) {
    parts.push(sql`select ${columns.brand ?? columns.all} from products p where ${prepared.filters} and ${buckets.brands} limit ${cap}`);
  }
  if (parts.length === 1) return parts[0] as SQL;
  const union = sql.join(parts.map((part) => sql`(${part})`), sql` union all `);
  return columns.ranked
    ? sql`select distinct on (u.id) u.* from (${union}) u order by u.id, u.tier, u.rank limit ${cap}`
    : sql`select distinct u.* from (${union}) u limit ${cap}`;
}

/** Matching rows up to `cap` + 1: never an unbounded count. */
export function cappedCountSql(prepared: PreparedQuery, cap: number): SQL {
  return sql`select count(*)::int as n from (${cappedMatchesSql(prepared, { all: sql`p.id` }, cap + 1)}) capped`;
}
