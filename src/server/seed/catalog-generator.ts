import 'server-only';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import postgres from 'postgres';
import { rowsOf, type Db, type DbHandle } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { brands, categories } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { readStructureKey } from '@/server/modules/structure-search/engine';
import { copyRow } from './copy-text';
import { hasShopData, markDemoDatabase, seedDatabase } from './seed-database';
import {
  generateProduct, GENERATED_ITEM_NO_SQL, type GeneratedPack, type GeneratedProduct, type GeneratorContext,
} from './synthetic-catalog';

/**
 * Synthetic products (1–4 packs each) loaded in bulk for benchmarks (`npm run db:generate-catalog`,
 * the search, page and dashboard benchmarks): COPY on PostgreSQL, chunk by chunk, each chunk committed
 * with its packs; batched INSERT … SELECT FROM unnest() on PGlite. Item numbers continue after the
 * highest generated one, so a stopped load resumes.
 */

const PRODUCT_COLUMNS = [
  'id', 'item_no', 'cas', 'mdl', 'name_zh', 'name_en', 'pinyin', 'pinyin_initials', 'synonyms', 'formula',
  'molecular_weight', 'smiles', 'purity', 'grade', 'storage', 'shipping', 'ghs', 'brand_id', 'category_id', 'is_hot', 'is_new',
  'is_special', 'created_at', 'min_price', 'pack_count', 'in_stock', 'substance_id',
] as const;
const PACK_COLUMNS = ['product_id', 'size', 'price', 'stock', 'lead_time_days', 'sort'] as const;
const COPY_CHUNK = 10_000;
const PGLITE_BATCH = 2_000;

export interface Options {
  products: number;
  truncate: boolean;
  /** Distinct structures the products cycle through; null: a new structure for every product. */
  substances?: number | null;
}

/**
 * Generated substances have the id GENERATED_SUBSTANCE_BASE + their index in the enumeration, so that a
 * product's substance is known without a look-up while it is generated; ids of substances saved
 * otherwise come from the table's sequence, far below.
 */
export const GENERATED_SUBSTANCE_BASE = 1_000_000_000;

/** A bit set full of ones: the pattern screen of the embedded path lets the structure through to the real match. */
const ALL_BITS = `\\x${'ff'.repeat(256)}`;

interface ChunkStructure { sid: number; smiles: string; formula: string; weight: string }

/** Structures read by RDKit.js at once: enough to keep every structure worker busy, never more than its queue holds. */
const READS_AT_ONCE = 4;

/**
 * The canonical SMILES and InChIKey of each structure not yet a substance, read by RDKit.js in the
 * structure workers — the engine that reads a search's key, so that an exact search finds the row (the
 * Debian cartridge is built without InChI). A structure the workers refuse stops the load: the
 * enumeration's structures all parse (generated-structures.test.ts).
 */
/** A read that waits and tries again while the workers are busy (a loaded machine), rather than stopping the load. */
async function patientRead(smiles: string): ReturnType<typeof readStructureKey> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await readStructureKey(smiles);
    } catch (error) {
      if (!(error instanceof AppError) || error.messageKey !== 'structureBusy' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function readChunkStructures(rows: readonly ChunkStructure[]): Promise<{ row: ChunkStructure; smiles: string; inchikey: string }[]> {
  const out: { row: ChunkStructure; smiles: string; inchikey: string }[] = [];
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const row = rows[next] as ChunkStructure;
      next += 1;
      let reading = await patientRead(row.smiles);
      for (let attempt = 1; attempt < 3 && reading.kind === 'tooComplex'; attempt += 1) reading = await patientRead(row.smiles);
      if (reading.kind !== 'ok' || !reading.inchikey) throw new Error(`RDKit.js does not read the generated structure ${row.smiles} (${reading.kind})`);
      out.push({ row, smiles: reading.smiles, inchikey: reading.inchikey });
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, rows.length) }, lane));
  return out;
}

/**
 * Substances of one chunk's structures, in the chunk's transaction, before its products: canonical
 * SMILES and InChIKey from RDKit.js (readChunkStructures), RDKit's binary molecule and the 2048-bit
 * Morgan fingerprint computed by the cartridge in SQL (its trigger adds the mol and bfp columns),
 * formula and weight as the generator worked them out, listed (the chunk's products, active, link it in the same
 * transaction: their trigger then finds nothing to write). A structure the table already has under another
 * id (a seed substance of the same InChIKey) maps to that id. Answers the ids that differ from the generated one.
 */
