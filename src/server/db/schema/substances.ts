import { boolean, customType, index, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Bytes (RDKit's binary molecule, fingerprints), read and written as Uint8Array. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * One row per distinct structure (ADR 0075): products that are packs or brands of the same compound
 * share it through `products.substance_id`. Everything here is computed once, by RDKit.js in the
 * structure workers, when a product is saved or `npm run structures:rebuild` runs; searches never
 * recompute it. On PostgreSQL with the RDKit cartridge a start-up step adds the cartridge's `mol`
 * and Morgan `bfp` columns beside these (structure-search/cartridge.ts); they are not part of the
 * ordinary migration, which must also run on PGlite and on servers without the extension.
 */
export const substances = pgTable(
  'substances',
  {
    id: serial('id').primaryKey(),
    /** Standard InChIKey: the identity of a substance, and the whole of an exact search (B-tree). */
    inchikey: text('inchikey').notNull(),
    /** RDKit's canonical SMILES: an exact search looks its query's up first (hash index, ADR 0081). */
    smiles: text('smiles').notNull(),
    formula: text('formula').notNull(),
    weight: numeric('weight', { precision: 10, scale: 3 }).notNull(),
    /** Heavy atoms: substructure hits are listed smallest first. */
    heavyAtoms: smallint('heavy_atoms').notNull(),
    /** RDKit's binary molecule (a pickle): read back without parsing a SMILES to confirm a substructure. */
    mol: bytes('mol').notNull(),
    /** 2048-bit Morgan fingerprint, radius 2 (256 bytes): similarity. */
    morgan: bytes('morgan').notNull(),
    /** 2048-bit RDKit pattern fingerprint (256 bytes): the substructure screen. */
    pattern: bytes('pattern').notNull(),
    /** The release of RDKit.js that computed the row; a rebuild recomputes rows of another one. */
    engine: text('engine').notNull(),
    /**
     * At least one active product links it: what the structure screens ask of every hit when no other filter is
     * on, instead of a look-up in the products per hit. Kept by statement triggers on `products` (migration 0028).
     */
    listed: boolean('listed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('substances_inchikey_uq').on(t.inchikey),
    // Hash, not B-tree: a canonical SMILES may pass a B-tree entry's size limit (about 2.7 kB).
    index('substances_smiles_hash').using('hash', t.smiles),
    index('substances_atoms_idx').on(t.heavyAtoms, t.id),
    index('substances_engine_idx').on(t.engine),
  ],
);
