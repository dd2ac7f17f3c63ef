import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { ProductCardDto } from '@/contracts/catalog';
import type { BrandFacetDto } from '@/contracts/catalog-browse';
import type { Lang } from '@/lib/lang';
import { rowsOf, type Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { loadCards } from '@/server/modules/catalog/search/cards';
import { COUNT_CAP } from '@/server/modules/catalog/search/capped';
import { filterConditions, intArray } from '@/server/modules/catalog/search/conditions';
import { hasCartridge, MORGAN_BITS } from './cartridge';
import { embeddedHits } from './embedded';
import { readingFault, readStructureKey } from './engine';
import { byInchikey, exactLookup, isInchikeyKey } from './exact';
import { structureBrandFacets } from './facets';
import { byScore, bySize, fromHalves, giveTurn, hasProducts, type Hits, type ProductFilter } from './hits';

/**
 * Structure search (ADR 0075): exact (the stored canonical SMILES, else the InChIKey: exact.ts, ADR 0081),
 * substructure and similarity (Tanimoto on 2048-bit Morgan fingerprints, radius 2), on the RDKit
 * cartridge when the database has it, else by screening a snapshot of the stored fingerprints in the
 * structure workers (embedded.ts). Answers substances in result order with
 * their products, one numbered page of products at a time.
 */

export const STRUCTURE_MODES = ['exact', 'sub', 'sim'] as const;
export type StructureMode = (typeof STRUCTURE_MODES)[number];
export const DEFAULT_THRESHOLD = 0.7;
export const MIN_THRESHOLD = 0.3;
/** The time budget of one search; past it the answer is the hits found so far, `partial`. */
export const STRUCTURE_SEARCH_MS = 3000;

export type StructureEngine = 'cartridge' | 'embedded';

export interface StructureSearchParams {
  /** A SMILES (up to 1,000 characters) or a MOL block (up to 20,000). */
  key: string;
  mode: StructureMode;
  /** Similarity only: 0.3–1.0; default 0.7. */
  threshold?: number;
  lang: Lang;
  brandIds?: number[];
  categoryId?: number;
  inStock?: boolean;
  /** Also count the matches' brands (without the brand filter), as the list's facets. */
  facets?: boolean;
  /** 1-based page of products. */
  page: number;
  limit: number;
  /** Forces an engine (tests, benchmarks); by default the cartridge when the database has it. */
  engine?: StructureEngine;
  /** Time budget in ms (default STRUCTURE_SEARCH_MS). */
  budgetMs?: number;
}

export interface StructureSubstanceDto {
  id: number;
  smiles: string;
  inchikey: string;
  formula: string;
  weight: number;
}

export interface StructureGroup {
  substance: StructureSubstanceDto;
  /** Tanimoto score in similarity mode (1 for the same structure); null otherwise. */
  similarity: number | null;
  products: ProductCardDto[];
}

export interface StructureSearchResult {
  /** The query as RDKit writes it canonically. */
  canonicalSmiles: string;
  /** This page's products grouped by substance, substances in result order. */
  groups: StructureGroup[];
  /** Matching products, exact up to 10,000 (`countCapped` past it). */
  count: number;
  countCapped: boolean;
  /** The time budget ran out: the hits are those found by then, and the count is a lower bound. */
  partial: boolean;
  page: number;
  limit: number;
  engine: StructureEngine;
  /** The similarity threshold applied (similarity mode). */
  threshold: number;
  /** When asked for: the brands of the matches under every filter but the brand one, with their counts. */
  facets?: BrandFacetDto[];
}

function clampThreshold(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return DEFAULT_THRESHOLD;
  return Math.min(1, Math.max(MIN_THRESHOLD, value));
}

function isTimeout(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: string }).code === '57014') return true;
  }
  return false;
}

/** A read-only query under a statement timeout and cartridge settings (SET LOCAL); null when it ran out of time. */
async function timed<T>(db: Db, ms: number, settings: Record<string, string>, work: (tx: Db) => Promise<T>): Promise<T | null> {
  try {
    return await db.transaction(async (tx) => {
      const calls = Object.entries({ statement_timeout: String(Math.max(50, Math.round(ms))), ...settings })
        .map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
      await tx.execute(sql`select ${sql.join(calls, sql`, `)}`);
      return work(tx);
    });
  } catch (error) {
    if (isTimeout(error)) return null;
    throw error;
  }
}

