import type { Db } from '@/server/db/client';
import { presetDb } from '@/server/db/client';
import { SEARCH_SESSION } from '@/server/modules/catalog/search/settings';

/**
 * The plan checks of the page-plan test (src/server/modules/catalog/page-plans.api.test.ts, ADR 0025, 0078): the
 * statements a page's calls send, captured from the handles, EXPLAINed as sent, and read for rows that grow with
 * the catalogue or the orders.
 */

/** A statement sent, and the handle it went through (EXPLAINed through the same, with that handle's session settings). */
export interface Captured { query: string; params: unknown[]; via: Db }
export const captured: Captured[] = [];

/**
 * Every statement the database handle sends, as Drizzle logs it (the handle's own session; transactions included),
 * and on PostgreSQL every statement of the pool whose sessions start with the search's settings (`presetDb`), which
 * the lists' counts, lanes, collects and walks go through.
 */
export function capture(db: Db): void {
  for (const via of [db, presetDb(db, SEARCH_SESSION)]) {
    if (!via) continue;
    const session = (via as unknown as { session?: { logger?: unknown; options?: { logger?: unknown } } }).session;
    if (!session) throw new Error('the Drizzle session is not where this test expects it: update capture()');
    session.logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params, via }) };
    // A transaction's session (PGlite's search settings, SET LOCAL) takes its logger from the handle's options.
    if (session.options) session.options.logger = session.logger;
  }
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/**
 * Rows of products or packs one statement of a storefront page may read (ADR 0078): a page's own rows and their
 * packs, never a share of the catalogue. A capped count reads 10,001, a list's brand facets as many again.
 */
export const READ_BUDGET = 1_000;
const READ_CHECKED = new Set(['products', 'product_packs']);

/** What a plan run with ANALYZE read of products and packs, per scan: the rows it gave and those its filters dropped, over every loop. */
export function rowsRead(node: PlanNode): { scan: string; rows: number }[] {
  const found: { scan: string; rows: number }[] = [];
  const relation = node['Relation Name'];
  if (relation && READ_CHECKED.has(relation) && /Scan/.test(node['Node Type'])) {
    const perLoop = (node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
    found.push({ scan: `${node['Node Type']} on ${relation} (${node['Index Name'] ?? ''})`, rows: perLoop * (node['Actual Loops'] ?? 1) });
  }
  for (const child of node.Plans ?? []) found.push(...rowsRead(child));
  return found;
}

/** Tables a page may walk in an index's order under a LIMIT (the list's own rows), and tables only ever read by an index condition. */
const WALKED = new Set(['products', 'orders']);
const GROWING = new Set([...WALKED, 'product_packs', 'product_lots', 'order_items', 'invoices', 'invoice_payments']);
/**
 * Partial indexes whose rows are a bounded share of their table, read whole on purpose: open receivables, and the
 * flagged products with a promotion window, which the kept counts leave out and the lists count live (ADR 0078).
 */
const PARTIAL = new Set(['invoices_open_due_idx', 'products_promo_window_idx']);
/** Tables also read in any order under a LIMIT: the order desk's count stops at its cap, whichever way the rows come. */
const COUNTED = new Set(['orders']);

/** The reasons a plan reads a number of rows that grows with the catalogue (or the orders); empty when it does not. */
export function growthProblems(node: PlanNode, underLimit = false): string[] {
  const problems: string[] = [];
  const relation = node['Relation Name'];
  const scan = node['Node Type'];
  if (relation && GROWING.has(relation)) {
    if (scan === 'Seq Scan') {
      if (!(underLimit && COUNTED.has(relation))) problems.push(`Seq Scan on ${relation}`);
    }
    else if (/Scan/.test(scan) && !node['Index Cond'] && scan !== 'Bitmap Heap Scan' && !PARTIAL.has(node['Index Name'] ?? '')) {
      if (!WALKED.has(relation)) problems.push(`${scan} of every row of ${relation} (${node['Index Name'] ?? ''})`);
      else if (!underLimit) problems.push(`${scan} of every ${relation === 'products' ? 'product' : 'order'} without a LIMIT (${node['Index Name'] ?? ''})`);
    }
  }
  const limited = underLimit || scan === 'Limit';
  for (const child of node.Plans ?? []) problems.push(...growthProblems(child, limited));
  return problems;
}

export async function explain(driver: 'postgres' | 'pglite', statement: Captured, analyze = false): Promise<PlanNode> {
  // EXPLAIN of the very statement, parameters bound as the page sent them, through the handle that sent it.
  const client = (statement.via as unknown as { $client: unknown }).$client;
  const text = `explain (${analyze ? 'analyze, ' : ''}format json) ${statement.query}`;
  let rows: Record<string, unknown>[];
  if (driver === 'postgres') {
    rows = await (client as { unsafe: (q: string, p: unknown[]) => Promise<Record<string, unknown>[]> }).unsafe(text, statement.params);
  } else {
    rows = (await (client as { query: (q: string, p: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }).query(text, statement.params)).rows;
  }
  const value = Object.values(rows[0] ?? {})[0];
  const json = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  return json[0]!.Plan;
}
