import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { sessions } from '@/server/db/schema';

export const SESSION_COOKIE = 'reagent_session';
export const SESSION_TTL_MS = 1000 * 60 * 60 * 24 * 14;
/** In its last day a session is renewed: account calls answer 402 and the client calls /api/web/auth/renew. */
export const SESSION_RENEW_WINDOW_MS = 1000 * 60 * 60 * 24;

export function sessionNeedsRenewal(expiresAt: Date, now = new Date()): boolean {
  return expiresAt.getTime() - now.getTime() < SESSION_RENEW_WINDOW_MS;
}

export type SubjectType = 'user' | 'staff';

export interface SessionSubject {
  sessionId: number;
  subjectType: SubjectType;
  subjectId: number;
  expiresAt: Date;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues a new opaque token; only its hash is stored. */
export async function createSession(
  db: Db,
  params: { subjectType: SubjectType; subjectId: number; ip?: string; userAgent?: string; now?: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = params.now ?? new Date();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    subjectType: params.subjectType,
    subjectId: params.subjectId,
    createdAt: now,
    expiresAt,
    ip: params.ip ?? '',
    userAgent: (params.userAgent ?? '').slice(0, 300),
  });
  return { token, expiresAt };
}

/** The live session of a token: unknown, expired and revoked tokens give null. */
export async function resolveSession(db: Db, token: string, now = new Date()): Promise<SessionSubject | null> {
  if (!token || token.length > 200) return null;
  const rows = await db
    .select({ id: sessions.id, subjectType: sessions.subjectType, subjectId: sessions.subjectId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  return row ? { sessionId: row.id, subjectType: row.subjectType, subjectId: row.subjectId, expiresAt: row.expiresAt } : null;
}

export async function revokeSession(db: Db, token: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
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
