/**
 * Loads synthetic products (1–4 packs each) for benchmarks:
 *   node --conditions=react-server --import tsx scripts/generate-catalog.ts --products 100000 [--truncate]
 *   node --conditions=react-server --import tsx scripts/generate-catalog.ts --target 13000000 [--bulk]
 *   … --products 1000000 --substances 250000   (several brands and grades of each structure)
 * DATABASE_URL set: PostgreSQL, streamed with COPY. Otherwise the embedded PGlite in DATA_DIR,
 * with batched INSERT … SELECT FROM unnest() (PGlite cannot COPY from a stream). An empty
 * database gets the normal demo seed first. Item numbers are G + 8 digits and continue after the
 * highest existing one, so the script can be run again to add more; --truncate first deletes the
 * previously generated products (only those: the demo seed stays).
 *
 * --target N adds what is missing up to N generated products, so an interrupted load resumes where it
 * stopped: on PostgreSQL each chunk of products and its packs is committed in one transaction.
 * --bulk (PostgreSQL) drops the products' secondary indexes before loading and builds them again at
 * the end, which is several times faster than maintaining the search indexes row by row at millions of
 * products; the dropped definitions are kept in the table `catalog_generator_indexes` until they are
 * built again, so an interrupted bulk load finishes them on its next run.
 *
 * Every generated product has a structure (SMILES, formula and weight) from an enumeration of real
 * scaffolds and substituents (src/server/seed/generated-structures.ts), a different one for each product
 * up to 10.6 million; --substances N makes the products cycle through N structures instead, so that
 * several brands and grades sell one substance.
 *
 * --link-substances also gives every product its substance, the row structure search reads (ADR 0075):
 * on PostgreSQL with the RDKit cartridge computed by the cartridge in SQL, chunk by chunk, in each chunk's
 * transaction (InChIKey, canonical SMILES, binary molecule, Morgan fingerprint; about a millisecond a
 * structure, so a load with it runs at some hundreds to a few thousand products a second instead of
 * ~15,000); elsewhere by RDKit.js in the structure workers after the load, as `npm run structures:rebuild`
 * would. Without it, products get their SMILES alone and `npm run structures:rebuild` links them later.
 */
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { defaultDataDir, openPglite, openPostgres } from '../src/server/db/client';
import { revalidateStorefront, STOREFRONT_CACHE_SECONDS, storefrontChangesAnnounced } from '../src/server/cache/storefront';
import {
  buildDroppedIndexes, dropSecondaryIndexes, generatedCount, loadWithCopy, loadWithInserts, prepare, type Options,
} from '../src/server/seed/catalog-generator';
import { structureCount } from '../src/server/seed/generated-structures';
import { ensureCartridge } from '../src/server/modules/structure-search/cartridge';
import { foldCatalogueCounts } from '../src/server/modules/catalog/kept-counts';
import { linkMissingSubstances } from '../src/server/modules/structure-search/store';
import { substancePool } from '../src/server/modules/structure-search/engine';

interface CliOptions extends Options {
  /** Generated products wanted in all (resumable); `products` is then worked out from what is there. */
  target: number | null;
  bulk: boolean;
  /** Give the products their substances (the structure search's rows) as they load. */
  linkSubstances: boolean;
}

const USAGE = 'Usage: generate-catalog --products N [--truncate] | --target N [--bulk]   [--substances S] [--link-substances]   (N, S positive integers)';

function readOptions(): CliOptions {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' }, target: { type: 'string' },
      truncate: { type: 'boolean', default: false }, bulk: { type: 'boolean', default: false },
      substances: { type: 'string' }, 'link-substances': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const given = values.products ?? values.target;
  const count = Number(given);
  if (!given || (values.products && values.target) || !Number.isInteger(count) || count < 1) throw new Error(USAGE);
  if (values.target && values.truncate) throw new Error('--target resumes a load: it cannot be combined with --truncate.');
  const substances = values.substances === undefined ? null : Number(values.substances);
  if (substances !== null && (!Number.isInteger(substances) || substances < 1 || substances > structureCount())) {
    throw new Error(`--substances must be a whole number from 1 to ${structureCount().toLocaleString('en')} (the structures the generator knows). ${USAGE}`);
  }
  return {
    substances,
    products: values.products ? count : 0,
    target: values.target ? count : null,
    truncate: values.truncate ?? false,
    bulk: values.bulk ?? false,
    linkSubstances: values['link-substances'] ?? false,
  };
}

