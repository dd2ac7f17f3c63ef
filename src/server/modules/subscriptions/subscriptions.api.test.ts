import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '@/server/db/schema';
import { withMailbox } from '../../../../test/mailbox';
import { CONFIRM_LINK_DAYS, SUBSCRIPTION_MAILS_PER_TARGET, confirmSubscription } from './service';

const env = withMailbox();

const subscribe = (email: string, headers: Record<string, string> = {}) =>
  env.h.call('POST', '/api/web/subscription/add', { form: { email }, headers: { 'x-forwarded-for': '203.0.113.9', ...headers } });
const tokenIn = (text: string) => /\/subscription\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

describe('POST /api/web/subscription/add', () => {
  it('answers new, pending and subscribed addresses alike; the mailbox gets the link or a note', async () => {
    const email = 'lab.manager@example.org';
    const first = await subscribe(' Lab.Manager@Example.org ');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ code: 200, msg: '我们已向该邮箱发送邮件，请按邮件中的说明完成订阅', data: { email } });
    const mail = await env.mailbox.next(email);
    expect(mail.subject).toBe('【优试剂】请确认订阅新品与优惠邮件');
    const token = tokenIn(mail.text);
    expect(token.length).toBeGreaterThan(20);
    expect(mail.text).toContain(`${CONFIRM_LINK_DAYS} 天内`);

    const confirmed = await env.h.call('POST', '/api/web/subscription/confirm', { form: { token }, headers: { 'accept-language': 'en' } });
    expect(confirmed.body).toMatchObject({ code: 200, msg: 'Subscribed', data: { email } });
    const [row] = await env.h.db.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    expect(row?.confirmTokenHash).not.toContain(token);

    const count = env.mailbox.received.length;
    const second = await subscribe(email, { 'accept-language': 'en' });
    const unknown = await subscribe('someone-new@example.org', { 'accept-language': 'en' });
    expect(second.body.msg).toBe(unknown.body.msg);
    expect(Object.keys(second.body.data as object)).toEqual(Object.keys(unknown.body.data as object));
    expect((await env.mailbox.next(email, count)).subject).toBe('[YouReagent] You are already subscribed');
    expect((await env.mailbox.next('someone-new@example.org', count)).subject).toBe('[YouReagent] Please confirm your subscription');
    expect(await env.h.db.db.select().from(subscriptions).where(eq(subscriptions.email, email))).toHaveLength(1);
  });

  it('a new request replaces the link of a pending address; old and unknown links are refused', async () => {
    const email = 'pending@example.org';
    await subscribe(email);
    const oldToken = tokenIn((await env.mailbox.next(email)).text);
    const count = env.mailbox.received.length;
    await subscribe(email);
    const newToken = tokenIn((await env.mailbox.next(email, count)).text);
    expect(newToken).not.toBe(oldToken);
    const refused = await env.h.call('POST', '/api/web/subscription/confirm', { form: { token: oldToken } });
    expect(refused.body).toMatchObject({ code: 400, msg: '确认链接无效或已过期，请重新订阅' });
    expect((await env.h.call('POST', '/api/web/subscription/confirm', { form: { token: 'x'.repeat(32) } })).status).toBe(400);
    expect((await env.h.call('POST', '/api/web/subscription/confirm', { form: { token: newToken } })).status).toBe(200);
    // Opening the link again answers the same.
    expect((await env.h.call('POST', '/api/web/subscription/confirm', { form: { token: newToken } })).status).toBe(200);
  });

  it('refuses a link past its days', async () => {
    const email = 'late@example.org';
    await subscribe(email);
    const token = tokenIn((await env.mailbox.next(email)).text);
    const later = new Date(Date.now() + (CONFIRM_LINK_DAYS + 1) * 86_400_000);
    await expect(confirmSubscription(env.h.db.db, { token, now: later })).rejects.toMatchObject({ code: 400, messageKey: 'subscriptionLinkInvalid' });
  });

  it('sends at most a few mails a day about one address, and answers alike past that', async () => {
    const email = 'flooded@example.org';
    const answers = [];
    for (let i = 0; i < SUBSCRIPTION_MAILS_PER_TARGET.points + 2; i++) answers.push((await subscribe(email)).body);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    await env.mailbox.next(email);
    expect(env.mailbox.received.filter((m) => m.to.includes(email))).toHaveLength(SUBSCRIPTION_MAILS_PER_TARGET.points);
  });

  it('rations requests per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await subscribe(`many-${i}@example.org`, { 'x-forwarded-for': '198.51.100.77' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('refuses addresses that are not e-mail addresses, and malformed tokens, in the caller language', async () => {
    for (const email of ['', 'no-at-sign', 'a@b', `${'x'.repeat(120)}@example.org`, '<script>@x.org']) {
      const res = await subscribe(email, { 'accept-language': 'en' });
      expect(res.status, email).toBe(400);
      expect((res.body.data as { field: string }[])[0]?.field).toBe('email');
    }
    expect((await env.h.call('POST', '/api/web/subscription/add')).status).toBe(400);
    for (const token of ['', 'short', 'a'.repeat(101), '../../etc/passwd-xxxxxxxx']) {
      expect((await env.h.call('POST', '/api/web/subscription/confirm', { form: { token } })).status, token).toBe(400);
    }
  });
});
