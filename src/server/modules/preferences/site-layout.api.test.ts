import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness();
const URL = '/api/admin/settings/site-layout';

describe('the site layout of the back-office', () => {
  it('is standard until an administrator chooses the local configuration; members without their own choice follow it', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const ops = await h.loginStaff('ops', 'Ops#2026');
    expect((await h.call('GET', URL, { token: ops })).body.data).toEqual({ layout: 'standard' });
    expect((await h.call('GET', '/api/admin/settings', { token: ops })).body.data).toMatchObject({ tagsView: true });

    // The administrator turned the tab bar on for themselves: their own choice stays.
    await h.call('PUT', '/api/admin/settings', { token: admin, json: { tagsView: true } });
    const res = await h.call('PUT', URL, { token: admin, json: { layout: 'local' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ layout: 'local' });
    expect((await h.call('GET', URL, { token: ops })).body.data).toEqual({ layout: 'local' });
    expect((await h.call('GET', '/api/admin/settings', { token: ops })).body.data).toMatchObject({ tagsView: false, theme: '#409EFF' });
    expect((await h.call('GET', '/api/admin/settings', { token: admin })).body.data).toMatchObject({ tagsView: true });

    const rows = await h.db.db.select().from(auditLog).where(and(eq(auditLog.entity, 'siteOption'), eq(auditLog.entityId, 'adminLayout')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorType: 'staff', action: 'update', data: { changes: { layout: { from: 'standard', to: 'local' } } } });

    await h.call('PUT', URL, { token: admin, json: { layout: 'standard' } });
    expect((await h.call('GET', '/api/admin/settings', { token: ops })).body.data).toMatchObject({ tagsView: true });
  });

  it('refuses a value it does not know, and changes nothing', async () => {
    const admin = await h.loginStaff('admin', 'Admin#2026');
    for (const json of [{ layout: 'wide' }, { layout: 0 }, {}]) {
      const res = await h.call('PUT', URL, { token: admin, json });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400 });
    }
    expect((await h.call('GET', URL, { token: admin })).body.data).toEqual({ layout: 'standard' });
  });

  it('is chosen only with SETTINGS.EDIT, read only by staff', async () => {
    const ops = await h.loginStaff('ops', 'Ops#2026');
    expect((await h.call('PUT', URL, { token: ops, json: { layout: 'local' } })).status).toBe(403);
    expect((await h.call('PUT', URL, { json: { layout: 'local' } })).status).toBe(401);
    expect((await h.call('GET', URL)).status).toBe(401);
    const buyer = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
    expect([401, 403]).toContain((await h.call('GET', URL, { token: buyer })).status);
    expect((await h.call('GET', URL, { token: ops })).body.data).toEqual({ layout: 'standard' });
  });
});
