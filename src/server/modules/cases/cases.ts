import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CASE_TRANSITIONS, serviceFeeOf, type CaseDetailDto, type CaseInput, type CaseListInput, type CaseRowDto, type CaseStatusName } from '@/contracts/cases';
import type { Lang } from '@/lib/lang';
import { siteUrl } from '@/lib/seo';
import { ownedRecordVisibleTo, type ScopedStaff } from '@/server/auth/staff-scope';
import { rowsOf, type Db } from '@/server/db/client';
import { keysetList, stampOf, type KeysetList } from '@/server/db/keyset';
import { testingCases } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { serverMessages } from '@/server/messages';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { assertCustomerVisible } from '@/server/modules/customers/access';
import { EXPORT_PAGE, keysetPages, streamXlsx } from '@/server/modules/exports/xlsx-stream';
import { getFileStore, type StoredFile } from '@/server/modules/files/store';
import { acceptUpload, recordUpload, keptFileName } from '@/server/modules/files/upload';
import { sendMail } from '@/server/modules/mail/mailer';
import { fillTemplate, mailHtml } from '@/server/modules/mail/templates';
import { transitionCase } from './status';
import { numberDay } from '@/server/business-time';

export const CASE_REPORT_MAX_BYTES = 1024 * 1024;

/** The table under the alias `c` of the queries below, for the ownership condition. */
const aliased = alias(testingCases, 'c');

interface Row {
  id: number; case_no: string; owner_id: number; owner_name: string; company_id: number | null; customer_name: string; contact_name: string; contact_email: string;
  samples: string; test_fee: string; service_fee: string; invoice_type: CaseRowDto['invoiceType']; tax_no: string; status: CaseStatusName; reject_reason: string;
  lost_reason: string; report_key: string | null; report_name: string | null; report_sent_at: string | Date | null; report_sent_to: string | null; stamp: string; updated: string;
}

const SELECT = sql`select c.id, c.case_no, c.owner_id, o.name as owner_name, c.company_id, c.customer_name, c.contact_name, c.contact_email, c.samples,
  c.test_fee::text as test_fee, c.service_fee::text as service_fee, c.invoice_type, c.tax_no, c.status, c.reject_reason, c.lost_reason, c.report_key, c.report_name,
  c.report_sent_at, c.report_sent_to, ${stampOf(sql`c.created_at`)} as stamp, ${stampOf(sql`c.updated_at`)} as updated
  from testing_cases c join staff o on o.id = c.owner_id`;

function toRow(r: Row): CaseRowDto {
  return {
    id: Number(r.id), caseNo: r.case_no, ownerId: Number(r.owner_id), ownerName: r.owner_name, companyId: r.company_id === null ? null : Number(r.company_id),
    customerName: r.customer_name, contactName: r.contact_name, contactEmail: r.contact_email, samples: r.samples, testFee: r.test_fee, serviceFee: r.service_fee,
    invoiceType: r.invoice_type, taxNo: r.tax_no, status: r.status, rejectReason: r.reject_reason, lostReason: r.lost_reason, hasReport: r.report_key !== null,
    reportName: r.report_name, reportSentAt: r.report_sent_at === null ? null : new Date(r.report_sent_at).toISOString(), reportSentTo: r.report_sent_to,
    createdAt: r.stamp, updatedAt: r.updated,
  };
}

