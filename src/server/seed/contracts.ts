import 'server-only';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { contractAttachments, contracts, quotations, staff, staffApprovalRuleTiers, staffApprovalRules, staffApprovalSteps, users } from '@/server/db/schema';
import { decideStep } from '@/server/modules/approvals/decide';
import { contractFromQuotation, createContract, moveContract, type ContractStaff } from '@/server/modules/contracts/contracts';
import { renderPdf } from '@/server/modules/files/pdf';
import type { FileStore } from '@/server/modules/files/store';
import { daysBefore } from './random';

/** The contract approval rule (ADR 0044): every contract is approved by the applicant team's manager before it is sent. */
export async function seedContractRule(db: Db): Promise<void> {
  const [rule] = await db.insert(staffApprovalRules).values({
    entityType: 'contract', name: '合同发送前：团队经理审批', priority: 10, createdAt: daysBefore(120), updatedAt: daysBefore(120),
  }).returning({ id: staffApprovalRules.id });
  if (!rule) throw new Error('Contract rule was not inserted');
  await db.insert(staffApprovalRuleTiers).values({ ruleId: rule.id, seq: 1, approverKind: 'team_manager' });
}

const SCAN_PREFIX = 'contracts/seed/';

/**
 * Demo contracts of 周洁 (East China sales), one in every state, made through the module's own
 * functions (create, moves, the engine's decisions by the team manager 李明): the signed one from the
 * converted quotation, with its countersigned scan. The accepted quotation is left for a new contract.
 */
export async function seedContracts(db: Db): Promise<{ contracts: number }> {
  await seedContractRule(db);
  const members = await db.select({ id: staff.id, login: staff.loginName, name: staff.name, teamId: staff.teamId }).from(staff).where(inArray(staff.loginName, ['sales', 'manager']));
  const member = (login: string): ContractStaff => {
    const m = members.find((x) => x.login === login);
    if (!m) throw new Error(`Demo staff ${login} missing`);
    return { staffId: m.id, teamId: m.teamId, permissions: ['CONTRACT.EDIT', 'QUOTATION.EDIT'], audit: { type: 'staff', id: m.id, name: m.name, ip: '' } };
  };
  const sales = member('sales');
  const manager = member('manager');
  const [anyCompany] = await db.select({ id: users.companyId }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
  if (!anyCompany) return { contracts: 0 };
  const decide = async (id: number, decision: 'approve' | 'reject', comment: string) => {
    const [step] = await db.select({ id: staffApprovalSteps.id }).from(staffApprovalSteps)
      .innerJoin(sql`staff_approval_requests r`, sql`r.id = ${staffApprovalSteps.requestId}`)
      .where(and(sql`r.entity_type = 'contract'`, sql`r.entity_id = ${id}`, eq(staffApprovalSteps.status, 'pending')));
    if (!step) throw new Error('Contract step missing');
    await decideStep(db, { actor: manager.audit, approver: manager, stepId: step.id, decision, comment });
  };
  const move = (id: number, to: 'pending_approval' | 'sent' | 'signed' | 'cancelled' | 'draft', reason = '') => moveContract(db, sales, { id, to, reason });
  const make = async (title: string, amount: number, days: number, notes = '') => {
    // Made with its own date, so that its number carries that day (ADR 0067).
    const c = await createContract(db, sales, { companyId: anyCompany.id, title, amount, notes, signingDate: null, endDate: null }, daysBefore(days));
    return c.id;
  };

  await make('2027 年度色谱耗材框架协议', 12_800_000, 1, '按季度结算');
  const pending = await make('细胞培养试剂年度供货', 4_560_000, 3);
  await move(pending, 'pending_approval');
  const approved = await make('质谱标准品采购合同', 2_380_000, 5);
  await move(approved, 'pending_approval');
  await decide(approved, 'approve', '价格与报价一致，同意发送');
  const rejected = await make('实验室安全耗材采购', 980_000, 7);
  await move(rejected, 'pending_approval');
  await decide(rejected, 'reject', '付款条款需改为货到 30 天');
  const sent = await make('分子生物学试剂采购合同', 3_150_000, 9);
  await move(sent, 'pending_approval');
  await decide(sent, 'approve', '同意');
  await move(sent, 'sent');
  const cancelled = await make('有机溶剂批量采购', 1_520_000, 14);
  await move(cancelled, 'cancelled', '客户改为按单采购');

  const [converted] = await db.select({ id: quotations.id }).from(quotations).where(and(eq(quotations.state, 'converted'), eq(quotations.ownerId, sales.staffId))).limit(1);
  let count = 6;
  if (converted) {
    const signed = await contractFromQuotation(db, sales, { id: converted.id, notes: '依据报价第二版', signingDate: null, endDate: null }, daysBefore(18));
    await move(signed.id, 'pending_approval');
    await decide(signed.id, 'approve', '同意');
    await move(signed.id, 'sent');
    await db.insert(contractAttachments).values({
      contractId: signed.id, fileKey: `${SCAN_PREFIX}${signed.contractNo}-signed.pdf`, fileName: `${signed.contractNo}-盖章扫描件.pdf`, mime: 'application/pdf', size: 2048, signedScan: true,
    });
    await move(signed.id, 'signed');
    await db.update(contracts).set({ signingDate: daysBefore(15).toISOString().slice(0, 10), endDate: daysBefore(-350).toISOString().slice(0, 10) })
      .where(eq(contracts.id, signed.id));
    count += 1;
  }
  return { contracts: count };
}

/** Writes the countersigned demo scans (a small PDF each) missing from the store, and records their sizes. */
export async function ensureContractSeedFiles(db: Db, store: FileStore): Promise<{ written: number; checked: number }> {
  const rows = await db.select({ id: contractAttachments.id, key: contractAttachments.fileKey, title: contracts.title, no: contracts.contractNo })
    .from(contractAttachments).innerJoin(contracts, eq(contracts.id, contractAttachments.contractId)).where(like(contractAttachments.fileKey, `${SCAN_PREFIX}%`));
  let written = 0;
  for (const r of rows) {
    if (await store.exists(r.key)) continue;
    const bytes = renderPdf({ title: `Contract ${r.no}`, lines: [{ text: `合同 ${r.no}（双方盖章扫描件）`, size: 16 }, { text: r.title, gap: 6 }, { text: 'Demo document', gap: 6 }] });
    await store.write(r.key, bytes);
    await db.update(contractAttachments).set({ size: bytes.byteLength }).where(eq(contractAttachments.id, r.id));
    written += 1;
  }
  return { written, checked: rows.length };
}
