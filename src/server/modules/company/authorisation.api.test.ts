import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses, companies, departments, rolePermissions, roles, userRoles, users } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';

/**
 * The authorisation matrix of the company-administration calls (docs/requirements/quality.md#s1-authorisation-matrix): a guest, a buyer of
 * company A, a buyer of company B, an administrator of company B, a sub-account of A without any
 * permission, and A's administrator, against every call — read, update and delete — with ids sent
 * as JSON numbers, as numeric form strings and percent-encoded in the query. Refused calls change
 * nothing; company B never sees or touches company A's rows.
 */
const h = fileApiHarness();
const PASSWORD = 'Reagent#2026';

type ActorName = 'guest' | 'buyerA' | 'buyerB' | 'adminB' | 'subA' | 'adminA';
type IdForm = 'number' | 'string' | 'percent';
const ACTORS: ActorName[] = ['guest', 'buyerA', 'buyerB', 'adminB', 'subA', 'adminA'];
const ID_FORMS: IdForm[] = ['number', 'string', 'percent'];

const tokens: Partial<Record<ActorName, string>> = {};
const perms: Record<ActorName, string[]> = {
  guest: [], buyerA: ['SALE.VIEW', 'SALE.CREATE', 'ADDRESS.EDIT'], buyerB: ['SALE.VIEW', 'SALE.CREATE', 'ADDRESS.EDIT'],
  adminB: ['SALE.VIEW', 'SALE.CREATE', 'ORDER.APPROVE', 'USER.VIEW', 'USER.EDIT', 'ROLE.EDIT', 'DEPARTMENT.EDIT', 'ADDRESS.EDIT'],
  subA: [], adminA: ['SALE.VIEW', 'SALE.CREATE', 'ORDER.APPROVE', 'USER.VIEW', 'USER.EDIT', 'ROLE.EDIT', 'DEPARTMENT.EDIT', 'ADDRESS.EDIT'],
};
const inCompanyA = (a: ActorName) => a === 'buyerA' || a === 'subA' || a === 'adminA';

/** Company A's records that refused calls must leave as they are. */
const fixed = { user: 0, department: 0, role: 0, address: 0 };
let counter = 0;

interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** The permission the call needs; null: any signed-in user of the company. */
  need: string | null;
  /** The id field and whether it is a list (`ids`). */
  id?: { field: string; list: boolean; target: () => number; fresh?: () => Promise<number> };
  body?: () => Record<string, unknown>;
}

async function adminCall(path: string, json: Record<string, unknown>): Promise<number> {
  const res = await h.call('POST', path, { token: tokens.adminA, json });
  if (res.status !== 200) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
  return (res.body.data as { id: number }).id;
}

/** Adds a user as A's administrator (the answer carries no id: the login tells the row). */
async function addUserA(loginName: string, name: string): Promise<number> {
  const res = await h.call('POST', '/api/app/user/add', { token: tokens.adminA, json: { loginName, name } });
  if (res.status !== 200) throw new Error(`/api/app/user/add: ${JSON.stringify(res.body)}`);
  const [row] = await h.db.db.select({ id: users.id }).from(users).where(eq(users.loginName, loginName));
  if (!row) throw new Error(`${loginName} was not added`);
  return row.id;
}

