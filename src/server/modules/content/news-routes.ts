import 'server-only';
import { z } from 'zod';
import { bannerSchema, contentSummarySchema, limitInputSchema, tagSchema } from '@/contracts/content';
import { createRouter } from '@/server/http/router';
import { addKindEndpoints } from './kind-routes';
import { listBanners } from './banners';
import { listContent } from './items';
import { listTags } from './tags';

export const newsWebRouter = createRouter('/api/web/journalism');
addKindEndpoints(newsWebRouter, { kind: 'news', tag: 'news', noun: 'News', endpoints: ['getType', 'getPage', 'linked/list', 'getDetails'] });

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
