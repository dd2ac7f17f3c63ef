import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { idParamSchema } from '@/contracts/admin';
import { CONTENT_IMAGE_MAX_BYTES } from '@/server/modules/content/images';
import {
  adminPartnerInputSchema, adminPartnerListInputSchema, adminPartnerListSchema, adminPartnerOrderSchema, adminPartnerSchema, adminPartnerStatusSchema,
} from '@/contracts/partners';
import type { Permission } from '@/server/auth/permissions';
import { revalidateStorefront } from '@/server/cache/storefront';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { imageAnswer, storedImage } from '@/server/modules/files/routes';
import {
  createPartner, deletePartner, getAdminPartner, listAdminPartners, orderPartners, removePartnerLogo, setPartnerStatus, storePartnerLogo, updatePartner,
} from './partners';
import { getPartnerLogoPath } from './storefront';

/** The partners page's administration (ADR 0042), under the content group's permission. */
export const partnersAdminRouter = createRouter('/api/admin/content');
/** A published partner's logo. */
export const partnersWebRouter = createRouter('/api/web/partners');

const tags = ['admin: content'];
const guard: { audience: 'staff'; permissions: Permission[] } = { audience: 'staff', permissions: ['CONTENT.EDIT'] };
const actorOf = (c: Context<AppEnv>) => auditActorOf(c.get('actor'), clientInfo(c).ip);

// GET /api/admin/content/partners — every partner in the page's order (search by name, status filter)
partnersAdminRouter.endpoint(
  { method: 'get', path: '/partners', tags, summary: 'List partners', input: adminPartnerListInputSchema, output: adminPartnerListSchema, ...guard },
  async (input, c) => listAdminPartners(c.get('db'), { ...input, lang: c.get('lang') }),
);

// POST /api/admin/content/partners — add a partner (a draft, last in the order)
partnersAdminRouter.endpoint(
  { method: 'post', path: '/partners', tags, summary: 'Add a partner (a draft)', input: adminPartnerInputSchema, output: adminPartnerSchema, ...guard },
  async (input, c) => createPartner(c.get('db'), { actor: actorOf(c), lang: c.get('lang'), partner: input }),
);

// PUT /api/admin/content/partners/order — every partner in a new order
partnersAdminRouter.endpoint(
  { method: 'put', path: '/partners/order', tags, summary: 'Order the partners', input: adminPartnerOrderSchema, output: adminPartnerListSchema, ...guard },
  async (input, c) => {
    const list = await orderPartners(c.get('db'), { actor: actorOf(c), lang: c.get('lang'), ids: input.ids });
    revalidateStorefront('content');
    return list;
  },
);

// GET /api/admin/content/partners/:id — one partner
partnersAdminRouter.endpoint(
  { method: 'get', path: '/partners/:id', tags, summary: 'One partner', input: idParamSchema, output: adminPartnerSchema, ...guard },
  async (input, c) => getAdminPartner(c.get('db'), { id: input.id, lang: c.get('lang') }),
);

// PUT /api/admin/content/partners/:id — change a partner's texts, brand and link
partnersAdminRouter.endpoint(
  { method: 'put', path: '/partners/:id', tags, summary: 'Update a partner', input: adminPartnerInputSchema.extend(idParamSchema.shape), output: adminPartnerSchema, ...guard },
  async ({ id, ...partner }, c) => {
    const saved = await updatePartner(c.get('db'), { actor: actorOf(c), lang: c.get('lang'), id, partner });
    if (saved.status === 'published') revalidateStorefront('content');
    return saved;
  },
);

// POST /api/admin/content/partners/:id/status — publish (draft → published) or withdraw (published → draft)
partnersAdminRouter.endpoint(
  { method: 'post', path: '/partners/:id/status', tags, summary: 'Publish or withdraw a partner', input: adminPartnerStatusSchema, output: adminPartnerSchema, ...guard },
  async (input, c) => {
    const saved = await setPartnerStatus(c.get('db'), { actor: actorOf(c), lang: c.get('lang'), id: input.id, status: input.status });
    revalidateStorefront('content');
    return saved;
  },
);

// DELETE /api/admin/content/partners/:id — delete a partner
partnersAdminRouter.endpoint(
  { method: 'delete', path: '/partners/:id', tags, summary: 'Delete a partner', input: idParamSchema, output: z.object({ deleted: z.boolean() }), ...guard },
  async (input, c) => {
    await deletePartner(c.get('db'), { actor: actorOf(c), id: input.id });
    revalidateStorefront('content');
    return { deleted: true };
  },
);

// POST /api/admin/content/partners/:id/logo — multipart `file`: set a partner's logo
partnersAdminRouter.endpoint(
  {
    method: 'post', path: '/partners/:id/logo', summary: 'Set a partner\'s logo', tags, ...guard,
    description: `multipart/form-data with one part, \`file\`: PNG, JPEG or WebP as the file's bytes say (SVG, HTML and other types: 415 \`contentImageTypeRefused\`), `
      + `at most ${CONTENT_IMAGE_MAX_BYTES / 1024} KiB (413 \`contentImageTooLarge\`); re-encoded. Answers the partner.`,
    input: idParamSchema, upload: { maxBytes: CONTENT_IMAGE_MAX_BYTES, typeRefused: 'contentImageTypeRefused', tooLarge: 'contentImageTooLarge' }, output: adminPartnerSchema,
  },
  async ({ id, file }, c) => {
    const partner = await storePartnerLogo(c.get('db'), { actor: actorOf(c), lang: c.get('lang'), id, bytes: new Uint8Array(await file.arrayBuffer()) });
    revalidateStorefront('content');
    return partner;
  },
);

// DELETE /api/admin/content/partners/:id/logo — take a partner's logo away (the name shows instead)
partnersAdminRouter.endpoint(
  { method: 'delete', path: '/partners/:id/logo', tags, summary: 'Remove a partner\'s logo', input: idParamSchema, output: adminPartnerSchema, ...guard },
  async (input, c) => {
    const saved = await removePartnerLogo(c.get('db'), { actor: actorOf(c), lang: c.get('lang'), id: input.id });
    revalidateStorefront('content');
    return saved;
  },
);

// GET /api/admin/content/partners/:id/logo — any partner's logo, drafts too (the back-office's own preview)
partnersAdminRouter.endpoint(
  {
    method: 'get', path: '/partners/:id/logo', summary: 'A partner\'s logo, published or not', tags, ...guard, input: idParamSchema, file: imageAnswer.file,
    description: 'Answers the image itself (nosniff), or the JSON envelope with 404 when the partner has no logo.',
  },
  async (input, c) => storedImage(await getPartnerLogoPath(c.get('db'), { id: input.id, drafts: true })),
);

// GET /api/web/partners/:id/logo — a published partner's logo image
partnersWebRouter.endpoint(
  {
    method: 'get', path: '/:id/logo', summary: 'A partner\'s logo', tags: ['files'], input: idParamSchema, ...imageAnswer,
    description: 'Answers the image itself (image/png, image/jpeg or image/webp, nosniff), or the JSON envelope with 404 when the partner is not published or has no logo.',
  },
  async (input, c) => storedImage(await getPartnerLogoPath(c.get('db'), { id: input.id })),
);
