import 'server-only';
import type { AuditEntity } from '@/contracts/audit-vocabulary';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';
import type { AuditActor } from '@/server/modules/audit/record';

/**
 * The set-based writes of one import batch (ADR 0034, ADR 0042): each kind of write is one statement
 * over the batch, its rows passed as one JSON parameter — one parameter however many rows (no statement
 * of thousands of bind parameters to build and parse), and the same SQL on PGlite and PostgreSQL. The
 * parameter is `json` (text, checked once) unpacked by `json_to_recordset`: `jsonb_to_recordset` first
 * builds the whole batch as a `jsonb` document and was several times slower at unpacking it (ADR 0042,
 * 2026-11-27). The audit rows' nested documents become `jsonb` one by one.
 */

/** A product an import creates, with its id (from `reserveIds`) and its pack facts (migration 0010) already right. */
export interface NewProductRow {
  id: number;
  item_no: string;
  name_zh: string;
  name_en: string;
  pinyin: string;
  pinyin_initials: string;
  brand_id: number;
  category_id: number;
  cas: string | null;
  formula: string | null;
  molecular_weight: string | null;
  /** The structure and its substance (ADR 0080). */
  smiles: string | null;
  substance_id: number | null;
  purity: string;
  grade: string;
  active: boolean;
  /**
   * The facts the packs' statement triggers keep (min price, pack count, in stock), computed from
   * the packs the batch creates with the product: the trigger then finds them right and writes no
   * second version of the row (which would enter it again in every GIN index of products).
   */
  min_price: string | null;
  pack_count: number;
  in_stock: boolean;
}

export type ProductUpdateRow = Omit<NewProductRow, 'item_no' | 'min_price' | 'pack_count' | 'in_stock'>;

export interface NewPackRow {
  id: number;
  product_id: number;
  size: string;
  price: string;
  lead_time_days: number;
  stock: number;
  sort: number;
}

export interface PackUpdateRow {
  id: number;
  price: string;
  lead_time_days: number;
  stock: number;
}

export interface AuditRow {
  action: 'create' | 'update';
  entity: AuditEntity;
  entity_id: string;
  data: Record<string, unknown>;
}

/**
 * The rows as one JSON parameter. `JSON.stringify` of the whole array is a single native pass; writing
 * each row on its own in ASCII (`\u` escapes) held the text at one byte a character, but cost this process
 * about a tenth of its CPU time in a first import and did not lower its peak heap (ADR 0055).
 */
function rowsJson(rows: readonly object[]): string {
  return JSON.stringify(rows);
}

const json = (rows: readonly object[]) => sql`${rowsJson(rows)}::json`;

/** A statement of the batch, its rows already written into it (the row objects are not kept). */
export type Step = () => Promise<unknown>;

const nothing: Step = async () => undefined;
const step = (tx: Db, query: SQL): Step => () => tx.execute(query);

const PRODUCT_RECORD = sql.raw(`item_no text, name_zh text, name_en text, pinyin text, pinyin_initials text, brand_id int,
  category_id int, cas text, formula text, molecular_weight numeric, smiles text, substance_id int, purity text, grade text, active boolean`);

/**
 * Takes ids for the products and packs a batch creates from their tables' sequences, in one round
 * trip: with their ids known, the batch's inserts and audit rows need no answer from each other and go
 * to the database together.
 */
export async function reserveIds(tx: Db, productCount: number, packCount: number): Promise<{ products: number[]; packs: number[] }> {
  if (productCount === 0 && packCount === 0) return { products: [], packs: [] };
  // The sequences are looked up once: `pg_get_serial_sequence` per id read the catalogue a thousand times a batch.
  const [row] = rowsOf<{ products: (number | string)[] | null; packs: (number | string)[] | null }>(await tx.execute(sql`
    with seq as materialized (
      select pg_get_serial_sequence('products', 'id')::regclass as products, pg_get_serial_sequence('product_packs', 'id')::regclass as packs)
    select
      array(select nextval((select products from seq)) from generate_series(1, ${productCount}::int)) as products,
      array(select nextval((select packs from seq)) from generate_series(1, ${packCount}::int)) as packs`));
  return { products: (row?.products ?? []).map(Number), packs: (row?.packs ?? []).map(Number) };
}

