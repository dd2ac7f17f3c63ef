import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '@/lib/sha256';
import { addresses, auditLog, companies, departments, roles, sessions, users } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness();
const PASSWORD = 'Reagent#2026';
let admin: string;
let buyer: string;
let demoId: number;
let ids: { buyer: number; admin: number; approver: number; purchasing: number; research: number; buyerRole: number; adminRole: number };

type UserList = { list: { id: number; name: string; department: { id: number; name: string } | null; roles: { id: number; name: string }[]; active: boolean; activated: boolean; isAdmin: boolean }[]; total: number; subAccounts: { used: number; limit: number } };

async function idOf<T extends { id: number }>(rows: Promise<T[]>): Promise<number> {
  const [row] = await rows;
  if (!row) throw new Error('row not found');
  return row.id;
}

beforeAll(async () => {
  admin = await h.loginUser('admin@demo.example.com', PASSWORD);
  buyer = await h.loginUser('buyer@demo.example.com', PASSWORD);
  const db = h.db.db;
  demoId = await idOf(db.select({ id: companies.id }).from(companies).where(eq(companies.name, '上海示例生物科技有限公司')));
  ids = {
    buyer: await idOf(db.select({ id: users.id }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'))),
    admin: await idOf(db.select({ id: users.id }).from(users).where(eq(users.loginName, 'admin@demo.example.com'))),
    approver: await idOf(db.select({ id: users.id }).from(users).where(eq(users.loginName, 'approver@demo.example.com'))),
    purchasing: await idOf(db.select({ id: departments.id }).from(departments).where(and(eq(departments.companyId, demoId), eq(departments.name, '采购部')))),
    research: await idOf(db.select({ id: departments.id }).from(departments).where(and(eq(departments.companyId, demoId), eq(departments.name, '研发中心')))),
    buyerRole: await idOf(db.select({ id: roles.id }).from(roles).where(and(eq(roles.companyId, demoId), eq(roles.name, '采购员')))),
    adminRole: await idOf(db.select({ id: roles.id }).from(roles).where(and(eq(roles.companyId, demoId), eq(roles.name, '管理员')))),
  };
});

async function auditCount(): Promise<number> {
  return (await h.db.db.select({ id: auditLog.id }).from(auditLog)).length;
}

describe('users', () => {
  it('lists the company users with search, filters, sorting and the sub-account usage', async () => {
    const all = await h.call('POST', '/api/app/api/user/s', { token: admin, form: { sort: 'name', order: 'asc', limit: '50' } });
    expect(all.status).toBe(200);
    const data = all.body.data as UserList;
    expect(data.list.every((u) => !u.name.includes('刘洋'))).toBe(true);
    expect(data.list.find((u) => u.id === ids.admin)?.isAdmin).toBe(true);
    expect(data.subAccounts.limit).toBe(20);
    expect(data.subAccounts.used).toBeGreaterThan(0);
    // One count: the usage is the number of rows the table shows as active sub-accounts.
    const rows = data.list as unknown as { accountType: string; active: boolean }[];
    expect(data.total).toBeLessThanOrEqual(50);
    expect(data.subAccounts.used).toBe(rows.filter((u) => u.accountType === 'sub' && u.active).length);
    expect(rows.some((u) => u.accountType === 'employee' && u.active)).toBe(true);
    const byDept = (await h.call('POST', '/api/app/api/user/s', { token: admin, json: { departmentId: ids.purchasing } })).body.data as UserList;
    expect(byDept.list.length).toBeGreaterThan(0);
    expect(byDept.list.every((u) => u.department?.id === ids.purchasing)).toBe(true);
    const byRole = (await h.call('POST', '/api/app/api/user/s', { token: admin, json: { roleId: ids.buyerRole } })).body.data as UserList;
    expect(byRole.list.map((u) => u.id)).toContain(ids.buyer);
    expect(byRole.list.every((u) => u.roles.some((r) => r.id === ids.buyerRole))).toBe(true);
    const pending = (await h.call('POST', '/api/app/api/user/s', { token: admin, json: { status: 'pending' } })).body.data as UserList;
    expect(pending.list.every((u) => !u.activated)).toBe(true);
    const key = (await h.call('POST', '/api/app/api/user/s', { token: admin, json: { key: '李' } })).body.data as UserList;
    expect(key.list.map((u) => u.name)).toContain('李娜');
    const page = (await h.call('POST', '/api/app/api/user/s', { token: admin, json: { limit: 2, offset: 1, sort: 'name', order: 'asc' } })).body.data as UserList;
    expect(page.list).toHaveLength(2);
    expect(page.total).toBe(data.total);
  });

  it('refuses bad list input with 400 field errors', async () => {
    const res = await h.call('POST', '/api/app/api/user/s', { token: admin, json: { sort: 'password', limit: 0 } });
    expect(res.status).toBe(400);
    const fields = (res.body.data as { field: string }[]).map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['sort', 'limit']));
  });

  it('adds an employee (pending activation) and a sub-account that can sign in, with audit rows', async () => {
    const before = await auditCount();
    const emp = await h.call('POST', '/api/app/user/add', { token: admin, form: { loginName: 'Lab.Tech@Demo.Example.com', name: '周杰', departmentId: String(ids.research), roleIds: String(ids.buyerRole) } });
    expect(emp.status).toBe(200);
    expect(emp.body.data).toEqual({ ok: true });
    const sub = await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: '13912345678', name: '孙丽', accountType: 'sub', password: await sha256Hex('Sub#Pass2026'), monthlyLimit: '3000' } });
    expect(sub.status).toBe(200);
    const list = ((await h.call('POST', '/api/app/api/user/s', { token: admin, json: { limit: 100 } })).body.data as { list: Record<string, unknown>[] }).list;
    expect(list.find((u) => u.loginName === 'lab.tech@demo.example.com')).toMatchObject({ accountType: 'employee', activated: false, department: { id: ids.research } });
    expect(list.find((u) => u.loginName === '13912345678')).toMatchObject({ phone: '13912345678', accountType: 'sub', activated: true, monthlyLimit: '3000.00' });
    await h.loginUser('13912345678', 'Sub#Pass2026');
    expect(await auditCount()).toBe(before + 2);
  });

  it('refuses bad input and mass assignment; a taken login name is answered as a new one; nothing is written', async () => {
    const before = (await h.db.db.select({ id: users.id }).from(users)).length;
    const bad = await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: 'not-an-address', name: '' } });
    expect(bad.status).toBe(400);
    expect((bad.body.data as { field: string }[]).map((f) => f.field)).toEqual(expect.arrayContaining(['loginName', 'name']));
    const massCompany = await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: 'x1@demo.example.com', name: 'X', companyId: 999 } });
    expect(massCompany.status).toBe(400);
    const massUpdate = await h.call('POST', '/api/app/user/update', { token: admin, json: { id: ids.buyer, accountType: 'user', passwordHash: 'x' } });
    expect(massUpdate.status).toBe(400);
    const subNoPassword = await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: 'x2@demo.example.com', name: 'X', accountType: 'sub' } });
    expect(subNoPassword.status).toBe(400);
    const taken = await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: 'buyer@univ.example.com', name: 'X' } });
    expect(taken.status).toBe(200);
    expect(taken.body.data).toEqual({ ok: true });
    const badLimit = await h.call('POST', '/api/app/user/update', { token: admin, json: { id: ids.buyer, monthlyLimit: '12.345' } });
    expect(badLimit.status).toBe(400);
    expect((await h.db.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('enforces the sub-account limit', async () => {
    const usage = ((await h.call('POST', '/api/app/api/user/s', { token: admin })).body.data as UserList).subAccounts;
    await h.db.db.update(companies).set({ subAccountLimit: usage.used + 1 }).where(eq(companies.id, demoId));
    try {
      const sub = (loginName: string, name: string) => ({ loginName, name, accountType: 'sub', password: 'a'.repeat(64) });
      expect((await h.call('POST', '/api/app/user/add', { token: admin, json: sub('limit1@demo.example.com', '一号') })).status).toBe(200);
      // An employee account does not count against the sub-account limit.
      expect((await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: 'limit-employee@demo.example.com', name: '员工' } })).status).toBe(200);
      const over = await h.call('POST', '/api/app/user/add', { token: admin, json: sub('limit2@demo.example.com', '二号') });
      expect(over.status).toBe(409);
      expect(over.body.msg).toContain(String(usage.used + 1));
      const [row] = await h.db.db.select({ id: users.id }).from(users).where(eq(users.loginName, 'limit2@demo.example.com'));
      expect(row).toBeUndefined();
    } finally {
      await h.db.db.update(companies).set({ subAccountLimit: 20 }).where(eq(companies.id, demoId));
    }
  });

  it('edits a user: name, department, roles and monthly limit, each change audited', async () => {
    const res = await h.call('POST', '/api/app/user/update', { token: admin, form: { id: String(ids.approver), job: '研发总监', departmentId: String(ids.purchasing), monthlyLimit: '8000.5' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ job: '研发总监', department: { id: ids.purchasing, name: '采购部' }, monthlyLimit: '8000.50' });
    const [row] = await h.db.db.select({ data: auditLog.data }).from(auditLog).where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(ids.approver)))).orderBy(auditLog.id);
    expect(JSON.stringify(row?.data)).toContain('研发总监');
  });

  it('disabling a user ends all their sessions at once; never oneself or the administrator', async () => {
    const token = await h.loginUser('approver@demo.example.com', PASSWORD);
    const token2 = await h.loginUser('approver@demo.example.com', PASSWORD);
    expect((await h.call('GET', '/api/app/api/user/contacts', { token })).status).toBe(200);
    const res = await h.call('POST', '/api/app/api/user/delete', { token: admin, form: { ids: String(ids.approver) } });
    expect(res.body.data).toEqual({ count: 1 });
    const live = await h.db.db.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.subjectType, 'user'), eq(sessions.subjectId, ids.approver), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(0);
    expect((await h.call('GET', '/api/app/api/user/contacts', { token })).status).toBe(401);
    expect((await h.call('GET', '/api/app/api/user/contacts', { token: token2 })).status).toBe(401);
    expect((await h.call('POST', '/api/app/api/user/delete', { token: admin, json: { ids: [ids.admin] } })).status).toBe(409);
    expect((await h.call('POST', '/api/app/user/update', { token: admin, json: { id: ids.admin, active: false } })).status).toBe(409);
    // Enabled again for the tests below.
    expect((await h.call('POST', '/api/app/user/update', { token: admin, json: { id: ids.approver, active: true } })).status).toBe(200);
  });

  it('assigns departments and roles, and never leaves the administrator without USER.EDIT', async () => {
    const dep = await h.call('POST', '/api/app/api/user/departments', { token: admin, json: { ids: [ids.approver], departmentId: ids.research } });
    expect(dep.body.data).toEqual({ count: 1 });
    const role = await h.call('POST', '/api/app/api/user/roles', { token: admin, form: { id: String(ids.buyer), roleIds: `${ids.buyerRole}` } });
    expect((role.body.data as { roles: { id: number }[] }).roles.map((r) => r.id)).toEqual([ids.buyerRole]);
    const strip = await h.call('POST', '/api/app/api/user/roles', { token: admin, json: { id: ids.admin, roleIds: [ids.buyerRole] } });
    expect(strip.status).toBe(409);
    const still = ((await h.call('POST', '/api/app/api/user/s', { token: admin, json: { roleId: ids.adminRole } })).body.data as UserList).list;
    expect(still.map((u) => u.id)).toContain(ids.admin);
  });

  it('answers the colleagues and the profile; the user edits their own basic information', async () => {
    const contacts = (await h.call('GET', '/api/app/api/user/contacts', { token: buyer })).body.data as { list: { name: string }[] };
    expect(contacts.list.map((c) => c.name)).toContain('王敏');
    expect(contacts.list.map((c) => c.name)).not.toContain('刘洋');
    const res = await h.call('POST', '/api/app/api/user/update', { token: buyer, form: { name: '李娜娜', branch: '总部', job: '高级采购', userinfoNo: 'SH-0012' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: '李娜娜', company: '上海示例生物科技有限公司', job: '高级采购' });
    expect((await h.call('POST', '/api/app/api/user/update', { token: buyer, json: { name: 'x', companyId: 2 } })).status).toBe(400);
    expect((await h.call('POST', '/api/app/api/user/update', { token: buyer, json: { name: '' } })).status).toBe(400);
    await h.call('POST', '/api/app/api/user/update', { token: buyer, json: { name: '李娜', job: '采购专员', branch: '总部', userinfoNo: 'SH-0012' } });
  });
});

