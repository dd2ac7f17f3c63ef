import 'server-only';
import { z } from 'zod';
import { idParamSchema, menuItemInputSchema, menuMoveInputSchema, menuRowSchema, menuRowTreeSchema } from '@/contracts/admin';
import { clientInfo } from '@/server/http/cookies';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { createMenuItem, deleteMenuItem, listMenuRows, moveMenuItem, updateMenuItem } from './editor';

export const menuEditorAdminRouter = createRouter('/api/admin');

const tags = ['admin: menu'];

// GET /api/admin/menu-items — every menu item as a tree with both titles, for the menu editor
menuEditorAdminRouter.endpoint(
  { method: 'get', path: '/menu-items', tags, summary: 'All menu items (editor tree)', output: menuRowTreeSchema, audience: 'staff', permissions: ['MENU.EDIT'] },
  async (_input, c) => listMenuRows(c.get('db')),
);

// POST /api/admin/menu-items — add a menu item
menuEditorAdminRouter.endpoint(
  { method: 'post', path: '/menu-items', tags, summary: 'Add a menu item', input: menuItemInputSchema, output: menuRowSchema, audience: 'staff', permissions: ['MENU.EDIT'] },
  async (input, c) => createMenuItem(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), item: input }),
);

// PUT /api/admin/menu-items/:id — update every field of a menu item
menuEditorAdminRouter.endpoint(
  { method: 'put', path: '/menu-items/:id', tags, summary: 'Update a menu item', input: menuItemInputSchema.extend(idParamSchema.shape), output: menuRowSchema, audience: 'staff', permissions: ['MENU.EDIT'] },
  async (input, c) => {
    const { id, ...item } = input;
    return updateMenuItem(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), id, item });
  },
);

// POST /api/admin/menu-items/move — move an item under a parent and reorder that parent's children (drag and drop)
menuEditorAdminRouter.endpoint(
  { method: 'post', path: '/menu-items/move', tags, summary: 'Move and reorder menu items', input: menuMoveInputSchema, output: menuRowTreeSchema, audience: 'staff', permissions: ['MENU.EDIT'] },
  async (input, c) => moveMenuItem(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), ...input }),
);

// DELETE /api/admin/menu-items/:id — delete a menu item without children
menuEditorAdminRouter.endpoint(
  { method: 'delete', path: '/menu-items/:id', tags, summary: 'Delete a menu item', input: idParamSchema, output: z.object({ deleted: z.boolean() }), audience: 'staff', permissions: ['MENU.EDIT'] },
  async (input, c) => {
    await deleteMenuItem(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), id: input.id });
    return { deleted: true };
  },
);
