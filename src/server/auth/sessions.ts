import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { preparedPerHandle } from '@/server/db/prepared';
import { sessions } from '@/server/db/schema';

export const SESSION_COOKIE = 'reagent_session';
/** A token lives 14 days at most; renewals replace it, up to the session's absolute lifetime. */
export const SESSION_TTL_MS = 1000 * 60 * 60 * 24 * 14;
/** In its last day a token is renewed: account calls answer 402 and the client calls the renew endpoint. */
export const SESSION_RENEW_WINDOW_MS = 1000 * 60 * 60 * 24;

export type SubjectType = 'user' | 'staff';

/** The absolute lifetime of a session from sign-in, by subject, in hours (environment, then default). */
const MAX_AGE = {
  user: { variable: 'SESSION_MAX_AGE_USER_HOURS', hours: 24 * 30 },
  staff: { variable: 'SESSION_MAX_AGE_STAFF_HOURS', hours: 12 },
} as const;

/**
 * How long a session may last from sign-in, however often it is renewed: 30 days for customers
 * and 12 hours for staff unless SESSION_MAX_AGE_USER_HOURS / SESSION_MAX_AGE_STAFF_HOURS say
 * otherwise (whole hours, 1 to 8760). A malformed value stops the caller with an error.
 */
export function sessionMaxAgeMs(subject: SubjectType): number {
  const { variable, hours } = MAX_AGE[subject];
  const text = process.env[variable]?.trim();
  if (!text) return hours * 3_600_000;
  if (!/^\d{1,4}$/.test(text) || Number(text) < 1 || Number(text) > 8760) {
    throw new Error(`${variable} must be a whole number of hours from 1 to 8760; got "${text}"`);
  }
  return Number(text) * 3_600_000;
}

/** The moment a session signed in at `signedInAt` ends for good. */
export function sessionHardEnd(subject: SubjectType, signedInAt: Date): Date {
  return new Date(signedInAt.getTime() + sessionMaxAgeMs(subject));
}

/**
 * A token in its last day is renewed (402) — unless it already ends with its session, when a
 * renewal could not extend it and the subject simply signs in again.
 */
export function sessionNeedsRenewal(session: { expiresAt: Date; hardEnd: Date }, now = new Date()): boolean {
  return session.expiresAt.getTime() - now.getTime() < SESSION_RENEW_WINDOW_MS && session.hardEnd.getTime() > session.expiresAt.getTime();
}

export interface SessionSubject {
  sessionId: number;
  subjectType: SubjectType;
  subjectId: number;
  expiresAt: Date;
  signedInAt: Date;
  /** When the session ends whatever its renewals. */
  hardEnd: Date;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Issues a new opaque token; only its hash is stored. `signedInAt` is the sign-in the token
 * continues (a renewal passes the old session's); a new sign-in starts now. The token expires
 * after SESSION_TTL_MS, and never after the session's absolute lifetime.
 */
export async function createSession(
  db: Db,
  params: { subjectType: SubjectType; subjectId: number; ip?: string; userAgent?: string; now?: Date; signedInAt?: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = params.now ?? new Date();
  const signedInAt = params.signedInAt ?? now;
  const expiresAt = new Date(Math.min(now.getTime() + SESSION_TTL_MS, sessionHardEnd(params.subjectType, signedInAt).getTime()));
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    subjectType: params.subjectType,
    subjectId: params.subjectId,
    createdAt: now,
    signedInAt,
    expiresAt,
    ip: params.ip ?? '',
    userAgent: (params.userAgent ?? '').slice(0, 300),
  });
  return { token, expiresAt };
}

function prepareLiveSession(db: Db) {
  return db
    .select({
      id: sessions.id, subjectType: sessions.subjectType, subjectId: sessions.subjectId, expiresAt: sessions.expiresAt, signedInAt: sessions.signedInAt,
    })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('live_session');
}

const liveSession = preparedPerHandle(prepareLiveSession);

/** The live session of a token: unknown, expired, revoked and over-age tokens give null. */
export async function resolveSession(db: Db, token: string, now = new Date()): Promise<SessionSubject | null> {
  if (!token || token.length > 200) return null;
  // A placeholder's value is not encoded by its column: it is given as the column would encode it.
  const rows = await liveSession(db).execute({ tokenHash: hashToken(token), now: sessions.expiresAt.mapToDriverValue(now) });
  const row = rows[0];
  if (!row) return null;
  // The lifetime is read at each use, so that shortening it ends older sessions too.
  const hardEnd = sessionHardEnd(row.subjectType, row.signedInAt);
  if (hardEnd.getTime() <= now.getTime()) return null;
  return { sessionId: row.id, subjectType: row.subjectType, subjectId: row.subjectId, expiresAt: row.expiresAt, signedInAt: row.signedInAt, hardEnd };
}

export async function revokeSession(db: Db, token: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

/**
 * Replaces a live token of `subjectType` with a new one that continues the same sign-in: the old
 * token is revoked first (only one of two racing renewals wins), in one transaction with the new
 * row. Null when the token is not live, belongs to the other kind of account, or its session
 * has reached its absolute lifetime.
 */
export async function renewSessionToken(
  db: Db,
  params: { token: string; subjectType: SubjectType; ip?: string; userAgent?: string },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date } | null> {
  const session = await resolveSession(db, params.token, now);
  if (!session || session.subjectType !== params.subjectType) return null;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, session.sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (claimed.length === 0) return null;
    return createSession(tx, {
      subjectType: session.subjectType, subjectId: session.subjectId, ip: params.ip, userAgent: params.userAgent, now, signedInAt: session.signedInAt,
    });
  });
}

/** Revokes every session of a subject, except the one of `keepToken` (used at password change). */
export async function revokeOtherSessions(
  db: Db,
  params: { subjectType: SubjectType; subjectId: number; keepToken?: string },
  now = new Date(),
): Promise<void> {
  const conditions = [
    eq(sessions.subjectType, params.subjectType),
    eq(sessions.subjectId, params.subjectId),
    isNull(sessions.revokedAt),
  ];
  if (params.keepToken) conditions.push(ne(sessions.tokenHash, hashToken(params.keepToken)));
  await db.update(sessions).set({ revokedAt: now }).where(and(...conditions));
}