describe('departments', () => {
  it('adds, moves and renames a department; refuses a cycle', async () => {
    const add = await h.call('POST', '/api/app/department/add', { token: admin, form: { name: '质检组', parentId: String(ids.research) } });
    expect(add.status).toBe(200);
    const id = (add.body.data as { id: number }).id;
    const upd = await h.call('POST', '/api/app/department/update', { token: admin, json: { id, name: '质量控制组' } });
    expect(upd.body.data).toMatchObject({ name: '质量控制组', parentId: ids.research });
    expect((await h.call('POST', '/api/app/department/update', { token: admin, json: { id: ids.research, parentId: id } })).status).toBe(409);
    expect((await h.call('POST', '/api/app/department/add', { token: admin, json: { name: '' } })).status).toBe(400);
    const list = (await h.call('GET', '/api/app/department/list', { token: admin })).body.data as { list: { id: number; name: string }[] };
    expect(list.list.map((d) => d.name)).toContain('质量控制组');
  });

  it('refuses to delete a department that still has users, naming them, or one with sub-departments', async () => {
    const res = await h.call('POST', '/api/app/department/batchDelete', { token: admin, json: { ids: [ids.purchasing] } });
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('采购部');
    expect(res.body.msg).toContain('李娜');
    const parent = await h.call('POST', '/api/app/department/batchDelete', { token: admin, json: { ids: [ids.research] } });
    expect(parent.status).toBe(409);
    const [row] = await h.db.db.select({ id: departments.id }).from(departments).where(eq(departments.id, ids.purchasing));
    expect(row).toBeDefined();
    const add = await h.call('POST', '/api/app/department/add', { token: admin, json: { name: '临时组' } });
    const id = (add.body.data as { id: number }).id;
    const child = await h.call('POST', '/api/app/department/add', { token: admin, json: { name: '临时子组', parentId: id } });
    const childId = (child.body.data as { id: number }).id;
    expect((await h.call('POST', '/api/app/department/batchDelete', { token: admin, form: { ids: `${id},${childId}` } })).body.data).toEqual({ count: 2 });
  });
});

