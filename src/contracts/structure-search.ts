import './zod-config';
import { z } from 'zod';
import { brandFacetSchema, flagBool, productCardSchema, productPageInputSchema, productPageSchema } from './catalog-browse';

/**
 * Structure search through `POST /api/web/product/getPage` with `type=5` (ADR 0075). The key is a
 * SMILES or a MOL block and is exempt from the search-key cleaning and its 50 characters (it would
 * destroy a SMILES): up to 20,000 characters, only in a POST body; other types clean it as before.
 */
export const STRUCTURE_SEARCH_TYPE = '5';
export const STRUCTURE_KEY_MAX = 20_000;
export const STRUCTURE_SEARCH_MODES = ['exact', 'sub', 'sim'] as const;

const threshold = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number().min(0.3).max(1).optional(),
);

export const productSearchPageInputSchema = productPageInputSchema.omit({ key: true }).extend({
  /** A search key (types 1–3, cleaned and cut to 50 characters) or, with type 5, a SMILES or MOL block. */
  key: z.preprocess((v) => (v === null ? undefined : v), z.string().max(STRUCTURE_KEY_MAX).optional()),
  /** Type 5 only: exact (InChIKey), sub (substructure) or sim (similarity); default exact. */
  mode: z.preprocess((v) => (v === '' ? undefined : v), z.enum(STRUCTURE_SEARCH_MODES).optional()),
  /** Type 5, sim only: the lowest Tanimoto score, 0.3–1.0; default 0.7. */
  threshold,
  /**
   * Types 1–3: also the brand facets (`facets`), every filter but the brand one, as the search page shows them; a
   * keyed search by relevance counts them in the same pass over its matches. Type 5 always has them.
   */
  facets: flagBool,
});

export const productSearchCardSchema = productCardSchema.extend({
  /** Similarity mode: the Tanimoto score of the product's structure (Morgan, 2048 bits, radius 2). */
  similarity: z.number().nullable().optional(),
  /** Structure search: the product's substance (products of one substance come together). */
  substanceId: z.number().int().nullable().optional(),
});

export const structureSearchFactsSchema = z.object({
  mode: z.enum(STRUCTURE_SEARCH_MODES),
  /** The query as RDKit writes it canonically (the list page's `sk`). */
  canonicalSmiles: z.string(),
  threshold: z.number().nullable(),
  /** The time budget ran out: the first results, and the total is a lower bound. */
  partial: z.boolean(),
  engine: z.enum(['cartridge', 'embedded']),
});

export const productSearchPageSchema = productPageSchema.extend({
  items: z.array(productSearchCardSchema),
  /** Type 5: how the structure was searched; null for the other types. */
  structure: structureSearchFactsSchema.nullable().optional(),
  /** Type 5: the time budget ran out and these are the first results (the total is a lower bound). */
  partial: z.boolean().optional(),
  /** Type 5, or `facets` asked for: the brands of the matches under every filter but the brand one, with their product counts (the list's facets). */
  facets: z.array(brandFacetSchema).optional(),
});
