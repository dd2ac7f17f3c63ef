import 'server-only';
import { z } from 'zod';
import { idParamSchema } from '@/contracts/admin';
import { adminBrandInputSchema, adminBrandListInputSchema, adminBrandListSchema, adminBrandSchema } from '@/contracts/catalog-editing';
import { revalidateStorefront } from '@/server/cache/storefront';
import { clientInfo } from '@/server/http/cookies';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { createBrand, deleteBrand, getAdminBrand, listAdminBrands, updateBrand } from './admin-brands';

export const brandsAdminRouter = createRouter('/api/admin/catalog');

const tags = ['admin: catalogue'];

// GET /api/admin/catalog/brands — brands: search (names, code), authorised and recommended filters, sort, pages
brandsAdminRouter.endpoint(
  { method: 'get', path: '/brands', tags, summary: 'List brands', input: adminBrandListInputSchema, output: adminBrandListSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => listAdminBrands(c.get('db'), input),
);

// GET /api/admin/catalog/brands/:id — one brand with every field the storefront shows
brandsAdminRouter.endpoint(
  { method: 'get', path: '/brands/:id', tags, summary: 'One brand', input: idParamSchema, output: adminBrandSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => getAdminBrand(c.get('db'), input),
);

// POST /api/admin/catalog/brands — add a brand (409 when the code is taken)
brandsAdminRouter.endpoint(
  { method: 'post', path: '/brands', tags, summary: 'Add a brand', input: adminBrandInputSchema, output: adminBrandSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => {
    const brand = await createBrand(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), brand: input });
    revalidateStorefront('catalogue');
    return brand;
  },
);

// PUT /api/admin/catalog/brands/:id — update every field of a brand
brandsAdminRouter.endpoint(
  { method: 'put', path: '/brands/:id', tags, summary: 'Update a brand', input: adminBrandInputSchema.extend(idParamSchema.shape), output: adminBrandSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async ({ id, ...brand }, c) => {
    const saved = await updateBrand(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), id, brand });
    revalidateStorefront('catalogue');
    return saved;
  },
);

// DELETE /api/admin/catalog/brands/:id — delete a brand no product or article refers to (409 otherwise)
brandsAdminRouter.endpoint(
  { method: 'delete', path: '/brands/:id', tags, summary: 'Delete a brand without products or articles', input: idParamSchema, output: z.object({ deleted: z.boolean() }), audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => {
    await deleteBrand(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), id: input.id });
    revalidateStorefront('catalogue');
    return { deleted: true };
  },
);
