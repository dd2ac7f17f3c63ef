import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staff, staffTeams } from './staff';

/**
 * The staff's approval engine (ADR 0037), apart from the customers' own order approval: a rule per
 * entity type with conditions, tiers decided in sequence, one request per submission and one step
 * per tier. Entities plug in by type ('expense', 'refund', later 'quotation' and 'contract').
 */
export const staffApprovalRules = pgTable(
  'staff_approval_rules',
  {
    id: serial('id').primaryKey(),
    entityType: text('entity_type').notNull(),
    name: text('name').notNull(),
    /** The amount must be above this (exclusive); null: no lower bound. */
    amountAbove: numeric('amount_above', { precision: 14, scale: 2 }),
    /** The amount must be at most this (inclusive); null: no upper bound. */
    amountUpTo: numeric('amount_up_to', { precision: 14, scale: 2 }),
    /** The entity's category must be this; null: any. */
    category: text('category'),
    /** The applicant's team must be this; null: any. */
    teamId: integer('team_id').references(() => staffTeams.id, { onDelete: 'cascade' }),
    /** Lower first: the first active rule whose conditions hold applies. */
    priority: integer('priority').notNull().default(100),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_approval_rules_type_idx').on(t.entityType, t.priority)],
);

export type ApproverKind = 'team_manager' | 'permission' | 'staff';

export const staffApprovalRuleTiers = pgTable(
  'staff_approval_rule_tiers',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id').notNull().references(() => staffApprovalRules.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** Who decides: the applicant team's manager, holders of a permission (in a team, or anywhere), or one named member. */
    approverKind: text('approver_kind').$type<ApproverKind>().notNull(),
    permission: text('permission'),
    teamId: integer('team_id').references(() => staffTeams.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('staff_approval_rule_tiers_seq_uq').on(t.ruleId, t.seq)],
);

export type ApprovalRequestStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn';

export const staffApprovalRequests = pgTable(
  'staff_approval_requests',
  {
    id: serial('id').primaryKey(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    ruleId: integer('rule_id').notNull().references(() => staffApprovalRules.id, { onDelete: 'restrict' }),
    applicantId: integer('applicant_id').notNull().references(() => staff.id),
    teamId: integer('team_id').references(() => staffTeams.id, { onDelete: 'set null' }),
    /** What the inbox shows: the entity's number and a short description. */
    subject: text('subject').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    category: text('category'),
    status: text('status').$type<ApprovalRequestStatus>().notNull().default('pending'),
    /** The tier waiting for a decision (its `seq`); null once decided. */
    currentSeq: integer('current_seq'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_approval_requests_entity_idx').on(t.entityType, t.entityId),
    uniqueIndex('staff_approval_requests_open_uq').on(t.entityType, t.entityId).where(sql`status = 'pending'`),
  ],
);

export type ApprovalStepStatus = 'waiting' | 'pending' | 'approved' | 'rejected' | 'cancelled';

export const staffApprovalSteps = pgTable(
  'staff_approval_steps',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id').notNull().references(() => staffApprovalRequests.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    approverKind: text('approver_kind').$type<ApproverKind>().notNull(),
    permission: text('permission'),
    teamId: integer('team_id').references(() => staffTeams.id, { onDelete: 'set null' }),
    /** The one member who decides (a team manager resolved at submission, or a named member); null for a permission tier. */
    approverId: integer('approver_id').references(() => staff.id, { onDelete: 'set null' }),
    /** waiting (an earlier tier decides first), pending (decides now), approved, rejected, cancelled (withdrawn or rejected before). */
    status: text('status').$type<ApprovalStepStatus>().notNull(),
    decidedBy: integer('decided_by').references(() => staff.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name').notNull().default(''),
    comment: text('comment').notNull().default(''),
    /** When the step became pending (reminders count from here). */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_approval_steps_seq_uq').on(t.requestId, t.seq),
    index('staff_approval_steps_pending_idx').on(t.status, t.activatedAt),
  ],
);

/** A lease row per background job: the instance holding an unexpired lease runs it. */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
