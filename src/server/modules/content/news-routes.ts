import 'server-only';
import { z } from 'zod';
import {
  bannerSchema, contentDetailSchema, contentPageInputSchema, contentPageSchema, contentSummarySchema, contentTypeSchema,
  idInputSchema, limitInputSchema, linkedListInputSchema, tagSchema,
} from '@/contracts/content';
import { AppError } from '@/server/errors';
import { createRouter } from '@/server/http/router';
import { listBanners } from './banners';
import { listContentTypes } from './categories';
import { getContentDetail, listContent } from './items';
import { listTags } from './tags';

export const newsWebRouter = createRouter('/api/web/journalism');

// POST /api/web/journalism/getType — news categories with their item counts
newsWebRouter.endpoint(
  { method: 'post', path: '/getType', tags: ['news'], output: z.array(contentTypeSchema), summary: 'News types' },
  async (_input, c) => listContentTypes(c.get('db'), { kind: 'news', lang: c.get('lang') }),
);

// POST /api/web/journalism/topics — news topics (tags) with how many articles carry them
newsWebRouter.endpoint(
  { method: 'post', path: '/topics', tags: ['news'], output: z.array(tagSchema), summary: 'News topics (tags)' },
  async (_input, c) => listTags(c.get('db'), { kind: 'news', lang: c.get('lang') }),
);

// POST /api/web/journalism/posters — the posters beside the news list
newsWebRouter.endpoint(
  { method: 'post', path: '/posters', tags: ['news'], output: z.array(bannerSchema), summary: 'News posters' },
  async (_input, c) => listBanners(c.get('db'), { position: 'news-poster', lang: c.get('lang') }),
);

// POST /api/web/journalism/getSlideshow — the news page's slideshow
newsWebRouter.endpoint(
  { method: 'post', path: '/getSlideshow', tags: ['news'], output: z.array(bannerSchema), summary: 'News slideshow' },
  async (_input, c) => listBanners(c.get('db'), { position: 'news-slideshow', lang: c.get('lang') }),
);

// POST /api/web/journalism/getRecommend — recommended (featured) news, newest first
newsWebRouter.endpoint(
  { method: 'post', path: '/getRecommend', tags: ['news'], input: limitInputSchema, output: z.array(contentSummarySchema), summary: 'Recommended news' },
  async (input, c) => (await listContent(c.get('db'), { kind: 'news', featured: true, lang: c.get('lang'), limit: input.limit, offset: 1 })).list,
);

// POST /api/web/journalism/getPage — one page of news, by type and keyword
newsWebRouter.endpoint(
  { method: 'post', path: '/getPage', tags: ['news'], input: contentPageInputSchema, output: contentPageSchema, summary: 'News, one page (typeId, keyword, limit, offset)' },
  async (input, c) => listContent(c.get('db'), { kind: 'news', categoryId: input.typeId, keyword: input.keyword, lang: c.get('lang'), limit: input.limit, offset: input.offset }),
);

// POST /api/web/journalism/linked/list — news linked to a brand
newsWebRouter.endpoint(
  { method: 'post', path: '/linked/list', tags: ['news'], input: linkedListInputSchema, output: contentPageSchema, summary: 'News linked to a brand' },
  async (input, c) => listContent(c.get('db'), { kind: 'news', brandId: input.brandId, lang: c.get('lang'), limit: input.limit, offset: input.offset }),
);

// POST /api/web/journalism/getDetails — one article (sanitised body); 404 when unknown
newsWebRouter.endpoint(
  { method: 'post', path: '/getDetails', tags: ['news'], input: idInputSchema, output: contentDetailSchema, summary: 'One news article' },
  async (input, c) => {
    const detail = await getContentDetail(c.get('db'), { id: input.id, kind: 'news', lang: c.get('lang'), countView: true });
    if (!detail) throw new AppError(404, 'contentNotFound');
    return detail;
  },
);
