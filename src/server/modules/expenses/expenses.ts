import 'server-only';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ExpenseDetailDto, ExpenseListInput, ExpenseRowDto } from '@/contracts/expenses';
import type { Lang } from '@/lib/lang';
import { rowsOf, type Db } from '@/server/db/client';
import { keysetList, stampOf, type KeysetList } from '@/server/db/keyset';
import { expenseAttachments, expenses, staff } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { serverMessages } from '@/server/messages';
import { approverOf, latestApprovalOf, myPendingStep, openApproval, waitsFor, withdrawApproval, type Approver } from '@/server/modules/approvals/engine';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { getFileStore, type StoredFile } from '@/server/modules/files/store';
import { acceptUpload, recordUpload, keptFileName } from '@/server/modules/files/upload';
import { EXPORT_PAGE, keysetPages, streamXlsx } from '@/server/modules/exports/xlsx-stream';
import { transitionExpense } from './status';
import { numberDay } from '@/server/business-time';

export interface ExpenseActor {
  staffId: number;
  name: string;
  permissions: readonly string[];
}

/** The most receipts one application carries, and the largest one. */
export const EXPENSE_ATTACHMENTS_MAX = 10;
export const EXPENSE_ATTACHMENT_MAX_BYTES = 1024 * 1024;

/**
 * Who sees an expense application, as a condition over the alias `e`: its applicant, the manager of
 * the applicant's team, anyone a step of its approval waits for or was decided by, and `CRM.VIEW_ALL`.
 */
export function expenseVisibleTo(me: Approver): SQL {
  if (me.permissions.includes('CRM.VIEW_ALL')) return sql`true`;
  return sql`(e.applicant_id = ${me.staffId}
    or e.team_id in (select t.id from staff_teams t where t.manager_id = ${me.staffId})
    or exists (select 1 from staff_approval_requests r join staff_approval_steps s on s.request_id = r.id
      where r.entity_type = 'expense' and r.entity_id = e.id and (s.decided_by = ${me.staffId} or s.approver_id = ${me.staffId} or ${waitsFor(me)})))`;
}

interface Row {
  id: number; expense_no: string; applicant_id: number; applicant_name: string; team_name: string | null; amount: string; category: ExpenseRowDto['category'];
  spent_on: string | Date; description: string; status: ExpenseRowDto['status']; attachments: number; created_at: string; stamp: string;
}

const SELECT = sql`select e.id, e.expense_no, e.applicant_id, a.name as applicant_name, t.name_zh as team_name, e.amount::text as amount, e.category,
  to_char(e.spent_on, 'YYYY-MM-DD') as spent_on, e.description, e.status,
  (select count(*)::int from expense_attachments x where x.expense_id = e.id) as attachments, ${stampOf(sql`e.created_at`)} as stamp
  from expenses e join staff a on a.id = e.applicant_id left join staff_teams t on t.id = e.team_id`;

function toRow(r: Row): ExpenseRowDto {
  return {
    id: Number(r.id), expenseNo: r.expense_no, applicantId: Number(r.applicant_id), applicantName: r.applicant_name, teamName: r.team_name ?? '',
    amount: r.amount, category: r.category, spentOn: String(r.spent_on), description: r.description, status: r.status,
    attachments: Number(r.attachments), createdAt: r.stamp,
  };
}

