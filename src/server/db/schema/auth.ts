import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The registry of permission strings (kept in step with src/server/auth/permissions.ts at start). */
export const permissions = pgTable('permissions', {
  code: text('code').primaryKey(),
  scope: text('scope').$type<'company' | 'staff'>().notNull(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
});

/** Opaque session tokens, stored as SHA-256 hashes; revocable server-side; a renewal is a new row with the same `signed_in_at`. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    subjectType: text('subject_type').$type<'user' | 'staff'>().notNull(),
    subjectId: integer('subject_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the subject signed in: kept by every renewal, it bounds the session's whole life. */
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_subject_idx').on(t.subjectType, t.subjectId)],
);

export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

/**
 * One-time verification codes (6 digits, valid 5 minutes, at most 5 tries), stored as argon2id
 * hashes. A row is written for every send — also when the target has no account, with a code
 * nobody receives — so that the answers and the 60-second cooldown do not reveal accounts.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    /** The normalised e-mail address or mobile number the code was sent to. */
    target: text('target').notNull(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    purpose: text('purpose').$type<'login' | 'register-user' | 'register-employee' | 'reset'>().notNull(),
    codeHash: text('code_hash').notNull(),
    /** The account the code acts on (login, reset, employee activation); null otherwise. */
    userId: integer('user_id'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
  },
  (t) => [
    index('verification_codes_target_idx').on(t.target, t.createdAt),
    index('verification_codes_created_idx').on(t.createdAt),
  ],
);

export type VerificationCode = typeof verificationCodes.$inferSelect;
export type NewVerificationCode = typeof verificationCodes.$inferInsert;