/** Heap, indexes and TOAST of the catalogue tables, for the "disk per million products" figure. */
async function reportSize(client: postgres.Sql): Promise<void> {
  const [row] = await client<{ products: number; bytes: string }[]>`
    select (select count(*) from products)::int as products,
      (pg_total_relation_size('products') + pg_total_relation_size('product_packs'))::text as bytes`;
  if (!row) return;
  const gib = Number(row.bytes) / 2 ** 30;
  console.log(
    `Catalogue on disk: ${row.products.toLocaleString('en')} products, products + packs with indexes ${gib.toFixed(2)} GiB ` +
      `(${(gib / (row.products / 1e6)).toFixed(2)} GiB per million products).`,
  );
}
async function main(): Promise<void> {
  const options = readOptions();
  const url = process.env.DATABASE_URL;
  if (options.bulk && !url) throw new Error('--bulk needs PostgreSQL (DATABASE_URL).');
  const handle = url ? openPostgres(url, 2) : await openPglite(defaultDataDir());
  console.log(`Database: ${handle.driver} at ${handle.where}`);
  const admin = url ? postgres(url, { max: 2, onnotice: () => {} }) : null;
  try {
    const { ctx, firstSeq } = await prepare(handle, options);
    if (options.target !== null) {
      const have = await generatedCount(handle.db);
      options.products = Math.max(0, options.target - have);
      console.log(`--target ${options.target.toLocaleString('en')}: ${have.toLocaleString('en')} generated products already, ${options.products.toLocaleString('en')} to add.`);
    }
    if (admin && options.bulk && options.products > 0) await dropSecondaryIndexes(admin);
    console.log(`Generating ${options.products} products from item number G${String(firstSeq).padStart(8, '0')}…`);
    const started = performance.now();
    // The cartridge's columns, as a start would add them; without the cartridge the workers link the substances after the load.
    const cartridge = options.linkSubstances ? await ensureCartridge(handle) : null;
    if (cartridge?.state === 'absent') console.log(`--link-substances: ${cartridge.reason}; the substances are read by RDKit.js after the load.`);
    const inSql = cartridge?.state === 'ready';
    const packs = options.products === 0 ? 0 : url
      ? await loadWithCopy(url, options.products, firstSeq, ctx, inSql)
      : await loadWithInserts(handle.db, options.products, firstSeq, ctx);
    const seconds = (performance.now() - started) / 1000;
    const rows = options.products + packs;
    console.log(
      `Loaded ${options.products} products and ${packs} packs in ${seconds.toFixed(1)} s: ` +
        `${Math.round(options.products / seconds)} products/s, ${Math.round(rows / seconds)} rows/s.`,
    );
    if (options.linkSubstances && !inSql) {
      const t = performance.now();
      // Batches of 32 structures: every one of a batch waits in the workers' queue at once.
      const linked = await linkMissingSubstances(handle.db, { batch: 32 });
      console.log(`Linked ${linked.products.toLocaleString('en')} products to their substances in ${((performance.now() - t) / 1000).toFixed(0)} s` +
        `${linked.refused.length ? `; ${linked.refused.length} structures refused` : ''}.`);
    }
    // The load's changes of the kept counts join them (ADR 0079).
    await foldCatalogueCounts(handle.db);
    if (admin) {
      await buildDroppedIndexes(admin);
      // Sets the visibility map that the search's index-only scans rely on (autovacuum would, later).
      const v = performance.now();
      await admin`vacuum analyze products`;
      await admin`vacuum analyze product_packs`;
      console.log(`vacuum analyze in ${((performance.now() - v) / 1000).toFixed(0)} s.`);
      await reportSize(admin);
    }
    // Outside the web server there is no cache of this process to drop; with REDIS_URL the change is
    // announced to the running servers (ADR 0096), which show the new products at once, and without it
    // they show them within their cache times (ADR 0025).
    revalidateStorefront('catalogue');
    if (process.env.REDIS_URL) {
      await storefrontChangesAnnounced();
      console.log('Running servers were told of the new products (REDIS_URL).');
    } else {
      console.log(`Running servers show the new products within ${STOREFRONT_CACHE_SECONDS} s (STOREFRONT_CACHE_SECONDS).`);
    }
  } finally {
    if (options.linkSubstances) await substancePool().close();
    await admin?.end({ timeout: 5 });
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