/**
 * The two halves of the substances by id parity, each with partial indexes of its own, which a search screens at
 * once on two connections so that both cores work (ADR 0094): GiST on the molecule (`substances_m_gist_even` /
 * `_odd`, `id % 2`) for substructures, GIN on the fingerprint (`substances_mfp_gin_even` / `_odd`, `id & 1`) for
 * similarity. The two families name their halves differently so that neither's index can serve the other's query
 * as a filter, and a query names its half as a constant, as the index's predicate does, or the planner cannot use it.
 */
export const MOL_HALVES = ['s.id % 2 = 0', 's.id % 2 = 1'] as const;
export const FP_HALVES = ['(s.id & 1) = 0', '(s.id & 1) = 1'] as const;

type SubRow = { id: number; heavy_atoms: number };

async function cartridgeSub(db: Db, smiles: string, filters: ProductFilter, deadline: number, needed: number): Promise<Hits> {
  // The index scanned in its own order, so that the limit stops it: a bitmap scan (the planner's choice, as
  // it cannot tell how common a fragment is) screens the whole index first — every substance for benzene (ADR 0093).
  const settings = { enable_bitmapscan: 'off' };
  const screen = (half: number, cap: number, ms: number) => timed(db, ms, settings, (tx) => tx.execute(sql`
    select s.id, s.heavy_atoms from substances s
    where s.m @> mol_from_smiles(${smiles}::cstring) and ${sql.raw(MOL_HALVES[half] ?? 'false')} and ${hasProducts(filters)}
    limit ${cap}`)).then((result) => (result ? rowsOf<SubRow>(result) : null));
  const rows = await fromHalves((half, cap) => screen(half, cap, deadline - Date.now()), COUNT_CAP + 1);
  if (rows) return { ids: bySize(rows), scores: null, partial: false };
  // A fragment too common to finish in time: the first hits each half's index gives, enough for the page.
  const left = Math.max(500, deadline - Date.now());
  const first = await Promise.all([screen(0, needed, left), screen(1, needed, left)]);
  return { ids: bySize(first.flatMap((found) => found ?? [])), scores: null, partial: true };
}

async function cartridgeSim(db: Db, smiles: string, threshold: number, filters: ProductFilter, deadline: number, needed: number): Promise<Hits> {
  // Every neighbour over the threshold, ranked, half by half at once. Each half's GIN index screens them: a
  // neighbour at 0.7 holds at least 70 % of the query's bits, so at least one of any 30 % + 1 of them; the index
  // reads only the lists of the rarest that many and counts each candidate's shared bits before a row is read
  // (ADR 0094).
  const ranked = (half: number, at: number, cap: number, ms: number) => timed(db, ms,
    { 'rdkit.tanimoto_threshold': String(at), 'rdkit.morgan_fp_size': String(MORGAN_BITS) },
    (tx) => tx.execute(sql`
      with q as (select morganbv_fp(mol_from_smiles(${smiles}::cstring), 2) as fp)
      select s.id, tanimoto_sml(s.mfp, q.fp) as score from substances s, q
      where s.mfp % q.fp and ${sql.raw(FP_HALVES[half] ?? 'false')} and ${hasProducts(filters)}
      order by score desc, s.id
      limit ${cap}`)).then((result) => (result ? rowsOf<{ id: number; score: number }>(result).map((r) => ({ id: Number(r.id), score: Number(r.score) })) : null));
  const halves = await Promise.all([0, 1].map((half) => ranked(half, threshold, COUNT_CAP + 1, deadline - Date.now())));
  if (halves[0] && halves[1]) return byScore(halves.flatMap((pairs) => pairs ?? []));
  // Too many neighbours to rank in time (a low threshold on a large catalogue): the nearest ones, found again
  // halfway between the threshold and 1, where the index screens fewer; enough for the page, and partial.
  const closer = Math.min(1, threshold + (1 - threshold) / 2);
  const left = Math.max(500, deadline - Date.now());
  const first = await Promise.all([0, 1].map((half) => ranked(half, closer, needed, left)));
  return { ...byScore(first.flatMap((pairs) => pairs ?? [])), partial: true };
}

