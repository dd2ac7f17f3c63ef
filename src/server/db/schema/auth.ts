import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The registry of permission strings (kept in step with src/server/auth/permissions.ts at start). */
export const permissions = pgTable('permissions', {
  code: text('code').primaryKey(),
  scope: text('scope').$type<'company' | 'staff'>().notNull(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
});

/** Opaque session tokens, stored as SHA-256 hashes; revocable server-side. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    subjectType: text('subject_type').$type<'user' | 'staff'>().notNull(),
    subjectId: integer('subject_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_subject_idx').on(t.subjectType, t.subjectId)],
);

export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
