import 'server-only';
import { z } from 'zod';
import {
  bannerPageInputSchema, bannerPageSchema, bannerSchema, contentSummarySchema, footerSchema, homeProductSchema, limitInputSchema, textBlockSchema,
} from '@/contracts/content';
import { createRouter } from '@/server/http/router';
import { listFlaggedProducts, type ProductFlag } from '@/server/modules/catalog/queries';
import { listBannerPage, listBanners } from './banners';
import { listContent } from './items';
import { getSiteBlock } from './site-blocks';

export const bannerWebRouter = createRouter('/api/web/bannerManagement');

// POST /api/web/bannerManagement/getPage — banners (slideshow, why-us, promotions), one page
bannerWebRouter.endpoint(
  { method: 'post', path: '/getPage', tags: ['home'], input: bannerPageInputSchema, output: bannerPageSchema, summary: 'Banners, one page (position optional)' },
  async (input, c) => listBannerPage(c.get('db'), { position: input.position, lang: c.get('lang'), limit: input.limit, offset: input.offset }),
);

// POST /api/web/bannerManagement/getFooter — the footer's contact text (sanitised HTML)
bannerWebRouter.endpoint(
  { method: 'post', path: '/getFooter', tags: ['home'], output: footerSchema, summary: 'Footer content' },
  async (_input, c) => ({ content: (await getSiteBlock(c.get('db'), { key: 'footer', lang: c.get('lang') }))?.content ?? '' }),
);

// POST /api/web/bannerManagement/getText — the home page's introduction
bannerWebRouter.endpoint(
  { method: 'post', path: '/getText', tags: ['home'], output: textBlockSchema, summary: 'Home introduction text' },
  async (_input, c) => (await getSiteBlock(c.get('db'), { key: 'home-intro', lang: c.get('lang') })) ?? { title: '', content: '' },
);

for (const [path, flag, summary] of [
  ['/getNew', 'new', 'New products for the home page'],
  ['/getHot', 'hot', 'Hot products for the home page'],
  ['/getSpecial', 'special', 'Special-offer products for the home page'],
] as const satisfies readonly (readonly [string, ProductFlag, string])[]) {
  // POST /api/web/bannerManagement/{getNew,getHot,getSpecial} — flagged products with their lowest price
  bannerWebRouter.endpoint(
    { method: 'post', path, tags: ['home'], input: limitInputSchema, output: z.array(homeProductSchema), summary },
    async (input, c) => listFlaggedProducts(c.get('db'), { flag, limit: input.limit, lang: c.get('lang') }),
  );
}

// POST /api/web/bannerManagement/getLiterature — the latest citations for the home page
bannerWebRouter.endpoint(
  { method: 'post', path: '/getLiterature', tags: ['home'], input: limitInputSchema, output: z.array(contentSummarySchema), summary: 'Latest literature (citations)' },
  async (input, c) => (await listContent(c.get('db'), { kind: 'citation', lang: c.get('lang'), limit: input.limit, offset: 1 })).list,
);

// POST /api/web/bannerManagement/getWhy — the "why us" points
bannerWebRouter.endpoint(
  { method: 'post', path: '/getWhy', tags: ['home'], output: z.array(bannerSchema), summary: 'Why choose us' },
  async (_input, c) => listBanners(c.get('db'), { position: 'home-why', lang: c.get('lang') }),
);
