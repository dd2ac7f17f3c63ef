import 'server-only';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { INVOICE_FILE_MAX_BYTES, type InvoiceRecordInput, type StaffInvoiceDto } from '@/contracts/invoices';
import { moneyToCents, centsToMoney } from '@/contracts/money';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import { businessDay, businessToday } from '@/server/business-time';
import { rowsOf, type Db } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/errors';
import { invoices, orders } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { acceptUpload, keptFileName, recordUpload } from '@/server/modules/files/upload';
import { logOrderEvent } from '@/server/modules/orders/transition';
import { checkInvoiceAmount, invoiceAmountCap, invoiceStatusOf } from './amount';
import { invoiceBlockOf, invoiceSums, loadInvoiceOrder, type InvoiceOrderRow } from './order';
import { staffInvoicesOf } from './queries';

export interface InvoiceStaff extends ScopedStaff { name: string; audit: AuditActor }

const fieldError = (field: string, message: string) => new AppError(400, 'validation', [{ field, message }]);

/** The day checks: not after today, not before the order was placed (business days). */
function checkIssueDay(issuedOn: string, placed: string | null, notBefore?: string): void {
  if (issuedOn > businessToday()) throw fieldError('issuedOn', 'invoiceDateInFuture');
  if (placed && issuedOn < businessDay(placed)) throw fieldError('issuedOn', 'invoiceDateBeforeOrder');
  if (notBefore && issuedOn < notBefore) throw fieldError('issuedOn', 'invoiceDateBeforeCorrected');
}

interface RedFacts { blueId: number; blueNo: string; invoiceType: 'ordinary' | 'special'; blueIssuedOn: string; blue: { amountCents: number; correctedCents: number };
  complaintId: number; complaintNo: string; creditNoteId: number; creditNo: string; creditNote: { amountCents: number; correctedCents: number } }

/** The blue invoice a red-letter one corrects and the credit note it follows, both of the order. */
async function redFacts(tx: Db, orderId: number, correctsId: number, complaintId: number): Promise<RedFacts> {
  const [blue] = rowsOf<{ id: number; invoice_no: string; invoice_type: 'ordinary' | 'special'; issued_on: string; amount: string; corrected: string }>(await tx.execute(sql`
    select b.id, b.invoice_no, b.invoice_type, b.issued_on::text as issued_on, round(b.amount * 100)::text as amount,
      coalesce((select sum(round(r.amount * 100)) from invoices r where r.corrects_id = b.id), 0)::text as corrected
    from invoices b where b.id = ${correctsId} and b.order_id = ${orderId} and b.kind = 'blue'`));
  if (!blue) throw fieldError('correctsId', 'invoiceCorrectedNotFound');
  const [note] = rowsOf<{ complaint_no: string; id: number; credit_no: string; amount: string; corrected: string }>(await tx.execute(sql`
    select k.complaint_no, n.id, n.credit_no, n.amount_cents::text as amount,
      coalesce((select sum(round(r.amount * 100)) from invoices r where r.credit_note_id = n.id), 0)::text as corrected
    from complaints k join credit_notes n on n.complaint_id = k.id
    where k.id = ${complaintId} and k.order_id = ${orderId}`));
  if (!note) throw fieldError('complaintId', 'invoiceCreditNoteMissing');
  return {
    blueId: Number(blue.id), blueNo: blue.invoice_no, invoiceType: blue.invoice_type, blueIssuedOn: blue.issued_on,
    blue: { amountCents: Number(blue.amount), correctedCents: Number(blue.corrected) },
    complaintId, complaintNo: note.complaint_no, creditNoteId: Number(note.id), creditNo: note.credit_no,
    creditNote: { amountCents: Number(note.amount), correctedCents: Number(note.corrected) },
  };
}

/** An invoice's file already in the store: its key, the name it is downloaded under, its type, size and digest. */
export interface StoredInvoiceFile { key: string; fileName: string; mime: string; size: number; sha256: string }

/** What may be checked before anything is stored: the order takes an invoice, of the type asked for, on a day allowed. */
function checkInvoiceOrder(order: InvoiceOrderRow, input: InvoiceRecordInput): void {
  const block = invoiceBlockOf(order);
  if (block) throw new AppError(409, block === 'notRequested' ? 'invoiceNotRequested' : 'invoiceOrderNotReady');
  if (input.kind === 'blue' && input.invoiceType === 'special' && order.invoice_type !== 'special') throw fieldError('invoiceType', 'invoiceTypeNotRequested');
  checkIssueDay(input.issuedOn, order.placed);
}

/**
 * The invoice's rows in one transaction under the order's row lock: the amount rule, the invoice row (a blue
 * one due after the customer's credit days), the order's invoice state, its timeline row and the audit row.
 */
