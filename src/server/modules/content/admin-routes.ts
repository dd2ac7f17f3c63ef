import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { idParamSchema } from '@/contracts/admin';
import {
  adminBannerInputSchema, adminBannerListInputSchema, adminBannerListSchema, adminBannerOrderSchema, adminBannerSchema,
  adminContentBrandInputSchema, adminContentBrandSchema, adminContentInputSchema, adminContentListInputSchema, adminContentListSchema, adminContentSchema,
  adminContentTypeInputSchema, adminContentTypeOrderSchema, adminContentTypeSchema, CONTENT_SECTION_SPECS, CONTENT_SECTIONS, contentImageSchema,
  RESOURCE_PDF_MAX_BYTES, type ContentSectionName,
} from '@/contracts/content-editing';
import type { Permission } from '@/server/auth/permissions';
import { revalidateStorefront } from '@/server/cache/storefront';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import {
  createBanner, deleteBanner, getAdminBanner, listAdminBanners, orderBanners, removeBannerImage, storeBannerImage, updateBanner,
} from './admin-banners';
import { CONTENT_IMAGE_MAX_BYTES, storeContentImage } from './images';
import {
  createContent, deleteContent, findContentBrands, getAdminContent, listAdminContent, removeResourceFile, setContentStatus, storeResourceFile, updateContent,
} from './admin-items';
import { createContentType, deleteContentType, listContentTypes, orderContentTypes, renameContentType } from './admin-types';

export const contentAdminRouter = createRouter('/api/admin/content');

const tags = ['admin: content'];
const guard: { audience: 'staff'; permissions: Permission[] } = { audience: 'staff', permissions: ['CONTENT.EDIT'] };
const actorOf = (c: Context<AppEnv>) => auditActorOf(c.get('actor'), clientInfo(c).ip);

// ---- content items of every kind ----------------------------------------------------------------

const sectionLabel: Record<ContentSectionName, string> = {
  news: 'news items', applications: 'application notes', citations: 'citations', support: 'support questions', resources: 'resources', 'brand-articles': 'brand articles',
};

