import { describe, expect, it } from 'vitest';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness();

describe('menu editor', () => {
  it('edits an item, moves it, and the member’s menu follows at the next load', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const tree = (await h.call('GET', '/api/admin/menu-items', { token: admin })).body.data as { id: number; path: string; children: { id: number; path: string }[] }[];
    const system = tree.find((m) => m.path === '/system-setting')!;
    const staffItem = system.children.find((c) => c.path === 'stafflist')!;
    const row = (await h.call('GET', '/api/admin/menu-items', { token: admin })).body.data as unknown[];
    expect(row.length).toBeGreaterThan(0);
    const full = (system.children.find((c) => c.id === staffItem.id)) as unknown as Record<string, unknown>;
    const { id: _id, children: _c, sort: _s, ...fields } = full;
    const bad = await h.call('PUT', `/api/admin/menu-items/${staffItem.id}`, { token: admin, json: { ...fields, path: 'bad path!' } });
    expect(bad.status).toBe(400);
    const changed = await h.call('PUT', `/api/admin/menu-items/${staffItem.id}`, { token: admin, json: { ...fields, titleZh: '员工管理', titleEn: 'Staff members' } });
    expect(changed.status).toBe(200);
    const menu = (await h.call('GET', '/api/admin/menus', { token: admin, headers: { 'accept-language': 'en' } })).body.data as { path: string; meta: { title: string }; children: { meta: { title: string } }[] }[];
    expect(menu.find((m) => m.path === '/system-setting')!.children.map((c) => c.meta.title)).toContain('Staff members');

    // Move the staff list to the top level, first.
    const top = tree.map((m) => m.id);
    const moved = await h.call('POST', '/api/admin/menu-items/move', { token: admin, json: { id: staffItem.id, parentId: null, order: [staffItem.id, ...top] } });
    expect(moved.status).toBe(200);
    expect((moved.body.data as { id: number }[])[0]!.id).toBe(staffItem.id);
    // A cycle (the group under its own child) and an order that leaves siblings out are refused.
    expect((await h.call('POST', '/api/admin/menu-items/move', { token: admin, json: { id: system.id, parentId: system.children[0]!.id, order: [system.id] } })).status).toBe(400);
    expect((await h.call('POST', '/api/admin/menu-items/move', { token: admin, json: { id: staffItem.id, parentId: null, order: [staffItem.id] } })).status).toBe(400);
    expect((await h.call('DELETE', `/api/admin/menu-items/${system.id}`, { token: admin })).status).toBe(409);
  });

  it('adds and deletes an item; a member without MENU.EDIT gets 403 and no menu entry', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const made = await h.call('POST', '/api/admin/menu-items', { token: admin, json: { path: '/probe', name: 'Probe', titleZh: '探针', titleEn: 'Probe', permission: 'NOT.A.PERMISSION' } });
    expect(made.status).toBe(400);
    const ok = await h.call('POST', '/api/admin/menu-items', { token: admin, json: { path: '/probe', name: 'Probe', titleZh: '探针', titleEn: 'Probe', permission: 'MENU.EDIT' } });
    expect(ok.status).toBe(200);
    expect((await h.call('DELETE', `/api/admin/menu-items/${(ok.body.data as { id: number }).id}`, { token: admin })).status).toBe(200);
    const ops = await h.loginStaff('ops', 'Ops#2026');
    expect((await h.call('GET', '/api/admin/menu-items', { token: ops })).status).toBe(403);
    const menu = (await h.call('GET', '/api/admin/menus', { token: ops })).body.data as { path: string; children: { path: string }[] }[];
    const paths = menu.flatMap((m) => [m.path, ...m.children.map((c) => c.path)]);
    expect(paths).not.toContain('menu');
    expect(paths).toContain('stafflist');
  });
});
