import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { sessions, staff, users } from '@/server/db/schema';
import { fileApiHarness } from '../../../test/api';
import { createSession, hashToken, sessionMaxAgeMs } from './sessions';

const h = fileApiHarness();
afterEach(() => {
  delete process.env.SESSION_MAX_AGE_USER_HOURS;
  delete process.env.SESSION_MAX_AGE_STAFF_HOURS;
});

const DAY = 86_400_000;
const HOUR = 3_600_000;
const CART = '/api/app/api/order/shopcart/items';

async function userId(loginName: string): Promise<number> {
  const [row] = await h.db.db.select({ id: users.id }).from(users).where(eq(users.loginName, loginName));
  return row!.id;
}
async function staffId(loginName: string): Promise<number> {
  const [row] = await h.db.db.select({ id: staff.id }).from(staff).where(eq(staff.loginName, loginName));
  return row!.id;
}
async function rowOf(token: string) {
  const [row] = await h.db.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  return row!;
}
const renew = (path: string, token: string) => h.call('POST', path, { token });
const tokenOf = (res: { body: { data: unknown } }) => (res.body.data as { token: string }).token;

describe('the absolute lifetime of a customer session', () => {
  it('is 30 days from sign-in by default, and renewals keep the sign-in time', async () => {
    expect(sessionMaxAgeMs('user')).toBe(30 * DAY);
    const id = await userId('buyer@demo.example.com');
    const now = Date.now();
    const first = await createSession(h.db.db, { subjectType: 'user', subjectId: id, now: new Date(now - 13.5 * DAY) });
    expect((await h.call('POST', CART, { token: first.token })).status).toBe(402);
    const second = await renew('/api/web/auth/renew', first.token);
    expect(second.status).toBe(200);
    const signedIn = (await rowOf(first.token)).signedInAt.getTime();
    expect((await rowOf(tokenOf(second))).signedInAt.getTime()).toBe(signedIn);
  });

  it('cannot be extended by renewing: the last token ends with the session, and then it is over', async () => {
    const id = await userId('buyer@demo.example.com');
    const now = Date.now();
    const signedInAt = new Date(now - 29.8 * DAY);
    const late = await createSession(h.db.db, { subjectType: 'user', subjectId: id, now: new Date(now - 13.6 * DAY), signedInAt });
    const hardEnd = signedInAt.getTime() + 30 * DAY;
    expect(late.expiresAt.getTime()).toBe(hardEnd);
    // A renewal could not extend it, so it is not asked for (no 402) …
    expect((await h.call('POST', CART, { token: late.token })).status).toBe(200);
    // … and one made anyway ends at the same moment.
    const renewed = await renew('/api/web/auth/renew', late.token);
    expect(renewed.status).toBe(200);
    expect((await rowOf(tokenOf(renewed))).expiresAt.getTime()).toBe(hardEnd);

    const over = await createSession(h.db.db, { subjectType: 'user', subjectId: id, now: new Date(now - 2 * DAY), signedInAt: new Date(now - 31 * DAY) });
    expect((await h.call('POST', CART, { token: over.token })).status).toBe(401);
    expect((await renew('/api/web/auth/renew', over.token)).status).toBe(401);
  });

  it('follows SESSION_MAX_AGE_USER_HOURS, for sessions already running too', async () => {
    const token = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
    await h.db.db.update(sessions).set({ signedInAt: new Date(Date.now() - 2 * HOUR) }).where(eq(sessions.tokenHash, hashToken(token)));
    expect((await h.call('POST', CART, { token })).status).toBe(200);
    process.env.SESSION_MAX_AGE_USER_HOURS = '1';
    expect((await h.call('POST', CART, { token })).status).toBe(401);
  });

  it('refuses malformed lifetimes', () => {
    for (const value of ['0', '-1', '1.5', '12h', '9000']) {
      process.env.SESSION_MAX_AGE_USER_HOURS = value;
      expect(() => sessionMaxAgeMs('user'), value).toThrow(/SESSION_MAX_AGE_USER_HOURS/);
    }
  });

  it('lets only one of two renewals of one token through', async () => {
    const id = await userId('buyer@demo.example.com');
    const old = await createSession(h.db.db, { subjectType: 'user', subjectId: id, now: new Date(Date.now() - 13.5 * DAY) });
    const answers = await Promise.all([renew('/api/web/auth/renew', old.token), renew('/api/web/auth/renew', old.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const live = await h.db.db.select().from(sessions).where(eq(sessions.signedInAt, (await rowOf(old.token)).signedInAt));
    expect(live.filter((s) => s.revokedAt === null)).toHaveLength(1);
  });
});

describe('staff sessions', () => {
  it('last 12 hours from sign-in by default', async () => {
    expect(sessionMaxAgeMs('staff')).toBe(12 * HOUR);
    const token = await h.loginStaff('admin', 'Admin#2026');
    const row = await rowOf(token);
    expect(row.expiresAt.getTime() - row.signedInAt.getTime()).toBe(12 * HOUR);
    const id = await staffId('admin');
    const old = await createSession(h.db.db, { subjectType: 'staff', subjectId: id, now: new Date(Date.now() - 12 * HOUR - 60_000) });
    expect((await h.call('GET', '/api/admin/me', { token: old.token })).status).toBe(401);
  });

  it('are renewed only through the staff API, never past their lifetime', async () => {
    const token = await h.loginStaff('admin', 'Admin#2026');
    expect((await renew('/api/web/auth/renew', token)).status).toBe(401);
    expect((await h.call('GET', '/api/admin/me', { token })).status).toBe(200);
    const renewed = await renew('/api/admin/auth/renew', token);
    expect(renewed.status).toBe(200);
    const next = await rowOf(tokenOf(renewed));
    expect(next.signedInAt.getTime()).toBe((await rowOf(token)).signedInAt.getTime());
    expect(next.expiresAt.getTime()).toBe(next.signedInAt.getTime() + 12 * HOUR);
    expect((await h.call('GET', '/api/admin/me', { token: tokenOf(renewed) })).status).toBe(200);
    expect((await h.call('GET', '/api/admin/me', { token })).status).toBe(401);
  });

  it('the staff renewal refuses customer tokens and guests', async () => {
    const buyer = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
    expect((await renew('/api/admin/auth/renew', buyer)).status).toBe(401);
    expect((await h.call('POST', '/api/admin/auth/renew')).status).toBe(401);
    expect((await h.call('POST', CART, { token: buyer })).status).toBe(200);
  });
});
