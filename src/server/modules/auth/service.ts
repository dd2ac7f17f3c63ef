import 'server-only';
import { eq } from 'drizzle-orm';
import { normaliseLoginName, type LoginByCodeInput, type LoginInput, type SessionUser } from '@/contracts/auth';
import { loadActor } from '@/server/auth/actor';
import { hashPassword, verifyPassword } from '@/server/auth/passwords';
import { createSession, renewSessionToken, revokeSession, type SubjectType } from '@/server/auth/sessions';
import type { Db } from '@/server/db/client';
import { companies, staff, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { consumeCode } from '@/server/modules/verification/codes';
import { assertPhoneCodesAvailable } from '@/server/modules/verification/phone-codes';

let dummyHash: Promise<string> | undefined;

/** Verifies against a throwaway hash when the account is unknown, so both cases cost the same. */
async function verifyOrBurn(storedHash: string | undefined, digest: string): Promise<boolean> {
  if (storedHash) return verifyPassword(storedHash, digest);
  dummyHash ??= hashPassword('0'.repeat(64));
  await verifyPassword(await dummyHash, digest);
  return false;
}

export interface ClientInfo {
  ip?: string;
  userAgent?: string;
  /** The token the request came with: revoked when a new session starts (rotation). */
  previousToken?: string;
}

export interface StartedSession {
  token: string;
  expiresAt: Date;
  user: SessionUser;
}

/** A customer account as the sign-in calls need it. */
async function findUser(db: Db, where: { id: number } | { loginName: string }) {
  const rows = await db
    .select({
      id: users.id, name: users.name, passwordHash: users.passwordHash, active: users.active, companyName: companies.name,
      branch: users.branch, job: users.job, userinfoNo: users.userinfoNo, avatarPath: users.avatarPath,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where('id' in where ? eq(users.id, where.id) : eq(users.loginName, where.loginName))
    .limit(1);
  return rows[0];
}

type FoundUser = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** A usable account: active, and with a password (an employee not yet activated has none). */
export function canSignIn(user: { active: boolean; passwordHash: string } | undefined): boolean {
  return !!user && user.active && user.passwordHash !== '';
}

/** Starts a new customer session, revoking the one the request came with (session rotation). */
export async function startUserSession(db: Db, user: FoundUser, client: ClientInfo): Promise<StartedSession> {
  if (client.previousToken) await revokeSession(db, client.previousToken);
  const session = await createSession(db, { subjectType: 'user', subjectId: user.id, ip: client.ip, userAgent: client.userAgent });
  return {
    token: session.token,
    expiresAt: session.expiresAt,
    user: {
      token: session.token, id: user.id, username: user.name, companyName: user.companyName,
      branch: user.branch, job: user.job, userinfoNo: user.userinfoNo, fileName: user.avatarPath ?? '',
    },
  };
}

/** Starts a session for the account `userId` (after registration or a reset). */
export async function startSessionFor(db: Db, userId: number, client: ClientInfo): Promise<StartedSession> {
  const user = await findUser(db, { id: userId });
  if (!user || !canSignIn(user)) throw new AppError(400, 'codeInvalid');
  return startUserSession(db, user, client);
}

/** Customer sign-in by login name (e-mail or phone) and password digest. One answer for every failure. */
export async function loginUser(db: Db, input: LoginInput, client: ClientInfo = {}): Promise<StartedSession> {
  const user = await findUser(db, { loginName: normaliseLoginName(input.loginName) ?? input.loginName.trim().toLowerCase() });
  const ok = await verifyOrBurn(canSignIn(user) ? user!.passwordHash : undefined, input.password);
  if (!user || !ok || !canSignIn(user)) throw new AppError(400, 'badCredentials');
  return startUserSession(db, user, client);
}

/** Customer sign-in by a code sent to the login name. Wrong, expired, used codes and unknown accounts answer alike. */
export async function loginUserByCode(db: Db, input: LoginByCodeInput['data'], client: ClientInfo = {}): Promise<StartedSession> {
  assertPhoneCodesAvailable(input.loginName);
  const used = await consumeCode(db, { target: input.loginName, purpose: 'login', code: input.verifyCode });
  if (!used?.userId) throw new AppError(400, 'codeInvalid');
  return startSessionFor(db, used.userId, client);
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
  if (client.previousToken) await revokeSession(db, client.previousToken);
  const session = await createSession(db, { subjectType: 'staff', subjectId: member.id, ip: client.ip, userAgent: client.userAgent });
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

/**
 * Swaps a live token of `subjectType` for a new one that continues the same sign-in (the 402
 * renewal): it never outlives the session's absolute lifetime. 401 when the token is not live or
 * belongs to the other kind of account.
 */
export async function renewSession(
  db: Db,
  params: { token: string | undefined; subjectType: SubjectType },
  client: ClientInfo = {},
): Promise<{ token: string; expiresAt: Date }> {
  const renewed = params.token
    ? await renewSessionToken(db, { token: params.token, subjectType: params.subjectType, ip: client.ip, userAgent: client.userAgent })
    : null;
  if (!renewed) throw new AppError(401);
  return renewed;
}
