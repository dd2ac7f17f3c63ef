import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRequestDto, InboxRowDto } from '@/contracts/approvals';
import type { ExpenseDetailDto, ExpenseRowDto } from '@/contracts/expenses';
import { rowsOf } from '@/server/db/client';
import { sendApprovalReminders, takeLease } from './reminders';
import { withMailbox } from '../../../../test/mailbox';
import { writeProbe } from '../../../../test/db-writes';

const env = withMailbox();
const tokens: Record<string, string> = {};
const PASSWORDS = { admin: 'Admin#2026', sales: 'Sales#2026', manager: 'Manager#2026', finance: 'Finance#2026', sales2: 'Sales2#2026', ops: 'Ops#2026' } as const;
type Login = keyof typeof PASSWORDS;
let filesDir = '';

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'expenses-'));
  process.env.FILES_DIR = filesDir;
  for (const login of Object.keys(PASSWORDS) as Login[]) tokens[login] = await env.h.loginStaff(login, PASSWORDS[login]);
});

afterAll(() => {
  delete process.env.FILES_DIR;
  rmSync(filesDir, { recursive: true, force: true });
});

const call = (who: Login, method: string, url: string, json?: unknown) => env.h.call(method, url, { token: tokens[who], json });
const inbox = async (who: Login) => (await call(who, 'GET', '/api/admin/approvals/inbox')).body.data as { total: number; items: InboxRowDto[] };
const count = async (who: Login) => ((await call(who, 'GET', '/api/admin/approvals/inbox/count')).body.data as { count: number }).count;
const decide = (who: Login, stepId: number, decision: 'approve' | 'reject', comment = '同意') => call(who, 'POST', `/api/admin/approvals/steps/${stepId}/decision`, { decision, comment });