describe('roles and functions', () => {
  it('lists the company permissions grouped, with labels in the caller\'s language', async () => {
    const zh = (await h.call('POST', '/api/app/functions/all', { token: admin })).body.data as { groups: { key: string; functions: { code: string; label: string }[] }[] };
    const codes = zh.groups.flatMap((g) => g.functions.map((f) => f.code));
    expect(codes).toEqual(expect.arrayContaining(['SALE.VIEW', 'USER.EDIT', 'ADDRESS.EDIT']));
    expect(codes).not.toContain('ADMIN.ACCESS');
    expect(zh.groups[0]?.functions[0]?.label).toBe('查看订单');
    const en = (await h.call('POST', '/api/app/functions/all', { token: admin, headers: { 'accept-language': 'en' } })).body.data as typeof zh;
    expect(en.groups[0]?.functions[0]?.label).toBe('View orders');
  });

  it('adds a role from permissions, edits it, refuses unknown or staff permissions and deleting an assigned role', async () => {
    const add = await h.call('POST', '/api/app/role/add', { token: admin, form: { name: '仓管', permissions: 'ADDRESS.EDIT,SALE.CREATE' } });
    expect(add.status).toBe(200);
    const role = add.body.data as { id: number; permissions: string[] };
    expect(role.permissions).toEqual(['ADDRESS.EDIT', 'SALE.CREATE']);
    expect((await h.call('POST', '/api/app/role/add', { token: admin, json: { name: '越权', permissions: ['ADMIN.ACCESS'] } })).status).toBe(400);
    expect((await h.call('POST', '/api/app/role/add', { token: admin, json: { name: '仓管' } })).status).toBe(409);
    const upd = await h.call('POST', '/api/app/role/update', { token: admin, json: { id: role.id, permissions: ['SALE.VIEW'] } });
    expect((upd.body.data as { permissions: string[] }).permissions).toEqual(['SALE.VIEW']);
    const strip = await h.call('POST', '/api/app/role/update', { token: admin, json: { id: ids.adminRole, permissions: ['USER.VIEW'] } });
    expect(strip.status).toBe(409);
    const inUse = await h.call('POST', '/api/app/role/batchDelete', { token: admin, json: { ids: [ids.buyerRole] } });
    expect(inUse.status).toBe(409);
    expect(inUse.body.msg).toContain('李娜');
    expect((await h.call('POST', '/api/app/role/batchDelete', { token: admin, json: { ids: [role.id] } })).body.data).toEqual({ count: 1 });
  });
});

