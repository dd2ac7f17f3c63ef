import 'server-only';
import { z } from 'zod';
import {
  catIdInputSchema, categoryNodeSchema, productPageInputSchema, productSuggestionSchema, suggestInputSchema,
} from '@/contracts/catalog-browse';
import { productSearchPageInputSchema, productSearchPageSchema, STRUCTURE_SEARCH_TYPE } from '@/contracts/structure-search';
import { AppError } from '@/server/errors';
import { createRouter } from '@/server/http/router';
import { findByStructure, findProducts, findProductsAndFacets } from './browse';
import { getCategory, listCategoryTree } from './categories';
import { suggestProducts } from './search/suggest';

/** The catalogue's list calls under /api/web/product (the detail calls live in ./detail). */
export const productListWebRouter = createRouter('/api/web/product');

// POST /api/web/product/getFirst — first-level categories, each with its children to the third level
productListWebRouter.endpoint(
  { method: 'post', path: '/getFirst', tags: ['product'], output: z.array(categoryNodeSchema), summary: 'Category tree (first level with secondJson children)' },
  async (_input, c) => listCategoryTree(c.get('db'), { lang: c.get('lang') }),
);

// POST /api/web/product/get1stCat — one category (catId) with its children; 404 when unknown
productListWebRouter.endpoint(
  { method: 'post', path: '/get1stCat', tags: ['product'], input: catIdInputSchema, output: categoryNodeSchema, summary: 'One category with its children (catId)' },
  async (input, c) => {
    const found = input.catId === null ? null : await getCategory(c.get('db'), { id: input.catId, lang: c.get('lang') });
    if (!found) throw new AppError(404, 'categoryNotFound');
    return found.node;
  },
);

// POST /api/web/product/getPage — one keyset page of products (the same filters as /api/app/api/product/sx)
// With type=5 the key is a structure (SMILES or MOL block) searched by mode and threshold (ADR 0075).
productListWebRouter.endpoint(
  {
    method: 'post', path: '/getPage', tags: ['product'], input: productSearchPageInputSchema, output: productSearchPageSchema,
    summary: 'Products, one keyset page (key, type, flag, categoryId, brandIds, inStock, sort, cursor, limit; facets=1 adds the brand facets); type=5: structure search (key = SMILES or MOL block, mode, threshold, page)',
  },
  async (input, c) => {
    if (input.type === STRUCTURE_SEARCH_TYPE) return findByStructure(c.get('db'), input, c.get('lang'));
    const { mode: _m, threshold: _t, facets, ...rest } = input;
    // The key as typed goes along: a SMILES or InChI typed into the search box is recognised before cleaning.
    const filter = productPageInputSchema.parse(rest);
    const options = { structureKey: rest.key?.trim() || undefined };
    if (!facets) return findProducts(c.get('db'), filter, c.get('lang'), options);
    const found = await findProductsAndFacets(c.get('db'), filter, c.get('lang'), options);
    return { ...found.page, facets: found.facets };
  },
);

// POST /api/web/product/getName — product-name suggestions for the search box (key, limit)
productListWebRouter.endpoint(
  { method: 'post', path: '/getName', tags: ['product'], input: suggestInputSchema, output: z.array(productSuggestionSchema), summary: 'Suggestions while typing (key, limit)' },
  async (input, c) => suggestProducts(c.get('db'), { key: input.key, lang: c.get('lang'), limit: input.limit }),
);