/** Every section has the same calls under its own path (`/news`, `/applications`, …, `/brand-articles`). */
for (const section of CONTENT_SECTIONS) {
  const base = `/${section}`;
  const what = sectionLabel[section];
  const sectionTags = [...tags, `admin: content ${section}`];

  // GET /api/admin/content/<section> — search (titles), category, status, recommended and brand filters, sort, keyset pages
  contentAdminRouter.endpoint(
    { method: 'get', path: base, tags: sectionTags, summary: `List ${what} (drafts and published)`, input: adminContentListInputSchema, output: adminContentListSchema, ...guard },
    async (input, c) => listAdminContent(c.get('db'), section, input),
  );

  // GET /api/admin/content/<section>/types — the categories to file an item under, with how many items use each
  contentAdminRouter.endpoint(
    { method: 'get', path: `${base}/types`, tags: sectionTags, summary: `Categories of ${what}`, output: z.array(adminContentTypeSchema), ...guard },
    async (_input, c) => listContentTypes(c.get('db'), section),
  );

  if (CONTENT_SECTION_SPECS[section].categories) {
    // POST /api/admin/content/<section>/types — add a category (at the end)
    contentAdminRouter.endpoint(
      { method: 'post', path: `${base}/types`, tags: sectionTags, summary: `Add a category of ${what}`, input: adminContentTypeInputSchema, output: z.array(adminContentTypeSchema), ...guard },
      async (input, c) => {
        const types = await createContentType(c.get('db'), section, { actor: actorOf(c), type: input });
        revalidateStorefront('content');
        return types;
      },
    );

    // PUT /api/admin/content/<section>/types/order — the categories in a new order
    contentAdminRouter.endpoint(
      { method: 'put', path: `${base}/types/order`, tags: sectionTags, summary: `Order the categories of ${what}`, input: adminContentTypeOrderSchema, output: z.array(adminContentTypeSchema), ...guard },
      async (input, c) => {
        const types = await orderContentTypes(c.get('db'), section, { actor: actorOf(c), ids: input.ids });
        revalidateStorefront('content');
        return types;
      },
    );

    // PUT /api/admin/content/<section>/types/:id — rename a category (both languages)
    contentAdminRouter.endpoint(
      { method: 'put', path: `${base}/types/:id`, tags: sectionTags, summary: `Rename a category of ${what}`, input: adminContentTypeInputSchema.extend(idParamSchema.shape), output: z.array(adminContentTypeSchema), ...guard },
      async ({ id, ...type }, c) => {
        const types = await renameContentType(c.get('db'), section, { actor: actorOf(c), id, type });
        revalidateStorefront('content');
        return types;
      },
    );

    // DELETE /api/admin/content/<section>/types/:id — delete a category no item uses (409 while used)
    contentAdminRouter.endpoint(
      { method: 'delete', path: `${base}/types/:id`, tags: sectionTags, summary: `Delete an unused category of ${what}`, input: idParamSchema, output: z.array(adminContentTypeSchema), ...guard },
      async (input, c) => {
        const types = await deleteContentType(c.get('db'), section, { actor: actorOf(c), id: input.id });
        revalidateStorefront('content');
        return types;
      },
    );
  }

  // GET /api/admin/content/<section>/:id — one item with both bodies
  contentAdminRouter.endpoint(
    { method: 'get', path: `${base}/:id`, tags: sectionTags, summary: `One of the ${what}`, input: idParamSchema, output: adminContentSchema, ...guard },
    async (input, c) => getAdminContent(c.get('db'), section, input),
  );

  // POST /api/admin/content/<section> — add an item (a draft; bodies sanitised)
  contentAdminRouter.endpoint(
    { method: 'post', path: base, tags: sectionTags, summary: `Add one of the ${what} (as a draft)`, input: adminContentInputSchema, output: adminContentSchema, ...guard },
    async (input, c) => createContent(c.get('db'), section, { actor: actorOf(c), item: input }),
  );

  // PUT /api/admin/content/<section>/:id — update an item (a published one changes on the storefront at once)
  contentAdminRouter.endpoint(
    { method: 'put', path: `${base}/:id`, tags: sectionTags, summary: `Update one of the ${what}`, input: adminContentInputSchema.extend(idParamSchema.shape), output: adminContentSchema, ...guard },
    async ({ id, ...item }, c) => {
      const saved = await updateContent(c.get('db'), section, { actor: actorOf(c), id, item });
      if (saved.published) revalidateStorefront('content');
      return saved.item;
    },
  );

  // POST /api/admin/content/<section>/:id/publish — show an item on the storefront
  contentAdminRouter.endpoint(
    { method: 'post', path: `${base}/:id/publish`, tags: sectionTags, summary: `Publish one of the ${what}`, input: idParamSchema, output: adminContentSchema, ...guard },
    async (input, c) => {
      const item = await setContentStatus(c.get('db'), section, { actor: actorOf(c), id: input.id, status: 'published' });
      revalidateStorefront('content');
      return item;
    },
  );

  // POST /api/admin/content/<section>/:id/unpublish — take an item back to draft
  contentAdminRouter.endpoint(
    { method: 'post', path: `${base}/:id/unpublish`, tags: sectionTags, summary: `Take one of the ${what} back to draft`, input: idParamSchema, output: adminContentSchema, ...guard },
    async (input, c) => {
      const item = await setContentStatus(c.get('db'), section, { actor: actorOf(c), id: input.id, status: 'draft' });
      revalidateStorefront('content');
      return item;
    },
  );

  // DELETE /api/admin/content/<section>/:id — delete an item (its tags, likes and comments go with it)
  contentAdminRouter.endpoint(
    { method: 'delete', path: `${base}/:id`, tags: sectionTags, summary: `Delete one of the ${what}`, input: idParamSchema, output: z.object({ deleted: z.boolean() }), ...guard },
    async (input, c) => {
      const { published } = await deleteContent(c.get('db'), section, { actor: actorOf(c), id: input.id });
      if (published) revalidateStorefront('content');
      return { deleted: true };
    },
  );
}

// GET /api/admin/content/brands — brands to tie an item to (the searchable select)
contentAdminRouter.endpoint(
  { method: 'get', path: '/brands', tags, summary: 'Brands to tie an article to', input: adminContentBrandInputSchema, output: z.array(adminContentBrandSchema), ...guard },
  async (input, c) => findContentBrands(c.get('db'), input),
);

// ---- a resource's PDF ---------------------------------------------------------------------------

