import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ComplaintCategoryName } from '@/contracts/complaints';
import { permissionsOfScope } from '@/server/auth/permissions';
import type { Db } from '@/server/db/client';
import { creditNotes, orderItems, orders, staff, staffApprovalRuleTiers, staffApprovalRules, staffApprovalSteps, staffTeams, users } from '@/server/db/schema';
import { decideStep } from '@/server/modules/approvals/decide';
import type { AuditActor } from '@/server/modules/audit/record';
import { moveComplaint, type ComplaintStaff } from '@/server/modules/complaints/complaints';
import { fileComplaint, withdrawMyComplaint, type ComplaintCustomer } from '@/server/modules/complaints/customer';
import { daysBefore } from './random';

/** The refund approval rule (ADR 0041): every refund is decided by a COMPLAINT.EDIT holder of the finance team. */
export async function seedRefundRule(db: Db): Promise<void> {
  const [financeTeam] = await db.select({ id: staffTeams.id }).from(staffTeams).where(eq(staffTeams.nameZh, '财务部'));
  if (!financeTeam) throw new Error('Finance team missing');
  const [rule] = await db.insert(staffApprovalRules).values({
    entityType: 'refund', name: '投诉退款：财务审批', priority: 10, createdAt: daysBefore(120), updatedAt: daysBefore(120),
  }).returning({ id: staffApprovalRules.id });
  if (!rule) throw new Error('Refund rule was not inserted');
  await db.insert(staffApprovalRuleTiers).values({ ruleId: rule.id, seq: 1, approverKind: 'permission', permission: 'COMPLAINT.EDIT', teamId: financeTeam.id });
}

/**
 * Demo complaints of the two registered companies, one in every state, made through the module's own
 * functions (filing, moves, the engine's decisions): reviewing, in approval, refund approved with its
 * credit note, resolved after a refund (with its credit note), review failed, withdrawn.
 */
