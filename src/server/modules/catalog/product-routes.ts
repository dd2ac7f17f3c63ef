import 'server-only';
import { z } from 'zod';
import {
  catIdInputSchema, categoryNodeSchema, productPageInputSchema, productPageSchema, productSuggestionSchema, suggestInputSchema,
} from '@/contracts/catalog-browse';
import { AppError } from '@/server/errors';
import { createRouter } from '@/server/http/router';
import { findProducts } from './browse';
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
productListWebRouter.endpoint(
  { method: 'post', path: '/getPage', tags: ['product'], input: productPageInputSchema, output: productPageSchema, summary: 'Products, one keyset page (key, type, flag, categoryId, brandIds, inStock, sort, cursor, limit)' },
  async (input, c) => findProducts(c.get('db'), input, c.get('lang')),
);

// POST /api/web/product/getName — product-name suggestions for the search box (key, limit)
productListWebRouter.endpoint(
  { method: 'post', path: '/getName', tags: ['product'], input: suggestInputSchema, output: z.array(productSuggestionSchema), summary: 'Suggestions while typing (key, limit)' },
  async (input, c) => suggestProducts(c.get('db'), { key: input.key, lang: c.get('lang'), limit: input.limit }),
);
