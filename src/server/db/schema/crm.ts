import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts';
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

export type ExpenseStatus = 'draft' | 'pending' | 'approved' | 'rejected';

export const expenses = pgTable(
  'expenses',
  {
    id: serial('id').primaryKey(),
    expenseNo: text('expense_no').notNull(),
    applicantId: integer('applicant_id').notNull().references(() => staff.id),
    teamId: integer('team_id').references(() => staffTeams.id, { onDelete: 'set null' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull().default('0.00'),
    category: text('category').notNull(),
    spentOn: date('spent_on').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<ExpenseStatus>().notNull().default('draft'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('expenses_no_uq').on(t.expenseNo),
    index('expenses_applicant_idx').on(t.applicantId, t.createdAt),
    index('expenses_created_idx').on(t.createdAt, t.id),
  ],
);

export const expenseAttachments = pgTable(
  'expense_attachments',
  {
    id: serial('id').primaryKey(),
    expenseId: integer('expense_id').notNull().references(() => expenses.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('expense_attachments_expense_idx').on(t.expenseId)],
);

export type CaseStatus = 'reviewing' | 'passed' | 'rejected' | 'test_finished' | 'resolved' | 'lost';
export type CaseInvoiceType = 'ordinary' | 'special';

export const testingCases = pgTable(
  'testing_cases',
  {
    id: serial('id').primaryKey(),
    caseNo: text('case_no').notNull(),
    ownerId: integer('owner_id').notNull().references(() => staff.id),
    /** The registered customer company, when there is one; `customerName` is always kept. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    samples: text('samples').notNull(),
    testFee: numeric('test_fee', { precision: 12, scale: 2 }).notNull(),
    /** test fee × 1.15, rounded half-up to the cent, computed by the server. */
    serviceFee: numeric('service_fee', { precision: 12, scale: 2 }).notNull(),
    invoiceType: text('invoice_type').$type<CaseInvoiceType>().notNull(),
    taxNo: text('tax_no').notNull().default(''),
    status: text('status').$type<CaseStatus>().notNull().default('reviewing'),
    rejectReason: text('reject_reason').notNull().default(''),
    lostReason: text('lost_reason').notNull().default(''),
    reportKey: text('report_key'),
    reportName: text('report_name'),
    /** The secret part of the customer's download link. */
    reportToken: text('report_token'),
    reportSentAt: timestamp('report_sent_at', { withTimezone: true }),
    reportSentTo: text('report_sent_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('testing_cases_no_uq').on(t.caseNo),
    uniqueIndex('testing_cases_report_token_uq').on(t.reportToken),
    index('testing_cases_owner_idx').on(t.ownerId),
    index('testing_cases_created_idx').on(t.createdAt, t.id),
  ],
);
