import 'server-only';
import { idParamSchema } from '@/contracts/admin';
import { adminBrandSchema } from '@/contracts/catalog-editing';
import { revalidateStorefront } from '@/server/cache/storefront';
import { clientInfo } from '@/server/http/cookies';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { BRAND_LOGO_MAX_BYTES, removeBrandLogo, storeBrandLogo } from './admin-brand-logo';

export const brandLogoAdminRouter = createRouter('/api/admin/catalog');

const tags = ['admin: catalogue'];

// POST /api/admin/catalog/brands/:id/logo — multipart `file`: set a brand's logo (PNG, JPEG, WebP by its bytes)
brandLogoAdminRouter.endpoint(
  {
    method: 'post', path: '/brands/:id/logo', summary: 'Set a brand\'s logo image', tags, audience: 'staff', permissions: ['CATALOG.EDIT'],
    description: `multipart/form-data with one part, \`file\`: PNG, JPEG or WebP as the file's bytes say (SVG, HTML and other types: 415 \`catalogLogoTypeRefused\`), `
      + `at most ${BRAND_LOGO_MAX_BYTES / 1024} KiB (413 \`catalogLogoTooLarge\`); re-encoded, scaled to fit 600 pixels. Answers the brand.`,
    input: idParamSchema, upload: { maxBytes: BRAND_LOGO_MAX_BYTES, typeRefused: 'catalogLogoTypeRefused', tooLarge: 'catalogLogoTooLarge' }, output: adminBrandSchema,
  },
  async ({ id, file }, c) => {
    const brand = await storeBrandLogo(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), id, bytes: new Uint8Array(await file.arrayBuffer()) });
    revalidateStorefront('catalogue');
    return brand;
  },
);

// DELETE /api/admin/catalog/brands/:id/logo — take a brand's logo away (the logo text shows again)
brandLogoAdminRouter.endpoint(
  { method: 'delete', path: '/brands/:id/logo', tags, summary: 'Remove a brand\'s logo image', input: idParamSchema, output: adminBrandSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => {
    const brand = await removeBrandLogo(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), id: input.id });
    revalidateStorefront('catalogue');
    return brand;
  },
);
