import { date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staff, staffTeams } from './staff';

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

