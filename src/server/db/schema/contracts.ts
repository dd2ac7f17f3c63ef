import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { quotations } from './quotations';
import { staff } from './staff';

/** Contract states (ADR 0044); every change goes through `transitionContract` (modules/contracts/status.ts). */
export type ContractState = 'draft' | 'pending_approval' | 'approved' | 'rejected' | 'sent' | 'signed' | 'cancelled';

/**
 * A contract with a customer company (ADR 0044): new, or from a quotation version (its total becomes
 * the amount). Numbered HT + date + id; the amount in integer cents; the owner scopes who sees it
 * (`ownedRecordVisibleTo`).
 */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    contractNo: text('contract_no').notNull(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    quotationId: integer('quotation_id').references(() => quotations.id, { onDelete: 'set null' }),
    quotationVersion: integer('quotation_version'),
    ownerId: integer('owner_id').references(() => staff.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    signingDate: date('signing_date'),
    endDate: date('end_date'),
    state: text('state').$type<ContractState>().notNull().default('draft'),
    notes: text('notes').notNull().default(''),
    cancelReason: text('cancel_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contracts_no_uq').on(t.contractNo),
    index('contracts_company_idx').on(t.companyId, t.createdAt),
    index('contracts_owner_idx').on(t.ownerId),
    index('contracts_quotation_idx').on(t.quotationId),
    index('contracts_created_idx').on(t.createdAt, t.id),
    check('contracts_state_check', sql`${t.state} in ('draft', 'pending_approval', 'approved', 'rejected', 'sent', 'signed', 'cancelled')`),
    check('contracts_amount_positive', sql`${t.amountCents} > 0`),
    check('contracts_title_len', sql`char_length(${t.title}) between 1 and 60`),
    check('contracts_notes_len', sql`char_length(${t.notes}) <= 100`),
    check('contracts_reason_len', sql`char_length(${t.cancelReason}) <= 50`),
    check('contracts_dates', sql`${t.endDate} is null or ${t.signingDate} is null or ${t.endDate} >= ${t.signingDate}`),
  ],
);

/** The files of a contract (files store): drafts, the countersigned scan (`signed_scan`) that signing needs. */
export const contractAttachments = pgTable(
  'contract_attachments',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id').notNull().references(() => contracts.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    signedScan: boolean('signed_scan').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_attachments_contract_idx').on(t.contractId)],
);
