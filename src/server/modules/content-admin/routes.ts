import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { idParamSchema } from '@/contracts/admin';
import {
  adminBannerInputSchema, adminBannerListInputSchema, adminBannerListSchema, adminBannerOrderSchema, adminBannerSchema,
  adminNewsInputSchema, adminNewsListInputSchema, adminNewsListSchema, adminNewsSchema, adminNewsTypeSchema, contentImageSchema,
} from '@/contracts/content-admin';
import type { Permission } from '@/server/auth/permissions';
import { revalidateStorefront } from '@/server/cache/storefront';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { readSingleFile } from '@/server/http/single-file';
import { success } from '@/server/http/envelope';
import { parseInput } from '@/server/http/input';
import { requireAuth } from '@/server/http/middleware/authorise';
import { apiRegistry, createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import {
  createBanner, deleteBanner, getAdminBanner, listAdminBanners, orderBanners, removeBannerImage, storeBannerImage, updateBanner,
} from './banners';
import { CONTENT_IMAGE_MAX_BYTES, storeContentImage } from './images';
import { createNews, deleteNews, getAdminNews, listAdminNews, listNewsTypes, setNewsStatus, updateNews } from './news';

export const contentAdminRouter = createRouter('/api/admin/content');

const tags = ['admin: content'];
const guard: { audience: 'staff'; permissions: Permission[] } = { audience: 'staff', permissions: ['CONTENT.EDIT'] };
const actorOf = (c: Context<AppEnv>) => auditActorOf(c.get('actor'), clientInfo(c).ip);

// ---- news --------------------------------------------------------------------------------------

// GET /api/admin/content/news — news: search (titles), type, status and recommended filters, sort, keyset pages
contentAdminRouter.endpoint(
  { method: 'get', path: '/news', tags, summary: 'List news items (drafts and published)', input: adminNewsListInputSchema, output: adminNewsListSchema, ...guard },
  async (input, c) => listAdminNews(c.get('db'), input),
);

// GET /api/admin/content/news/types — the news types to file an item under
contentAdminRouter.endpoint(
  { method: 'get', path: '/news/types', tags, summary: 'News types', output: z.array(adminNewsTypeSchema), ...guard },
  async (_input, c) => listNewsTypes(c.get('db')),
);

// GET /api/admin/content/news/:id — one news item with both bodies
contentAdminRouter.endpoint(
  { method: 'get', path: '/news/:id', tags, summary: 'One news item', input: idParamSchema, output: adminNewsSchema, ...guard },
  async (input, c) => getAdminNews(c.get('db'), input),
);

// POST /api/admin/content/news — add a news item (a draft; bodies sanitised)
contentAdminRouter.endpoint(
  { method: 'post', path: '/news', tags, summary: 'Add a news item (as a draft)', input: adminNewsInputSchema, output: adminNewsSchema, ...guard },
  async (input, c) => createNews(c.get('db'), { actor: actorOf(c), news: input }),
);

// PUT /api/admin/content/news/:id — update a news item (a published one changes on the storefront at once)
contentAdminRouter.endpoint(
  { method: 'put', path: '/news/:id', tags, summary: 'Update a news item', input: adminNewsInputSchema.extend(idParamSchema.shape), output: adminNewsSchema, ...guard },
  async ({ id, ...news }, c) => {
    const saved = await updateNews(c.get('db'), { actor: actorOf(c), id, news });
    if (saved.published) revalidateStorefront('content');
    return saved.news;
  },
);

// POST /api/admin/content/news/:id/publish — show a news item on the storefront
contentAdminRouter.endpoint(
  { method: 'post', path: '/news/:id/publish', tags, summary: 'Publish a news item', input: idParamSchema, output: adminNewsSchema, ...guard },
  async (input, c) => {
    const news = await setNewsStatus(c.get('db'), { actor: actorOf(c), id: input.id, status: 'published' });
    revalidateStorefront('content');
    return news;
  },
);

// POST /api/admin/content/news/:id/unpublish — take a news item back to draft
contentAdminRouter.endpoint(
  { method: 'post', path: '/news/:id/unpublish', tags, summary: 'Take a news item back to draft', input: idParamSchema, output: adminNewsSchema, ...guard },
  async (input, c) => {
    const news = await setNewsStatus(c.get('db'), { actor: actorOf(c), id: input.id, status: 'draft' });
    revalidateStorefront('content');
    return news;
  },
);

// DELETE /api/admin/content/news/:id — delete a news item (its tags, likes and comments go with it)
contentAdminRouter.endpoint(
  { method: 'delete', path: '/news/:id', tags, summary: 'Delete a news item', input: idParamSchema, output: z.object({ deleted: z.boolean() }), ...guard },
  async (input, c) => {
    const { published } = await deleteNews(c.get('db'), { actor: actorOf(c), id: input.id });
    if (published) revalidateStorefront('content');
    return { deleted: true };
  },
);

// ---- uploads -----------------------------------------------------------------------------------

/** The multipart body's one `file` part as bytes (readSingleFile's rules). */
async function readImage(c: Context<AppEnv>): Promise<Uint8Array> {
  const file = await readSingleFile(c, { maxBytes: CONTENT_IMAGE_MAX_BYTES, typeRefused: 'contentImageTypeRefused', tooLarge: 'contentImageTooLarge' });
  return new Uint8Array(await file.arrayBuffer());
}

const uploadRules = `multipart/form-data with one part, \`file\`: PNG, JPEG or WebP as the file's bytes say (SVG, HTML and other types: 415 \`contentImageTypeRefused\`), `
  + `at most ${CONTENT_IMAGE_MAX_BYTES / 1024} KiB (413 \`contentImageTooLarge\`); re-encoded, scaled to fit 1600 pixels.`;

// POST /api/admin/content/images — multipart `file`: an image for a rich-text body; answers its URL
contentAdminRouter.app.post('/images', requireAuth('staff', ['CONTENT.EDIT']), async (c) => {
  const bytes = await readImage(c);
  return success(c, contentImageSchema.parse(await storeContentImage(c.get('db'), { actor: actorOf(c), bytes })));
});

apiRegistry.push({
  method: 'post', fullPath: '/api/admin/content/images', summary: 'Upload an image for an article body', tags, ...guard,
  description: `${uploadRules} Answers the image's public URL (\`/api/web/files/content-image/…\`).`,
  input: z.object({ file: z.string().describe('the image file (binary part)') }),
  output: contentImageSchema,
});

// ---- banners -----------------------------------------------------------------------------------

// GET /api/admin/content/banners — banners, by position then order (every position without a filter)
contentAdminRouter.endpoint(
  { method: 'get', path: '/banners', tags, summary: 'List banners by position', input: adminBannerListInputSchema, output: adminBannerListSchema, ...guard },
  async (input, c) => listAdminBanners(c.get('db'), input),
);

// POST /api/admin/content/banners — add a banner
contentAdminRouter.endpoint(
  { method: 'post', path: '/banners', tags, summary: 'Add a banner', input: adminBannerInputSchema, output: adminBannerSchema, ...guard },
  async (input, c) => {
    const banner = await createBanner(c.get('db'), { actor: actorOf(c), banner: input });
    revalidateStorefront('content');
    return banner;
  },
);

// PUT /api/admin/content/banners/order — a position's banners in a new order
contentAdminRouter.endpoint(
  { method: 'put', path: '/banners/order', tags, summary: 'Order a position\'s banners', input: adminBannerOrderSchema, output: adminBannerListSchema, ...guard },
  async (input, c) => {
    const list = await orderBanners(c.get('db'), { actor: actorOf(c), position: input.position, ids: input.ids });
    revalidateStorefront('content');
    return list;
  },
);

// GET /api/admin/content/banners/:id — one banner
contentAdminRouter.endpoint(
  { method: 'get', path: '/banners/:id', tags, summary: 'One banner', input: idParamSchema, output: adminBannerSchema, ...guard },
  async (input, c) => getAdminBanner(c.get('db'), input),
);

// PUT /api/admin/content/banners/:id — update a banner
contentAdminRouter.endpoint(
  { method: 'put', path: '/banners/:id', tags, summary: 'Update a banner', input: adminBannerInputSchema.extend(idParamSchema.shape), output: adminBannerSchema, ...guard },
  async ({ id, ...banner }, c) => {
    const saved = await updateBanner(c.get('db'), { actor: actorOf(c), id, banner });
    revalidateStorefront('content');
    return saved;
  },
);

// DELETE /api/admin/content/banners/:id — delete a banner
contentAdminRouter.endpoint(
  { method: 'delete', path: '/banners/:id', tags, summary: 'Delete a banner', input: idParamSchema, output: z.object({ deleted: z.boolean() }), ...guard },
  async (input, c) => {
    await deleteBanner(c.get('db'), { actor: actorOf(c), id: input.id });
    revalidateStorefront('content');
    return { deleted: true };
  },
);

// POST /api/admin/content/banners/:id/image — multipart `file`: set a banner's image
contentAdminRouter.app.post('/banners/:id/image', requireAuth('staff', ['CONTENT.EDIT']), async (c) => {
  const { id } = parseInput(idParamSchema, { id: c.req.param('id') }, c.get('lang'));
  const bytes = await readImage(c);
  const banner = await storeBannerImage(c.get('db'), { actor: actorOf(c), id, bytes });
  revalidateStorefront('content');
  return success(c, adminBannerSchema.parse(banner));
});

apiRegistry.push({
  method: 'post', fullPath: '/api/admin/content/banners/:id/image', summary: 'Set a banner\'s image', tags, ...guard,
  description: `${uploadRules} Answers the banner.`,
  input: idParamSchema.extend({ file: z.string().describe('the image file (binary part)') }),
  output: adminBannerSchema,
});

// DELETE /api/admin/content/banners/:id/image — take a banner's image away
contentAdminRouter.endpoint(
  { method: 'delete', path: '/banners/:id/image', tags, summary: 'Remove a banner\'s image', input: idParamSchema, output: adminBannerSchema, ...guard },
  async (input, c) => {
    const banner = await removeBannerImage(c.get('db'), { actor: actorOf(c), id: input.id });
    revalidateStorefront('content');
    return banner;
  },
);