const CALLS: Call[] = [
  { name: 'list users', method: 'POST', path: '/api/app/api/user/s', need: 'USER.VIEW' },
  { name: 'add user', method: 'POST', path: '/api/app/user/add', need: 'USER.EDIT', body: () => ({ loginName: `matrix${++counter}@example.org`, name: `矩阵${counter}` }) },
  { name: 'update user', method: 'POST', path: '/api/app/user/update', need: 'USER.EDIT', id: { field: 'id', list: false, target: () => fixed.user }, body: () => ({ job: '采购专员' }) },
  { name: 'disable users', method: 'POST', path: '/api/app/api/user/delete', need: 'USER.EDIT', id: { field: 'ids', list: true, target: () => fixed.user, fresh: () => addUserA(`gone${++counter}@demo.example.com`, `停用${counter}`) } },
  { name: 'assign department', method: 'POST', path: '/api/app/api/user/departments', need: 'USER.EDIT', id: { field: 'ids', list: true, target: () => fixed.user }, body: () => ({ departmentId: fixed.department }) },
  { name: 'assign roles', method: 'POST', path: '/api/app/api/user/roles', need: 'USER.EDIT', id: { field: 'id', list: false, target: () => fixed.user }, body: () => ({ roleIds: [fixed.role] }) },
  { name: 'own profile', method: 'POST', path: '/api/app/api/user/update', need: null, body: () => ({ name: '本人' }) },
  { name: 'contacts', method: 'GET', path: '/api/app/api/user/contacts', need: null },
  { name: 'address book', method: 'GET', path: '/api/app/api/user/addresses', need: null },
  { name: 'hub counts', method: 'GET', path: '/api/app/company/overview', need: 'USER.VIEW' },
  { name: 'list departments', method: 'GET', path: '/api/app/department/list', need: 'USER.VIEW' },
  { name: 'add department', method: 'POST', path: '/api/app/department/add', need: 'DEPARTMENT.EDIT', body: () => ({ name: `部门${++counter}` }) },
  { name: 'update department', method: 'POST', path: '/api/app/department/update', need: 'DEPARTMENT.EDIT', id: { field: 'id', list: false, target: () => fixed.department }, body: () => ({ name: '采购部' }) },
  { name: 'delete departments', method: 'POST', path: '/api/app/department/batchDelete', need: 'DEPARTMENT.EDIT', id: { field: 'ids', list: true, target: () => fixed.department, fresh: () => adminCall('/api/app/department/add', { name: `删${++counter}` }) } },
  { name: 'functions', method: 'POST', path: '/api/app/functions/all', need: 'USER.VIEW' },
  { name: 'list roles', method: 'GET', path: '/api/app/role/list', need: 'USER.VIEW' },
  { name: 'add role', method: 'POST', path: '/api/app/role/add', need: 'ROLE.EDIT', body: () => ({ name: `角色${++counter}`, permissions: ['SALE.VIEW'] }) },
  { name: 'update role', method: 'POST', path: '/api/app/role/update', need: 'ROLE.EDIT', id: { field: 'id', list: false, target: () => fixed.role }, body: () => ({ description: '查看订单、下单并维护收货地址' }) },
  { name: 'delete roles', method: 'POST', path: '/api/app/role/batchDelete', need: 'ROLE.EDIT', id: { field: 'ids', list: true, target: () => fixed.role, fresh: () => adminCall('/api/app/role/add', { name: `删角色${++counter}` }) } },
  { name: 'list addresses', method: 'GET', path: '/api/app/address/list', need: null },
  { name: 'add address', method: 'POST', path: '/api/app/address/add', need: 'ADDRESS.EDIT', body: () => ({ receiver: '矩阵', phone: '13800000000', region: '上海市', detail: `${++counter} 号` }) },
  { name: 'update address', method: 'POST', path: '/api/app/address/update', need: 'ADDRESS.EDIT', id: { field: 'id', list: false, target: () => fixed.address, fresh: () => adminCall('/api/app/address/add', { receiver: '改', phone: '13800000000', region: '上海市', detail: `${++counter} 号` }) }, body: () => ({ receiver: '李娜' }) },
  { name: 'delete addresses', method: 'POST', path: '/api/app/address/batchDelete', need: 'ADDRESS.EDIT', id: { field: 'ids', list: true, target: () => fixed.address, fresh: () => adminCall('/api/app/address/add', { receiver: '删', phone: '13800000000', region: '上海市', detail: `${++counter} 号` }) } },
  { name: 'approval rules', method: 'GET', path: '/api/app/approval/rules', need: 'USER.VIEW' },
  { name: 'save approval rules', method: 'POST', path: '/api/app/approval/rules/save', need: 'USER.EDIT', body: () => ({ totalAboveActive: true, totalAboveAmount: '5000', hazardousActive: true, controlledActive: true, controlledRequirePermit: true, monthlyLimitActive: true }) },
  { name: 'documents', method: 'GET', path: '/api/app/file/list', need: null },
];

function percent(n: number): string {
  return [...String(n)].map((d) => `%3${d}`).join('');
}

async function send(call: Call, actor: ActorName, form: IdForm, id: number | undefined) {
  const token = tokens[actor];
  const body = call.body?.() ?? {};
  let path = call.path;
  if (call.method === 'GET') return h.call('GET', path, { token });
  if (call.id && id !== undefined) {
    if (form === 'number') return h.call('POST', path, { token, json: { ...body, [call.id.field]: call.id.list ? [id] : id } });
    if (form === 'percent') {
      path = `${path}?${call.id.field}=${percent(id)}`;
      return h.call('POST', path, { token, json: body });
    }
    const formBody: Record<string, string> = { [call.id.field]: String(id) };
    for (const [k, v] of Object.entries(body)) formBody[k] = Array.isArray(v) ? v.join(',') : String(v);
    return h.call('POST', path, { token, form: formBody });
  }
  return h.call('POST', path, { token, json: body });
}

function expected(call: Call, actor: ActorName): number {
  if (actor === 'guest') return 401;
  if (call.need && !perms[actor].includes(call.need)) return 403;
  if (call.id && !inCompanyA(actor)) return 404;
  return 200;
}