async function newExpense(who: Login, body: Record<string, unknown>): Promise<ExpenseDetailDto> {
  const res = await call(who, 'POST', '/api/admin/expenses', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as ExpenseDetailDto;
}

async function audits(entity: string, id: number): Promise<string[]> {
  return rowsOf<{ action: string }>(await env.h.db.db.execute(sql`select action from audit_log where entity = ${entity} and entity_id = ${String(id)} order by id`)).map((r) => r.action);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

async function attach(who: Login, id: number, bytes: Uint8Array, name = 'receipt.pdf') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const res = await env.h.app.request(`/api/admin/expenses/${id}/attachments`, { method: 'POST', headers: { authorization: tokens[who]! }, body: form });
  return { status: res.status, body: (await res.json()) as { msg: string; data: ExpenseDetailDto } };
}

describe('the seeded approvals', () => {
  it('wait for the team manager at tier 1 and for finance at tier 2, with the count in the header', async () => {
    const m = await inbox('manager');
    // Besides the seeded expense, 李明 decides the seeded contract in approval (ADR 0044).
    expect(m.items.filter((i) => i.entityType === 'expense').map((i) => [i.amount, i.seq, i.tiers])).toEqual([['1280.00', 1, 1]]);
    expect(m.items.filter((i) => i.entityType === 'contract')).toHaveLength(1);
    const f = await inbox('finance');
    expect(f.items.map((i) => [i.amount, i.seq, i.tiers])).toEqual([['8600.00', 2, 2]]);
    expect(await count('manager')).toBe(2);
    expect(await count('finance')).toBe(1);
    expect(await count('sales')).toBe(0);
    expect(await count('sales2')).toBe(0);
  });
});

describe('an expense through two approval tiers', () => {
  it('goes manager then finance, in sequence, with a comment on each decision, every step audited', async () => {
    const draft = await newExpense('sales', { amount: '7500.5', category: 'training', spentOn: '2026-11-20', description: '客户应用培训讲师费' });
    expect(draft).toMatchObject({ amount: '7500.50', status: 'draft', canSubmit: true, approval: null });
    const withFile = await attach('sales', draft.id, PDF);
    expect(withFile.status).toBe(200);
    expect(withFile.body.data.attachmentList).toHaveLength(1);
    const file = await env.h.app.request(withFile.body.data.attachmentList[0]!.url, { headers: { authorization: tokens.manager! } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await attach('sales', draft.id, Buffer.from('<html><script>alert(1)</script></html>'), 'x.pdf')).status).toBe(415);

    const submitted = (await call('sales', 'POST', `/api/admin/expenses/${draft.id}/action`, { action: 'submit' })).body.data as ExpenseDetailDto;
    expect(submitted.status).toBe('pending');
    expect(submitted.approval?.steps.map((s) => s.status)).toEqual(['pending', 'waiting']);
    const [first, second] = submitted.approval!.steps;
    // A permission's tier names the permission and team in words of each language, never the code.
    expect(second!.approver).toMatch(/^[^A-Z]+ · 财务部$/);
    expect(second!.approverEn).toMatch(/^[A-Za-z ,]+ · [A-Za-z ]+$/);

    // Finance cannot decide before the manager; nor decide the manager's step; the applicant never decides.
    expect((await decide('finance', second!.id, 'approve')).body.msg).toBe('上一级尚未审批，本级还不能审批');
    expect((await decide('finance', second!.id, 'approve')).status).toBe(409);
    expect((await decide('finance', first!.id, 'approve')).status).toBe(403);
    expect((await decide('sales', first!.id, 'approve')).status).toBe(403);
    expect((await decide('sales2', first!.id, 'approve')).status).toBe(403);
    // A decision without a comment is refused and writes nothing.
    const probe = await writeProbe(env.h.db.db);
    const before = await probe.snapshot();
    const bare = await call('manager', 'POST', `/api/admin/approvals/steps/${first!.id}/decision`, { decision: 'approve', comment: ' ' });
    expect(bare.status).toBe(400);
    expect(probe.changed(before, await probe.snapshot())).toEqual([]);

    expect((await inbox('manager')).items.some((i) => i.entityId === draft.id)).toBe(true);
    const afterManager = (await decide('manager', first!.id, 'approve', '培训计划已确认')).body.data as ApprovalRequestDto;
    expect(afterManager.steps.map((s) => [s.status, s.comment])).toEqual([['approved', '培训计划已确认'], ['pending', '']]);
    expect((await inbox('manager')).items.some((i) => i.entityId === draft.id)).toBe(false);
    expect((await inbox('finance')).items.some((i) => i.entityId === draft.id)).toBe(true);

    const done = await decide('finance', second!.id, 'approve', '预算内，同意');
    expect(done.status).toBe(200);
    expect((done.body.data as ApprovalRequestDto).status).toBe('approved');
    const final = (await call('sales', 'GET', `/api/admin/expenses/${draft.id}`)).body.data as ExpenseDetailDto;
    expect(final.status).toBe('approved');
    expect(await audits('expense', draft.id)).toEqual(['create', 'attach', 'submit', 'approve']);
    const requestAudits = await audits('approval_request', afterManager.id);
    expect(requestAudits).toEqual(['submit', 'approve', 'approve']);
    expect((await decide('finance', second!.id, 'reject', '晚了')).status).toBe(409);
  });

  it('up to 5,000 needs the manager alone; a rejection ends it and the applicant may revise', async () => {
    const e = await newExpense('sales', { amount: '5000.00', category: 'meals', spentOn: '2026-11-21' });
    const sent = (await call('sales', 'POST', `/api/admin/expenses/${e.id}/action`, { action: 'submit' })).body.data as ExpenseDetailDto;
    expect(sent.approval?.steps).toHaveLength(1);
    const res = await decide('manager', sent.approval!.steps[0]!.id, 'reject', '请附发票');
    expect((res.body.data as ApprovalRequestDto).status).toBe('rejected');
    expect(((await call('sales', 'GET', `/api/admin/expenses/${e.id}`)).body.data as ExpenseDetailDto).status).toBe('rejected');
    const revised = (await call('sales', 'POST', `/api/admin/expenses/${e.id}/action`, { action: 'revise' })).body.data as ExpenseDetailDto;
    expect(revised.status).toBe('draft');
    expect((await call('sales', 'POST', `/api/admin/expenses/${e.id}/action`, { action: 'withdraw' })).status).toBe(409);
  });

  it('a zero amount cannot be submitted; withdrawing cancels the request', async () => {
    const zero = await newExpense('sales', { category: 'office', spentOn: '2026-11-21' });
    expect(zero.amount).toBe('0.00');
    expect((await call('sales', 'POST', `/api/admin/expenses/${zero.id}/action`, { action: 'submit' })).status).toBe(400);
    const e = await newExpense('sales', { amount: '88', category: 'office', spentOn: '2026-11-21' });
    await call('sales', 'POST', `/api/admin/expenses/${e.id}/action`, { action: 'submit' });
    const back = (await call('sales', 'POST', `/api/admin/expenses/${e.id}/action`, { action: 'withdraw' })).body.data as ExpenseDetailDto;
    expect(back.status).toBe('draft');
    expect(back.approval?.status).toBe('withdrawn');
    expect((await inbox('manager')).items.some((i) => i.entityId === e.id)).toBe(false);
  });
});

describe('self-approval and missing approvers', () => {
  it('a manager cannot approve their own expense: a team-manager tier with nobody else is refused', async () => {
    const e = await newExpense('manager', { amount: '300', category: 'transport', spentOn: '2026-11-21' });
    const res = await call('manager', 'POST', `/api/admin/expenses/${e.id}/action`, { action: 'submit' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('审批规则中有一级没有申请人以外的审批人');
    expect(((await call('manager', 'GET', `/api/admin/expenses/${e.id}`)).body.data as ExpenseDetailDto).status).toBe('draft');
  });

  it('a holder of the tier\'s permission who applied never decides their own request', async () => {
    const rule = await call('admin', 'POST', '/api/admin/approvals/rules', {
      entityType: 'expense', name: '办公用品：费用审批人', category: 'office', priority: 1, tiers: [{ approverKind: 'permission', permission: 'EXPENSE.APPROVE' }],
    });
    expect(rule.status).toBe(200);
    const e = await newExpense('manager', { amount: '120', category: 'office', spentOn: '2026-11-21' });
    const sent = (await call('manager', 'POST', `/api/admin/expenses/${e.id}/action`, { action: 'submit' })).body.data as ExpenseDetailDto;
    const step = sent.approval!.steps[0]!;
    expect(sent.myStepId).toBeNull();
    expect((await inbox('manager')).items.some((i) => i.entityId === e.id)).toBe(false);
    const own = await decide('manager', step.id, 'approve');
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe('不能审批自己提交的申请');
    expect((await decide('finance', step.id, 'approve', '同意')).status).toBe(200);
    const ruleId = (rule.body.data as { items: { id: number; name: string }[] }).items.find((r) => r.name === '办公用品：费用审批人')!.id;
    expect((await call('admin', 'DELETE', `/api/admin/approvals/rules/${ruleId}`)).status).toBe(409);
    const off = await call('admin', 'PUT', `/api/admin/approvals/rules/${ruleId}`, {
      entityType: 'expense', name: '办公用品：费用审批人', category: 'office', priority: 1, active: false, tiers: [{ approverKind: 'permission', permission: 'EXPENSE.APPROVE' }],
    });
    expect(off.status).toBe(200);
  });
});

describe('concurrency', () => {
  it('two parallel decisions on one step make one', async () => {
    const e = await newExpense('sales', { amount: '999.99', category: 'travel', spentOn: '2026-11-22' });
    const sent = (await call('sales', 'POST', `/api/admin/expenses/${e.id}/action`, { action: 'submit' })).body.data as ExpenseDetailDto;
    const stepId = sent.approval!.steps[0]!.id;
    const results = await Promise.all([decide('manager', stepId, 'approve', '同意 A'), decide('manager', stepId, 'reject', '驳回 B')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const decisions = rowsOf<{ action: string }>(await env.h.db.db.execute(sql`
      select action from audit_log where entity = 'approval_request' and entity_id = ${String(sent.approval!.id)} and action in ('approve', 'reject')`));
    expect(decisions).toHaveLength(1);
    const status = ((await call('sales', 'GET', `/api/admin/expenses/${e.id}`)).body.data as ExpenseDetailDto).status;
    expect(status).toBe(decisions[0]!.action === 'approve' ? 'approved' : 'rejected');
  });
});

describe('who sees which expense', () => {
  it('applicant, team manager, approvers and CRM.VIEW_ALL; nobody else', async () => {
    const e = await newExpense('sales', { amount: '6000', category: 'samples', spentOn: '2026-11-22', description: '可见性检查' });
    const url = `/api/admin/expenses/${e.id}`;
    const seen = async () => Object.fromEntries(await Promise.all((['sales', 'manager', 'finance', 'sales2', 'admin', 'ops'] as Login[]).map(async (w) => [w, (await call(w, 'GET', url)).status])));
    expect(await seen()).toEqual({ sales: 200, manager: 200, finance: 404, sales2: 404, admin: 200, ops: 404 });
    const sent = (await call('sales', 'POST', `${url}/action`, { action: 'submit' })).body.data as ExpenseDetailDto;
    await decide('manager', sent.approval!.steps[0]!.id, 'approve');
    // Finance sees it once its tier waits for them.
    expect(await seen()).toEqual({ sales: 200, manager: 200, finance: 200, sales2: 404, admin: 200, ops: 404 });
    const list = async (w: Login) => ((await call(w, 'GET', '/api/admin/expenses?key=可见性检查')).body.data as { items: ExpenseRowDto[] }).items.length;
    expect([await list('sales'), await list('manager'), await list('finance'), await list('sales2'), await list('ops')]).toEqual([1, 1, 1, 0, 0]);
    // Only the applicant edits; others who see it get 403, others 404.
    const change = { amount: '1', category: 'office', spentOn: '2026-11-22' };
    expect((await call('manager', 'PUT', url, change)).status).toBe(403);
    expect((await call('sales2', 'PUT', url, change)).status).toBe(404);
    expect((await call('ops', 'POST', '/api/admin/expenses', change)).status).toBe(403);
  });
});

describe('the expense list', () => {
  it('pages by keyset in amount order, filters by status and category, refuses bad input without writing', async () => {
    const seenIds: number[] = [];
    let cursor: string | null = null;
    let previous = Infinity;
    do {
      const q: string = `/api/admin/expenses?sort=-amount&limit=2&scope=mine${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await call('sales', 'GET', q)).body.data as { items: ExpenseRowDto[]; nextCursor: string | null; total: number };
      for (const row of page.items) {
        expect(Number(row.amount)).toBeLessThanOrEqual(previous);
        previous = Number(row.amount);
        seenIds.push(row.id);
      }
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seenIds).size).toBe(seenIds.length);
    const all = (await call('sales', 'GET', '/api/admin/expenses?scope=mine&limit=50')).body.data as { total: number };
    expect(seenIds.length).toBe(all.total);
    const approved = (await call('sales', 'GET', '/api/admin/expenses?status=approved&category=meals')).body.data as { items: ExpenseRowDto[] };
    expect(approved.items.length).toBeGreaterThan(0);
    expect(approved.items.every((r) => r.status === 'approved' && r.category === 'meals')).toBe(true);
    expect((await call('sales', 'GET', '/api/admin/expenses?cursor=bad')).status).toBe(400);

    const probe = await writeProbe(env.h.db.db);
    const before = await probe.snapshot();
    for (const body of [
      { amount: '1.234', category: 'travel', spentOn: '2026-11-01' },
      { amount: '10', spentOn: '2026-11-01' },
      { amount: '10', category: 'travel', spentOn: '2026-13-45' },
      { amount: '10', category: 'travel', spentOn: '2026-11-01', description: '字'.repeat(101) },
    ]) {
      const res = await call('sales', 'POST', '/api/admin/expenses', body);
      expect(res.status).toBe(400);
    }
    expect(probe.changed(before, await probe.snapshot())).toEqual([]);
  });

  it('exports the list as a workbook', async () => {
    const res = await env.h.app.request('/api/admin/expenses/export?status=approved', { headers: { authorization: tokens.finance! } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 2).toString('latin1')).toBe('PK');
  });
});

describe('approval rules', () => {
  it('need APPROVAL.RULES and check what they name', async () => {
    const options = (await call('admin', 'GET', '/api/admin/approvals/rule-options')).body.data as { permissions: { code: string; zh: string; en: string }[] };
    expect(options.permissions.find((p) => p.code === 'CONTRACT.EDIT')).toEqual({ code: 'CONTRACT.EDIT', zh: '管理合同', en: 'Manage contracts' });
    expect((await call('sales', 'GET', '/api/admin/approvals/rules')).status).toBe(403);
    expect((await call('manager', 'GET', '/api/admin/approvals/rules')).status).toBe(403);
    const listed = (await call('admin', 'GET', '/api/admin/approvals/rules')).body.data as { items: { name: string; tiers: { approverKind: string; teamName: string | null }[] }[] };
    expect(listed.items.find((r) => r.name.startsWith('费用 5,000 元以上'))?.tiers.map((t) => [t.approverKind, t.teamName])).toEqual([['team_manager', null], ['permission', '财务部']]);
    const bad = await call('admin', 'POST', '/api/admin/approvals/rules', {
      entityType: 'expense', name: '错误', amountAbove: '100', amountUpTo: '50', tiers: [{ approverKind: 'permission', permission: 'NOT.A.PERMISSION' }],
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.data)).toContain('amountUpTo');
    expect(JSON.stringify(bad.body.data)).toContain('tiers.0.permission');
    const created = await call('admin', 'POST', '/api/admin/approvals/rules', { entityType: 'contract', name: '合同：指定审批人', tiers: [{ approverKind: 'staff', staffId: 1 }] });
    expect(created.status).toBe(200);
    const id = (created.body.data as { items: { id: number; name: string }[] }).items.find((r) => r.name === '合同：指定审批人')!.id;
    expect((await call('admin', 'DELETE', `/api/admin/approvals/rules/${id}`)).status).toBe(200);
    expect(await audits('approval_rule', id)).toEqual(['create', 'delete']);
  });
});

describe('reminders', () => {
  it('mail the approvers of steps waiting more than a day, once a day', async () => {
    await env.h.db.db.execute(sql`update staff_approval_steps set reminded_at = null`);
    const since = env.mailbox.received.length;
    const now = new Date(Date.now() + 2 * 24 * 3600 * 1000);
    const sent = await sendApprovalReminders(env.h.db.db, now);
    expect(sent).toBeGreaterThanOrEqual(2);
    const mail = await env.mailbox.next('li.ming@reagent.example.com', since);
    expect(mail.subject).toContain('待审批提醒');
    expect(mail.subject).toContain('Waiting for your approval');
    expect(mail.text).toContain('周洁');
    expect(mail.text).toContain('has been waiting for your decision');
    const toFinance = env.mailbox.received.slice(since).filter((m) => m.to.includes('zhao.min@reagent.example.com'));
    expect(toFinance.length).toBeGreaterThan(0);
    expect(env.mailbox.received.slice(since).some((m) => m.to.includes('zhou.jie@reagent.example.com'))).toBe(false);
    expect(await sendApprovalReminders(env.h.db.db, new Date(now.getTime() + 3600 * 1000))).toBe(0);
    expect(await sendApprovalReminders(env.h.db.db, new Date(now.getTime() + 25 * 3600 * 1000))).toBeGreaterThanOrEqual(2);
  });

  it('run on one instance: the lease goes to one holder until it expires', async () => {
    const t = new Date('2030-01-01T00:00:00Z');
    expect(await takeLease(env.h.db.db, 'test-job', 'a', 60_000, t)).toBe(true);
    expect(await takeLease(env.h.db.db, 'test-job', 'b', 60_000, new Date(t.getTime() + 1000))).toBe(false);
    expect(await takeLease(env.h.db.db, 'test-job', 'a', 60_000, new Date(t.getTime() + 2000))).toBe(true);
    expect(await takeLease(env.h.db.db, 'test-job', 'b', 60_000, new Date(t.getTime() + 120_000))).toBe(true);
  });
});
