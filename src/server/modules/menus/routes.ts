import 'server-only';
import { menuTreeSchema, staffProfileSchema } from '@/contracts/menus';
import { createRouter } from '@/server/http/router';
import { AppError } from '@/server/errors';
import { listMenuTree } from './queries';

export const menusAdminRouter = createRouter('/api/admin');

// GET /api/admin/menus — the back-office menu of the signed-in staff member, filtered by permission
menusAdminRouter.endpoint(
  {
    method: 'get', path: '/menus', tags: ['admin'], summary: 'Back-office menu of the current staff member',
    output: menuTreeSchema, audience: 'staff', permissions: ['ADMIN.ACCESS'],
  },
  async (_input, c) => {
    const actor = c.get('actor');
    if (actor.kind !== 'staff') throw new AppError(401);
    return listMenuTree(c.get('db'), { permissions: actor.permissions, lang: c.get('lang') });
  },
);

// GET /api/admin/me — the signed-in staff member, roles and permissions
menusAdminRouter.endpoint(
  {
    method: 'get', path: '/me', tags: ['admin'], summary: 'The current staff member',
    output: staffProfileSchema, audience: 'staff', permissions: ['ADMIN.ACCESS'],
  },
  async (_input, c) => {
    const actor = c.get('actor');
    if (actor.kind !== 'staff') throw new AppError(401);
    return { id: actor.staffId, name: actor.name, loginName: actor.loginName, roles: actor.roles, permissions: actor.permissions };
  },
);