// POST /api/admin/content/resources/:id/file — multipart `file`: set a resource's PDF
contentAdminRouter.endpoint(
  {
    method: 'post', path: '/resources/:id/file', summary: 'Set a resource\'s PDF', tags: [...tags, 'admin: content resources'], ...guard,
    description: 'multipart/form-data with one part, `file`: a PDF as the file\'s bytes say (`%PDF-` … `%%EOF`, no markup; HTML, SVG, images and others: '
      + `415 \`contentPdfTypeRefused\`), at most ${RESOURCE_PDF_MAX_BYTES / 1024 / 1024} MiB (413 \`contentPdfTooLarge\`). Replaces the resource's file; `
      + 'the storefront serves it at `/api/web/files/resource/:id` once the resource is published. Answers the resource.',
    input: idParamSchema,
    // This route's own limit (the frame's 1 MiB does not apply to it): the PDF and the multipart frame.
    upload: { maxBytes: RESOURCE_PDF_MAX_BYTES, typeRefused: 'contentPdfTypeRefused', tooLarge: 'contentPdfTooLarge', limit: RESOURCE_PDF_MAX_BYTES + 64 * 1024 },
    output: adminContentSchema,
  },
  async ({ id, file }, c) => {
    const saved = await storeResourceFile(c.get('db'), { actor: actorOf(c), id, bytes: new Uint8Array(await file.arrayBuffer()), name: file.name });
    if (saved.published) revalidateStorefront('content');
    return saved.item;
  },
);

// DELETE /api/admin/content/resources/:id/file — take a resource's PDF away
contentAdminRouter.endpoint(
  { method: 'delete', path: '/resources/:id/file', tags: [...tags, 'admin: content resources'], summary: 'Remove a resource\'s PDF', input: idParamSchema, output: adminContentSchema, ...guard },
  async (input, c) => {
    const saved = await removeResourceFile(c.get('db'), { actor: actorOf(c), id: input.id });
    if (saved.published) revalidateStorefront('content');
    return saved.item;
  },
);

// ---- uploads -----------------------------------------------------------------------------------

/** An image upload's rules (readUploadParts'). */
const imageUpload = { maxBytes: CONTENT_IMAGE_MAX_BYTES, typeRefused: 'contentImageTypeRefused', tooLarge: 'contentImageTooLarge' };

const uploadRules = `multipart/form-data with one part, \`file\`: PNG, JPEG or WebP as the file's bytes say (SVG, HTML and other types: 415 \`contentImageTypeRefused\`), `
  + `at most ${CONTENT_IMAGE_MAX_BYTES / 1024} KiB (413 \`contentImageTooLarge\`); re-encoded, scaled to fit 1600 pixels.`;

// POST /api/admin/content/images — multipart `file`: an image for a rich-text body; answers its URL
contentAdminRouter.endpoint(
  {
    method: 'post', path: '/images', summary: 'Upload an image for an article body', tags, ...guard,
    description: `${uploadRules} Answers the image's public URL (\`/api/web/files/content-image/…\`).`,
    upload: imageUpload, output: contentImageSchema,
  },
  async ({ file }, c) => storeContentImage(c.get('db'), { actor: actorOf(c), bytes: new Uint8Array(await file.arrayBuffer()) }),
);

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
contentAdminRouter.endpoint(
  {
    method: 'post', path: '/banners/:id/image', summary: 'Set a banner\'s image', tags, ...guard,
    description: `${uploadRules} Answers the banner.`, input: idParamSchema, upload: imageUpload, output: adminBannerSchema,
  },
  async ({ id, file }, c) => {
    const banner = await storeBannerImage(c.get('db'), { actor: actorOf(c), id, bytes: new Uint8Array(await file.arrayBuffer()) });
    revalidateStorefront('content');
    return banner;
  },
);

// DELETE /api/admin/content/banners/:id/image — take a banner's image away
contentAdminRouter.endpoint(
  { method: 'delete', path: '/banners/:id/image', tags, summary: 'Remove a banner\'s image', input: idParamSchema, output: adminBannerSchema, ...guard },
  async (input, c) => {
    const banner = await removeBannerImage(c.get('db'), { actor: actorOf(c), id: input.id });
    revalidateStorefront('content');
    return banner;
  },
);