export async function seedComplaints(db: Db): Promise<{ complaints: number; creditNotes: number }> {
  await seedRefundRule(db);
  const members = await db.select({ id: staff.id, login: staff.loginName, name: staff.name, teamId: staff.teamId }).from(staff)
    .where(inArray(staff.loginName, ['sales', 'sales2', 'finance']));
  const member = (login: string): ComplaintStaff => {
    const m = members.find((x) => x.login === login);
    if (!m) throw new Error(`Demo staff ${login} missing`);
    return { staffId: m.id, teamId: m.teamId, permissions: ['COMPLAINT.EDIT'], audit: { type: 'staff', id: m.id, name: m.name, ip: '' } };
  };
  const customer = async (loginName: string): Promise<ComplaintCustomer | null> => {
    const [u] = await db.select({ id: users.id, companyId: users.companyId, name: users.name }).from(users).where(eq(users.loginName, loginName));
    return u ? { userId: u.id, companyId: u.companyId, name: u.name, permissions: permissionsOfScope('company'), audit: { type: 'user', id: u.id, name: u.name, ip: '' } } : null;
  };
  const buyer = await customer('buyer@demo.example.com');
  const univ = await customer('buyer@univ.example.com');
  if (!buyer || !univ) return { complaints: 0, creditNotes: 0 };
  const placed = async (companyId: number) => db.select({ id: orders.id }).from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.status, 'placed'))).orderBy(asc(orders.createdAt));
  const firstLine = async (orderId: number) => {
    const [line] = await db.select({ id: orderItems.id, num: orderItems.num, cents: sql<number>`round(${orderItems.unitPrice} * 100)::bigint` }).from(orderItems)
      .where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)).limit(1);
    if (!line) throw new Error('Demo order without lines');
    return line;
  };
  const shanghai = await placed(buyer.companyId);
  const beijing = await placed(univ.companyId);
  if (shanghai.length < 2 || beijing.length < 2) return { complaints: 0, creditNotes: 0 };
  const sales = member('sales');
  const sales2 = member('sales2');
  const finance = member('finance');
  const financeAudit: AuditActor = finance.audit;

  const file = async (who: ComplaintCustomer, orderId: number, description: string, category: ComplaintCategoryName, share: number, days: number) => {
    const line = await firstLine(orderId);
    const quantity = Math.max(1, Math.min(line.num, 1));
    const applied = Math.max(1, Math.floor(Number(line.cents) * quantity * share));
    // Filed with its own date, so that its number carries that day (ADR 0067).
    const made = await fileComplaint(db, who, { orderId, lines: [{ itemId: line.id, quantity }], description, category, appliedRefund: applied }, 'zh', daysBefore(days));
    return { id: made.id, applied, days };
  };
  /** Finance approves the refund two days after the filing; the credit note is dated and numbered that day. */
  const approve = async ({ id: complaintId, days }: { id: number; days: number }, comment: string) => {
    const [step] = await db.select({ id: staffApprovalSteps.id }).from(staffApprovalSteps)
      .innerJoin(sql`staff_approval_requests r`, sql`r.id = ${staffApprovalSteps.requestId}`)
      .where(and(sql`r.entity_type = 'refund'`, sql`r.entity_id = ${complaintId}`, eq(staffApprovalSteps.status, 'pending')));
    if (!step) throw new Error('Refund step missing');
    await decideStep(db, { actor: financeAudit, approver: finance, stepId: step.id, decision: 'approve', comment, at: daysBefore(days - 2) });
  };
  const move = (who: ComplaintStaff, id: number, to: 'approving' | 'rejected' | 'resolved', extra: { approvedRefund?: number; reason?: string } = {}) =>
    moveComplaint(db, who, { id, to, reason: extra.reason ?? '', ...(extra.approvedRefund ? { approvedRefund: extra.approvedRefund } : {}) }, 'zh');

  const o = (list: { id: number }[], i: number) => list[Math.min(i, list.length - 1)]!.id;
  // Reviewing: just filed.
  await file(buyer, o(shanghai, 1), '到货试剂瓶身破损，液体渗漏', 'damaged', 1, 2);
  // Refund in approval: 周洁 proposes part of the applied refund; finance has not decided yet.
  const inApproval = await file(buyer, o(shanghai, 0), '批号与 COA 不一致，无法用于 GMP 实验', 'documents', 1, 6);
  await move(sales, inApproval.id, 'approving', { approvedRefund: Math.max(1, Math.floor(inApproval.applied * 0.8)) });
  // Refund approved, credit note recorded.
  const approved = await file(buyer, o(shanghai, 2), '冷链运输超温，产品失活', 'delivery', 1, 12);
  await move(sales, approved.id, 'approving', { approvedRefund: approved.applied });
  await approve(approved, '冷链记录确认超温，同意全额退款');
  // Resolved after a refund (the credit note stays).
  const resolved = await file(univ, o(beijing, 0), '少发 1 瓶，外包装完好', 'shortage', 1, 30);
  await move(sales2, resolved.id, 'approving', { approvedRefund: resolved.applied });
  await approve(resolved, '仓库复核确认少发，同意退款');
  await move(sales2, resolved.id, 'resolved');
  // Review failed, with the reason.
  const rejected = await file(univ, o(beijing, 1), '颜色与预期不同', 'quality', 0.5, 9);
  await move(sales2, rejected.id, 'rejected', { reason: '颜色差异在质量标准范围内，非质量问题' });
  // Withdrawn by the customer.
  const withdrawn = await file(buyer, o(shanghai, 1), '外箱标签模糊（已自行核对无误）', 'other', 0.2, 4);
  await withdrawMyComplaint(db, buyer, withdrawn.id, 'zh');

  const notes = await db.select({ id: creditNotes.id }).from(creditNotes);
  return { complaints: 6, creditNotes: notes.length };
}