async function linkChunkSubstances(client: postgres.Sql, rows: readonly ChunkStructure[]): Promise<Map<number, number>> {
  const existing = new Set((await client<{ id: number }[]>`select id from substances where id = any(${rows.map((r) => r.sid)}::int[])`).map((r) => r.id));
  const read = await readChunkStructures(rows.filter((r) => !existing.has(r.sid)));
  await client`create temp table if not exists generated_structures (sid int primary key, smiles text not null, formula text not null, weight numeric not null, k text not null) on commit delete rows`;
  await copyFrom(client, 'copy generated_structures (sid, smiles, formula, weight, k) from stdin',
    joined(read.map((r) => copyRow([r.row.sid, r.smiles, r.row.formula, r.row.weight, r.inchikey]))));
  await client.unsafe(`set local rdkit.morgan_fp_size = 2048`);
  await client.unsafe(`
    insert into substances (id, inchikey, smiles, formula, weight, heavy_atoms, mol, morgan, pattern, engine, listed)
    select g.sid, g.k, g.smiles, g.formula, g.weight, mol_numheavyatoms(m.m), mol_send(m.m),
      bfp_to_binary_text(morganbv_fp(m.m, 2)), '${ALL_BITS}'::bytea, 'rdkit-cartridge ' || rdkit_version(), true
    from generated_structures g cross join lateral (select mol_from_smiles(g.smiles::cstring) as m) m
    on conflict do nothing`);
  const moved = await client<{ sid: number; id: number }[]>`
    select g.sid, s.id from generated_structures g join substances s on s.inchikey = g.k where s.id <> g.sid`;
  return new Map(moved.map((r) => [r.sid, r.id]));
}

/** postgres-js reports `count`, PGlite `affectedRows`. */
function affectedRows(result: unknown): number {
  const r = result as { count?: number; affectedRows?: number };
  return r.count ?? r.affectedRows ?? 0;
}

export async function prepare(handle: DbHandle, options: Options): Promise<{ ctx: GeneratorContext; firstSeq: number }> {
  await runMigrations(handle);
  const db = handle.db;
  if (!(await hasShopData(db))) {
    // The generated catalogue goes into the demo shop: an empty database gets it first.
    console.log('Empty database: loading the demo seed (brands, categories, 5,000 products, accounts) first…');
    await seedDatabase(db);
  }
  // A benchmark's database serves as a demo (its demo accounts sign in) without DEMO_DATA=1.
  await markDemoDatabase(db);
  if (options.truncate) {
    const removed = await db.execute(sql`delete from products where item_no ~ ${GENERATED_ITEM_NO_SQL}`);
    console.log(`--truncate: removed ${affectedRows(removed)} previously generated products (and their packs).`);
  }
  const brandIds = (await db.select({ id: brands.id }).from(brands)).map((b) => b.id);
  const leaves = await db.select({ id: categories.id, nameEn: categories.nameEn }).from(categories).where(eq(categories.leaf, true));
  if (brandIds.length === 0 || leaves.length === 0) {
    throw new Error('The database has no brands or no leaf categories; restore them or start from an empty database.');
  }
  const maxRows = rowsOf<{ max: string | null }>(
    await db.execute(sql`select max(item_no) as max from products where item_no ~ ${GENERATED_ITEM_NO_SQL}`),
  );
  const firstSeq = Number((maxRows[0]?.max ?? 'G00000000').slice(1)) + 1;
  return {
    ctx: {
      brandIds, leafIdByName: new Map(leaves.map((l) => [l.nameEn, l.id])), fallbackLeafIds: leaves.map((l) => l.id),
      substances: options.substances ?? null,
    },
    firstSeq,
  };
}

/**
 * The lowest pack price, loaded with the product: the packs' trigger then finds it (and the pack
 * count and stock, migration 0010) right and writes no second version of the row (migration 0006).
 */
function lowestPrice(packs: readonly GeneratedPack[]): string | null {
  let low: string | null = null;
  for (const pack of packs) if (low === null || Number(pack.price) < Number(low)) low = pack.price;
  return low;
}