/**
 * Searches the catalogue by structure. A key that does not parse, or is over a cap, is a 400 whose
 * message says why (`structureInvalid*`, `structureKeyTooLong`, `smilesTooManyAtoms`,
 * `structureTooComplex`); a full worker pool a 503.
 */
export async function searchByStructure(db: Db, params: StructureSearchParams): Promise<StructureSearchResult> {
  const started = Date.now();
  const deadline = started + (params.budgetMs ?? STRUCTURE_SEARCH_MS);
  const query = await readQuery(db, params.key, params.mode);
  if (query.kind !== 'ok') {
    const fault = readingFault(query);
    throw new AppError(400, fault?.key ?? 'structureInvalidSyntax', fault?.details ?? {});
  }
  const page = Math.max(1, Math.trunc(params.page));
  const limit = Math.max(1, Math.min(100, Math.trunc(params.limit)));
  const engine: StructureEngine = params.engine ?? ((await hasCartridge(db)) ? 'cartridge' : 'embedded');
  const threshold = clampThreshold(params.threshold);
  const base = { canonicalSmiles: query.smiles, page, limit, engine, threshold };
  const only = { categoryId: params.categoryId, inStock: params.inStock };
  const branded = params.brandIds !== undefined && params.brandIds.length > 0;
  await giveTurn();
  const [conditions, facetConditions] = await Promise.all([
    filterConditions(db, { ...only, brandIds: params.brandIds }),
    params.facets && branded ? filterConditions(db, only) : Promise.resolve(null),
  ]);
  if (!conditions) return { ...base, groups: [], count: 0, countCapped: false, partial: false, ...(params.facets ? { facets: [] } : {}) };
  const filters = sql.join(conditions, sql` and `);
  const needed = page * limit + 1;
  const find = (filter: ProductFilter) => findHits(db, { mode: params.mode, engine, query, threshold, deadline, needed }, filter);
  // Only "active" when no category, stock or brand filter is on (the facets' search drops the brand one).
  const unfiltered = params.categoryId === undefined && !params.inStock;

  // The brand facets count the matches under every filter but the brand one, as the other searches' do:
  // with a brand filter on, the engine answers a second time without it, at the same time.
  const facetFilters = facetConditions ? sql.join(facetConditions, sql` and `) : filters;
  const [hits, facetHits] = await Promise.all([
    find({ where: filters, activeOnly: unfiltered && !branded }),
    facetConditions ? find({ where: facetFilters, activeOnly: unfiltered }) : Promise.resolve(null),
  ]);
  await giveTurn();
  const [result, facets] = await Promise.all([
    pageOf(db, hits, filters, params.lang, page, limit),
    params.facets ? structureBrandFacets(db, (facetHits ?? hits).ids, facetFilters, params.lang) : Promise.resolve(undefined),
  ]);
  const partial = hits.partial || Boolean(facetHits?.partial);
  if (partial) log('info', 'structure.search.partial', { mode: params.mode, engine, ms: Date.now() - started });
  return { ...base, ...result, partial: hits.partial, ...(facets ? { facets } : {}) };
}

interface HitQuestion {
  mode: StructureMode;
  engine: StructureEngine;
  query: OkQuery;
  threshold: number;
  deadline: number;
  /** Substances enough for the page asked for (what a search out of time still answers). */
  needed: number;
}

/** The matching substances under the filters, on the engine asked for. */
async function findHits(db: Db, q: HitQuestion, filters: ProductFilter): Promise<Hits> {
  // The exact hit's products are counted under the filters with the page: no query of its own.
  if (q.query.exactIds) return { ids: q.query.exactIds, scores: null, partial: false };
  if (q.engine === 'cartridge') {
    return q.mode === 'sub'
      ? cartridgeSub(db, q.query.smiles, filters, q.deadline, q.needed)
      : cartridgeSim(db, q.query.smiles, q.threshold, filters, q.deadline, q.needed);
  }
  return embeddedHits(db, q.mode === 'sub' ? 'sub' : 'sim', q.query.smiles, q.threshold, filters, q.deadline);
}

type OkQuery = { kind: 'ok'; smiles: string; exactIds: number[] | null };
type Query = Exclude<Awaited<ReturnType<typeof readStructureKey>>, { kind: 'ok' }> | OkQuery;

/**
 * The query's canonical SMILES and, in exact mode, its substance (exact.ts: no InChI when a SMILES
 * look-up settles it). An InChIKey typed in stands for its stored substance in every mode.
 */
