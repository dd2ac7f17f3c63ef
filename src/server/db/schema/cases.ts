import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { staff } from './staff';

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