async function snapshot() {
  const db = h.db.db;
  return JSON.stringify(await Promise.all([
    db.select().from(users).where(eq(users.id, fixed.user)),
    db.select().from(userRoles).where(eq(userRoles.userId, fixed.user)),
    db.select().from(departments).where(eq(departments.id, fixed.department)),
    db.select().from(roles).where(eq(roles.id, fixed.role)),
    db.select().from(rolePermissions).where(eq(rolePermissions.roleId, fixed.role)),
    db.select().from(addresses).where(eq(addresses.id, fixed.address)),
  ]));
}

beforeAll(async () => {
  const db = h.db.db;
  const [a] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, '上海示例生物科技有限公司'));
  const [b] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, '北京示例大学化学学院'));
  const [buyerB] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.loginName, 'buyer@univ.example.com'));
  // An administrator of company B: every company permission, so that only the company scope refuses.
  const [roleB] = await db.insert(roles).values({ companyId: b!.id, name: '管理员' }).returning({ id: roles.id });
  await db.insert(rolePermissions).values(perms.adminB.map((permission) => ({ roleId: roleB!.id, permission })));
  const [userB] = await db.insert(users).values({ companyId: b!.id, loginName: 'admin@univ.example.com', passwordHash: buyerB!.hash, name: '高校管理员', accountType: 'user' }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: userB!.id, roleId: roleB!.id });
  tokens.buyerA = await h.loginUser('buyer@demo.example.com', PASSWORD);
  tokens.buyerB = await h.loginUser('buyer@univ.example.com', PASSWORD);
  tokens.adminB = await h.loginUser('admin@univ.example.com', PASSWORD);
  tokens.subA = await h.loginUser('employee@demo.example.com', PASSWORD);
  tokens.adminA = await h.loginUser('admin@demo.example.com', PASSWORD);
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
  const [d] = await db.select({ id: departments.id }).from(departments).where(and(eq(departments.companyId, a!.id), eq(departments.name, '采购部')));
  const [r] = await db.select({ id: roles.id }).from(roles).where(and(eq(roles.companyId, a!.id), eq(roles.name, '采购员')));
  const [ad] = await db.select({ id: addresses.id }).from(addresses).where(and(eq(addresses.companyId, a!.id), eq(addresses.receiver, '李娜')));
  Object.assign(fixed, { user: u!.id, department: d!.id, role: r!.id, address: ad!.id });
});

describe('authorisation matrix of the company-administration calls', () => {
  const refusers = ACTORS.filter((a) => a !== 'adminA');

  it('refuses or scopes every call for everyone but the permitted users of company A, and changes nothing of A', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const call of CALLS) {
      for (const actor of refusers) {
        for (const form of call.id ? ID_FORMS : (['number'] as IdForm[])) {
          const want = expected(call, actor);
          // A permitted user of A on a delete call works on a fresh record, never on the fixed one.
          const id = call.id ? (want === 200 && call.id.fresh ? await call.id.fresh() : call.id.target()) : undefined;
          const res = await send(call, actor, form, id);
          if (res.status !== want) failures.push(`${call.name} as ${actor} (${form}): ${res.status}, wanted ${want} ${res.body.msg}`);
          if (res.status === 200 && !inCompanyA(actor)) {
            const text = JSON.stringify(res.body.data);
            if (/demo\.example\.com|李娜|上海示例|采购部/.test(text)) failures.push(`${call.name} as ${actor}: company A data leaked`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // buyerA's own profile change and address edits are the only writes allowed among these actors.
    await h.call('POST', '/api/app/api/user/update', { token: tokens.buyerA, json: { name: '李娜', job: '采购专员', branch: '总部', userinfoNo: 'SH-0012' } });
    expect(await snapshot()).toBe(before);
  });

  it('lets the administrator of company A make every call, with ids in every form', async () => {
    const failures: string[] = [];
    for (const call of CALLS) {
      for (const form of call.id ? ID_FORMS : (['number'] as IdForm[])) {
        const id = call.id ? (call.id.fresh ? await call.id.fresh() : call.id.target()) : undefined;
        const res = await send(call, 'adminA', form, id);
        if (res.status !== 200) failures.push(`${call.name} (${form}): ${res.status} ${res.body.msg} ${JSON.stringify(res.body.data)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 404, not 400 or 500, for ids of nobody, and 400 for ids that are not ids', async () => {
    const missing = await h.call('POST', '/api/app/user/update', { token: tokens.adminA, json: { id: 2_000_000_000, name: 'x' } });
    expect(missing.status).toBe(404);
    for (const bad of ['0', '-1', '1e3', '0x10', '9999999999', 'abc']) {
      const res = await h.call('POST', '/api/app/address/update', { token: tokens.adminA, form: { id: bad, receiver: 'x' } });
      expect(res.status, bad).toBe(400);
    }
  });
});