function anyInStock(packs: readonly GeneratedPack[]): boolean {
  return packs.some((pack) => pack.stock > 0);
}

function productValues(id: number, p: GeneratedProduct, packs: readonly GeneratedPack[], substanceId: number | null): (string | number | boolean | Date | object | null)[] {
  return [
    id, p.itemNo, p.cas, p.mdl, p.nameZh, p.nameEn, p.pinyin, p.pinyinInitials, p.synonyms, p.formula, p.molecularWeight,
    p.smiles, p.purity, p.grade, p.storage, p.shipping, p.ghs, p.brandId, p.categoryId, p.isHot, p.isNew, p.isSpecial, p.createdAt,
    lowestPrice(packs), packs.length, anyInStock(packs), substanceId,
  ];
}

async function copyFrom(client: postgres.Sql, statement: string, chunks: Iterable<string>): Promise<void> {
  await pipeline(Readable.from(chunks), await client.unsafe(statement).writable());
}

/** Large strings per write: one write per row would cost more than the rows themselves. */
function* joined(lines: readonly string[], per = 2_000): Generator<string> {
  for (let i = 0; i < lines.length; i += per) yield lines.slice(i, i + per).join('');
}

/** "  120,000 / 1,000,000 products · 8,264 products/s · 1 min 46 s left" */
export function progressLine(done: number, count: number, seconds: number): string {
  const rate = seconds > 0 ? done / seconds : 0;
  const left = rate > 0 ? Math.round((count - done) / rate) : 0;
  const eta = left >= 3600 ? `${Math.floor(left / 3600)} h ${Math.round((left % 3600) / 60)} min`
    : left >= 60 ? `${Math.floor(left / 60)} min ${left % 60} s` : `${left} s`;
  return `  ${done.toLocaleString('en')} / ${count.toLocaleString('en')} products · ${Math.round(rate).toLocaleString('en')} products/s · ${eta} left`;
}

export async function loadWithCopy(url: string, count: number, firstSeq: number, ctx: GeneratorContext, link = false): Promise<number> {
  // One connection for the whole load, never replaced: postgres.js ends a connection 30–60 minutes old
  // (`max_lifetime`) between two queries, which would put the rest of a chunk's transaction, and its
  // temporary table, on a new connection outside it.
  const client = postgres(url, { max: 1, max_lifetime: null, onnotice: () => {} });
  let packs = 0;
  const started = performance.now();
  try {
    for (let done = 0; done < count; done += COPY_CHUNK) {
      const size = Math.min(COPY_CHUNK, count - done);
      const ids = await client<{ id: number }[]>`
        select nextval(pg_get_serial_sequence('products', 'id'))::int as id from generate_series(1, ${size})`;
      const packLines: string[] = [];
      const generated = Array.from({ length: size }, (_, i) => generateProduct(firstSeq + done + i, ctx));
      let moved = new Map<number, number>();
      // Generated lazily, so the server indexes one batch while the next is being built.
      const productChunks = function* (): Generator<string> {
        let buffer = '';
        for (let i = 0; i < ids.length; i += 1) {
          const id = ids[i]?.id ?? 0;
          const { product, packs: generatedPacks } = generated[i] ?? generateProduct(firstSeq + done + i, ctx);
          const sid = GENERATED_SUBSTANCE_BASE + product.structureIndex;
          buffer += copyRow(productValues(id, product, generatedPacks, link ? (moved.get(sid) ?? sid) : null));
          for (const pack of generatedPacks) packLines.push(copyRow([id, pack.size, pack.price, pack.stock, pack.leadTimeDays, pack.sort]));
          if (i % 1_000 === 999) {
            yield buffer;
            buffer = '';
          }
        }
        if (buffer) yield buffer;
      };
      // A chunk's products and packs commit together (one connection: max 1), so a load stopped at any
      // moment leaves no product without its packs, and --target resumes after the last whole chunk.
      await client`begin`;
      try {
        if (link) {
          const structures = new Map<number, { sid: number; smiles: string; formula: string; weight: string }>();
          for (const { product } of generated) {
            const sid = GENERATED_SUBSTANCE_BASE + product.structureIndex;
            structures.set(sid, { sid, smiles: product.smiles, formula: product.formula, weight: product.molecularWeight });
          }
          moved = await linkChunkSubstances(client, [...structures.values()]);
        }
        await copyFrom(client, `copy products (${PRODUCT_COLUMNS.join(', ')}) from stdin`, productChunks());
        await copyFrom(client, `copy product_packs (${PACK_COLUMNS.join(', ')}) from stdin`, joined(packLines));
        await client`commit`;
      } catch (error) {
        await client`rollback`.catch(() => {});
        throw error;
      }
      packs += packLines.length;
      process.stdout.write(`\r${progressLine(done + size, count, (performance.now() - started) / 1000)}   `);
    }
    process.stdout.write('\n');
    await client`analyze products`;
    await client`analyze product_packs`;
    if (link) await client`analyze substances`;
  } finally {
    await client.end({ timeout: 5 });
  }
  return packs;
}