async function readQuery(db: Db, key: string, mode: StructureMode): Promise<Query> {
  if (mode === 'exact') {
    const found = await exactLookup(db, key);
    return found.kind === 'ok' ? { kind: 'ok', smiles: found.canonicalSmiles, exactIds: found.substanceIds } : found;
  }
  const stored = isInchikeyKey(key) ? await byInchikey(db, key.trim()) : null;
  if (stored) return { kind: 'ok', smiles: stored.smiles, exactIds: null };
  const reading = await readStructureKey(key);
  return reading.kind === 'ok' ? { kind: 'ok', smiles: reading.smiles, exactIds: null } : reading;
}

/**
 * The page's products of the hit substances, in the substances' order, grouped; and the capped product
 * count. One statement answers both (the first 10,001 matches in order, counted, and the page of them,
 * past the last page the last one); the cards and the substances are then read together.
 */
async function pageOf(db: Db, hits: Hits, filters: SQL, lang: Lang, page: number, limit: number): Promise<Pick<StructureSearchResult, 'groups' | 'count' | 'countCapped'>> {
  if (hits.ids.length === 0) return { groups: [], count: 0, countCapped: false };
  // Every hit of a screen has a product the filters keep (`hasProducts`): past the cap of substances the
  // count is past the cap of products without counting them, and the page needs only the products of its
  // first page × limit substances — not 10,001 look-ups for a common fragment.
  const overCap = hits.ids.length > COUNT_CAP;
  const ids = overCap ? hits.ids.slice(0, page * limit) : hits.ids;
  // Each substance's products through the index (a lateral look-up): a join would hash the whole catalogue.
  const rows = rowsOf<{ total: number; id: number | null; substance_id: number | null }>(await db.execute(sql`
    with m as materialized (
      select p.id, p.substance_id, row_number() over (order by u.n, p.id) as r
      from unnest(${intArray(ids)}) with ordinality as u(sid, n)
      cross join lateral (select p.id, p.substance_id from products p where p.substance_id = u.sid and ${filters}) p
      order by u.n, p.id
      limit ${COUNT_CAP + 1}),
    t as (select count(*)::int as total, (least(${page}::int, greatest(1, ceil(count(*)::numeric / ${limit}::int)::int)) - 1) * ${limit}::int as skip from m)
    select t.total, m.id, m.substance_id from t left join m on m.r > t.skip and m.r <= t.skip + ${limit}::int
    order by m.r`));
  const total = overCap ? COUNT_CAP + 1 : Number(rows[0]?.total ?? 0);
  if (total === 0) return { groups: [], count: 0, countCapped: false };
  const count = Math.min(total, COUNT_CAP);
  const found = rows.filter((r): r is { total: number; id: number; substance_id: number } => r.id !== null && r.substance_id !== null);
  await giveTurn();
  const substanceIds = [...new Set(found.map((r) => Number(r.substance_id)))];
  const [cards, substances] = await Promise.all([
    loadCards(db, found.map((r) => Number(r.id)), lang),
    substanceIds.length === 0 ? Promise.resolve([]) : db.execute(sql`
      select id, smiles, inchikey, formula, weight::text as weight from substances where id = any(${intArray(substanceIds)})`)
      .then((result) => rowsOf<{ id: number; smiles: string; inchikey: string; formula: string; weight: string }>(result)),
  ]);
  await giveTurn();
  const cardById = new Map(cards.map((c) => [c.id, c]));
  const substanceById = new Map(substances.map((s) => [Number(s.id), s]));
  const groups: StructureGroup[] = [];
  for (const row of found) {
    const sid = Number(row.substance_id);
    const card = cardById.get(Number(row.id));
    const s = substanceById.get(sid);
    if (!card || !s) continue;
    let group = groups[groups.length - 1];
    if (!group || group.substance.id !== sid) {
      group = {
        substance: { id: sid, smiles: s.smiles, inchikey: s.inchikey, formula: s.formula, weight: Number(s.weight) },
        similarity: hits.scores ? Math.round((hits.scores.get(sid) ?? 0) * 1000) / 1000 : null,
        products: [],
      };
      groups.push(group);
    }
    group.products.push(card);
  }
  return { groups, count, countCapped: total > COUNT_CAP };
}
