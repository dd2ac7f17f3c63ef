import 'server-only';
import { z } from 'zod';
import {
  brandFacetSchema, brandFacetsInputSchema, feedbackInputSchema, feedbackOutputSchema, productPageInputSchema, productPageSchema,
} from '@/contracts/catalog-browse';
import { clientInfo } from '@/server/http/cookies';
import { createRouter } from '@/server/http/router';
import { findBrandFacets, findProducts } from './browse';
import { addCatalogFeedback } from './feedback';

/** The filtered product list, its brand facets and "could not find it" (docs/requirements/api.md#back-office-calls). */
export const productFilterAppRouter = createRouter('/api/app/api/product');

// POST /api/app/api/product/sx/feedback — a "could not find it" request (key, type, contact?, note?), rate-limited per address
productFilterAppRouter.endpoint(
  { method: 'post', path: '/sx/feedback', tags: ['product'], input: feedbackInputSchema, output: feedbackOutputSchema, summary: '"Could not find it": store a request for staff' },
  async (input, c) => {
    const actor = c.get('actor');
    return addCatalogFeedback(c.get('db'), {
      ...input,
      lang: c.get('lang'),
      userId: actor.kind === 'user' ? actor.userId : null,
      address: clientInfo(c).ip,
    });
  },
);

// POST /api/app/api/product/sx — the filtered product list: key, type, flag, categoryId, brandIds, inStock, sort, cursor, limit
productFilterAppRouter.endpoint(
  { method: 'post', path: '/sx', tags: ['product'], input: productPageInputSchema, output: productPageSchema, summary: 'Filtered products, one keyset page' },
  async (input, c) => findProducts(c.get('db'), input, c.get('lang')),
);

// POST /api/app/api/product/sx/brands — brand facets with counts for the same filters (without brandIds)
productFilterAppRouter.endpoint(
  { method: 'post', path: '/sx/brands', tags: ['product'], input: brandFacetsInputSchema, output: z.array(brandFacetSchema), summary: 'Brand facets with product counts' },
  async (input, c) => findBrandFacets(c.get('db'), input, c.get('lang')),
);
