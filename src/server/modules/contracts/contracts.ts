import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import {
  centsToMoney, type ContractCreateInput, type ContractDetailDto, type ContractFromQuotationInput, type ContractMoveInput, type ContractUpdateInput,
} from '@/contracts/contracts';
import { rowsOf, type Db } from '@/server/db/client';
import { contractAttachments, contracts } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { openApproval, withdrawApproval, type Approver } from '@/server/modules/approvals/engine';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { assertCustomerVisible } from '@/server/modules/customers/access';
import { getFileStore, type StoredFile } from '@/server/modules/files/store';
import { acceptUpload, recordUpload, keptFileName } from '@/server/modules/files/upload';
import { loadQuotation, staffSees } from '@/server/modules/quotations/queries';
import { getContract, loadContract } from './queries';
import { transitionContract } from './status';
import { numberDaySql } from '@/server/business-time';

export type ContractStaff = Approver & { audit: AuditActor };

/** The most files one contract carries, and the largest one. */
export const CONTRACT_ATTACHMENTS_MAX = 10;
export const CONTRACT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** The quotation states a contract may be made from: the customer accepted the version (and perhaps its order was placed). */
export const CONTRACTABLE_QUOTATION_STATES = ['accepted', 'converted'] as const;

/** The next contract number: HT, the date in the business time zone (of `at`, else today) and the id. */
async function nextContractNo(tx: Db, at?: Date): Promise<{ id: number; contractNo: string }> {
  const [next] = rowsOf<{ id: number; d: string }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('contracts', 'id'))::int as id,
    ${numberDaySql(at)} as d`));
  if (!next) throw new AppError(500);
  return { id: Number(next.id), contractNo: `HT${next.d}${String(next.id).padStart(5, '0')}` };
}

/** `at`: when the contract was made, if not now (the demo's contracts, made with their own dates): its number carries that day (ADR 0067). */
async function insertContract(tx: Db, me: ContractStaff, values: Omit<typeof contracts.$inferInsert, 'id' | 'contractNo' | 'ownerId' | 'state'>, at?: Date): Promise<number> {
  const { id, contractNo } = await nextContractNo(tx, at);
  await tx.insert(contracts).values({ ...values, id, contractNo, ownerId: me.staffId, state: 'draft', ...(at ? { createdAt: at, updatedAt: at } : {}) });
  await recordAudit(tx, me.audit, {
    action: 'create', entity: 'contract', entityId: id, companyId: values.companyId,
    after: { contractNo, state: 'draft', title: values.title, amount: centsToMoney(values.amountCents), quotationId: values.quotationId ?? null, quotationVersion: values.quotationVersion ?? null },
  });
  return id;
}

/** A new draft contract for a customer company the caller sees (the customer read's 404 otherwise), owned by the caller. */
export async function createContract(db: Db, me: ContractStaff, input: ContractCreateInput, at?: Date): Promise<ContractDetailDto> {
  const id = await db.transaction(async (tx) => {
    await assertCustomerVisible(tx, me, input.companyId);
    return insertContract(tx, me, {
      companyId: input.companyId, title: input.title, amountCents: input.amount, signingDate: input.signingDate ?? null, endDate: input.endDate ?? null, notes: input.notes,
    }, at);
  });
  return getContract(db, me, id);
}

/**
 * A draft contract from a quotation the caller may see, accepted by the customer: its company (one the
 * caller sees, the customer read's 404 otherwise), the accepted version (the current one unless named)
 * and that version's total as the amount. One open contract per quotation (409
 * `contractExistsForQuotation`); the quotation's state is left as it is.
 */
export async function contractFromQuotation(db: Db, me: ContractStaff, input: ContractFromQuotationInput, at?: Date): Promise<ContractDetailDto> {
  const id = await db.transaction(async (tx) => {
    const q = await loadQuotation(tx, staffSees(me), input.id, true);
    await assertCustomerVisible(tx, me, Number(q.company_id));
    if (!(CONTRACTABLE_QUOTATION_STATES as readonly string[]).includes(q.state)) throw new AppError(409, 'contractQuotationNotAccepted', { state: q.state });
    const version = input.version ?? Number(q.current_version);
    const [v] = rowsOf<{ total_cents: number }>(await tx.execute(sql`select total_cents from quotation_versions where quotation_id = ${input.id} and version = ${version}`));
    if (!v) throw new AppError(404, 'quotationNotFound');
    if (Number(v.total_cents) <= 0) throw new AppError(409, 'contractQuotationEmpty');
    const [open] = await tx.select({ id: contracts.id }).from(contracts)
      .where(and(eq(contracts.quotationId, input.id), sql`${contracts.state} not in ('cancelled', 'signed')`)).limit(1);
    if (open) throw new AppError(409, 'contractExistsForQuotation', { contractId: open.id });
    return insertContract(tx, me, {
      companyId: Number(q.company_id), quotationId: input.id, quotationVersion: version, title: (input.title ?? `${q.quote_no} · ${q.company_name}`).slice(0, 60),
      amountCents: Number(v.total_cents), signingDate: input.signingDate ?? null, endDate: input.endDate ?? null, notes: input.notes,
    }, at);
  });
  return getContract(db, me, id);
}

/** Edits a draft (title, amount, dates, notes); audited with the before and after. */
export async function updateContract(db: Db, me: ContractStaff, input: ContractUpdateInput): Promise<ContractDetailDto> {
  await db.transaction(async (tx) => {
    const row = await loadContract(tx, me, input.id, true);
    if (row.state !== 'draft') throw new AppError(409, 'contractNotDraft');
    const after = { title: input.title, amountCents: input.amount, signingDate: input.signingDate ?? null, endDate: input.endDate ?? null, notes: input.notes };
    await tx.update(contracts).set({ ...after, updatedAt: new Date() }).where(eq(contracts.id, input.id));
    await recordAudit(tx, me.audit, {
      action: 'update', entity: 'contract', entityId: input.id, companyId: Number(row.company_id),
      before: { title: row.title, amount: centsToMoney(Number(row.amount_cents)), signingDate: row.signing_date, endDate: row.end_date, notes: row.notes },
      after: { title: after.title, amount: centsToMoney(after.amountCents), signingDate: after.signingDate, endDate: after.endDate, notes: after.notes },
    });
  });
  return getContract(db, me, input.id);
}

async function hasSignedScan(tx: Db, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: contractAttachments.id }).from(contractAttachments)
    .where(and(eq(contractAttachments.contractId, id), eq(contractAttachments.signedScan, true))).limit(1);
  return Boolean(row);
}

/**
 * A staff member's move, through `transitionContract`, in one transaction: `pending_approval` opens
 * the contract's approval through the engine (entity `contract`, the amount); cancelling a contract in
 * approval withdraws its request.
 */
export async function moveContract(db: Db, me: ContractStaff, input: ContractMoveInput): Promise<ContractDetailDto> {
  await db.transaction(async (tx) => {
    const row = await loadContract(tx, me, input.id, true);
    await transitionContract(tx, {
      id: input.id, companyId: Number(row.company_id), from: row.state, to: input.to, kind: 'staff', actor: me.audit,
      facts: { hasSignedScan: await hasSignedScan(tx, input.id), reason: input.reason },
    });
    if (input.to === 'pending_approval') {
      await openApproval(tx, {
        actor: me.audit, entityType: 'contract', entityId: input.id, applicantId: me.staffId, teamId: me.teamId,
        amount: centsToMoney(Number(row.amount_cents)), category: null, subject: `${row.contract_no} · ${row.company_name}`.slice(0, 100),
      });
    }
    if (row.state === 'pending_approval' && input.to === 'cancelled') await withdrawApproval(tx, me.audit, 'contract', input.id);
  });
  return getContract(db, me, input.id);
}

/** The approval engine's final decision on a contract, inside the decision's transaction, through `transitionContract`. */
export async function applyContractOutcome(tx: Db, actor: AuditActor, id: number, outcome: 'approved' | 'rejected'): Promise<void> {
  const [row] = await tx.select({ state: contracts.state, companyId: contracts.companyId }).from(contracts).where(eq(contracts.id, id)).for('update');
  if (!row) throw new AppError(404, 'contractNotFound');
  await transitionContract(tx, { id, companyId: row.companyId, from: row.state, to: outcome, kind: 'approval', actor, facts: { hasSignedScan: false, reason: '' } });
}

/**
 * Adds a file to an open contract: PNG, JPEG or WebP (re-encoded) or PDF, as the bytes say (415
 * otherwise), at most CONTRACT_ATTACHMENT_MAX_BYTES (413) and CONTRACT_ATTACHMENTS_MAX per contract
 * (409). `signedScan` marks the countersigned copy, which only a sent contract takes.
 */
export async function addContractAttachment(db: Db, me: ContractStaff, id: number, file: { name: string; bytes: Uint8Array; signedScan: boolean }): Promise<ContractDetailDto> {
  const { key, ext, contentType: mime, size } = await acceptUpload(file.bytes, { accept: 'document', maxBytes: CONTRACT_ATTACHMENT_MAX_BYTES, tooLarge: 'contractFileTooLarge', side: 2400, place: (name) => `contracts/${id}/${name}` });
  const name = keptFileName(file.name, ext, 'contract');
  await recordUpload({ key }, () => db.transaction(async (tx) => {
    const row = await loadContract(tx, me, id, true);
    if (row.state === 'signed' || row.state === 'cancelled') throw new AppError(409, 'contractClosed');
    if (file.signedScan && row.state !== 'sent') throw new AppError(409, 'contractScanNotSent');
    const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(contractAttachments).where(eq(contractAttachments.contractId, id));
    if (Number(n?.n ?? 0) >= CONTRACT_ATTACHMENTS_MAX) throw new AppError(409, 'contractTooManyFiles');
    const [att] = await tx.insert(contractAttachments).values({ contractId: id, fileKey: key, fileName: name, mime, size, signedScan: file.signedScan })
      .returning({ id: contractAttachments.id });
    await recordAudit(tx, me.audit, {
      action: 'attach', entity: 'contract', entityId: id, companyId: Number(row.company_id),
      note: { attachmentId: att?.id ?? 0, fileName: name, size, signedScan: file.signedScan },
    });
  }));
  return getContract(db, me, id);
}

/** Removes a file from an open contract. */
export async function removeContractAttachment(db: Db, me: ContractStaff, id: number, attachmentId: number): Promise<ContractDetailDto> {
  await db.transaction(async (tx) => {
    const row = await loadContract(tx, me, id, true);
    if (row.state === 'signed' || row.state === 'cancelled') throw new AppError(409, 'contractClosed');
    const [att] = await tx.delete(contractAttachments).where(and(eq(contractAttachments.id, attachmentId), eq(contractAttachments.contractId, id))).returning();
    if (!att) throw new AppError(404, 'fileNotFound');
    await recordAudit(tx, me.audit, { action: 'detach', entity: 'contract', entityId: id, companyId: Number(row.company_id), note: { attachmentId, fileName: att.fileName } });
  });
  return getContract(db, me, id);
}

/** A file of a contract the member may see. */
export async function openContractAttachment(db: Db, me: Approver, id: number, attachmentId: number): Promise<{ file: StoredFile; name: string; mime: string }> {
  await loadContract(db, me, id);
  const [att] = await db.select().from(contractAttachments).where(and(eq(contractAttachments.id, attachmentId), eq(contractAttachments.contractId, id)));
  if (!att) throw new AppError(404, 'fileNotFound');
  const file = await getFileStore().open(att.fileKey);
  if (!file) throw new AppError(404, 'fileNotFound');
  return { file, name: att.fileName, mime: att.mime };
}
