import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '@/lib/sha256';
import { permissionsOfScope } from '@/server/auth/permissions';
import { companies, rolePermissions, roles, staff, staffRolePermissions, staffRoles, staffTeams, users } from '@/server/db/schema';
import en from '../../../messages/en.json';
import { fileApiHarness } from '../../../test/api';

/**
 * The grant rule (src/server/auth/grants.ts) through the routes that grant, in both realms: nobody gives
 * themselves more, nobody grants what they do not hold, and the administrators stay administrators.
 */
const h = fileApiHarness();
const errors = en.api.errors;
const EN = { headers: { 'accept-language': 'en' } };

type Ok = { id: number };

async function ok<T = Ok>(res: Promise<{ status: number; body: { data: unknown; msg: string } }>): Promise<T> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${r.status} ${r.body.msg}`);
  return r.body.data as T;
}

function refusedWith(res: { status: number; body: { msg: string } }, status: number, message: string): void {
  expect({ status: res.status, msg: res.body.msg.replace(/:.*$/, ':') }).toEqual({ status, msg: message.replace(/:.*$/, ':') });
}

describe('staff', () => {
  let admin: string;
  const ids = { superRole: 0, opsRole: 0, hrRole: 0, authRole: 0, hr: 0, auth: 0, admin: 0, team: 0 };

  beforeAll(async () => {
    admin = await h.loginStaff('admin', 'Admin#2026');
    const db = h.db.db;
    const [superRole] = await db.select({ id: staffRoles.id }).from(staffRoles).where(eq(staffRoles.name, '超级管理员'));
    const [opsRole] = await db.select({ id: staffRoles.id }).from(staffRoles).where(eq(staffRoles.name, '运营'));
    const [me] = await db.select({ id: staff.id }).from(staff).where(eq(staff.loginName, 'admin'));
    const [team] = await db.select({ id: staffTeams.id }).from(staffTeams).where(eq(staffTeams.nameZh, '运营部'));
    ids.superRole = superRole!.id;
    ids.opsRole = opsRole!.id;
    ids.admin = me!.id;
    ids.team = team!.id;
    ids.hrRole = (await ok(h.call('POST', '/api/admin/roles', { token: admin, json: { name: '人事', permissions: ['ADMIN.ACCESS', 'STAFF.VIEW', 'STAFF.EDIT'] } }))).id;
    ids.authRole = (await ok(h.call('POST', '/api/admin/roles', { token: admin, json: { name: '身份管理', permissions: ['ADMIN.ACCESS', 'AUTHORITY.VIEW', 'AUTHORITY.EDIT'] } }))).id;
    const member = async (loginName: string, roleId: number) => (await ok(h.call('POST', '/api/admin/staff', {
      token: admin, json: { loginName, password: await sha256Hex('Grant#2026x'), name: loginName, email: `${loginName}@reagent.example.com`, roleIds: [roleId] },
    }))).id;
    ids.hr = await member('hr.only', ids.hrRole);
    ids.auth = await member('auth.only', ids.authRole);
  });

  const rolesOf = async (id: number) => (await ok<{ roles: { id: number }[] }>(h.call('GET', `/api/admin/staff/${id}`, { token: admin }))).roles.map((r) => r.id);
  const permissionsOf = async (id: number) => (await h.db.db.select({ p: staffRolePermissions.permission }).from(staffRolePermissions)
    .where(eq(staffRolePermissions.roleId, id))).map((r) => r.p).sort();

  it('a member with ADMIN.ACCESS, STAFF.VIEW and STAFF.EDIT cannot make themselves super administrator', async () => {
    const hr = await h.loginStaff('hr.only', 'Grant#2026x');
    const self = await h.call('PUT', `/api/admin/staff/${ids.hr}`, { token: hr, json: { name: 'hr.only', roleIds: [ids.hrRole, ids.superRole] }, ...EN });
    refusedWith(self, 409, errors.grantOwnRoles);
    expect(await rolesOf(ids.hr)).toEqual([ids.hrRole]);
    // Nor give the super administrator's role to someone else, or to a new member.
    const other = await h.call('PUT', `/api/admin/staff/${ids.auth}`, { token: hr, json: { name: 'auth.only', roleIds: [ids.authRole, ids.superRole] }, ...EN });
    refusedWith(other, 403, errors.grantNotHeld);
    expect(other.body.msg).toContain('Manage authorities');
    const made = await h.call('POST', '/api/admin/staff', { token: hr, json: { loginName: 'hr.friend', password: await sha256Hex('Grant#2026x'), name: 'x', roleIds: [ids.superRole] } });
    expect(made.status).toBe(403);
    expect((await h.call('GET', '/api/admin/staff?key=hr.friend', { token: admin })).body.data).toMatchObject({ total: 0 });
    // Nor take over the super administrator's account through its e-mail address or a password reset.
    const mail = await h.call('PUT', `/api/admin/staff/${ids.admin}`, { token: hr, json: { name: '系统管理员', email: 'hr.only@reagent.example.com', roleIds: [ids.superRole] }, ...EN });
    refusedWith(mail, 403, errors.grantAccountNotHeld);
    expect((await h.call('POST', `/api/admin/staff/${ids.admin}/reset-password`, { token: hr })).status).toBe(403);
    expect((await h.call('POST', `/api/admin/staff/${ids.admin}/disable`, { token: hr })).status).toBe(403);
    // Nor widen what they see: joining a team, or managing one.
    refusedWith(await h.call('PUT', `/api/admin/staff/${ids.hr}`, { token: hr, json: { name: 'hr.only', roleIds: [ids.hrRole], teamId: ids.team }, ...EN }), 409, errors.grantOwnLimits);
    refusedWith(await h.call('PUT', `/api/admin/teams/${ids.team}`, { token: hr, json: { nameZh: '运营部', nameEn: 'Operations', managerId: ids.hr, sort: 3 }, ...EN }), 409, errors.grantOwnLimits);
    // What they hold, they may give: a new member with their own role.
    expect((await h.call('POST', '/api/admin/staff', { token: hr, json: { loginName: 'hr.peer', password: await sha256Hex('Grant#2026x'), name: 'hr.peer', roleIds: [ids.hrRole] } })).status).toBe(200);
    expect((await h.call('PUT', `/api/admin/staff/${ids.hr}`, { token: hr, json: { name: '人事专员', phone: '021-1000', roleIds: [ids.hrRole] } })).status).toBe(200);
  });

  it('a holder of AUTHORITY.EDIT cannot add permissions to their own role, nor grant what they do not hold', async () => {
    const auth = await h.loginStaff('auth.only', 'Grant#2026x');
    const before = await permissionsOf(ids.authRole);
    const own = await h.call('PUT', `/api/admin/roles/${ids.authRole}/permissions`, {
      token: auth, json: { permissions: [...before, 'CRM.VIEW_ALL', 'STAFF.EDIT', 'SETTINGS.EDIT'] }, ...EN,
    });
    refusedWith(own, 409, errors.grantOwnRolePermissions);
    expect(await permissionsOf(ids.authRole)).toEqual(before);
    const opsBefore = await permissionsOf(ids.opsRole);
    refusedWith(await h.call('PUT', `/api/admin/roles/${ids.opsRole}/permissions`, { token: auth, json: { permissions: [...opsBefore, 'SETTINGS.EDIT'] }, ...EN }), 403, errors.grantNotHeld);
    expect(await permissionsOf(ids.opsRole)).toEqual(opsBefore);
    expect((await h.call('POST', '/api/admin/roles', { token: auth, json: { name: '全部客户', permissions: ['ADMIN.ACCESS', 'CRM.VIEW_ALL'] } })).status).toBe(403);
    // The super administrator's role holds what they lack: they can neither strip nor reset it.
    expect((await h.call('POST', `/api/admin/roles/${ids.superRole}/reset`, { token: auth })).status).toBe(403);
    expect(await permissionsOf(ids.superRole)).toEqual(permissionsOfScope('staff').sort());
    expect((await h.call('POST', '/api/admin/roles', { token: auth, json: { name: '只读身份', permissions: ['ADMIN.ACCESS', 'AUTHORITY.VIEW'] } })).status).toBe(200);
  });

  it('the super administrator cannot empty their own role (every administrator would be locked out)', async () => {
    const res = await h.call('PUT', `/api/admin/roles/${ids.superRole}/permissions`, { token: admin, json: { permissions: [] }, ...EN });
    refusedWith(res, 409, errors.grantOwnRolePermissions);
    expect(await permissionsOf(ids.superRole)).toEqual(permissionsOfScope('staff').sort());
    // Everything else stays theirs to grant.
    const grant = await h.call('PUT', `/api/admin/roles/${ids.authRole}/permissions`, { token: admin, json: { permissions: ['ADMIN.ACCESS', 'AUTHORITY.VIEW', 'AUTHORITY.EDIT', 'CRM.VIEW_ALL'] } });
    expect(grant.status).toBe(200);
    expect((await h.call('PUT', `/api/admin/staff/${ids.hr}`, { token: admin, json: { name: '人事专员', roleIds: [ids.hrRole, ids.opsRole], teamId: ids.team } })).status).toBe(200);
  });
});

describe('customers', () => {
  let admin: string;
  const ids = { company: 0, adminUser: 0, adminRole: 0, buyerRole: 0, researcherRole: 0, approverRole: 0, qc: 0, lead: 0, approver: 0, userEditRole: 0, roleEditRole: 0 };
  const PASSWORD = 'Reagent#2026';

  beforeAll(async () => {
    const db = h.db.db;
    admin = await h.loginUser('admin@demo.example.com', PASSWORD);
    const [company] = await db.select({ id: companies.id, adminUserId: companies.adminUserId }).from(companies).where(eq(companies.name, '上海示例生物科技有限公司'));
    ids.company = company!.id;
    ids.adminUser = company!.adminUserId!;
    const roleId = async (name: string) => (await db.select({ id: roles.id }).from(roles).where(and(eq(roles.companyId, ids.company), eq(roles.name, name))))[0]!.id;
    const userId = async (login: string) => (await db.select({ id: users.id }).from(users).where(eq(users.loginName, login)))[0]!.id;
    ids.adminRole = await roleId('管理员');
    ids.buyerRole = await roleId('采购员');
    ids.researcherRole = await roleId('研究员');
    ids.approverRole = await roleId('审批人');
    ids.qc = await userId('qc@demo.example.com');
    ids.lead = await userId('quality.lead@demo.example.com');
    ids.approver = await userId('approver@demo.example.com');
    ids.userEditRole = (await ok(h.call('POST', '/api/app/role/add', { token: admin, json: { name: '用户管理', permissions: ['USER.VIEW', 'USER.EDIT'] } }))).id;
    ids.roleEditRole = (await ok(h.call('POST', '/api/app/role/add', { token: admin, json: { name: '角色管理', permissions: ['SALE.VIEW', 'USER.VIEW', 'ROLE.EDIT'] } }))).id;
    await ok(h.call('POST', '/api/app/api/user/roles', { token: admin, json: { id: ids.qc, roleIds: [ids.researcherRole, ids.userEditRole] } }));
    await ok(h.call('POST', '/api/app/api/user/roles', { token: admin, json: { id: ids.lead, roleIds: [ids.roleEditRole] } }));
  });

  const userOf = async (id: number) => (await h.db.db.select({ monthlyLimit: users.monthlyLimit }).from(users).where(eq(users.id, id)))[0];
  const rolesOf = async (id: number) => ((await ok<{ list: { id: number; roles: { id: number }[] }[] }>(
    h.call('POST', '/api/app/api/user/s', { token: admin, json: { limit: 100 } }))).list.find((u) => u.id === id)?.roles ?? []).map((r) => r.id).sort((a, b) => a - b);
  const permissionsOf = async (id: number) => (await h.db.db.select({ p: rolePermissions.permission }).from(rolePermissions)
    .where(inArray(rolePermissions.roleId, [id]))).map((r) => r.p).sort();

  it('a user with USER.EDIT cannot take the administrator role or drop their own ¥3,000 monthly limit', async () => {
    const qc = await h.loginUser('qc@demo.example.com', PASSWORD);
    const rolesBefore = await rolesOf(ids.qc);
    const take = await h.call('POST', '/api/app/user/update', { token: qc, json: { id: ids.qc, roleIds: [ids.researcherRole, ids.userEditRole, ids.adminRole] }, ...EN });
    refusedWith(take, 409, errors.grantOwnRoles);
    expect(await rolesOf(ids.qc)).toEqual(rolesBefore);
    refusedWith(await h.call('POST', '/api/app/user/update', { token: qc, json: { id: ids.qc, monthlyLimit: null }, ...EN }), 409, errors.grantOwnLimits);
    refusedWith(await h.call('POST', '/api/app/user/update', { token: qc, json: { id: ids.qc, monthlyLimit: '999999' }, ...EN }), 409, errors.grantOwnLimits);
    expect((await userOf(ids.qc))?.monthlyLimit).toBe('3000.00');
    // Nor switch the monthly-limit rule off for everyone, themselves included.
    const settings = await ok<{ rules: { kind: string; active: boolean; amount: string | null; requirePermit: boolean }[] }>(h.call('GET', '/api/app/approval/rules', { token: admin }));
    const rule = (kind: string) => settings.rules.find((r) => r.kind === kind)!;
    const save = {
      totalAboveActive: rule('total_above').active, totalAboveAmount: rule('total_above').amount ?? undefined, hazardousActive: rule('hazardous').active,
      controlledActive: rule('controlled').active, controlledRequirePermit: rule('controlled').requirePermit,
    };
    const off = await h.call('POST', '/api/app/approval/rules/save', { token: qc, json: { ...save, monthlyLimitActive: !rule('monthly_limit').active }, ...EN });
    refusedWith(off, 409, errors.grantOwnLimits);
    // Nor give the administrator role to a colleague, or to a new account.
    refusedWith(await h.call('POST', '/api/app/api/user/roles', { token: qc, json: { id: ids.approver, roleIds: [ids.adminRole] }, ...EN }), 403, errors.grantNotHeld);
    expect((await h.call('POST', '/api/app/user/add', { token: qc, json: { loginName: 'friend@demo.example.com', name: '朋友', roleIds: [ids.adminRole] } })).status).toBe(403);
    // Another user's limit within their own, and a colleague's roles within what they hold, stay theirs to change
    // (a limit above their own ¥3,000 is not theirs to give).
    refusedWith(await h.call('POST', '/api/app/user/update', { token: qc, json: { id: ids.approver, monthlyLimit: '5000' }, ...EN }), 403, errors.grantBoundsNotHeld);
    expect((await h.call('POST', '/api/app/user/update', { token: qc, json: { id: ids.approver, monthlyLimit: '2000' } })).status).toBe(200);
    expect((await h.call('POST', '/api/app/api/user/roles', { token: qc, json: { id: ids.approver, roleIds: [ids.approverRole, ids.userEditRole] } })).status).toBe(200);
    // Taking away a role with a permission they do not hold (ORDER.APPROVE) is refused like giving it.
    refusedWith(await h.call('POST', '/api/app/api/user/roles', { token: qc, json: { id: ids.approver, roleIds: [ids.userEditRole] }, ...EN }), 403, errors.grantNotHeld);
  });

  it('a holder of ROLE.EDIT cannot add ORDER.APPROVE and SALE.CREATE to their own role, nor to any role', async () => {
    const lead = await h.loginUser('quality.lead@demo.example.com', PASSWORD);
    const own = await h.call('POST', '/api/app/role/update', {
      token: lead, json: { id: ids.roleEditRole, permissions: ['SALE.VIEW', 'USER.VIEW', 'ROLE.EDIT', 'ORDER.APPROVE', 'SALE.CREATE'] }, ...EN,
    });
    refusedWith(own, 409, errors.grantOwnRolePermissions);
    expect(await permissionsOf(ids.roleEditRole)).toEqual(['ROLE.EDIT', 'SALE.VIEW', 'USER.VIEW']);
    refusedWith(await h.call('POST', '/api/app/role/update', { token: lead, json: { id: ids.buyerRole, permissions: ['SALE.VIEW', 'ORDER.APPROVE'] }, ...EN }), 403, errors.grantNotHeld);
    expect((await h.call('POST', '/api/app/role/add', { token: lead, json: { name: '审批', permissions: ['ORDER.APPROVE'] } })).status).toBe(403);
    const unused = (await ok(h.call('POST', '/api/app/role/add', { token: admin, json: { name: '备用', permissions: ['ORDER.APPROVE'] } }))).id;
    expect((await h.call('POST', '/api/app/role/batchDelete', { token: lead, json: { ids: [unused] } })).status).toBe(403);
    expect((await h.call('POST', '/api/app/role/add', { token: lead, json: { name: '只看订单', permissions: ['SALE.VIEW'] } })).status).toBe(200);
  });

  it('the company administrator account keeps managing users and roles, whoever else administers', async () => {
    const coAdminRole = (await ok(h.call('POST', '/api/app/role/add', { token: admin, json: { name: '副管理员', permissions: permissionsOfScope('company') } }))).id;
    await ok(h.call('POST', '/api/app/api/user/roles', { token: admin, json: { id: ids.approver, roleIds: [coAdminRole] } }));
    const co = await h.loginUser('approver@demo.example.com', PASSWORD);
    refusedWith(await h.call('POST', '/api/app/api/user/roles', { token: co, json: { id: ids.adminUser, roleIds: [ids.buyerRole] }, ...EN }), 409, errors.grantKeeperKeepsAdministration);
    refusedWith(await h.call('POST', '/api/app/role/update', { token: co, json: { id: ids.adminRole, permissions: ['SALE.VIEW'] }, ...EN }), 409, errors.grantKeeperKeepsAdministration);
    expect(await permissionsOf(ids.adminRole)).toEqual(permissionsOfScope('company').sort());
    // The administrator cannot empty their own role either.
    refusedWith(await h.call('POST', '/api/app/role/update', { token: admin, json: { id: ids.adminRole, permissions: [] }, ...EN }), 409, errors.grantOwnRolePermissions);
  });
});

describe('a fresh install', () => {
  it('gives the super administrator role every staff permission and each company administrator role every company permission', async () => {
    const db = h.db.db;
    const [superRole] = await db.select({ id: staffRoles.id }).from(staffRoles).where(eq(staffRoles.name, '超级管理员'));
    const staffHeld = (await db.select({ p: staffRolePermissions.permission }).from(staffRolePermissions).where(eq(staffRolePermissions.roleId, superRole!.id))).map((r) => r.p);
    expect(new Set(staffHeld)).toEqual(new Set(permissionsOfScope('staff')));
    const [demo] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, '上海示例生物科技有限公司'));
    const [adminRole] = await db.select({ id: roles.id }).from(roles).where(and(eq(roles.companyId, demo!.id), eq(roles.name, '管理员')));
    const companyHeld = (await db.select({ p: rolePermissions.permission }).from(rolePermissions).where(eq(rolePermissions.roleId, adminRole!.id))).map((r) => r.p);
    expect(new Set(companyHeld)).toEqual(new Set(permissionsOfScope('company')));
  });
});