function listFilters(actor: ScopedStaff, input: Omit<CaseListInput, 'cursor' | 'limit' | 'sort'>): SQL[] {
  const filters = [ownedRecordVisibleTo(actor, aliased.ownerId)];
  if (input.status) filters.push(sql`c.status = ${input.status}`);
  if (input.invoiceType) filters.push(sql`c.invoice_type = ${input.invoiceType}`);
  if (input.companyId) filters.push(sql`c.company_id = ${input.companyId}`);
  if (input.key) {
    const like = `%${input.key.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    filters.push(sql`(c.case_no ilike ${like} or c.customer_name ilike ${like} or c.samples ilike ${like} or c.contact_name ilike ${like})`);
  }
  return filters;
}

/** One keyset page of the cases the member may see (owner, team, manager, CRM.VIEW_ALL — in the query). */
export function listCases(db: Db, actor: ScopedStaff, input: CaseListInput): Promise<KeysetList<CaseRowDto>> {
  return keysetList(db, input, {
    select: SELECT, from: sql`from testing_cases c`, filters: listFilters(actor, input), id: sql`c.id`, createdAt: sql`c.created_at`,
    amount: { sort: 'testFee', column: sql`c.test_fee`, of: (row) => row.testFee }, toItem: toRow,
  });
}

async function loadCase(db: Db, actor: ScopedStaff, id: number, lock = false): Promise<Row> {
  if (lock) await db.execute(sql`select id from testing_cases where id = ${id} for update`);
  const [row] = rowsOf<Row>(await db.execute(sql`${SELECT} where c.id = ${id} and ${ownedRecordVisibleTo(actor, aliased.ownerId)}`));
  if (!row) throw new AppError(404, 'caseNotFound');
  return row;
}

export async function getCase(db: Db, actor: ScopedStaff, id: number): Promise<CaseDetailDto> {
  const row = toRow(await loadCase(db, actor, id));
  return { ...row, transitions: [...CASE_TRANSITIONS[row.status]] };
}

const fields = (input: CaseInput) => ({
  companyId: input.companyId ?? null, customerName: input.customerName, contactName: input.contactName, contactEmail: input.contactEmail, samples: input.samples,
  testFee: input.testFee, serviceFee: serviceFeeOf(input.testFee), invoiceType: input.invoiceType, taxNo: input.taxNo,
});

/**
 * A new case owned by the caller, reviewing; the service fee is computed here (test fee × 1.15, half-up).
 * A customer company named must be one the caller sees (the customer read's 404 otherwise).
 */
export async function createCase(db: Db, actor: ScopedStaff & { audit: AuditActor }, input: CaseInput): Promise<CaseDetailDto> {
  const id = await db.transaction(async (tx) => {
    if (input.companyId !== undefined) await assertCustomerVisible(tx, actor, input.companyId);
    const [next] = rowsOf<{ id: number }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('testing_cases', 'id'))::int as id`));
    if (!next) throw new AppError(500);
    const caseNo = `TS${numberDay()}${String(next.id).padStart(5, '0')}`;
    const values = fields(input);
    await tx.insert(testingCases).values({ id: next.id, caseNo, ownerId: actor.staffId, status: 'reviewing', ...values });
    await recordAudit(tx, actor.audit, { action: 'create', entity: 'testing_case', entityId: next.id, after: { caseNo, ...values, status: 'reviewing' } });
    return next.id;
  });
  return getCase(db, actor, id);
}

/**
 * Edits an open case the member may see; the service fee is computed again. Linking it to another
 * customer company needs one the member sees (the customer read's 404 otherwise).
 */
export async function updateCase(db: Db, actor: ScopedStaff & { audit: AuditActor }, id: number, input: CaseInput): Promise<CaseDetailDto> {
  await db.transaction(async (tx) => {
    const row = await loadCase(tx, actor, id, true);
    if (!['reviewing', 'passed', 'test_finished'].includes(row.status)) throw new AppError(409, 'caseClosed');
    if (input.companyId !== undefined && input.companyId !== (row.company_id === null ? null : Number(row.company_id))) await assertCustomerVisible(tx, actor, input.companyId);
    const values = fields(input);
    await tx.update(testingCases).set({ ...values, updatedAt: new Date() }).where(eq(testingCases.id, id));
    await recordAudit(tx, actor.audit, {
      action: 'update', entity: 'testing_case', entityId: id,
      before: {
        companyId: row.company_id, customerName: row.customer_name, contactName: row.contact_name, contactEmail: row.contact_email, samples: row.samples,
        testFee: row.test_fee, serviceFee: row.service_fee, invoiceType: row.invoice_type, taxNo: row.tax_no,
      },
      after: values,
    });
  });
  return getCase(db, actor, id);
}

/** Moves a case through the transition function (legal move, reason, report); audited in the same transaction. */
export async function moveCase(db: Db, actor: ScopedStaff & { audit: AuditActor }, id: number, to: CaseStatusName, reason: string): Promise<CaseDetailDto> {
  await db.transaction(async (tx) => {
    const row = await loadCase(tx, actor, id, true);
    const next = transitionCase(row.status, to, { reason, hasReport: row.report_key !== null });
    const set: Partial<typeof testingCases.$inferInsert> = { status: next, updatedAt: new Date() };
    if (next === 'rejected') set.rejectReason = reason.trim();
    if (next === 'lost') set.lostReason = reason.trim();
    await tx.update(testingCases).set(set).where(eq(testingCases.id, id));
    await recordAudit(tx, actor.audit, {
      action: 'status', entity: 'testing_case', entityId: id, before: { status: row.status }, after: { status: next },
      ...(reason.trim() ? { note: { reason: reason.trim() } } : {}),
    });
  });
  return getCase(db, actor, id);
}

