import 'server-only';
import { eq } from 'drizzle-orm';
import type { LoginInput } from '@/contracts/auth';
import { loadActor } from '@/server/auth/actor';
import { hashPassword, verifyPassword } from '@/server/auth/passwords';
import { createSession, revokeSession } from '@/server/auth/sessions';
import type { Db } from '@/server/db/client';
import { companies, staff, users } from '@/server/db/schema';
import { AppError } from '@/server/http/errors';

let dummyHash: Promise<string> | undefined;

/** Verifies against a throwaway hash when the account is unknown, so both cases cost the same. */
async function verifyOrBurn(storedHash: string | undefined, digest: string): Promise<boolean> {
  if (storedHash) return verifyPassword(storedHash, digest);
  dummyHash ??= hashPassword('0'.repeat(64));
  await verifyPassword(await dummyHash, digest);
  return false;
}

interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

/** Customer sign-in by login name (e-mail or phone) and password digest. One answer for every failure. */
export async function loginUser(db: Db, input: LoginInput, client: ClientInfo = {}) {
  const rows = await db
    .select({ id: users.id, name: users.name, passwordHash: users.passwordHash, active: users.active, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.loginName, input.loginName.toLowerCase()))
    .limit(1);
  const user = rows[0];
  const ok = await verifyOrBurn(user?.passwordHash, input.password);
  if (!user || !ok || !user.active) throw new AppError(400, 'badCredentials');
  const session = await createSession(db, { subjectType: 'user', subjectId: user.id, ...client });
  return { token: session.token, expiresAt: session.expiresAt, user: { token: session.token, id: user.id, username: user.name, companyName: user.companyName } };
}

/** Staff sign-in to the back-office; needs ADMIN.ACCESS. */
export async function loginStaff(db: Db, input: LoginInput, client: ClientInfo = {}) {
  const rows = await db
    .select({ id: staff.id, passwordHash: staff.passwordHash, active: staff.active })
    .from(staff)
    .where(eq(staff.loginName, input.loginName.toLowerCase()))
    .limit(1);
  const member = rows[0];
  const ok = await verifyOrBurn(member?.passwordHash, input.password);
  if (!member || !ok || !member.active) throw new AppError(400, 'badCredentials');
  const session = await createSession(db, { subjectType: 'staff', subjectId: member.id, ...client });
  const actor = await loadActor(db, session.token);
  if (actor.kind !== 'staff' || !actor.permissions.includes('ADMIN.ACCESS')) {
    await revokeSession(db, session.token);
    throw new AppError(403, 'noBackOfficeAccess');
  }
  return {
    token: session.token,
    expiresAt: session.expiresAt,
    user: { token: session.token, id: actor.staffId, username: actor.name, role: actor.roles[0] ?? '', permissions: actor.permissions },
  };
}

export async function logout(db: Db, token: string | undefined): Promise<void> {
  if (token) await revokeSession(db, token);
}