/** Inserts the products, with their ids. */
export function insertProducts(tx: Db, rows: readonly NewProductRow[]): Step {
  if (rows.length === 0) return nothing;
  return step(tx, sql`
    insert into products (id, item_no, name_zh, name_en, pinyin, pinyin_initials, brand_id, category_id, cas, formula,
      molecular_weight, smiles, substance_id, purity, grade, active, min_price, pack_count, in_stock)
    select r.id, r.item_no, r.name_zh, r.name_en, r.pinyin, r.pinyin_initials, r.brand_id, r.category_id, r.cas, r.formula,
      r.molecular_weight, r.smiles, r.substance_id, r.purity, r.grade, r.active, r.min_price, r.pack_count, r.in_stock
    from json_to_recordset(${json(rows)}) as r(id int, ${PRODUCT_RECORD}, min_price numeric, pack_count int, in_stock boolean)`);
}

/** Updates the products' import columns, one statement for the batch. */
export function updateProducts(tx: Db, rows: readonly ProductUpdateRow[]): Step {
  if (rows.length === 0) return nothing;
  return step(tx, sql`
    update products p set name_zh = r.name_zh, name_en = r.name_en, pinyin = r.pinyin, pinyin_initials = r.pinyin_initials,
      brand_id = r.brand_id, category_id = r.category_id, cas = r.cas, formula = r.formula, molecular_weight = r.molecular_weight,
      smiles = r.smiles, substance_id = r.substance_id, purity = r.purity, grade = r.grade, active = r.active
    from json_to_recordset(${json(rows)}) as r(id int, ${PRODUCT_RECORD})
    where p.id = r.id`);
}

/** Inserts the packs, with their ids. */
export function insertPacks(tx: Db, rows: readonly NewPackRow[]): Step {
  if (rows.length === 0) return nothing;
  return step(tx, sql`
    insert into product_packs (id, product_id, size, price, lead_time_days, stock, sort)
    select r.id, r.product_id, r.size, r.price, r.lead_time_days, r.stock, r.sort
    from json_to_recordset(${json(rows)}) as r(id int, product_id int, size text, price numeric, lead_time_days int, stock int, sort int)`);
}

/**
 * Updates the packs' price, lead time and stock, one statement for the batch. A regular price (`list_price`)
 * the new price reaches or passes is no longer a saving and is dropped.
 */
export function updatePacks(tx: Db, rows: readonly PackUpdateRow[]): Step {
  if (rows.length === 0) return nothing;
  return step(tx, sql`
    update product_packs k set price = r.price, list_price = case when k.list_price > r.price then k.list_price end, lead_time_days = r.lead_time_days, stock = r.stock
    from json_to_recordset(${json(rows)}) as r(id int, price numeric, lead_time_days int, stock int)
    where k.id = r.id`);
}

/**
 * One column of the audit rows as one text, a line each. None of these columns is empty or holds a line
 * break (fixed words and numbers); either would shift the rows against their documents, so it is refused.
 */
function lines(rows: readonly AuditRow[], column: (row: AuditRow) => string): string {
  return rows.map((row) => {
    const value = column(row);
    if (value === '' || value.includes('\n')) throw new Error(`audit column empty or with a line break: ${JSON.stringify(value)}`);
    return value;
  }).join('\n');
}

/**
 * Appends the audit rows of the batch, all by one actor. The action, entity and id travel as lines of
 * text and only the documents as JSON, zipped back together by `rows from`: each document is then
 * parsed once, where reading four fields of each element of one JSON array parsed it four times over
 * (ADR 0055).
 */
export function insertAuditRows(tx: Db, actor: AuditActor, rows: readonly AuditRow[]): Step {
  if (rows.length === 0) return nothing;
  return step(tx, sql`
    insert into audit_log (actor_type, actor_id, actor_name, ip, action, entity, entity_id, data)
    select ${actor.type}, ${actor.id}::int, ${actor.name.slice(0, 100)}, ${actor.ip.slice(0, 64)}, r.action, r.entity, r.entity_id, r.data::jsonb
    from rows from (
      unnest(string_to_array(${lines(rows, (row) => row.action)}::text, E'\n')),
      unnest(string_to_array(${lines(rows, (row) => row.entity)}::text, E'\n')),
      unnest(string_to_array(${lines(rows, (row) => row.entity_id)}::text, E'\n')),
      json_array_elements(${json(rows.map((row) => row.data))})
    ) as r(action, entity, entity_id, data)`);
}
