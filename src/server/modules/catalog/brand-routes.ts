import 'server-only';
import { z } from 'zod';
import {
  brandArticlesInputSchema, brandDetailSchema, brandIdInputSchema, brandPageInputSchema, brandPageSchema,
  brandProductsInputSchema, brandRecommendInputSchema, brandSlideSchema, brandSummarySchema, brandTypeSchema, productPageSchema,
} from '@/contracts/catalog-browse';
import { contentPageSchema } from '@/contracts/content';
import { AppError } from '@/server/errors';
import { createRouter } from '@/server/http/router';
import { listContent } from '@/server/modules/content/items';
import { getBrandDetail, getBrandSummary, listBrandSlides, listBrandTypes, listRecommendedBrandSummaries } from './brands';
import { findBrands, findProducts } from './browse';

export const brandWebRouter = createRouter('/api/web/brand');

// POST /api/web/brand/getType — the brand lists: 1 authorised brands, 0 brand overview, with their sizes
brandWebRouter.endpoint(
  { method: 'post', path: '/getType', tags: ['brand'], output: z.array(brandTypeSchema), summary: 'Brand list types with counts' },
  async (_input, c) => listBrandTypes(c.get('db'), { lang: c.get('lang') }),
);

// POST /api/web/brand/getRecommend — recommended brands in the shop's order
brandWebRouter.endpoint(
  { method: 'post', path: '/getRecommend', tags: ['brand'], input: brandRecommendInputSchema, output: z.array(brandSummarySchema), summary: 'Recommended brands (limit)' },
  async (input, c) => listRecommendedBrandSummaries(c.get('db'), { lang: c.get('lang'), limit: input.limit }),
);

// POST /api/web/brand/getSlideshow — slides of the brand pages (recommended authorised brands)
brandWebRouter.endpoint(
  { method: 'post', path: '/getSlideshow', tags: ['brand'], output: z.array(brandSlideSchema), summary: 'Brand slideshow' },
  async (_input, c) => listBrandSlides(c.get('db'), { lang: c.get('lang'), limit: 6 }),
);

// POST /api/web/brand/getPage — one page of brands by type (0 all, 1 authorised), or a brand search with sk
brandWebRouter.endpoint(
  { method: 'post', path: '/getPage', tags: ['brand'], input: brandPageInputSchema, output: brandPageSchema, summary: 'Brands, one page (type, sk, limit, offset)' },
  async (input, c) => findBrands(c.get('db'), { type: input.type, key: input.sk, lang: c.get('lang'), limit: input.limit, offset: input.offset }),
);

// POST /api/web/brand/getDetails — one brand with its product and article counts; 404 when unknown
brandWebRouter.endpoint(
  { method: 'post', path: '/getDetails', tags: ['brand'], input: brandIdInputSchema, output: brandDetailSchema, summary: 'One brand' },
  async (input, c) => {
    const detail = input.id === null ? null : await getBrandDetail(c.get('db'), { id: input.id, lang: c.get('lang') });
    if (!detail) throw new AppError(404, 'brandNotFound');
    return detail;
  },
);

// POST /api/web/brand/linked/list — a brand's products, one keyset page (id, inStock, sort, cursor, limit); 404 unknown brand
brandWebRouter.endpoint(
  { method: 'post', path: '/linked/list', tags: ['brand'], input: brandProductsInputSchema, output: productPageSchema, summary: "A brand's products, one keyset page" },
  async (input, c) => {
    const db = c.get('db');
    const id = input.id;
    if (id === null || !(await getBrandSummary(db, { id, lang: c.get('lang') }))) throw new AppError(404, 'brandNotFound');
    return findProducts(db, { brandIds: [id], inStock: input.inStock, sort: input.sort, cursor: input.cursor, page: input.page, limit: input.limit }, c.get('lang'));
  },
);

// POST /api/web/brand/articles — articles linked to a brand (news, applications, citations), newest first
brandWebRouter.endpoint(
  { method: 'post', path: '/articles', tags: ['brand'], input: brandArticlesInputSchema, output: contentPageSchema, summary: 'Articles linked to a brand (id, limit, offset)' },
  async (input, c) => {
    const db = c.get('db');
    const id = input.id;
    if (id === null || !(await getBrandSummary(db, { id, lang: c.get('lang') }))) throw new AppError(404, 'brandNotFound');
    return listContent(db, { brandId: id, lang: c.get('lang'), limit: input.limit, offset: input.offset });
  },
);