/**
 * One INSERT … SELECT FROM unnest(arrays) per batch: a handful of array parameters parse far
 * faster in PGlite than thousands of scalar ones (about twice the rows per second).
 */
async function insertProductBatch(db: Db, generated: readonly { product: GeneratedProduct; packs: GeneratedPack[] }[]): Promise<Map<string, number>> {
  const batch = generated.map((g) => g.product);
  const col = <K extends keyof GeneratedProduct>(key: K): SQLWrapper => sql.param(batch.map((p) => p[key]));
  const result = await db.execute(sql`
    insert into products (item_no, cas, mdl, name_zh, name_en, pinyin, pinyin_initials, synonyms, formula, molecular_weight, smiles,
      purity, grade, storage, shipping, ghs, brand_id, category_id, is_hot, is_new, is_special, created_at, min_price, pack_count, in_stock)
    select item_no, cas, mdl, name_zh, name_en, pinyin, pinyin_initials, synonyms, formula, molecular_weight::numeric, smiles,
      purity, grade, storage, shipping, ghs::jsonb, brand_id, category_id, is_hot, is_new, is_special, created_at, min_price::numeric, pack_count, in_stock
    from unnest(${col('itemNo')}::text[], ${col('cas')}::text[], ${col('mdl')}::text[], ${col('nameZh')}::text[],
      ${col('nameEn')}::text[], ${col('pinyin')}::text[], ${col('pinyinInitials')}::text[], ${col('synonyms')}::text[],
      ${col('formula')}::text[], ${col('molecularWeight')}::text[], ${col('smiles')}::text[], ${col('purity')}::text[], ${col('grade')}::text[],
      ${col('storage')}::text[], ${col('shipping')}::text[], ${sql.param(batch.map((p) => (p.ghs ? JSON.stringify(p.ghs) : null)))}::text[],
      ${col('brandId')}::int[], ${col('categoryId')}::int[], ${col('isHot')}::bool[], ${col('isNew')}::bool[], ${col('isSpecial')}::bool[],
      ${sql.param(batch.map((p) => p.createdAt.toISOString()))}::timestamptz[], ${sql.param(generated.map((g) => lowestPrice(g.packs)))}::text[],
      ${sql.param(generated.map((g) => g.packs.length))}::int[], ${sql.param(generated.map((g) => anyInStock(g.packs)))}::bool[])
      as t(item_no, cas, mdl, name_zh, name_en, pinyin, pinyin_initials, synonyms, formula, molecular_weight, smiles, purity, grade,
        storage, shipping, ghs, brand_id, category_id, is_hot, is_new, is_special, created_at, min_price, pack_count, in_stock)
    returning id, item_no`);
  return new Map(rowsOf<{ id: number; item_no: string }>(result).map((r) => [r.item_no, r.id]));
}

async function insertPackBatch(db: Db, rows: readonly (GeneratedPack & { productId: number })[]): Promise<void> {
  const col = <K extends keyof (GeneratedPack & { productId: number })>(key: K): SQLWrapper => sql.param(rows.map((r) => r[key]));
  await db.execute(sql`
    insert into product_packs (product_id, size, price, stock, lead_time_days, sort)
    select product_id, size, price::numeric, stock, lead_time_days, sort
    from unnest(${col('productId')}::int[], ${col('size')}::text[], ${col('price')}::text[], ${col('stock')}::int[],
      ${col('leadTimeDays')}::int[], ${col('sort')}::int[]) as t(product_id, size, price, stock, lead_time_days, sort)`);
}