describe('addresses', () => {
  async function book(token: string) {
    return ((await h.call('GET', '/api/app/api/user/addresses', { token })).body.data as { list: { id: number; isDefault: boolean; receiver: string }[] }).list;
  }

  it('keeps exactly one default, default first, across add, update and delete', async () => {
    const add = await h.call('POST', '/api/app/address/add', { token: buyer, form: { receiver: '王敏', phone: '021-6432-8800', region: '上海市 徐汇区', detail: '桂平路 418 号', isDefault: 'true' } });
    expect(add.status).toBe(200);
    const id = (add.body.data as { id: number }).id;
    let list = await book(buyer);
    expect(list[0]?.id).toBe(id);
    expect(list.filter((a) => a.isDefault)).toHaveLength(1);
    const other = list.find((a) => a.id !== id)!;
    await h.call('POST', '/api/app/address/update', { token: buyer, json: { id: other.id, isDefault: true } });
    list = await book(buyer);
    expect(list.filter((a) => a.isDefault).map((a) => a.id)).toEqual([other.id]);
    await h.call('POST', '/api/app/address/batchDelete', { token: buyer, json: { ids: [other.id] } });
    list = await book(buyer);
    expect(list.filter((a) => a.isDefault)).toHaveLength(1);
    const rows = await h.db.db.select({ d: addresses.isDefault }).from(addresses).where(and(eq(addresses.companyId, demoId), eq(addresses.isDefault, true)));
    expect(rows).toHaveLength(1);
  });

  it('keeps one default under parallel "make default" updates', async () => {
    const list = await book(buyer);
    await Promise.all(list.map((a) => h.call('POST', '/api/app/address/update', { token: buyer, json: { id: a.id, isDefault: true } })));
    expect((await book(buyer)).filter((a) => a.isDefault)).toHaveLength(1);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = (await book(buyer)).length;
    const res = await h.call('POST', '/api/app/address/add', { token: buyer, json: { receiver: '', phone: '<script>', region: 'x', detail: 'y' } });
    expect(res.status).toBe(400);
    expect((res.body.data as { field: string }[]).map((f) => f.field)).toEqual(expect.arrayContaining(['receiver', 'phone']));
    expect((await h.call('POST', '/api/app/address/add', { token: buyer, json: { receiver: 'a', phone: '13800138000', region: 'x', detail: 'y', companyId: 2 } })).status).toBe(400);
    expect((await book(buyer)).length).toBe(before);
  });
});

