import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '@/lib/sha256';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness();

async function auditCount(entity: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from audit_log where entity = ${entity}`));
  return Number(rows[0]?.n ?? 0);
}

async function opsRoleIds(token: string): Promise<number[]> {
  const roles = (await h.call('GET', '/api/admin/roles', { token })).body.data as { items: { id: number; name: string }[] };
  return roles.items.filter((r) => r.name === '运营').map((r) => r.id);
}

describe('roles (identities)', () => {
  it('lists, searches and pages for a member with AUTHORITY.VIEW; 401 without a session; 403 without the permission', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const list = await h.call('GET', '/api/admin/roles?key=%E9%94%80&limit=5', { token: admin });
    expect(list.status).toBe(200);
    const data = list.body.data as { total: number; items: { name: string; permissions: string[] }[] };
    expect(data.items.map((r) => r.name)).toEqual(['销售']);
    expect((await h.call('GET', '/api/admin/roles')).status).toBe(401);
    const sales = await h.loginStaff('sales', 'Sales#2026');
    expect((await h.call('GET', '/api/admin/roles', { token: sales })).status).toBe(403);
    expect((await h.call('GET', '/api/admin/roles?limit=0', { token: admin })).status).toBe(400);
  });

  it('adds a role with permissions, audits it, refuses an unknown permission and a taken name writing nothing', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const before = await auditCount('role');
    const bad = await h.call('POST', '/api/admin/roles', { token: admin, json: { name: '质检', permissions: ['ADMIN.ACCESS', 'NOPE.X'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([expect.objectContaining({ field: 'permissions' })]);
    const empty = await h.call('POST', '/api/admin/roles', { token: admin, json: { name: '  ' } });
    expect(empty.status).toBe(400);
    expect(await auditCount('role')).toBe(before);
    const made = await h.call('POST', '/api/admin/roles', { token: admin, json: { name: '质检', description: 'QC', permissions: ['ADMIN.ACCESS', 'STAFF.VIEW'] } });
    expect(made.status).toBe(200);
    const role = made.body.data as { id: number; permissions: string[] };
    expect(role.permissions).toEqual(['ADMIN.ACCESS', 'STAFF.VIEW']);
    expect(await auditCount('role')).toBe(before + 1);
    const again = await h.call('POST', '/api/admin/roles', { token: admin, json: { name: '质检' } });
    expect(again.status).toBe(409);

    const set = await h.call('PUT', `/api/admin/roles/${role.id}/permissions`, { token: admin, json: { permissions: ['ADMIN.ACCESS', 'AUDIT.VIEW'] } });
    expect((set.body.data as { permissions: string[] }).permissions).toEqual(['ADMIN.ACCESS', 'AUDIT.VIEW']);
    const reset = await h.call('POST', `/api/admin/roles/${role.id}/reset`, { token: admin });
    expect((reset.body.data as { permissions: string[] }).permissions).toEqual(['ADMIN.ACCESS']);
    const renamed = await h.call('PUT', `/api/admin/roles/${role.id}`, { token: admin, json: { name: '质检部', description: 'QC' } });
    expect((renamed.body.data as { name: string }).name).toBe('质检部');
    const history = await h.call('GET', `/api/admin/audit?entity=role&entityId=${role.id}`, { token: admin });
    const entries = (history.body.data as { items: { action: string; changes: Record<string, unknown> }[] }).items;
    expect(entries.map((e) => e.action)).toEqual(['update', 'reset', 'setPermissions', 'create']);
    expect(Object.keys(entries[0]!.changes)).toEqual(['name']);
    expect((await h.call('DELETE', `/api/admin/roles/${role.id}`, { token: admin })).status).toBe(200);
    expect((await h.call('GET', `/api/admin/roles/${role.id}`, { token: admin })).status).toBe(404);
  });

  it('refuses to delete a role that staff still hold', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const roles = (await h.call('GET', '/api/admin/roles', { token: admin })).body.data as { items: { id: number; name: string }[] };
    const sales = roles.items.find((r) => r.name === '销售')!;
    expect((await h.call('DELETE', `/api/admin/roles/${sales.id}`, { token: admin })).status).toBe(409);
  });

  it('refuses writes to a member who may only read (ops: AUTHORITY.VIEW without AUTHORITY.EDIT)', async () => {
    const ops = await h.loginStaff('ops', 'Ops#2026');
    expect((await h.call('GET', '/api/admin/roles', { token: ops })).status).toBe(200);
    expect((await h.call('POST', '/api/admin/roles', { token: ops, json: { name: 'x' } })).status).toBe(403);
    expect((await h.call('GET', '/api/admin/permissions', { token: ops })).status).toBe(200);
  });
});

describe('staff', () => {
  it('lists with search, state and role filters and sorting', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const all = (await h.call('GET', '/api/admin/staff?sort=loginName', { token: admin })).body.data as { total: number; items: { loginName: string }[] };
    expect(all.items.map((s) => s.loginName)).toEqual(['admin', 'finance', 'manager', 'ops', 'sales', 'sales2']);
    const found = (await h.call('GET', '/api/admin/staff?key=zhou', { token: admin })).body.data as { items: { loginName: string }[] };
    expect(found.items.map((s) => s.loginName)).toEqual(['sales']);
    expect((await h.call('GET', '/api/admin/staff?sort=password', { token: admin })).status).toBe(400);
    expect((await h.call('GET', '/api/admin/staff?active=maybe', { token: admin })).status).toBe(400);
    const sales = await h.loginStaff('sales', 'Sales#2026');
    expect((await h.call('GET', '/api/admin/staff', { token: sales })).status).toBe(403);
  });

  it('adds a member who can sign in; disabling ends their sessions at once; enabling lets them sign in again', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const roles = (await h.call('GET', '/api/admin/roles', { token: admin })).body.data as { items: { id: number; name: string }[] };
    const opsRole = roles.items.find((r) => r.name === '运营')!;
    const bad = await h.call('POST', '/api/admin/staff', { token: admin, json: { loginName: 'x', password: 'plain', name: '' } });
    expect(bad.status).toBe(400);
    expect((bad.body.data as { field: string }[]).map((f) => f.field).sort()).toEqual(['loginName', 'name', 'password']);
    const made = await h.call('POST', '/api/admin/staff', {
      token: admin, json: { loginName: 'li.na', password: await sha256Hex('Temp#2026x'), name: '李娜', email: 'li.na@reagent.example.com', roleIds: [opsRole.id] },
    });
    expect(made.status).toBe(200);
    const member = made.body.data as { id: number; roles: { name: string }[] };
    expect(member.roles.map((r) => r.name)).toEqual(['运营']);
    expect((await h.call('POST', '/api/admin/staff', { token: admin, json: { loginName: 'li.na', password: await sha256Hex('x'), name: 'x' } })).status).toBe(409);

    const token = await h.loginStaff('li.na', 'Temp#2026x');
    expect((await h.call('GET', '/api/admin/me', { token })).status).toBe(200);
    const disabled = await h.call('POST', `/api/admin/staff/${member.id}/disable`, { token: admin });
    expect((disabled.body.data as { active: boolean }).active).toBe(false);
    // The same session token is refused on its very next request.
    expect((await h.call('GET', '/api/admin/me', { token })).status).toBe(401);
    await expect(h.loginStaff('li.na', 'Temp#2026x')).rejects.toThrow();
    expect((await h.call('POST', `/api/admin/staff/${member.id}/disable`, { token: admin })).status).toBe(409);
    await h.call('POST', `/api/admin/staff/${member.id}/enable`, { token: admin });
    expect((await h.call('GET', '/api/admin/me', { token })).status).toBe(401);
    const fresh = await h.loginStaff('li.na', 'Temp#2026x');
    expect((await h.call('GET', '/api/admin/me', { token: fresh })).status).toBe(200);

    const history = (await h.call('GET', `/api/admin/audit?entity=staff&entityId=${member.id}`, { token: admin })).body.data as { items: { action: string; note: unknown }[] };
    expect(history.items.map((e) => e.action)).toEqual(['enable', 'disable', 'create']);
    expect(history.items[1]!.note).toEqual({ sessionsEnded: 1 });
  });

  it('updates a member and refuses a member disabling themself', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const me = (await h.call('GET', '/api/admin/me', { token: admin })).body.data as { id: number };
    expect((await h.call('POST', `/api/admin/staff/${me.id}/disable`, { token: admin })).status).toBe(409);
    const list = (await h.call('GET', '/api/admin/staff?key=ops', { token: admin })).body.data as { items: { id: number; roles: { id: number }[] }[] };
    const ops = list.items[0]!;
    const bad = await h.call('PUT', `/api/admin/staff/${ops.id}`, { token: admin, json: { name: '陈立', email: 'not-mail', roleIds: [] } });
    expect(bad.status).toBe(400);
    const ok = await h.call('PUT', `/api/admin/staff/${ops.id}`, { token: admin, json: { name: '陈立', phone: '021-1234', email: 'chen.li@reagent.example.com', roleIds: ops.roles.map((r) => r.id) } });
    expect((ok.body.data as { phone: string }).phone).toBe('021-1234');
    expect((await h.call('PUT', '/api/admin/staff/99999', { token: admin, json: { name: 'x', roleIds: [] } })).status).toBe(404);
  });

  it('resets a password by mail: the old password and sessions stop working', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const made = (await h.call('POST', '/api/admin/staff', {
      token: admin, json: { loginName: 'wang.fang', password: await sha256Hex('Old#2026pass'), name: '王芳', email: 'wang.fang@reagent.example.com', roleIds: await opsRoleIds(admin) },
    })).body.data as { id: number };
    const token = await h.loginStaff('wang.fang', 'Old#2026pass');
    const reset = await h.call('POST', `/api/admin/staff/${made.id}/reset-password`, { token: admin });
    expect(reset.body.data).toEqual({ sent: true });
    expect((await h.call('GET', '/api/admin/me', { token })).status).toBe(401);
    await expect(h.loginStaff('wang.fang', 'Old#2026pass')).rejects.toThrow();
  });
});

describe('realms', () => {
  it('a customer session never opens the back-office, and a staff session is not a customer', async () => {
    const buyer = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
    expect((await h.call('GET', '/api/admin/staff', { token: buyer })).status).toBe(401);
    expect((await h.call('GET', '/api/admin/settings', { token: buyer })).status).toBe(401);
    const admin = await h.loginStaff('admin', 'Admin#2026');
    expect((await h.call('POST', '/api/app/api/order/shopcart/items', { token: admin })).status).toBe(401);
  });
});

describe('audit rows belong to their change', () => {
  it('a change that fails (a taken login name) leaves no audit row', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const before = await auditCount('staff');
    const res = await h.call('POST', '/api/admin/staff', { token: admin, json: { loginName: 'admin', password: await sha256Hex('x'), name: 'dup' } });
    expect(res.status).toBe(409);
    expect(await auditCount('staff')).toBe(before);
  });
});

describe('documentation', () => {
  it('every back-office call is in the OpenAPI document with its permission and path parameter', async () => {
    const doc = (await (await h.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { 'x-permissions': string[]; parameters?: { name: string; in: string }[] }>>;
    };
    expect(doc.paths['/api/admin/roles/{id}']?.put?.['x-permissions']).toEqual(['AUTHORITY.EDIT']);
    expect(doc.paths['/api/admin/roles/{id}']?.put?.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(doc.paths['/api/admin/staff/{id}/disable']?.post?.['x-permissions']).toEqual(['STAFF.EDIT']);
    expect(doc.paths['/api/admin/menu-items/move']?.post).toBeTruthy();
    expect(doc.paths['/api/admin/audit/export']?.get?.['x-permissions']).toEqual(['AUDIT.VIEW']);
    expect(doc.paths['/api/admin/dashboard']?.get?.['x-permissions']).toEqual(['DASHBOARD.VIEW']);
    expect(doc.paths['/api/admin/settings']?.put).toBeTruthy();
  });
});
