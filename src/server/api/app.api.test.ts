import { describe, expect, it } from 'vitest';
import { fileApiHarness } from '../../../test/api';
import { createApp } from './app';
import { requirePermission } from '@/server/http/middleware/authorise';

const h = fileApiHarness();

describe('envelope and failure handling', () => {
  it('answers an unknown route with a 404 envelope', async () => {
    const res = await h.call('POST', '/api/web/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, data: null });
    expect(res.body.msg).toBe('接口不存在');
  });

  it('answers in English when the locale cookie or Accept-Language says so', async () => {
    const viaCookie = await h.call('GET', '/api/nope', { headers: { cookie: 'NEXT_LOCALE=en' } });
    expect(viaCookie.body.msg).toBe('No such API endpoint');
    const viaHeader = await h.call('GET', '/api/nope', { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(viaHeader.body.msg).toBe('No such API endpoint');
  });

  it('refuses malformed JSON with 400, not 500', async () => {
    const res = await h.call('POST', '/api/web/settingCon/getPage', { body: '{"limit":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
  });

  it('refuses a JSON array body', async () => {
    const res = await h.call('POST', '/api/web/settingCon/getPage', { json: [1, 2] });
    expect(res.status).toBe(400);
  });

  it('refuses unsupported content types with 415', async () => {
    const res = await h.call('POST', '/api/web/settingCon/getPage', { body: '<x/>', headers: { 'content-type': 'application/xml' } });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe(415);
  });

  it('refuses oversized bodies with 413', async () => {
    const big = 'x'.repeat(1024 * 1024 + 10);
    const res = await h.call('POST', '/api/web/settingCon/getPage', { body: `limit=1&pad=${big}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(413);
  });

  it('turns a crash into a 500 envelope with a request id and no stack', async () => {
    const broken = createApp({
      getDb: async () => {
        throw new Error('secret internals at /srv/app.ts:12');
      },
    });
    const res = await broken.request('/api/web/settingCon/getPage', { method: 'POST' });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { code: number; msg: string; data: unknown };
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    expect(body.code).toBe(500);
    expect(body.msg).toContain(requestId);
    expect(JSON.stringify(body)).not.toContain('secret internals');
  });

  it('accepts a caller-supplied request id', async () => {
    const res = await h.call('GET', '/api/health', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
  });
});

describe('system endpoints', () => {
  it('health and ready answer', async () => {
    expect((await h.call('GET', '/api/health')).body.data).toEqual({ status: 'ok' });
    expect((await h.call('GET', '/api/ready')).body.data).toEqual({ status: 'ready' });
  });

  it('publishes an OpenAPI document built from the schemas', async () => {
    const res = await h.app.request('/api/openapi.json');
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/web/settingCon/getPage']?.post?.requestBody).toBeTruthy();
    expect(doc.paths['/api/admin/menus']?.get).toBeTruthy();
    expect(doc.paths['/api/web/auth/login']?.post).toBeTruthy();
  });

  it('serves a readable API page', async () => {
    const res = await h.app.request('/api/docs');
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('/api/web/settingCon/getPage');
    expect(html).not.toContain('<script');
  });
});

describe('requirePermission', () => {
  it('answers 401 to guests, 403 without the permission, and passes with it', async () => {
    const app = createApp({ getDb: async () => h.db.db });
    app.get('/probe/staff-edit', requirePermission('STAFF.EDIT'), (c) => c.json({ code: 200, msg: 'ok', data: 'in' }));
    app.get('/probe/sale-view', requirePermission('SALE.VIEW'), (c) => c.json({ code: 200, msg: 'ok', data: 'in' }));
    const admin = await h.loginStaff('admin', 'Admin#2026');
    const sales = await h.loginStaff('sales', 'Sales#2026');
    const buyer = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
    const get = (path: string, token?: string) => app.request(path, { headers: token ? { authorization: token } : {} });
    expect((await get('/api/probe/staff-edit')).status).toBe(401);
    expect((await get('/api/probe/staff-edit', sales)).status).toBe(403);
    expect((await get('/api/probe/staff-edit', admin)).status).toBe(200);
    // A company permission needs a customer session: staff are not customers.
    expect((await get('/api/probe/sale-view', admin)).status).toBe(401);
    expect((await get('/api/probe/sale-view', buyer)).status).toBe(200);
    const forbidden = (await (await get('/api/probe/staff-edit', sales)).json()) as { code: number; data: { missing: string[] } };
    expect(forbidden).toMatchObject({ code: 403, data: { missing: ['STAFF.EDIT'] } });
  });
});
