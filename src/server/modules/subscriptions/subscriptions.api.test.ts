import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '@/server/db/schema';
import { createApiHarness, type ApiHarness } from '../../../../test/api';

let h: ApiHarness;
beforeAll(async () => {
  h = await createApiHarness();
});
afterAll(async () => {
  await h.db.destroy();
});

describe('POST /api/web/subscription/add', () => {
  it('subscribes once; a second subscription changes nothing and says so', async () => {
    const first = await h.call('POST', '/api/web/subscription/add', { form: { email: ' Lab.Manager@Example.org ' } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ msg: '订阅成功', data: { email: 'lab.manager@example.org', created: true } });
    const second = await h.call('POST', '/api/web/subscription/add', { json: { email: 'lab.manager@example.org' }, headers: { 'accept-language': 'en' } });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ msg: 'This address is already subscribed; nothing changed', data: { created: false } });
    const rows = await h.db.db.select().from(subscriptions);
    expect(rows.filter((r) => r.email === 'lab.manager@example.org')).toHaveLength(1);
  });

  it('refuses addresses that are not e-mail addresses, in the caller language', async () => {
    for (const email of ['', 'no-at-sign', 'a@b', `${'x'.repeat(120)}@example.org`, '<script>@x.org']) {
      const res = await h.call('POST', '/api/web/subscription/add', { form: { email }, headers: { 'accept-language': 'en' } });
      expect(res.status, email).toBe(400);
      expect((res.body.data as { field: string }[])[0]?.field).toBe('email');
    }
    expect((await h.call('POST', '/api/web/subscription/add')).status).toBe(400);
  });
});
