import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '@/lib/sha256';
import { approvalRules, companies, users } from '@/server/db/schema';
import en from '../../../messages/en.json';
import { fileApiHarness } from '../../../test/api';

/**
 * The grant rule's bounds through the routes (src/server/auth/grants.ts): nobody hands out a monthly limit
 * or a view of the customers beyond their own, and nobody loosens the approval rules that bind them.
 */
const h = fileApiHarness();
const errors = en.api.errors;
const EN = { headers: { 'accept-language': 'en' } };
const PASSWORD = 'Reagent#2026';
const STAFF_PASSWORD = 'Bounds#2026x';

async function ok<T = { id: number }>(res: Promise<{ status: number; body: { data: unknown; msg: string } }>): Promise<T> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${r.status} ${r.body.msg}`);
  return r.body.data as T;
}

function refusedWith(res: { status: number; body: { msg: string } }, status: number, message: string): void {
  expect({ status: res.status, msg: res.body.msg }).toEqual({ status, msg: message });
}

describe('customers', () => {
  let admin: string;
  let clerk: string;
  const ids = { company: 0, clerk: 0, colleague: 0, clerkRole: 0 };
  const limitOf = async (loginName: string) => (await h.db.db.select({ monthlyLimit: users.monthlyLimit }).from(users).where(eq(users.loginName, loginName)))[0]?.monthlyLimit;

  beforeAll(async () => {
    const db = h.db.db;
    admin = await h.loginUser('admin@demo.example.com', PASSWORD);
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, '上海示例生物科技有限公司'));
    ids.company = company!.id;
    // A clerk who manages users and places orders, within ¥1,000 a month; the monthly-limit rule is on.
    ids.clerkRole = (await ok(h.call('POST', '/api/app/role/add', { token: admin, json: { name: '采购与用户', permissions: ['SALE.VIEW', 'SALE.CREATE', 'USER.VIEW', 'USER.EDIT'] } }))).id;
    const password = await sha256Hex('Clerk#2026x');
    await ok(h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: '13700001111', name: '文员', accountType: 'sub', password, roleIds: [ids.clerkRole], monthlyLimit: '1000' } }));
    await ok(h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: '13700002222', name: '同事', accountType: 'sub', password, roleIds: [ids.clerkRole], monthlyLimit: '800' } }));
    ids.clerk = (await db.select({ id: users.id }).from(users).where(eq(users.loginName, '13700001111')))[0]!.id;
    ids.colleague = (await db.select({ id: users.id }).from(users).where(eq(users.loginName, '13700002222')))[0]!.id;
    const [rule] = await db.select({ active: approvalRules.active }).from(approvalRules)
      .where(and(eq(approvalRules.companyId, ids.company), eq(approvalRules.kind, 'monthly_limit')));
    expect(rule?.active).toBe(true);
    clerk = await h.loginUser('13700001111', 'Clerk#2026x');
  });

  it('a user whose limit applies cannot add a sub-account with their buying role and no limit, or a higher one', async () => {
    const password = await sha256Hex('Escape#2026x');
    const none = await h.call('POST', '/api/app/user/add', { token: clerk, json: { loginName: '13700003333', name: '无限额', accountType: 'sub', password, roleIds: [ids.clerkRole] }, ...EN });
    refusedWith(none, 403, errors.grantBoundsNotHeld);
    const higher = await h.call('POST', '/api/app/user/add', { token: clerk, json: { loginName: '13700003333', name: '高限额', accountType: 'sub', password, roleIds: [ids.clerkRole], monthlyLimit: '1000.01' }, ...EN });
    refusedWith(higher, 403, errors.grantBoundsNotHeld);
    expect(await limitOf('13700003333')).toBeUndefined();
    // A taken login is answered alike.
    refusedWith(await h.call('POST', '/api/app/user/add', { token: clerk, json: { loginName: 'buyer@univ.example.com', name: '无限额', roleIds: [ids.clerkRole] }, ...EN }), 403, errors.grantBoundsNotHeld);
    // Within their own limit, they may.
    expect((await h.call('POST', '/api/app/user/add', { token: clerk, json: { loginName: '13700003333', name: '低限额', accountType: 'sub', password, roleIds: [ids.clerkRole], monthlyLimit: '1000' } })).status).toBe(200);
    expect(await limitOf('13700003333')).toBe('1000.00');
  });

  it('a user whose limit applies cannot raise or clear a colleague\'s limit beyond their own', async () => {
    refusedWith(await h.call('POST', '/api/app/user/update', { token: clerk, json: { id: ids.colleague, monthlyLimit: '5000' }, ...EN }), 403, errors.grantBoundsNotHeld);
    refusedWith(await h.call('POST', '/api/app/user/update', { token: clerk, json: { id: ids.colleague, monthlyLimit: null }, ...EN }), 403, errors.grantBoundsNotHeld);
    expect(await limitOf('13700002222')).toBe('800.00');
    expect((await h.call('POST', '/api/app/user/update', { token: clerk, json: { id: ids.colleague, monthlyLimit: '900' } })).status).toBe(200);
    expect(await limitOf('13700002222')).toBe('900.00');
    // The administrator, without a limit, sets any.
    expect((await h.call('POST', '/api/app/user/update', { token: admin, json: { id: ids.colleague, monthlyLimit: '50000' } })).status).toBe(200);
  });

  it('a user the approval rules bind cannot loosen any of them, but may tighten them', async () => {
    type Rule = { kind: string; active: boolean; amount: string | null; requirePermit: boolean };
    const rulesNow = async () => (await ok<{ rules: Rule[] }>(h.call('GET', '/api/app/approval/rules', { token: admin }))).rules;
    const body = (rules: Rule[]) => {
      const rule = (kind: string) => rules.find((r) => r.kind === kind)!;
      return {
        totalAboveActive: rule('total_above').active, totalAboveAmount: rule('total_above').amount ?? undefined, hazardousActive: rule('hazardous').active,
        controlledActive: rule('controlled').active, controlledRequirePermit: rule('controlled').requirePermit, monthlyLimitActive: rule('monthly_limit').active,
      };
    };
    // Switch every rule on, with a permit for controlled chemicals (the administrator may approve orders).
    await ok(h.call('POST', '/api/app/approval/rules/save', {
      token: admin, json: { totalAboveActive: true, totalAboveAmount: '5000', hazardousActive: true, controlledActive: true, controlledRequirePermit: true, monthlyLimitActive: true },
    }));
    const before = await rulesNow();
    const start = body(before);
    const loosenings = [
      { hazardousActive: false }, { controlledActive: false }, { controlledRequirePermit: false },
      { totalAboveActive: false, totalAboveAmount: undefined }, { totalAboveAmount: '5000.01' },
    ];
    for (const change of loosenings) {
      refusedWith(await h.call('POST', '/api/app/approval/rules/save', { token: clerk, json: { ...start, ...change }, ...EN }), 409, errors.grantOwnApprovalRules);
    }
    expect(await rulesNow()).toEqual(before);
    // Tightening: a lower amount.
    expect((await h.call('POST', '/api/app/approval/rules/save', { token: clerk, json: { ...start, totalAboveAmount: '3000' } })).status).toBe(200);
    expect((await rulesNow()).find((r) => r.kind === 'total_above')?.amount).toBe('3000.00');
    // Someone who may approve orders may loosen them.
    expect((await h.call('POST', '/api/app/approval/rules/save', { token: admin, json: { ...start, hazardousActive: false } })).status).toBe(200);
    // And once a rule is off, a bound user may switch it on again.
    expect((await h.call('POST', '/api/app/approval/rules/save', { token: clerk, json: { ...start, totalAboveAmount: '3000' } })).status).toBe(200);
    expect((await rulesNow()).find((r) => r.kind === 'hazardous')?.active).toBe(true);
  });
});

describe('staff', () => {
  let admin: string;
  const ids = { hrRole: 0, northTeam: 0, southTeam: 0, lead: 0, rep: 0, outsider: 0 };
  const member = async (loginName: string, teamId: number | null) => (await ok(h.call('POST', '/api/admin/staff', {
    token: admin, json: { loginName, password: await sha256Hex(STAFF_PASSWORD), name: loginName, email: `${loginName}@reagent.example.com`, roleIds: [ids.hrRole], teamId },
  }))).id;
  const teamOf = async (id: number) => (await ok<{ teamId: number | null }>(h.call('GET', `/api/admin/staff/${id}`, { token: admin }))).teamId;

  beforeAll(async () => {
    admin = await h.loginStaff('admin', 'Admin#2026');
    ids.hrRole = (await ok(h.call('POST', '/api/admin/roles', { token: admin, json: { name: '团队人事', permissions: ['ADMIN.ACCESS', 'STAFF.VIEW', 'STAFF.EDIT'] } }))).id;
    ids.northTeam = (await ok(h.call('POST', '/api/admin/teams', { token: admin, json: { nameZh: '北区', nameEn: 'North', managerId: null, sort: 20 } }))).id;
    ids.southTeam = (await ok(h.call('POST', '/api/admin/teams', { token: admin, json: { nameZh: '南区', nameEn: 'South', managerId: null, sort: 21 } }))).id;
    ids.lead = await member('north.lead', ids.northTeam);
    ids.rep = await member('south.rep', ids.southTeam);
    ids.outsider = await member('no.team', null);
    await ok(h.call('PUT', `/api/admin/teams/${ids.northTeam}`, { token: admin, json: { nameZh: '北区', nameEn: 'North', managerId: ids.lead, sort: 20 } }));
  });

  it('a STAFF.EDIT holder without CRM.VIEW_ALL cannot put a new account in a team they do not see', async () => {
    const lead = await h.loginStaff('north.lead', STAFF_PASSWORD);
    const res = await h.call('POST', '/api/admin/staff', {
      token: lead, json: { loginName: 'south.spy', password: await sha256Hex(STAFF_PASSWORD), name: 'spy', roleIds: [ids.hrRole], teamId: ids.southTeam }, ...EN,
    });
    refusedWith(res, 403, errors.grantBoundsNotHeld);
    expect((await h.call('GET', '/api/admin/staff?key=south.spy', { token: admin })).body.data).toMatchObject({ total: 0 });
  });

  it('nor move a colleague into such a team, or make them its manager', async () => {
    const lead = await h.loginStaff('north.lead', STAFF_PASSWORD);
    // no.team sees only themselves, which the lead does not; moved to the south, they would see its members.
    const outsider = await h.loginStaff('no.team', STAFF_PASSWORD);
    refusedWith(await h.call('PUT', `/api/admin/staff/${ids.lead}`, { token: outsider, json: { name: 'north.lead', roleIds: [ids.hrRole], teamId: ids.southTeam }, ...EN }), 403, errors.grantBoundsNotHeld);
    expect(await teamOf(ids.lead)).toBe(ids.northTeam);
    refusedWith(await h.call('PUT', `/api/admin/teams/${ids.southTeam}`, { token: lead, json: { nameZh: '南区', nameEn: 'South', managerId: ids.outsider, sort: 21 }, ...EN }), 403, errors.grantBoundsNotHeld);
    // Moving an existing colleague into one's own team widens what one sees: one's own bounds.
    refusedWith(await h.call('PUT', `/api/admin/staff/${ids.rep}`, { token: lead, json: { name: 'south.rep', roleIds: [ids.hrRole], teamId: ids.northTeam }, ...EN }), 409, errors.grantOwnLimits);
    expect(await teamOf(ids.rep)).toBe(ids.southTeam);
  });

  it('a manager may add a new hire to their own team', async () => {
    const lead = await h.loginStaff('north.lead', STAFF_PASSWORD);
    const res = await h.call('POST', '/api/admin/staff', {
      token: lead, json: { loginName: 'north.hire', password: await sha256Hex(STAFF_PASSWORD), name: 'hire', roleIds: [ids.hrRole], teamId: ids.northTeam },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await teamOf((res.body.data as { id: number }).id)).toBe(ids.northTeam);
  });

  it('names no permissions of the account one may not manage', async () => {
    const lead = await h.loginStaff('north.lead', STAFF_PASSWORD);
    const list = await ok<{ items: { id: number; loginName: string }[] }>(h.call('GET', '/api/admin/staff?key=admin', { token: admin }));
    const superAdmin = list.items.find((s) => s.loginName === 'admin')!;
    const res = await h.call('POST', `/api/admin/staff/${superAdmin.id}/disable`, { token: lead, ...EN });
    refusedWith(res, 403, errors.grantAccountNotHeld);
    expect(res.body.msg).not.toMatch(/authorit|:/i);
  });
});