function listFilters(me: Approver, input: Omit<ExpenseListInput, 'cursor' | 'limit' | 'sort'>): SQL[] {
  const filters = [expenseVisibleTo(me)];
  if (input.scope === 'mine') filters.push(sql`e.applicant_id = ${me.staffId}`);
  if (input.status) filters.push(sql`e.status = ${input.status}`);
  if (input.category) filters.push(sql`e.category = ${input.category}`);
  if (input.key) {
    const like = `%${input.key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(sql`(e.expense_no ilike ${like} or e.description ilike ${like} or a.name ilike ${like})`);
  }
  return filters;
}

/** One keyset page of the applications the member may see: search, status and category filters, by time or amount. */
export async function listExpenses(db: Db, actor: ExpenseActor, input: ExpenseListInput): Promise<KeysetList<ExpenseRowDto>> {
  const me = await approverOf(db, actor);
  return keysetList(db, input, {
    select: SELECT, from: sql`from expenses e join staff a on a.id = e.applicant_id`, filters: listFilters(me, input), id: sql`e.id`, createdAt: sql`e.created_at`,
    amount: { sort: 'amount', column: sql`e.amount`, of: (row) => row.amount }, toItem: toRow,
  });
}

async function loadVisible(db: Db, me: Approver, id: number): Promise<ExpenseRowDto> {
  const [row] = rowsOf<Row>(await db.execute(sql`${SELECT} where e.id = ${id} and ${expenseVisibleTo(me)}`));
  if (!row) throw new AppError(404, 'expenseNotFound');
  return toRow(row);
}

export const attachmentUrl = (expenseId: number, attachmentId: number) => `/api/admin/expenses/${expenseId}/attachments/${attachmentId}`;

/** One application the member may see, with its receipts, its approval and what the member may do. */
export async function getExpense(db: Db, actor: ExpenseActor, id: number): Promise<ExpenseDetailDto> {
  const me = await approverOf(db, actor);
  const row = await loadVisible(db, me, id);
  const files = await db.select().from(expenseAttachments).where(eq(expenseAttachments.expenseId, id)).orderBy(asc(expenseAttachments.id));
  const mine = row.applicantId === me.staffId;
  return {
    ...row,
    attachmentList: files.map((f) => ({ id: f.id, fileName: f.fileName, mime: f.mime, size: f.size, url: attachmentUrl(id, f.id) })),
    approval: await latestApprovalOf(db, 'expense', id),
    canEdit: mine && row.status === 'draft',
    canSubmit: mine && row.status === 'draft',
    canWithdraw: mine && row.status === 'pending',
    canRevise: mine && row.status === 'rejected',
    myStepId: await myPendingStep(db, me, 'expense', id),
  };
}

/** A new draft application of the caller, in their team. */
export async function createExpense(db: Db, actor: ExpenseActor & { audit: AuditActor }, input: { amount: string; category: string; spentOn: string; description: string }): Promise<ExpenseDetailDto> {
  const id = await db.transaction(async (tx) => {
    const [member] = await tx.select({ teamId: staff.teamId }).from(staff).where(eq(staff.id, actor.staffId));
    const [next] = rowsOf<{ id: number }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('expenses', 'id'))::int as id`));
    if (!next) throw new AppError(500);
    const day = numberDay();
    const expenseNo = `EX${day}${String(next.id).padStart(5, '0')}`;
    await tx.insert(expenses).values({ id: next.id, expenseNo, applicantId: actor.staffId, teamId: member?.teamId ?? null, ...input, status: 'draft' });
    await recordAudit(tx, actor.audit, { action: 'create', entity: 'expense', entityId: next.id, after: { expenseNo, ...input, status: 'draft' } });
    return next.id;
  });
  return getExpense(db, actor, id);
}

async function lockOwnExpense(tx: Db, actor: ExpenseActor, id: number) {
  const [row] = await tx.select().from(expenses).where(eq(expenses.id, id)).for('update');
  if (!row) throw new AppError(404, 'expenseNotFound');
  if (row.applicantId !== actor.staffId) {
    const me = await approverOf(tx, actor);
    const seen = rowsOf(await tx.execute(sql`select 1 from expenses e where e.id = ${id} and ${expenseVisibleTo(me)}`));
    throw seen.length ? new AppError(403, 'expenseNotApplicant') : new AppError(404, 'expenseNotFound');
  }
  return row;
}

/** The applicant edits a draft. */
export async function updateExpense(db: Db, actor: ExpenseActor & { audit: AuditActor }, id: number, input: { amount: string; category: string; spentOn: string; description: string }): Promise<ExpenseDetailDto> {
  await db.transaction(async (tx) => {
    const row = await lockOwnExpense(tx, actor, id);
    if (row.status !== 'draft') throw new AppError(409, 'expenseNotDraft');
    await tx.update(expenses).set({ ...input, updatedAt: new Date() }).where(eq(expenses.id, id));
    await recordAudit(tx, actor.audit, {
      action: 'update', entity: 'expense', entityId: id,
      before: { amount: row.amount, category: row.category, spentOn: row.spentOn, description: row.description }, after: input,
    });
  });
  return getExpense(db, actor, id);
}

/**
 * The applicant's moves, through the transition function: submit a draft (opens the approval request
 * by the rules; refused when the amount is 0.00), withdraw a pending one (the request is withdrawn), or
 * revise a rejected one back to a draft. Audited in the same transaction.
 */
export async function actOnExpense(db: Db, actor: ExpenseActor & { audit: AuditActor }, id: number, action: 'submit' | 'withdraw' | 'revise'): Promise<ExpenseDetailDto> {
  await db.transaction(async (tx) => {
    const row = await lockOwnExpense(tx, actor, id);
    const to = action === 'submit' ? 'pending' : 'draft';
    if (action === 'withdraw' && row.status !== 'pending') throw new AppError(409, 'expenseTransitionInvalid', { from: row.status, to });
    if (action === 'revise' && row.status !== 'rejected') throw new AppError(409, 'expenseTransitionInvalid', { from: row.status, to });
    const next = transitionExpense(row.status, to, 'applicant');
    if (action === 'submit') {
      if (Number(row.amount) <= 0) throw new AppError(400, 'validation', [{ field: 'amount', message: 'expenseAmountZero' }]);
      const m = serverMessages('zh').adminExpenses.category;
      await openApproval(tx, {
        actor: actor.audit, entityType: 'expense', entityId: id, applicantId: row.applicantId, teamId: row.teamId, amount: row.amount, category: row.category,
        subject: `${row.expenseNo} ${m[row.category as keyof typeof m] ?? row.category} ${row.description}`.trim().slice(0, 120),
      });
    }
    if (action === 'withdraw') await withdrawApproval(tx, actor.audit, 'expense', id);
    await tx.update(expenses).set({ status: next, updatedAt: new Date() }).where(eq(expenses.id, id));
    await recordAudit(tx, actor.audit, { action, entity: 'expense', entityId: id, before: { status: row.status }, after: { status: next } });
  });
  return getExpense(db, actor, id);
}

