import 'server-only';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditEntryDto } from '@/contracts/admin';
import { centsToMoney, contractStaffMoves, type ContractDetailDto, type ContractListInput, type ContractRowDto, type ContractStateName } from '@/contracts/contracts';
import { ownedRecordVisibleTo } from '@/server/auth/staff-scope';
import { rowsOf, type Db } from '@/server/db/client';
import { keysetList, stampOf, type KeysetList } from '@/server/db/keyset';
import { auditLog, contractAttachments, contracts } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { latestApprovalOf, myPendingStep, waitsFor, type Approver } from '@/server/modules/approvals/engine';
import { toAuditDto } from '@/server/modules/audit/list';

/** The table under the alias `k` of the queries below, for the ownership condition. */
const aliased = alias(contracts, 'k');

/**
 * Who sees a contract, as a condition over the alias `k`: its owner, the owner's team and the team's
 * manager (`ownedRecordVisibleTo`), `CRM.VIEW_ALL`, and anyone a step of its approval waits for or was
 * decided by.
 */
export function contractVisibleTo(me: Approver): SQL {
  return sql`(${ownedRecordVisibleTo(me, aliased.ownerId)}
    or exists (select 1 from staff_approval_requests r join staff_approval_steps s on s.request_id = r.id
      where r.entity_type = 'contract' and r.entity_id = k.id and (s.decided_by = ${me.staffId} or s.approver_id = ${me.staffId} or ${waitsFor(me)})))`;
}

export interface ContractRow {
  id: number; contract_no: string; company_id: number; company_name: string; quotation_id: number | null; quote_no: string | null; quotation_version: number | null;
  owner_id: number | null; owner_name: string | null; title: string; amount_cents: number; signing_date: string | null; end_date: string | null;
  state: ContractStateName; notes: string; cancel_reason: string; stamp: string; updated: string;
}

const SELECT = sql`select k.id, k.contract_no, k.company_id, co.name as company_name, k.quotation_id, q.quote_no, k.quotation_version, k.owner_id, st.name as owner_name,
  k.title, k.amount_cents, to_char(k.signing_date, 'YYYY-MM-DD') as signing_date, to_char(k.end_date, 'YYYY-MM-DD') as end_date, k.state, k.notes, k.cancel_reason,
  ${stampOf(sql`k.created_at`)} as stamp, ${stampOf(sql`k.updated_at`)} as updated
  from contracts k join companies co on co.id = k.company_id left join quotations q on q.id = k.quotation_id left join staff st on st.id = k.owner_id`;
const FROM = sql`from contracts k join companies co on co.id = k.company_id left join quotations q on q.id = k.quotation_id`;

export function toContractRow(r: ContractRow): ContractRowDto {
  return {
    id: Number(r.id), contractNo: r.contract_no, companyId: Number(r.company_id), companyName: r.company_name,
    quotationId: r.quotation_id === null ? null : Number(r.quotation_id), quoteNo: r.quote_no, quotationVersion: r.quotation_version === null ? null : Number(r.quotation_version),
    ownerId: r.owner_id === null ? null : Number(r.owner_id), ownerName: r.owner_name ?? '', title: r.title, amount: centsToMoney(Number(r.amount_cents)),
    signingDate: r.signing_date, endDate: r.end_date, state: r.state, notes: r.notes, cancelReason: r.cancel_reason, createdAt: r.stamp, updatedAt: r.updated,
  };
}

function filters(me: Approver, input: Omit<ContractListInput, 'cursor' | 'limit' | 'sort'>): SQL[] {
  const list = [contractVisibleTo(me)];
  if (input.state) list.push(sql`k.state = ${input.state}`);
  if (input.companyId) list.push(sql`k.company_id = ${input.companyId}`);
  if (input.key) {
    const like = `%${input.key.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    list.push(sql`(k.contract_no ilike ${like} or k.title ilike ${like} or co.name ilike ${like} or q.quote_no ilike ${like})`);
  }
  return list;
}

/** One keyset page of the contracts the member may see (in the query), newest or largest first. */
export function listContracts(db: Db, me: Approver, input: ContractListInput): Promise<KeysetList<ContractRowDto>> {
  return keysetList(db, input, {
    select: SELECT, from: FROM, filters: filters(me, input), id: sql`k.id`, createdAt: sql`k.created_at`,
    amount: { sort: 'amount', column: sql`(k.amount_cents::numeric / 100)`, of: (row) => row.amount }, toItem: toContractRow,
  });
}

/** A contract the member may see (404 otherwise), optionally locking its row first. */
export async function loadContract(db: Db, me: Approver, id: number, lock = false): Promise<ContractRow> {
  if (lock) await db.execute(sql`select id from contracts where id = ${id} for update`);
  const [row] = rowsOf<ContractRow>(await db.execute(sql`${SELECT} where k.id = ${id} and ${contractVisibleTo(me)}`));
  if (!row) throw new AppError(404, 'contractNotFound');
  return row;
}

export const contractAttachmentUrl = (contractId: number, attachmentId: number) => `/api/admin/contracts/${contractId}/attachments/${attachmentId}`;

/** One contract with its files, its approval and the moves the member may make. */
export async function getContract(db: Db, me: Approver, id: number): Promise<ContractDetailDto> {
  const row = toContractRow(await loadContract(db, me, id));
  const files = await db.select().from(contractAttachments).where(eq(contractAttachments.contractId, id)).orderBy(asc(contractAttachments.id));
  return {
    ...row,
    attachments: files.map((f) => ({
      id: f.id, fileName: f.fileName, mime: f.mime, size: f.size, signedScan: f.signedScan, url: contractAttachmentUrl(id, f.id), createdAt: f.createdAt.toISOString(),
    })),
    moves: contractStaffMoves(row.state),
    approval: await latestApprovalOf(db, 'contract', id),
    myStepId: await myPendingStep(db, me, 'contract', id),
    canEdit: row.state === 'draft',
  };
}

/** The contract's timeline, oldest first: its own audit rows and its approval requests' — after checking the member may see it. */
export async function contractTimeline(db: Db, me: Approver, id: number): Promise<AuditEntryDto[]> {
  await loadContract(db, me, id);
  const rows = await db.select().from(auditLog).where(sql`(${auditLog.entity} = 'contract' and ${auditLog.entityId} = ${String(id)})
    or (${auditLog.entity} = 'approval_request' and ${auditLog.entityId} in (select r.id::text from staff_approval_requests r where r.entity_type = 'contract' and r.entity_id = ${id}))`)
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id)).limit(200);
  return rows.map(toAuditDto);
}