async function insertInvoice(db: Db, actor: InvoiceStaff, input: InvoiceRecordInput, file: StoredInvoiceFile, at?: Date): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const locked = await loadInvoiceOrder(tx, actor, input.id, true);
      if (invoiceBlockOf(locked)) throw new AppError(409, 'invoiceOrderNotReady');
      const [taken] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.invoiceNo, input.invoiceNo));
      if (taken) throw new AppError(409, 'invoiceNoTaken');
      const sums = await invoiceSums(tx, locked.id);
      const red = input.kind === 'red' ? await redFacts(tx, locked.id, input.correctsId!, input.complaintId!) : null;
      if (red) checkIssueDay(input.issuedOn, locked.placed, red.blueIssuedOn);
      const facts = {
        kind: input.kind, amountCents: moneyToCents(input.amount), taxCents: moneyToCents(input.taxAmount), orderTotalCents: moneyToCents(locked.total),
        issuedBlueCents: sums.blue, issuedRedCents: sums.red, ...(red ? { blue: red.blue, creditNote: red.creditNote } : {}),
      };
      const problem = checkInvoiceAmount(facts);
      if (problem) {
        throw new AppError(400, problem, { max: centsToMoney(invoiceAmountCap(facts)) });
      }
      const invoiceType = red ? red.invoiceType : input.invoiceType;
      const [row] = await tx.insert(invoices).values({
        invoiceNo: input.invoiceNo, orderId: locked.id, companyId: locked.company_id, kind: input.kind, invoiceType,
        correctsId: red?.blueId ?? null, complaintId: red?.complaintId ?? null, creditNoteId: red?.creditNoteId ?? null,
        issuedOn: input.issuedOn, dueOn: red ? null : sql`(${input.issuedOn}::date + ${locked.credit_days}::int)::date`,
        amount: input.amount, taxAmount: input.taxAmount, storageKey: file.key, fileName: file.fileName,
        mime: file.mime, size: file.size, sha256: file.sha256, staffId: actor.staffId, ...(at ? { createdAt: at } : {}),
      }).returning({ id: invoices.id, dueOn: invoices.dueOn });
      if (!row) throw new AppError(500);
      const after = { blue: sums.blue + (red ? 0 : facts.amountCents), red: sums.red + (red ? facts.amountCents : 0) };
      const status = invoiceStatusOf({ issuedBlueCents: after.blue, issuedRedCents: after.red, requested: true });
      if (status !== locked.invoice_status) {
        await tx.update(orders).set({ invoiceStatus: status, updatedAt: at ?? sql`now()` }).where(eq(orders.id, locked.id));
      }
      await logOrderEvent(tx, {
        orderId: locked.id, companyId: locked.company_id, actor: { userId: null, name: actor.name }, action: 'invoice',
        data: { invoiceNo: input.invoiceNo, kind: input.kind, amount: input.amount, invoiceStatus: status, ...(red ? { correctsNo: red.blueNo, creditNo: red.creditNo } : {}) },
        ...(at ? { at } : {}),
      });
      await recordAudit(tx, actor.audit, {
        action: 'create', entity: 'invoice', entityId: row.id, companyId: locked.company_id,
        after: {
          invoiceNo: input.invoiceNo, kind: input.kind, invoiceType, orderNo: locked.order_no, issuedOn: input.issuedOn, dueOn: row.dueOn,
          amount: input.amount, taxAmount: input.taxAmount, fileName: file.fileName, sha256: file.sha256,
          ...(red ? { correctsNo: red.blueNo, complaintNo: red.complaintNo, creditNo: red.creditNo } : {}),
        },
      });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'invoiceNoTaken');
    throw error;
  }
}

async function recordedInvoice(db: Db, orderId: number, invoiceId: number): Promise<StaffInvoiceDto> {
  const list = await staffInvoicesOf(db, orderId);
  const mine = list.find((i) => i.id === invoiceId);
  if (!mine) throw new AppError(500);
  return mine;
}

/**
 * Records an invoice finance issued on the tax platform (ADR 0074): the file checked by its bytes (PDF or
 * OFD) and stored, then in one transaction under the order's row lock the amount rule, the invoice row
 * (a blue one due after the customer's credit days), the order's invoice state, its timeline row and the
 * audit row. A red-letter invoice corrects a blue one of the order for a complaint's credit note.
 */
export async function recordInvoice(db: Db, actor: InvoiceStaff, input: InvoiceRecordInput, file: { bytes: Uint8Array; name: string }): Promise<StaffInvoiceDto> {
  const order = await loadInvoiceOrder(db, actor, input.id);
  checkInvoiceOrder(order, input);
  const stored = await acceptUpload(file.bytes, {
    accept: 'invoice', maxBytes: INVOICE_FILE_MAX_BYTES, tooLarge: 'invoiceFileTooLarge', refused: 'invoiceFileRefused',
    place: (name) => `invoices/${order.id}/${name}`,
  });
  const sha256 = createHash('sha256').update(stored.bytes).digest('hex');
  const invoiceId = await recordUpload(stored, () => insertInvoice(db, actor, input, {
    key: stored.key, fileName: keptFileName(file.name, stored.ext, input.invoiceNo), mime: stored.contentType, size: stored.size, sha256,
  }));
  return recordedInvoice(db, order.id, invoiceId);
}

/**
 * Records an invoice whose file is in the store already (the demo's invoices, whose PDFs the start writes):
 * the same checks and rows as `recordInvoice`, without an upload. `at`: when it was recorded, if not now.
 */
export async function recordStoredInvoice(db: Db, actor: InvoiceStaff, input: InvoiceRecordInput, file: StoredInvoiceFile, at?: Date): Promise<StaffInvoiceDto> {
  const order = await loadInvoiceOrder(db, actor, input.id);
  checkInvoiceOrder(order, input);
  return recordedInvoice(db, order.id, await insertInvoice(db, actor, input, file, at));
}
