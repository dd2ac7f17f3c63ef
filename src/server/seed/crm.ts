import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq, inArray, like } from 'drizzle-orm';
import { serviceFeeOf } from '@/contracts/cases';
import type { Db } from '@/server/db/client';
import {
  companies, expenses, staff, staffApprovalRequests, staffApprovalRuleTiers, staffApprovalRules, staffApprovalSteps, staffTeams, testingCases,
} from '@/server/db/schema';
import { renderPdf } from '@/server/modules/files/pdf';
import type { FileStore } from '@/server/modules/files/store';
import { daysBefore } from './random';
import { businessDay, numberDay } from '@/server/business-time';

type Step = { kind: 'team_manager' | 'permission'; status: 'pending' | 'waiting' | 'approved' | 'rejected' | 'cancelled'; by?: 'manager' | 'finance'; comment?: string; at?: number };

/**
 * The back-office CRM's demo (ADR 0037): the approval rules (expenses up to 5,000 → the team
 * manager; above → the manager, then finance), expense applications of 周洁 waiting at tier 1 and
 * tier 2, approved, rejected and a draft, and a testing case in every state.
 */
export async function seedCrm(db: Db): Promise<{ approvalRules: number; expenses: number; testingCases: number }> {
  const members = await db.select({ id: staff.id, login: staff.loginName, name: staff.name, teamId: staff.teamId }).from(staff)
    .where(inArray(staff.loginName, ['sales', 'manager', 'finance', 'sales2']));
  const who = (login: string) => {
    const m = members.find((x) => x.login === login);
    if (!m) throw new Error(`Demo staff ${login} missing`);
    return m;
  };
  const [financeTeam] = await db.select({ id: staffTeams.id }).from(staffTeams).where(eq(staffTeams.nameZh, '财务部'));
  if (!financeTeam) throw new Error('Finance team missing');
  const [small, large] = await db.insert(staffApprovalRules).values([
    { entityType: 'expense', name: '费用 5,000 元及以下：部门经理审批', amountUpTo: '5000.00', priority: 10, createdAt: daysBefore(120), updatedAt: daysBefore(120) },
    { entityType: 'expense', name: '费用 5,000 元以上：部门经理、财务依次审批', amountAbove: '5000.00', priority: 20, createdAt: daysBefore(120), updatedAt: daysBefore(120) },
  ]).returning({ id: staffApprovalRules.id });
  if (!small || !large) throw new Error('Approval rules were not inserted');
  await db.insert(staffApprovalRuleTiers).values([
    { ruleId: small.id, seq: 1, approverKind: 'team_manager' },
    { ruleId: large.id, seq: 1, approverKind: 'team_manager' },
    { ruleId: large.id, seq: 2, approverKind: 'permission', permission: 'EXPENSE.APPROVE', teamId: financeTeam.id },
  ]);
  // Quotations below the price floor (ADR 0040): another holder of QUOTATION.PRICE_OVERRIDE decides.
  const [quoteRule] = await db.insert(staffApprovalRules).values({ entityType: 'quotation', name: '报价低于底价：另一位有底价权限的人员审批', priority: 10, createdAt: daysBefore(60), updatedAt: daysBefore(60) })
    .returning({ id: staffApprovalRules.id });
  if (!quoteRule) throw new Error('Quotation approval rule was not inserted');
  await db.insert(staffApprovalRuleTiers).values({ ruleId: quoteRule.id, seq: 1, approverKind: 'permission', permission: 'QUOTATION.PRICE_OVERRIDE' });
  // Price agreements below the floor (ADR 0084): the same — another holder of QUOTATION.PRICE_OVERRIDE decides.
  const [agreementRule] = await db.insert(staffApprovalRules).values({ entityType: 'price_agreement', name: '价格协议低于底价：另一位有底价权限的人员审批', priority: 10, createdAt: daysBefore(30), updatedAt: daysBefore(30) })
    .returning({ id: staffApprovalRules.id });
  if (!agreementRule) throw new Error('Price agreement approval rule was not inserted');
  await db.insert(staffApprovalRuleTiers).values({ ruleId: agreementRule.id, seq: 1, approverKind: 'permission', permission: 'QUOTATION.PRICE_OVERRIDE' });

  const sales = who('sales');
  const manager = who('manager');
  const finance = who('finance');
  const demo: { amount: string; category: string; days: number; description: string; status: 'draft' | 'pending' | 'approved' | 'rejected'; steps: Step[] }[] = [
    { amount: '1280.00', category: 'travel', days: 3, description: '上海—南京客户拜访高铁与住宿', status: 'pending', steps: [{ kind: 'team_manager', status: 'pending' }] },
    {
      amount: '8600.00', category: 'training', days: 4, description: '华东区色谱应用培训会场地费', status: 'pending',
      steps: [{ kind: 'team_manager', status: 'approved', by: 'manager', comment: '同意，培训计划已确认', at: 3 }, { kind: 'permission', status: 'pending' }],
    },
    { amount: '3200.00', category: 'meals', days: 12, description: '复旦大学课题组技术交流招待', status: 'approved', steps: [{ kind: 'team_manager', status: 'approved', by: 'manager', comment: '同意', at: 11 }] },
    {
      amount: '12000.00', category: 'samples', days: 20, description: '新客户免费试用样品（同位素标记试剂）', status: 'rejected',
      steps: [{ kind: 'team_manager', status: 'approved', by: 'manager', comment: '客户潜力大，同意', at: 19 }, { kind: 'permission', status: 'rejected', by: 'finance', comment: '超出本季度样品预算，请拆分申请', at: 18 }],
    },
    { amount: '460.00', category: 'transport', days: 1, description: '送样打车费', status: 'draft', steps: [] },
  ];
  const labels: Record<string, string> = { travel: '差旅', training: '培训', meals: '招待', samples: '样品', transport: '交通' };
  for (const [i, e] of demo.entries()) {
    const created = daysBefore(e.days);
    const expenseNo = `EX${numberDay(created)}${String(i + 1).padStart(5, '0')}`;
    const [row] = await db.insert(expenses).values({
      expenseNo, applicantId: sales.id, teamId: sales.teamId, amount: e.amount, category: e.category, spentOn: businessDay(created),
      description: e.description, status: e.status, createdAt: created, updatedAt: created,
    }).returning({ id: expenses.id });
    if (!row || !e.steps.length) continue;
    const pendingSeq = e.steps.findIndex((s) => s.status === 'pending');
    const [request] = await db.insert(staffApprovalRequests).values({
      entityType: 'expense', entityId: row.id, ruleId: e.steps.length > 1 ? large.id : small.id, applicantId: sales.id, teamId: sales.teamId,
      subject: `${expenseNo} ${labels[e.category] ?? e.category} ${e.description}`, amount: e.amount, category: e.category,
      status: e.status === 'draft' ? 'withdrawn' : e.status, currentSeq: pendingSeq >= 0 ? pendingSeq + 1 : null, createdAt: created,
      decidedAt: e.status === 'pending' ? null : daysBefore((e.steps[e.steps.length - 1]?.at ?? e.days)),
    }).returning({ id: staffApprovalRequests.id });
    if (!request) throw new Error('Approval request was not inserted');
    let activated = created;
    for (const [j, s] of e.steps.entries()) {
      const decider = s.by === 'manager' ? manager : s.by === 'finance' ? finance : null;
      await db.insert(staffApprovalSteps).values({
        requestId: request.id, seq: j + 1, approverKind: s.kind, permission: s.kind === 'permission' ? 'EXPENSE.APPROVE' : null,
        teamId: s.kind === 'permission' ? financeTeam.id : sales.teamId, approverId: s.kind === 'team_manager' ? manager.id : null, status: s.status,
        decidedBy: decider?.id ?? null, decidedByName: decider?.name ?? '', comment: s.comment ?? '', activatedAt: activated,
        decidedAt: s.at === undefined ? null : daysBefore(s.at),
      });
      if (s.at !== undefined) activated = daysBefore(s.at);
    }
  }

  const [company] = await db.select({ id: companies.id, name: companies.name, taxNo: companies.taxNo }).from(companies).orderBy(companies.id).limit(1);
  const sales2 = who('sales2');
  const cases: { status: 'reviewing' | 'passed' | 'rejected' | 'test_finished' | 'resolved' | 'lost'; owner: typeof sales; days: number; registered: boolean; customer: string; contact: string; email: string; samples: string; fee: string; invoice: 'ordinary' | 'special'; taxNo: string; reason?: string; report?: boolean; sent?: boolean }[] = [
    { status: 'reviewing', owner: sales, days: 1, registered: true, customer: company?.name ?? '上海示例生物科技有限公司', contact: '刘洋', email: 'liu.yang@demo.example.com', samples: '乙腈 HPLC 级 3 批次纯度检测', fee: '1999.99', invoice: 'special', taxNo: company?.taxNo || '91310104MA1FR8XK3P' },
    { status: 'passed', owner: sales, days: 5, registered: false, customer: '华东理工大学材料学院', contact: '孙老师', email: 'sun.lab@ecust.example.edu', samples: '纳米二氧化钛粒径分布 2 个样品', fee: '860.00', invoice: 'ordinary', taxNo: '' },
    { status: 'rejected', owner: sales, days: 9, registered: false, customer: '苏州某医药中间体公司', contact: '周经理', email: '', samples: '未知液体成分全分析', fee: '3000.00', invoice: 'ordinary', taxNo: '', reason: '样品信息不全，无法评估安全风险' },
    { status: 'test_finished', owner: sales, days: 14, registered: true, customer: company?.name ?? '上海示例生物科技有限公司', contact: '刘洋', email: 'liu.yang@demo.example.com', samples: '氘代氯仿同位素丰度检测', fee: '1200.10', invoice: 'special', taxNo: company?.taxNo || '91310104MA1FR8XK3P', report: true },
    { status: 'resolved', owner: sales, days: 30, registered: false, customer: '南京大学化学化工学院', contact: '钱博士', email: 'qian.phd@nju.example.edu', samples: '手性试剂 ee 值测定 5 个样品', fee: '4500.00', invoice: 'ordinary', taxNo: '', report: true, sent: true },
    { status: 'lost', owner: sales2, days: 21, registered: false, customer: '北京某检测中心', contact: '吴工', email: '', samples: '重金属残留比对检测', fee: '2200.00', invoice: 'ordinary', taxNo: '', reason: '客户选择了本地检测机构' },
  ];
  for (const [i, c] of cases.entries()) {
    const created = daysBefore(c.days);
    const caseNo = `TS${numberDay(created)}${String(i + 1).padStart(5, '0')}`;
    await db.insert(testingCases).values({
      caseNo, ownerId: c.owner.id, companyId: c.registered ? (company?.id ?? null) : null, customerName: c.customer, contactName: c.contact, contactEmail: c.email,
      samples: c.samples, testFee: c.fee, serviceFee: serviceFeeOf(c.fee), invoiceType: c.invoice, taxNo: c.taxNo, status: c.status,
      rejectReason: c.status === 'rejected' ? (c.reason ?? '') : '', lostReason: c.status === 'lost' ? (c.reason ?? '') : '',
      reportKey: c.report ? `cases/seed/${caseNo}.pdf` : null, reportName: c.report ? `${caseNo} 检测报告.pdf` : null,
      // A report link is a bearer secret, seeded or not: 192 random bits, never derived from the case.
      reportToken: c.report ? randomBytes(24).toString('base64url') : null,
      reportSentAt: c.sent ? daysBefore(c.days - 10) : null, reportSentTo: c.sent ? c.email : null, createdAt: created, updatedAt: created,
    });
  }
  return { approvalRules: 2, expenses: demo.length, testingCases: cases.length };
}

/** Writes the demo cases' report PDFs missing from the store (deterministic, safe on every start). */
export async function ensureCrmSeedFiles(db: Db, store: FileStore): Promise<{ written: number; checked: number }> {
  const rows = await db.select({ key: testingCases.reportKey, caseNo: testingCases.caseNo, samples: testingCases.samples, customer: testingCases.customerName })
    .from(testingCases).where(like(testingCases.reportKey, 'cases/seed/%'));
  let written = 0;
  for (const r of rows) {
    if (!r.key || (await store.exists(r.key))) continue;
    await store.write(r.key, renderPdf({ title: `Test report ${r.caseNo}`, lines: [{ text: `检测报告 ${r.caseNo}`, size: 16 }, { text: r.customer, gap: 6 }, { text: r.samples, gap: 6 }, { text: 'Demo document', gap: 6 }] }));
    written += 1;
  }
  return { written, checked: rows.length };
}