/**
 * Adds a receipt to a draft: PNG, JPEG or WebP (re-encoded) or PDF, as the bytes say (415 otherwise),
 * at most EXPENSE_ATTACHMENT_MAX_BYTES (413) and EXPENSE_ATTACHMENTS_MAX per application (409).
 */
export async function addExpenseAttachment(db: Db, actor: ExpenseActor & { audit: AuditActor }, id: number, file: { name: string; bytes: Uint8Array }): Promise<ExpenseDetailDto> {
  const { key, ext, contentType: mime, size } = await acceptUpload(file.bytes, { accept: 'document', maxBytes: EXPENSE_ATTACHMENT_MAX_BYTES, tooLarge: 'expenseFileTooLarge', side: 2400, place: (name) => `expenses/${id}/${name}` });
  const name = keptFileName(file.name, ext, 'receipt');
  await recordUpload({ key }, () => db.transaction(async (tx) => {
    const row = await lockOwnExpense(tx, actor, id);
    if (row.status !== 'draft') throw new AppError(409, 'expenseNotDraft');
    const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(expenseAttachments).where(eq(expenseAttachments.expenseId, id));
    if (Number(n?.n ?? 0) >= EXPENSE_ATTACHMENTS_MAX) throw new AppError(409, 'expenseTooManyFiles');
    const [att] = await tx.insert(expenseAttachments).values({ expenseId: id, fileKey: key, fileName: name, mime, size }).returning({ id: expenseAttachments.id });
    await recordAudit(tx, actor.audit, { action: 'attach', entity: 'expense', entityId: id, note: { attachmentId: att?.id ?? 0, fileName: name, size } });
  }));
  return getExpense(db, actor, id);
}

/** Removes a receipt from a draft. */
export async function removeExpenseAttachment(db: Db, actor: ExpenseActor & { audit: AuditActor }, id: number, attachmentId: number): Promise<ExpenseDetailDto> {
  await db.transaction(async (tx) => {
    const row = await lockOwnExpense(tx, actor, id);
    if (row.status !== 'draft') throw new AppError(409, 'expenseNotDraft');
    const [att] = await tx.delete(expenseAttachments).where(and(eq(expenseAttachments.id, attachmentId), eq(expenseAttachments.expenseId, id))).returning();
    if (!att) throw new AppError(404, 'fileNotFound');
    await recordAudit(tx, actor.audit, { action: 'detach', entity: 'expense', entityId: id, note: { attachmentId, fileName: att.fileName } });
  });
  return getExpense(db, actor, id);
}

/** A receipt of an application the member may see. */
export async function openExpenseAttachment(db: Db, actor: ExpenseActor, id: number, attachmentId: number): Promise<{ file: StoredFile; name: string; mime: string }> {
  const me = await approverOf(db, actor);
  await loadVisible(db, me, id);
  const [att] = await db.select().from(expenseAttachments).where(and(eq(expenseAttachments.id, attachmentId), eq(expenseAttachments.expenseId, id)));
  if (!att) throw new AppError(404, 'fileNotFound');
  const file = await getFileStore().open(att.fileKey);
  if (!file) throw new AppError(404, 'fileNotFound');
  return { file, name: att.fileName, mime: att.mime };
}

/** The list's applications as a streamed Excel workbook (every row, newest first); text cells escaped against formulas. */
export function exportExpenses(db: Db, actor: ExpenseActor, input: Omit<ExpenseListInput, 'cursor' | 'limit' | 'sort'>, lang: Lang): ReadableStream<Uint8Array> {
  const m = serverMessages(lang).adminExpenses;
  return streamXlsx<ExpenseRowDto>({
    name: 'expenses', sheet: m.title,
    pages: keysetPages((cursor) => listExpenses(db, actor, { ...input, sort: '-createdAt', cursor, limit: EXPORT_PAGE })),
    columns: [
      { header: m.col.expenseNo, width: 18, value: (r) => r.expenseNo },
      { header: m.col.applicant, width: 12, value: (r) => r.applicantName },
      { header: m.col.team, width: 16, value: (r) => r.teamName },
      { header: m.col.category, width: 10, value: (r) => m.category[r.category] },
      { header: m.col.spentOn, width: 12, value: (r) => r.spentOn },
      { header: m.col.amount, width: 12, format: '#,##0.00', value: (r) => Number(r.amount) },
      { header: m.col.status, width: 10, value: (r) => m.status[r.status] },
      { header: m.col.description, width: 40, value: (r) => r.description },
    ],
  });
}
