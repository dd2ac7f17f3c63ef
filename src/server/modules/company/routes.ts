import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  addressListSchema, contactsOutputSchema, countOutputSchema, companyOverviewSchema, companyUserSchema, profileSchema,
  profileUpdateSchema, userAddOutputSchema, userAddSchema, userDepartmentsSchema, userIdsSchema, userListOutputSchema, userListSchema, userRolesSchema,
  userUpdateSchema,
} from '@/contracts/company';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { AppError } from '@/server/errors';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { listAddresses } from './addresses';
import type { CompanyActor } from './context';
import { getCompanyOverview } from './overview';
import { getProfile, updateProfile } from './profile';
import { addCompanyUser, assignDepartment, assignRoles, disableCompanyUsers, listCompanyUsers, listContacts, updateCompanyUser } from './users';

/** The signed-in customer as the company modules take it (the audience guard has run). */
export function companyActorOf(c: Context<AppEnv>): CompanyActor {
  const actor = c.get('actor');
  if (actor.kind !== 'user') throw new AppError(401);
  return { companyId: actor.companyId, userId: actor.userId, audit: auditActorOf(actor, clientInfo(c).ip) };
}

export const companyUserRouter = createRouter('/api/app');
const tags = ['company'];

// POST /api/app/user/add — the administrator adds an employee (activates by registration) or a sub-account
companyUserRouter.endpoint(
  { method: 'post', path: '/user/add', tags, summary: 'Add an employee or a sub-account (within the sub-account limit); the same answer whether the login exists or not', input: userAddSchema, output: userAddOutputSchema, audience: 'user', permissions: ['USER.EDIT'] },
  async (input, c) => addCompanyUser(c.get('db'), companyActorOf(c), input),
);

// POST /api/app/user/update — the administrator edits a user: name, job, branch, userinfoNo, department, roles, active, monthly limit
companyUserRouter.endpoint(
  { method: 'post', path: '/user/update', tags, summary: 'Edit a user of the company (disabling ends their sessions)', input: userUpdateSchema, output: companyUserSchema, audience: 'user', permissions: ['USER.EDIT'] },
  async (input, c) => updateCompanyUser(c.get('db'), companyActorOf(c), input),
);

// POST /api/app/api/user/s — the company's users: search, filters, sorting, pages, sub-account usage
companyUserRouter.endpoint(
  { method: 'post', path: '/api/user/s', tags, summary: 'List the company users', input: userListSchema, output: userListOutputSchema, audience: 'user', permissions: ['USER.VIEW'] },
  async (input, c) => listCompanyUsers(c.get('db'), { ...input, companyId: companyActorOf(c).companyId }),
);

// POST /api/app/api/user/delete — disable users (their sessions end at once); never oneself or the administrator
companyUserRouter.endpoint(
  { method: 'post', path: '/api/user/delete', tags, summary: 'Disable users (ids)', input: userIdsSchema, output: countOutputSchema, audience: 'user', permissions: ['USER.EDIT'] },
  async (input, c) => ({ count: await disableCompanyUsers(c.get('db'), companyActorOf(c), input.ids) }),
);

// POST /api/app/api/user/departments — put users (ids) into a department (or none)
companyUserRouter.endpoint(
  { method: 'post', path: '/api/user/departments', tags, summary: 'Assign a department to users', input: userDepartmentsSchema, output: countOutputSchema, audience: 'user', permissions: ['USER.EDIT'] },
  async (input, c) => ({ count: await assignDepartment(c.get('db'), companyActorOf(c), input) }),
);

// POST /api/app/api/user/roles — replace a user's roles
companyUserRouter.endpoint(
  { method: 'post', path: '/api/user/roles', tags, summary: 'Assign roles to a user', input: userRolesSchema, output: companyUserSchema, audience: 'user', permissions: ['USER.EDIT'] },
  async (input, c) => assignRoles(c.get('db'), companyActorOf(c), input),
);

// POST /api/app/api/user/update — the signed-in user's own basic information and avatar
companyUserRouter.endpoint(
  { method: 'post', path: '/api/user/update', tags, summary: 'Edit one\'s own basic information', input: profileUpdateSchema, output: profileSchema, audience: 'user' },
  async (input, c) => updateProfile(c.get('db'), companyActorOf(c), input),
);

// GET /api/app/api/user/profile — the signed-in user's basic information
companyUserRouter.endpoint(
  { method: 'get', path: '/api/user/profile', tags, summary: 'One\'s own basic information', output: profileSchema, audience: 'user' },
  async (_input, c) => getProfile(c.get('db'), companyActorOf(c)),
);

// GET /api/app/api/user/contacts — colleagues of the company: names, departments, e-mail and phone
companyUserRouter.endpoint(
  { method: 'get', path: '/api/user/contacts', tags, summary: 'Colleagues of the company', output: contactsOutputSchema, audience: 'user' },
  async (_input, c) => ({ list: await listContacts(c.get('db'), companyActorOf(c).companyId) }),
);

// GET /api/app/api/user/addresses — the company's address book, default first (checkout)
companyUserRouter.endpoint(
  { method: 'get', path: '/api/user/addresses', tags, summary: 'The company address book, default first', output: addressListSchema, audience: 'user' },
  async (_input, c) => ({ list: await listAddresses(c.get('db'), companyActorOf(c).companyId) }),
);

// GET /api/app/company/overview — counts of the system-settings hub
companyUserRouter.endpoint(
  { method: 'get', path: '/company/overview', tags, summary: 'Counts of the system-settings hub', input: z.strictObject({}), output: companyOverviewSchema, audience: 'user', permissions: ['USER.VIEW'] },
  async (_input, c) => getCompanyOverview(c.get('db'), companyActorOf(c).companyId),
);