export async function loadWithInserts(db: Db, count: number, firstSeq: number, ctx: GeneratorContext): Promise<number> {
  let packs = 0;
  for (let done = 0; done < count; done += PGLITE_BATCH) {
    const size = Math.min(PGLITE_BATCH, count - done);
    const batch = Array.from({ length: size }, (_, i) => generateProduct(firstSeq + done + i, ctx));
    const idByItemNo = await insertProductBatch(db, batch);
    const packRows = batch.flatMap((b) => b.packs.map((pack) => ({ ...pack, productId: idByItemNo.get(b.product.itemNo) ?? 0 })));
    await insertPackBatch(db, packRows);
    packs += packRows.length;
    process.stdout.write(`\r  ${done + size} / ${count} products`);
  }
  process.stdout.write('\n');
  return packs;
}

/**
 * Drops the secondary indexes of `products` — the search indexes are most of a load's cost — keeping
 * primary keys and unique indexes (they guard the data, and ids and item numbers arrive in order, so
 * they cost little) and every index of the packs (their price trigger reads packs by product). Keeps each
 * definition in `catalog_generator_indexes` until buildDroppedIndexes makes it again.
 */
export async function dropSecondaryIndexes(client: postgres.Sql): Promise<void> {
  await client`create table if not exists catalog_generator_indexes (name text primary key, definition text not null)`;
  const indexes = await client<{ name: string; definition: string }[]>`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = 'products'::regclass and not i.indisprimary and not i.indisunique
    order by c.relname`;
  for (const index of indexes) {
    await client.begin(async (tx) => {
      await tx`insert into catalog_generator_indexes ${tx(index)} on conflict (name) do nothing`;
      await tx.unsafe(`drop index if exists "${index.name}"`);
    });
  }
  if (indexes.length > 0) console.log(`--bulk: dropped ${indexes.length} secondary indexes; they are built again after the load.`);
}

/**
 * Builds every index a bulk load dropped (also those of an earlier, interrupted run). B-trees one after
 * the other, each with parallel workers; GIN indexes, which PostgreSQL 15 builds in one process, two side
 * by side on two connections of `client` (one after the other when it has only one), the longest
 * definition first: the substring index is most of the time.
 */
export async function buildDroppedIndexes(client: postgres.Sql): Promise<void> {
  const exists = await client`select to_regclass('catalog_generator_indexes') is not null as ok`;
  if (!exists[0]?.ok) return;
  const pending = await client<{ name: string; definition: string }[]>`select name, definition from catalog_generator_indexes order by name`;
  if (pending.length === 0) return;
  const started = performance.now();
  const isGin = (definition: string) => / USING gin /i.test(definition);
  let built = 0;
  const build = async (conn: postgres.Sql, index: { name: string; definition: string }) => {
    const t = performance.now();
    await conn.unsafe(index.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
    await conn`delete from catalog_generator_indexes where name = ${index.name}`;
    built += 1;
    console.log(`  built index ${built}/${pending.length} ${index.name} in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  };
  const session = async (work: (conn: postgres.Sql) => Promise<void>) => {
    const conn = await client.reserve();
    try {
      await conn.unsafe(`set maintenance_work_mem = '1GB'`);
      await conn.unsafe('set max_parallel_maintenance_workers = 2');
      await work(conn);
    } finally {
      conn.release();
    }
  };
  await session(async (conn) => {
    for (const index of pending.filter((i) => !isGin(i.definition))) await build(conn, index);
  });
  const gin = pending.filter((i) => isGin(i.definition)).sort((a, b) => b.definition.length - a.definition.length);
  if (gin.length > 0) console.log(`  building ${gin.length} GIN indexes, two at a time…`);
  await Promise.all([0, 1].map(() => session(async (conn) => {
    for (let index = gin.shift(); index; index = gin.shift()) await build(conn, index);
  })));
  await client`drop table catalog_generator_indexes`;
  console.log(`Built ${pending.length} indexes in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

export async function generatedCount(db: Db): Promise<number> {
  const rows = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from products where item_no ~ ${GENERATED_ITEM_NO_SQL}`));
  return Number(rows[0]?.n ?? 0);
}