describe('approval settings', () => {
  it('starts from the seeded rules: total above 5,000.00, hazardous, controlled with a permit on file, monthly limit', async () => {
    const seeded = (await h.call('GET', '/api/app/approval/rules', { token: admin })).body.data as { rules: { kind: string; active: boolean; amount: string | null; requirePermit: boolean }[]; buyers: { name: string; monthlyLimit: string | null }[]; validPermit: boolean };
    expect(seeded.rules.map((r) => [r.kind, r.active])).toEqual([['total_above', true], ['hazardous', true], ['controlled', true], ['monthly_limit', true]]);
    expect(seeded.rules[0]?.amount).toBe('5000.00');
    expect(seeded.rules[2]?.requirePermit).toBe(true);
    expect(seeded.validPermit).toBe(true);
    expect(seeded.buyers.find((b) => b.name === '李娜')?.monthlyLimit).toBe('20000.00');
  });

  it('saves the four rules and answers them with the buyers\' limits', async () => {
    const res = await h.call('POST', '/api/app/approval/rules/save', {
      token: admin,
      form: { totalAboveActive: 'true', totalAboveAmount: '6000', hazardousActive: 'true', controlledActive: 'true', controlledRequirePermit: '1', monthlyLimitActive: 'false' },
    });
    expect(res.status).toBe(200);
    const data = res.body.data as { rules: { kind: string; active: boolean; amount: string | null; requirePermit: boolean }[]; buyers: { name: string }[] };
    expect(data.rules.find((r) => r.kind === 'total_above')).toMatchObject({ active: true, amount: '6000.00' });
    expect(data.rules.find((r) => r.kind === 'controlled')).toMatchObject({ active: true, requirePermit: true });
    expect(data.rules.find((r) => r.kind === 'monthly_limit')?.active).toBe(false);
    expect(data.buyers.map((b) => b.name)).toContain('李娜');
    const bad = await h.call('POST', '/api/app/approval/rules/save', { token: admin, json: { totalAboveActive: true, hazardousActive: false, controlledActive: false, monthlyLimitActive: false } });
    expect(bad.status).toBe(400);
    expect((bad.body.data as { field: string }[])[0]?.field).toBe('totalAboveAmount');
    const read = (await h.call('GET', '/api/app/approval/rules', { token: admin })).body.data as typeof data;
    expect(read.rules.find((r) => r.kind === 'total_above')?.amount).toBe('6000.00');
  });
});

describe('OpenAPI', () => {
  it('documents every company-administration call', async () => {
    const doc = (await (await h.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    for (const [method, path] of [
      ['post', '/api/app/user/add'], ['post', '/api/app/user/update'], ['post', '/api/app/api/user/s'], ['post', '/api/app/api/user/delete'],
      ['post', '/api/app/api/user/departments'], ['post', '/api/app/api/user/roles'], ['post', '/api/app/api/user/update'],
      ['get', '/api/app/api/user/contacts'], ['get', '/api/app/api/user/addresses'], ['post', '/api/app/department/add'],
      ['post', '/api/app/department/update'], ['post', '/api/app/department/batchDelete'], ['post', '/api/app/functions/all'],
      ['get', '/api/app/role/list'], ['post', '/api/app/role/add'], ['post', '/api/app/role/update'], ['post', '/api/app/role/batchDelete'],
      ['get', '/api/app/address/list'], ['post', '/api/app/address/add'], ['post', '/api/app/address/update'], ['post', '/api/app/address/batchDelete'],
      ['get', '/api/app/approval/rules'], ['post', '/api/app/approval/rules/save'], ['post', '/api/app/file/upload'], ['get', '/api/app/file/list'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeTruthy();
    }
  });
});
