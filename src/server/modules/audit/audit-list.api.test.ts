import { describe, expect, it } from 'vitest';
import { fileApiHarness } from '../../../../test/api';
import { csvCell } from './list';

const h = fileApiHarness();

describe('audit log reading', () => {
  it('lists and filters by who, entity and days for AUDIT.VIEW; 401 and 403 otherwise; bad dates are 400', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    await h.call('POST', '/api/admin/roles', { token: admin, json: { name: '=cmd()', description: 'formula' } });
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const list = await h.call('GET', `/api/admin/audit?actor=${encodeURIComponent('系统管理员')}&entity=role&from=${today}&to=${today}`, { token: admin });
    expect(list.status).toBe(200);
    const data = list.body.data as { total: number; items: { actorName: string; ip: string; entity: string; changes: Record<string, { to: unknown }> }[] };
    expect(data.total).toBe(1);
    expect(data.items[0]).toMatchObject({ actorName: '系统管理员', entity: 'role' });
    expect(data.items[0]!.changes.name!.to).toBe('=cmd()');
    const none = await h.call('GET', '/api/admin/audit?from=2001-01-01&to=2001-01-02', { token: admin });
    expect((none.body.data as { total: number }).total).toBe(0);
    expect((await h.call('GET', '/api/admin/audit?from=yesterday', { token: admin })).status).toBe(400);
    const impossible = await h.call('GET', '/api/admin/audit?from=2026-02-30', { token: admin });
    expect(impossible.status).toBe(400);
    expect((impossible.body.data as { field: string }[]).map((f) => f.field)).toEqual(['from']);
    // Days PostgreSQL cannot hold, or no record has, are refused too (not a 500 from the database).
    for (const q of ['from=0000-01-01', 'to=0000-01-01', 'from=9999-12-31', 'to=2101-01-01']) {
      const res = await h.call('GET', `/api/admin/audit?${q}`, { token: admin });
      expect(res.status, q).toBe(400);
      expect((res.body.data as { field: string }[]).map((f) => f.field), q).toEqual([q.slice(0, q.indexOf('='))]);
    }
    expect((await h.call('GET', '/api/admin/audit')).status).toBe(401);
    const sales = await h.loginStaff('sales', 'Sales#2026');
    expect((await h.call('GET', '/api/admin/audit', { token: sales })).status).toBe(403);
    expect((await h.call('GET', '/api/admin/audit/entities', { token: admin })).body.data).toContain('role');
  });

  it('exports the filtered log as CSV with formula cells escaped', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const made = await h.call('POST', '/api/admin/roles', { token: admin, json: { name: '+sum(A1)', description: 'formula' } });
    const id = (made.body.data as { id: number }).id;
    const res = await h.app.request(`/api/admin/audit/export?entity=role&entityId=${id}`, { headers: { authorization: admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = await res.text();
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toContain('actorName');
    expect(lines.length).toBe(2);
    expect(text).toContain('+sum(A1)');
    expect(csvCell('=cmd()')).toBe(`"'=cmd()"`);
    expect(csvCell('+sum(A1)')).toBe(`"'+sum(A1)"`);
    expect(csvCell('say "hi"')).toBe(`"say ""hi"""`);
    const sales = await h.loginStaff('sales', 'Sales#2026');
    expect((await h.app.request('/api/admin/audit/export', { headers: { authorization: sales } })).status).toBe(403);
  });
});
