import 'server-only';
import { z } from 'zod';
import { idParamSchema } from '@/contracts/admin';
import {
  adminCategoryCreateSchema, adminCategoryMoveSchema, adminCategoryRenameSchema, adminCategorySchema, adminCategoryTreeSchema,
} from '@/contracts/catalog-editing';
import { revalidateStorefront } from '@/server/cache/storefront';
import { clientInfo } from '@/server/http/cookies';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { createCategory, deleteCategory, listAdminCategoryTree, moveCategory, renameCategory } from './admin-categories';

export const categoriesAdminRouter = createRouter('/api/admin/catalog');

const tags = ['admin: catalogue'];

// GET /api/admin/catalog/categories — the three-level tree with both names and whether products sit on each
categoriesAdminRouter.endpoint(
  { method: 'get', path: '/categories', tags, summary: 'The category tree', output: adminCategoryTreeSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (_input, c) => listAdminCategoryTree(c.get('db')),
);

// POST /api/admin/catalog/categories — add a category at the end of its parent's children (depth at most 3)
categoriesAdminRouter.endpoint(
  { method: 'post', path: '/categories', tags, summary: 'Add a category', input: adminCategoryCreateSchema, output: adminCategorySchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => {
    const made = await createCategory(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), ...input });
    revalidateStorefront('catalogue');
    return made;
  },
);

// PUT /api/admin/catalog/categories/:id — rename a category in both languages
categoriesAdminRouter.endpoint(
  { method: 'put', path: '/categories/:id', tags, summary: 'Rename a category', input: adminCategoryRenameSchema.extend(idParamSchema.shape), output: adminCategorySchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => {
    const saved = await renameCategory(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), ...input });
    revalidateStorefront('catalogue');
    return saved;
  },
);

// POST /api/admin/catalog/categories/:id/move — move a category (and its subtree) to a parent and a place; answers the tree
categoriesAdminRouter.endpoint(
  { method: 'post', path: '/categories/:id/move', tags, summary: 'Move a category', input: adminCategoryMoveSchema.extend(idParamSchema.shape), output: adminCategoryTreeSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => {
    const tree = await moveCategory(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), ...input });
    revalidateStorefront('catalogue');
    return tree;
  },
);

// DELETE /api/admin/catalog/categories/:id — delete a category without subcategories or products (409 otherwise)
categoriesAdminRouter.endpoint(
  { method: 'delete', path: '/categories/:id', tags, summary: 'Delete a category without subcategories or products', input: idParamSchema, output: z.object({ deleted: z.boolean() }), audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => {
    await deleteCategory(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), id: input.id });
    revalidateStorefront('catalogue');
    return { deleted: true };
  },
);
