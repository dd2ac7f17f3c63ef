import 'server-only';
import { z } from 'zod';
import {
  idParamSchema, permissionGroupsSchema, roleInputSchema, roleListInputSchema, roleListSchema, rolePermissionsInputSchema, roleSchema,
} from '@/contracts/admin';
import { clientInfo } from '@/server/http/cookies';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { createRole, deleteRole, getRole, listPermissionGroups, listRoles, RESET_PERMISSIONS, setRolePermissions, updateRole } from './roles';

export const rolesAdminRouter = createRouter('/api/admin');

const tags = ['admin: authorities'];

// GET /api/admin/permissions — the staff permissions of the registry, grouped, for the permission tree
rolesAdminRouter.endpoint(
  { method: 'get', path: '/permissions', tags, summary: 'Staff permissions grouped for the permission tree', output: permissionGroupsSchema, audience: 'staff', permissions: ['AUTHORITY.VIEW'] },
  async (_input, c) => listPermissionGroups(c.get('lang')),
);

// GET /api/admin/roles — back-office roles ("authorities"), searched by name or description, paged
rolesAdminRouter.endpoint(
  { method: 'get', path: '/roles', tags, summary: 'List roles', input: roleListInputSchema, output: roleListSchema, audience: 'staff', permissions: ['AUTHORITY.VIEW'] },
  async (input, c) => listRoles(c.get('db'), input),
);

// GET /api/admin/roles/:id — one role with its permissions and how many staff hold it
rolesAdminRouter.endpoint(
  { method: 'get', path: '/roles/:id', tags, summary: 'One role', input: idParamSchema, output: roleSchema, audience: 'staff', permissions: ['AUTHORITY.VIEW'] },
  async (input, c) => getRole(c.get('db'), input),
);

// POST /api/admin/roles — add a role (authadd), optionally with its permissions
rolesAdminRouter.endpoint(
  { method: 'post', path: '/roles', tags, summary: 'Add a role', input: roleInputSchema, output: roleSchema, audience: 'staff', permissions: ['AUTHORITY.EDIT'] },
  async (input, c) => createRole(c.get('db'), {
    actor: auditActorOf(c.get('actor'), clientInfo(c).ip), name: input.name, description: input.description, permissions: input.permissions ?? [],
  }),
);

// PUT /api/admin/roles/:id — update a role's name and description
rolesAdminRouter.endpoint(
  { method: 'put', path: '/roles/:id', tags, summary: 'Update a role', input: roleInputSchema.omit({ permissions: true }).extend(idParamSchema.shape), output: roleSchema, audience: 'staff', permissions: ['AUTHORITY.EDIT'] },
  async (input, c) => updateRole(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), ...input }),
);

// PUT /api/admin/roles/:id/permissions — set a role's permissions
rolesAdminRouter.endpoint(
  { method: 'put', path: '/roles/:id/permissions', tags, summary: 'Set a role\'s permissions', input: rolePermissionsInputSchema.extend(idParamSchema.shape), output: roleSchema, audience: 'staff', permissions: ['AUTHORITY.EDIT'] },
  async (input, c) => setRolePermissions(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), id: input.id, permissions: input.permissions }),
);

// POST /api/admin/roles/:id/reset — reset a role to the back-office entry permission alone
rolesAdminRouter.endpoint(
  { method: 'post', path: '/roles/:id/reset', tags, summary: 'Reset a role\'s permissions to ADMIN.ACCESS alone', input: idParamSchema, output: roleSchema, audience: 'staff', permissions: ['AUTHORITY.EDIT'] },
  async (input, c) => setRolePermissions(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), id: input.id, permissions: RESET_PERMISSIONS, action: 'reset' }),
);

// DELETE /api/admin/roles/:id — delete a role nobody holds (409 while assigned)
rolesAdminRouter.endpoint(
  { method: 'delete', path: '/roles/:id', tags, summary: 'Delete a role', input: idParamSchema, output: z.object({ deleted: z.boolean() }), audience: 'staff', permissions: ['AUTHORITY.EDIT'] },
  async (input, c) => {
    await deleteRole(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), id: input.id });
    return { deleted: true };
  },
);
