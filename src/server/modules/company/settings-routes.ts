import 'server-only';
import {
  addressAddSchema, addressListSchema, addressSchema, addressUpdateSchema, approvalSaveSchema, approvalSettingsSchema,
  countOutputSchema, departmentAddSchema, departmentListSchema, departmentSchema, departmentUpdateSchema, functionsOutputSchema,
  roleAddSchema, roleListSchema, roleSchema, roleUpdateSchema, userIdsSchema,
} from '@/contracts/company';
import { createRouter } from '@/server/http/router';
import { addAddress, deleteAddresses, listAddresses, updateAddress } from './addresses';
import { getApprovalSettings, saveApprovalRules } from './approval-settings';
import { addDepartment, deleteDepartments, listDepartments, updateDepartment } from './departments';
import { addRole, deleteRoles, listFunctions, listRoles, updateRole } from './roles';
import { companyActorOf } from './routes';

export const companySettingsRouter = createRouter('/api/app');
const tags = ['company'];

// GET /api/app/department/list — the company's departments (a tree by parentId) with user counts
companySettingsRouter.endpoint(
  { method: 'get', path: '/department/list', tags, summary: 'Departments of the company', output: departmentListSchema, audience: 'user', permissions: ['USER.VIEW'] },
  async (_input, c) => ({ list: await listDepartments(c.get('db'), companyActorOf(c).companyId) }),
);

// POST /api/app/department/add — add a department (optionally under a parent)
companySettingsRouter.endpoint(
  { method: 'post', path: '/department/add', tags, summary: 'Add a department', input: departmentAddSchema, output: departmentSchema, audience: 'user', permissions: ['DEPARTMENT.EDIT'] },
  async (input, c) => addDepartment(c.get('db'), companyActorOf(c), input),
);

// POST /api/app/department/update — rename or move a department (no cycles)
companySettingsRouter.endpoint(
  { method: 'post', path: '/department/update', tags, summary: 'Rename or move a department', input: departmentUpdateSchema, output: departmentSchema, audience: 'user', permissions: ['DEPARTMENT.EDIT'] },
  async (input, c) => updateDepartment(c.get('db'), companyActorOf(c), input),
);

// POST /api/app/department/batchDelete — delete departments; refused, naming them, while users or sub-departments remain
companySettingsRouter.endpoint(
  { method: 'post', path: '/department/batchDelete', tags, summary: 'Delete departments (ids)', input: userIdsSchema, output: countOutputSchema, audience: 'user', permissions: ['DEPARTMENT.EDIT'] },
  async (input, c) => ({ count: await deleteDepartments(c.get('db'), companyActorOf(c), input.ids) }),
);

// POST /api/app/functions/all — the company permissions with labels in the caller's language, grouped
companySettingsRouter.endpoint(
  { method: 'post', path: '/functions/all', tags, summary: 'Company permissions, grouped', output: functionsOutputSchema, audience: 'user', permissions: ['USER.VIEW'] },
  async (_input, c) => ({ groups: listFunctions(c.get('lang')) }),
);

// GET /api/app/role/list — the company's roles with their permissions and user counts
companySettingsRouter.endpoint(
  { method: 'get', path: '/role/list', tags, summary: 'Roles of the company', output: roleListSchema, audience: 'user', permissions: ['USER.VIEW'] },
  async (_input, c) => ({ list: await listRoles(c.get('db'), companyActorOf(c).companyId) }),
);

// POST /api/app/role/add — a role built from company permissions
companySettingsRouter.endpoint(
  { method: 'post', path: '/role/add', tags, summary: 'Add a role', input: roleAddSchema, output: roleSchema, audience: 'user', permissions: ['ROLE.EDIT'] },
  async (input, c) => addRole(c.get('db'), companyActorOf(c), input),
);

// POST /api/app/role/update — rename a role or replace its permissions, as the grant rule allows (src/server/auth/grants.ts)
companySettingsRouter.endpoint(
  { method: 'post', path: '/role/update', tags, summary: 'Edit a role', input: roleUpdateSchema, output: roleSchema, audience: 'user', permissions: ['ROLE.EDIT'] },
  async (input, c) => updateRole(c.get('db'), companyActorOf(c), input),
);

// POST /api/app/role/batchDelete — delete roles; refused, naming the users, while a role is assigned
companySettingsRouter.endpoint(
  { method: 'post', path: '/role/batchDelete', tags, summary: 'Delete roles (ids)', input: userIdsSchema, output: countOutputSchema, audience: 'user', permissions: ['ROLE.EDIT'] },
  async (input, c) => ({ count: await deleteRoles(c.get('db'), companyActorOf(c), input.ids) }),
);

// GET /api/app/address/list — the company's address book, default first (any user of the company)
companySettingsRouter.endpoint(
  { method: 'get', path: '/address/list', tags, summary: 'The company address book', output: addressListSchema, audience: 'user' },
  async (_input, c) => ({ list: await listAddresses(c.get('db'), companyActorOf(c).companyId) }),
);

// POST /api/app/address/add — add an address (the first one, or isDefault, becomes the only default)
companySettingsRouter.endpoint(
  { method: 'post', path: '/address/add', tags, summary: 'Add an address', input: addressAddSchema, output: addressSchema, audience: 'user', permissions: ['ADDRESS.EDIT'] },
  async (input, c) => addAddress(c.get('db'), companyActorOf(c), input),
);

// POST /api/app/address/update — edit an address or make it the default
companySettingsRouter.endpoint(
  { method: 'post', path: '/address/update', tags, summary: 'Edit an address', input: addressUpdateSchema, output: addressSchema, audience: 'user', permissions: ['ADDRESS.EDIT'] },
  async (input, c) => updateAddress(c.get('db'), companyActorOf(c), input),
);

// POST /api/app/address/batchDelete — delete addresses (the default passes to the oldest remaining)
companySettingsRouter.endpoint(
  { method: 'post', path: '/address/batchDelete', tags, summary: 'Delete addresses (ids)', input: userIdsSchema, output: countOutputSchema, audience: 'user', permissions: ['ADDRESS.EDIT'] },
  async (input, c) => ({ count: await deleteAddresses(c.get('db'), companyActorOf(c), input.ids) }),
);

// GET /api/app/approval/rules — the four approval rules, buyers' monthly limits, whether a valid permit is on file
companySettingsRouter.endpoint(
  { method: 'get', path: '/approval/rules', tags, summary: 'Approval rules and monthly limits', output: approvalSettingsSchema, audience: 'user', permissions: ['USER.VIEW'] },
  async (_input, c) => getApprovalSettings(c.get('db'), companyActorOf(c).companyId),
);

// POST /api/app/approval/rules/save — save the four approval rules at once
companySettingsRouter.endpoint(
  { method: 'post', path: '/approval/rules/save', tags, summary: 'Save the approval rules', input: approvalSaveSchema, output: approvalSettingsSchema, audience: 'user', permissions: ['USER.EDIT'] },
  async (input, c) => saveApprovalRules(c.get('db'), companyActorOf(c), input),
);
