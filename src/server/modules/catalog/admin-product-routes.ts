import 'server-only';
import { z } from 'zod';
import { idParamSchema } from '@/contracts/admin';
import {
  adminProductBulkSchema, adminProductInputSchema, adminProductListInputSchema, adminProductListSchema, adminProductSchema,
  structurePreviewInputSchema, structurePreviewSchema,
} from '@/contracts/catalog-editing-products';
import { revalidateStorefront } from '@/server/cache/storefront';
import { clientInfo } from '@/server/http/cookies';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { listAdminProducts } from './admin-product-list';
import {
  bulkUpdateProducts, createProduct, deleteProduct, getAdminProduct, previewStructure, updateProduct,
} from './admin-products';

export const productsAdminRouter = createRouter('/api/admin/catalog');

const tags = ['admin: catalogue'];

// GET /api/admin/catalog/products — search (item number, CAS, names), filters, sort, keyset pages (ADR 0030)
productsAdminRouter.endpoint(
  { method: 'get', path: '/products', tags, summary: 'List products', input: adminProductListInputSchema, output: adminProductListSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => listAdminProducts(c.get('db'), input),
);

// GET /api/admin/catalog/products/structure-preview?smiles= — the drawing of a typed SMILES and the formula it implies
productsAdminRouter.endpoint(
  { method: 'get', path: '/products/structure-preview', tags, summary: 'Preview the structure drawing of a SMILES', input: structurePreviewInputSchema, output: structurePreviewSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input) => previewStructure(input.smiles),
);

// POST /api/admin/catalog/products/bulk — set active and the flags of many products at once
productsAdminRouter.endpoint(
  { method: 'post', path: '/products/bulk', tags, summary: 'Set active or flags of several products', input: adminProductBulkSchema, output: z.object({ updated: z.number().int() }), audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => {
    const result = await bulkUpdateProducts(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), ...input });
    revalidateStorefront('catalogue');
    return result;
  },
);

// GET /api/admin/catalog/products/:id — one product with its packs and every field the product page shows
productsAdminRouter.endpoint(
  { method: 'get', path: '/products/:id', tags, summary: 'One product with its packs', input: idParamSchema, output: adminProductSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => getAdminProduct(c.get('db'), input),
);

// POST /api/admin/catalog/products — add a product with its packs (409 when the item number is taken)
productsAdminRouter.endpoint(
  { method: 'post', path: '/products', tags, summary: 'Add a product', input: adminProductInputSchema, output: adminProductSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => {
    const product = await createProduct(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), product: input });
    revalidateStorefront('catalogue');
    return product;
  },
);

// PUT /api/admin/catalog/products/:id — update a product and its packs in one transaction
productsAdminRouter.endpoint(
  { method: 'put', path: '/products/:id', tags, summary: 'Update a product and its packs', input: adminProductInputSchema.safeExtend(idParamSchema.shape), output: adminProductSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async ({ id, ...product }, c) => {
    const saved = await updateProduct(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), id, product });
    revalidateStorefront('catalogue');
    return saved;
  },
);

// DELETE /api/admin/catalog/products/:id — delete a product nobody ordered and no cart holds (409 otherwise)
productsAdminRouter.endpoint(
  { method: 'delete', path: '/products/:id', tags, summary: 'Delete a product without orders', input: idParamSchema, output: z.object({ deleted: z.boolean() }), audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => {
    await deleteProduct(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), id: input.id });
    revalidateStorefront('catalogue');
    return { deleted: true };
  },
);