/** Stores the case's report (PDF, or an image re-encoded, by its bytes); replaces an earlier one. */
export async function storeCaseReport(db: Db, actor: ScopedStaff & { audit: AuditActor }, id: number, file: { name: string; bytes: Uint8Array }): Promise<CaseDetailDto> {
  const { key, ext, size } = await acceptUpload(file.bytes, { accept: 'document', maxBytes: CASE_REPORT_MAX_BYTES, tooLarge: 'caseReportTooLarge', side: 4000, place: (name) => `cases/${id}/${name}` });
  const name = keptFileName(file.name, ext, 'report');
  await recordUpload({ key }, () => db.transaction(async (tx) => {
    const row = await loadCase(tx, actor, id, true);
    if (row.status !== 'passed' && row.status !== 'test_finished') throw new AppError(409, 'caseReportNotNow');
    await tx.update(testingCases).set({ reportKey: key, reportName: name, reportToken: randomBytes(24).toString('base64url'), updatedAt: new Date() }).where(eq(testingCases.id, id));
    await recordAudit(tx, actor.audit, { action: 'report', entity: 'testing_case', entityId: id, before: { reportName: row.report_name }, after: { reportName: name }, note: { size } });
  }));
  return getCase(db, actor, id);
}

/**
 * Mails the report's download link to the case's contact (409 without a report or an address),
 * records when and to whom, audited. The link carries a secret token; anyone holding it may download.
 * It is under the site's public address (`SITE_URL`), never the host a request named.
 */
export async function sendCaseReport(db: Db, actor: ScopedStaff & { audit: AuditActor }, id: number, lang: Lang): Promise<CaseDetailDto> {
  const row = await loadCase(db, actor, id);
  if (!row.report_key) throw new AppError(409, 'caseReportMissing');
  if (!row.contact_email) throw new AppError(409, 'caseNoContactEmail');
  const [tokenRow] = await db.select({ token: testingCases.reportToken }).from(testingCases).where(eq(testingCases.id, id));
  const link = `${siteUrl()}/api/web/case-reports/${tokenRow?.token ?? ''}`;
  const t = serverMessages(lang).caseMail;
  const values = { name: row.contact_name || row.customer_name, caseNo: row.case_no, samples: row.samples, link };
  const body = fillTemplate(t.reportBody, values);
  await sendMail({ to: row.contact_email, subject: fillTemplate(t.reportSubject, values), text: body, html: mailHtml(body) });
  await db.transaction(async (tx) => {
    await tx.update(testingCases).set({ reportSentAt: new Date(), reportSentTo: row.contact_email }).where(eq(testingCases.id, id));
    await recordAudit(tx, actor.audit, { action: 'sendReport', entity: 'testing_case', entityId: id, note: { to: row.contact_email } });
  });
  return getCase(db, actor, id);
}

/** The report a link's token names (public, the token is the secret). */
export async function openCaseReportByToken(db: Db, token: string): Promise<{ file: StoredFile; name: string; key: string }> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) throw new AppError(404, 'fileNotFound');
  const [row] = await db.select({ key: testingCases.reportKey, name: testingCases.reportName }).from(testingCases).where(eq(testingCases.reportToken, token));
  if (!row?.key) throw new AppError(404, 'fileNotFound');
  const file = await getFileStore().open(row.key);
  if (!file) throw new AppError(404, 'fileNotFound');
  return { file, name: row.name ?? 'report', key: row.key };
}

/** The report of a case the member may see. */
export async function openCaseReport(db: Db, actor: ScopedStaff, id: number): Promise<{ file: StoredFile; name: string; key: string }> {
  const row = await loadCase(db, actor, id);
  if (!row.report_key) throw new AppError(404, 'fileNotFound');
  const file = await getFileStore().open(row.report_key);
  if (!file) throw new AppError(404, 'fileNotFound');
  return { file, name: row.report_name ?? 'report', key: row.report_key };
}

/** The list's cases as a streamed Excel workbook (every row, newest first); text cells escaped against formulas. */
export function exportCases(db: Db, actor: ScopedStaff, input: Omit<CaseListInput, 'cursor' | 'limit' | 'sort'>, lang: Lang): ReadableStream<Uint8Array> {
  const m = serverMessages(lang).adminCases;
  const money = (v: string) => Number(v);
  return streamXlsx<CaseRowDto>({
    name: 'cases', sheet: m.title,
    pages: keysetPages((cursor) => listCases(db, actor, { ...input, sort: '-createdAt', cursor, limit: EXPORT_PAGE })),
    columns: [
      { header: m.col.caseNo, width: 18, value: (r) => r.caseNo },
      { header: m.col.customer, width: 28, value: (r) => r.customerName },
      { header: m.col.samples, width: 30, value: (r) => r.samples },
      { header: m.col.testFee, width: 12, format: '#,##0.00', value: (r) => money(r.testFee) },
      { header: m.col.serviceFee, width: 12, format: '#,##0.00', value: (r) => money(r.serviceFee) },
      { header: m.col.invoice, width: 18, value: (r) => m.invoice[r.invoiceType] },
      { header: m.col.taxNo, width: 22, value: (r) => r.taxNo },
      { header: m.col.status, width: 10, value: (r) => m.status[r.status] },
      { header: m.col.owner, width: 10, value: (r) => r.ownerName },
      { header: m.col.reason, width: 30, value: (r) => r.rejectReason || r.lostReason },
    ],
  });
}
