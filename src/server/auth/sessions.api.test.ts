import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { hasPermission, loadActor } from './actor';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, resolveSession, revokeOtherSessions, revokeSession, SESSION_TTL_MS } from './sessions';
import { eq } from 'drizzle-orm';
import { sessions, users } from '@/server/db/schema';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ products: 20 });
});
afterAll(async () => {
  await t.destroy();
});

describe('sessions', () => {
  it('stores only a hash of the token', async () => {
    const { token } = await createSession(t.db, { subjectType: 'staff', subjectId: 1 });
    const stored = await t.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(stored.some((s) => s.hash === token)).toBe(false);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.hash))).toBe(true);
  });

  it('a customer token expires after its time to live', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const { token } = await createSession(t.db, { subjectType: 'user', subjectId: 1, now });
    expect(await resolveSession(t.db, token, new Date(now.getTime() + SESSION_TTL_MS - 1000))).not.toBeNull();
    expect(await resolveSession(t.db, token, new Date(now.getTime() + SESSION_TTL_MS + 1000))).toBeNull();
  });

  it('is revoked alone, or with every other session of its subject', async () => {
    const a = await createSession(t.db, { subjectType: 'user', subjectId: 2 });
    const b = await createSession(t.db, { subjectType: 'user', subjectId: 2 });
    const c = await createSession(t.db, { subjectType: 'user', subjectId: 2 });
    await revokeSession(t.db, a.token);
    expect(await resolveSession(t.db, a.token)).toBeNull();
    await revokeOtherSessions(t.db, { subjectType: 'user', subjectId: 2, keepToken: c.token });
    expect(await resolveSession(t.db, b.token)).toBeNull();
    expect(await resolveSession(t.db, c.token)).not.toBeNull();
  });

  it('loads the actor of a customer session with the permissions of its roles', async () => {
    const [buyer] = await t.db.select({ id: users.id }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
    const { token } = await createSession(t.db, { subjectType: 'user', subjectId: buyer!.id });
    const actor = await loadActor(t.db, token);
    expect(actor.kind).toBe('user');
    expect(hasPermission(actor, 'SALE.VIEW')).toBe(true);
    expect(hasPermission(actor, 'STAFF.EDIT')).toBe(false);
    expect((await loadActor(t.db, 'unknown')).kind).toBe('guest');
  });
});

describe('passwords', () => {
  it('hashes with argon2id and verifies only the same digest', async () => {
    const hash = await hashPassword('a'.repeat(64));
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'a'.repeat(64))).toBe(true);
    expect(await verifyPassword(hash, 'b'.repeat(64))).toBe(false);
    expect(await verifyPassword('not-a-hash', 'a'.repeat(64))).toBe(false);
  });
});
