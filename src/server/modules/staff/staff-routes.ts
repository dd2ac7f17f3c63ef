import 'server-only';
import {
  idParamSchema, staffCreateInputSchema, staffListInputSchema, staffListSchema, staffMemberSchema, staffResetResultSchema, staffTeamInputSchema, staffTeamSchema, staffUpdateInputSchema,
} from '@/contracts/admin';
import { z } from 'zod';
import { clientInfo } from '@/server/http/cookies';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { createTeam, deleteTeam, listTeams, updateTeam } from './teams';
import { createStaffMember, getStaffMember, listStaff, resetStaffPassword, setStaffActive, updateStaffMember } from './staff';

export const staffAdminRouter = createRouter('/api/admin');

const tags = ['admin: staff'];

// GET /api/admin/staff — staff list: search (name, login, mail, phone), state and role filters, sort, pages
staffAdminRouter.endpoint(
  { method: 'get', path: '/staff', tags, summary: 'List staff', input: staffListInputSchema, output: staffListSchema, audience: 'staff', permissions: ['STAFF.VIEW'] },
  async (input, c) => listStaff(c.get('db'), input),
);

// GET /api/admin/staff/:id — one staff member with roles
staffAdminRouter.endpoint(
  { method: 'get', path: '/staff/:id', tags, summary: 'One staff member', input: idParamSchema, output: staffMemberSchema, audience: 'staff', permissions: ['STAFF.VIEW'] },
  async (input, c) => getStaffMember(c.get('db'), input),
);

// POST /api/admin/staff — add a staff member (staffadd) with an initial password digest and roles
staffAdminRouter.endpoint(
  { method: 'post', path: '/staff', tags, summary: 'Add a staff member', input: staffCreateInputSchema, output: staffMemberSchema, audience: 'staff', permissions: ['STAFF.EDIT'] },
  async (input, c) => createStaffMember(c.get('db'), {
    actor: auditActorOf(c.get('actor'), clientInfo(c).ip), loginName: input.loginName, passwordDigest: input.password,
    name: input.name, email: input.email, phone: input.phone, roleIds: input.roleIds, teamId: input.teamId,
  }),
);

// PUT /api/admin/staff/:id — update a staff member's name, contact and roles
staffAdminRouter.endpoint(
  { method: 'put', path: '/staff/:id', tags, summary: 'Update a staff member', input: staffUpdateInputSchema.extend(idParamSchema.shape), output: staffMemberSchema, audience: 'staff', permissions: ['STAFF.EDIT'] },
  async (input, c) => updateStaffMember(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), ...input }),
);

// POST /api/admin/staff/:id/disable — disable a staff member; their sessions end at once
staffAdminRouter.endpoint(
  { method: 'post', path: '/staff/:id/disable', tags, summary: 'Disable a staff member (ends their sessions)', input: idParamSchema, output: staffMemberSchema, audience: 'staff', permissions: ['STAFF.EDIT'] },
  async (input, c) => setStaffActive(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), id: input.id, active: false }),
);

// POST /api/admin/staff/:id/enable — enable a disabled staff member
staffAdminRouter.endpoint(
  { method: 'post', path: '/staff/:id/enable', tags, summary: 'Enable a staff member', input: idParamSchema, output: staffMemberSchema, audience: 'staff', permissions: ['STAFF.EDIT'] },
  async (input, c) => setStaffActive(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), id: input.id, active: true }),
);

// POST /api/admin/staff/:id/reset-password — mail a new random password; the member's sessions end
staffAdminRouter.endpoint(
  { method: 'post', path: '/staff/:id/reset-password', tags, summary: 'Reset a staff member\'s password by mail', input: idParamSchema, output: staffResetResultSchema, audience: 'staff', permissions: ['STAFF.EDIT'] },
  async (input, c) => resetStaffPassword(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), id: input.id, lang: c.get('lang') }),
);

// GET /api/admin/teams — the teams with manager and member count
staffAdminRouter.endpoint(
  { method: 'get', path: '/teams', tags, summary: 'List teams', input: z.object({}), output: z.array(staffTeamSchema), audience: 'staff', permissions: ['STAFF.VIEW'] },
  async (_input, c) => listTeams(c.get('db')),
);

// POST /api/admin/teams — add a team (names, manager, order)
staffAdminRouter.endpoint(
  { method: 'post', path: '/teams', tags, summary: 'Add a team', input: staffTeamInputSchema, output: staffTeamSchema, audience: 'staff', permissions: ['STAFF.EDIT'] },
  async (input, c) => createTeam(c.get('db'), auditActorOf(c.get('actor'), clientInfo(c).ip), input),
);

// PUT /api/admin/teams/:id — rename a team, name its manager, change its order
staffAdminRouter.endpoint(
  { method: 'put', path: '/teams/:id', tags, summary: 'Change a team', input: staffTeamInputSchema.extend(idParamSchema.shape), output: staffTeamSchema, audience: 'staff', permissions: ['STAFF.EDIT'] },
  async ({ id, ...input }, c) => updateTeam(c.get('db'), auditActorOf(c.get('actor'), clientInfo(c).ip), id, input),
);

// DELETE /api/admin/teams/:id — delete a team without members (409 while members remain)
staffAdminRouter.endpoint(
  { method: 'delete', path: '/teams/:id', tags, summary: 'Delete a team without members', input: idParamSchema, output: z.object({ ok: z.boolean() }), audience: 'staff', permissions: ['STAFF.EDIT'] },
  async (input, c) => {
    await deleteTeam(c.get('db'), auditActorOf(c.get('actor'), clientInfo(c).ip), input.id);
    return { ok: true };
  },
);
