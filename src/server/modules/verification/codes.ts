import 'server-only';
import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '@/server/auth/passwords';
import type { Db } from '@/server/db/client';
import { verificationCodes, type VerificationCode } from '@/server/db/schema';
import { AppError } from '@/server/errors';

export type CodePurpose = VerificationCode['purpose'];
export type CodeChannel = VerificationCode['channel'];

export const CODE_TTL_SECONDS = 5 * 60;
export const CODE_COOLDOWN_SECONDS = 60;
export const CODE_MAX_ATTEMPTS = 5;
/** Rows older than this are deleted when new codes are issued. */
const KEEP_ROWS_MS = 24 * 60 * 60 * 1000;

/** Six random digits from the operating system's CSPRNG. */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function channelOf(target: string): CodeChannel {
  return target.includes('@') ? 'email' : 'sms';
}

export interface IssueParams {
  target: string;
  purpose: CodePurpose;
  /** The account the code will act on, when there is one. */
  userId: number | null;
  /** False: the row is written with a code nobody receives (no account, or the wrong kind). */
  deliverable: boolean;
  ip?: string;
  now?: Date;
}

/** Seconds before another code may be sent to `target` (0: now). */
export async function cooldownRemaining(db: Db, target: string, now = new Date()): Promise<number> {
  const [latest] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(eq(verificationCodes.target, target))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const age = latest ? now.getTime() - latest.createdAt.getTime() : Infinity;
  return age < CODE_COOLDOWN_SECONDS * 1000 ? Math.ceil((CODE_COOLDOWN_SECONDS * 1000 - age) / 1000) : 0;
}

/**
 * Writes a code for `target`, refusing (429) while the previous one for the same target is
 * younger than 60 seconds — whatever its purpose, and whether or not the target has an account.
 * Answers the code to deliver (a code nobody can know when `deliverable` is false) and its row id.
 */
export async function issueCode(db: Db, params: IssueParams): Promise<{ id: number; code: string }> {
  const now = params.now ?? new Date();
  const code = generateCode();
  // argon2 before the transaction, so the lock is held briefly; an undeliverable row costs the same.
  const codeHash = await hashPassword(params.deliverable ? code : generateCode() + generateCode());
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verification:${params.target}`}))`);
    const wait = await cooldownRemaining(tx, params.target, now);
    if (wait > 0) throw new AppError(429, 'codeCooldown', { retryAfter: wait });
    await tx.delete(verificationCodes).where(lt(verificationCodes.createdAt, new Date(now.getTime() - KEEP_ROWS_MS)));
    const [row] = await tx
      .insert(verificationCodes)
      .values({
        target: params.target,
        channel: channelOf(params.target),
        purpose: params.purpose,
        codeHash,
        userId: params.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
        ip: (params.ip ?? '').slice(0, 64),
      })
      .returning({ id: verificationCodes.id });
    return row!.id;
  });
  return { id, code };
}

/** Withdraws a code that could not be delivered, so the sender may try again at once. */
export async function withdrawCode(db: Db, id: number): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
}

let burnHash: Promise<string> | undefined;

/**
 * Checks `code` against the newest code for target and purpose, and uses it up. Wrong, expired,
 * used, exhausted (5 tries) and missing codes all answer null, at the same cost. Answers the
 * account the code was issued for (null for a registration of a new account).
 */
export async function consumeCode(
  db: Db,
  params: { target: string; purpose: CodePurpose; code: string; now?: Date },
): Promise<{ userId: number | null } | null> {
  const now = params.now ?? new Date();
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, params.target), eq(verificationCodes.purpose, params.purpose)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  const live = row && !row.consumedAt && row.expiresAt > now && row.attempts < CODE_MAX_ATTEMPTS;
  if (!row || !live) {
    burnHash ??= hashPassword(generateCode());
    await verifyPassword(await burnHash, params.code);
    return null;
  }
  if (!(await verifyPassword(row.codeHash, params.code))) {
    await db.update(verificationCodes).set({ attempts: sql`${verificationCodes.attempts} + 1` }).where(eq(verificationCodes.id, row.id));
    return null;
  }
  // Only one of two simultaneous uses wins.
  const used = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt), lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({ id: verificationCodes.id });
  return used.length === 1 ? { userId: row.userId } : null;
}
