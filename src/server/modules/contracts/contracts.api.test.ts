import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractDetailDto, ContractRowDto } from '@/contracts/contracts';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { renderPdf } from '@/server/modules/files/pdf';
import { getFileStore } from '@/server/modules/files/store';
import { fileApiHarness } from '../../../../test/api';
import { complaintHarness, type Login } from '../../../../test/complaints';

const h = fileApiHarness();
const t = complaintHarness(() => h);

beforeAll(async () => {
  await t.login();
});

const detail = (res: { status: number; body: { data: unknown } }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as ContractDetailDto;
};
const count = async (table: 'contracts' | 'contract_attachments') => Number((await t.q<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]?.n);
const companyOf = async (email: string) => Number((await t.q<{ company_id: number }>(sql`select company_id from users where login_name = ${email}`))[0]?.company_id);
const newContract = async (who: Login = 'sales', body: Record<string, unknown> = {}) =>
  detail(await t.call(who, 'POST', '/api/admin/contracts', { companyId: await companyOf('buyer@demo.example.com'), title: '年度试剂供货合同', amount: '1234.50', ...body }));
const move = (who: Login, id: number, to: string, reason = '') => t.call(who, 'PUT', `/api/admin/contracts/${id}/status`, { to, reason });
const decide = (who: Login, stepId: number, decision: 'approve' | 'reject', comment: string) =>
  t.call(who, 'POST', `/api/admin/approvals/steps/${stepId}/decision`, { decision, comment });
const upload = async (who: Login, id: number, bytes: Uint8Array, name: string, signedScan = false) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await h.app.request(`/api/admin/contracts/${id}/attachments${signedScan ? '?signedScan=1' : ''}`, { method: 'POST', body: form, headers: { authorization: t.tokens[who]! } });
  return { status: res.status, body: (await res.json()) as { data: unknown } };
};
const scan = () => new Uint8Array(renderPdf({ title: 'Signed', lines: [{ text: '双方盖章', size: 14 }] }));

describe('a contract from an accepted quotation, through approval to signed', () => {
  it('takes the quotation\'s total, is approved by the team manager, sent, and signed with a scan; every step audited', async () => {
    const [q] = await t.q<{ id: number; quote_no: string; total_cents: number }>(sql`
      select q.id, q.quote_no, v.total_cents from quotations q join quotation_versions v on v.quotation_id = q.id and v.version = q.current_version
      join staff s on s.id = q.owner_id where q.state = 'accepted' and s.login_name = 'sales' limit 1`);
    expect(q).toBeDefined();
    const made = detail(await t.call('sales', 'POST', '/api/admin/contracts/from-quotation', { id: q!.id, notes: '按报价执行' }));
    expect(made).toMatchObject({ state: 'draft', quotationId: q!.id, quoteNo: q!.quote_no, amount: (Number(q!.total_cents) / 100).toFixed(2), ownerName: '周洁', moves: ['pending_approval', 'cancelled'] });
    expect(made.contractNo).toMatch(/^HT\d{8}\d{5}$/);
    // One open contract per quotation; the quotation keeps its state.
    expect((await t.call('sales', 'POST', '/api/admin/contracts/from-quotation', { id: q!.id })).status).toBe(409);
    expect((await t.q<{ state: string }>(sql`select state from quotations where id = ${q!.id}`))[0]?.state).toBe('accepted');

    const submitted = detail(await move('sales', made.id, 'pending_approval'));
    expect(submitted).toMatchObject({ state: 'pending_approval', moves: ['cancelled'] });
    expect(submitted.approval).toMatchObject({ status: 'pending', entityType: 'contract', amount: made.amount });
    expect((await move('sales', made.id, 'sent')).status).toBe(409);
    expect((await move('sales', made.id, 'approved')).status).toBe(403);
    const stepId = submitted.approval!.steps[0]!.id;
    expect((await decide('sales', stepId, 'approve', '自己批')).status).not.toBe(200);
    expect(detail(await t.call('manager', 'GET', `/api/admin/contracts/${made.id}`)).myStepId).toBe(stepId);
    expect((await decide('manager', stepId, 'approve', '同意发送')).status).toBe(200);
    expect(detail(await t.call('sales', 'GET', `/api/admin/contracts/${made.id}`)).state).toBe('approved');

    const sent = detail(await move('sales', made.id, 'sent'));
    expect(sent.moves).toEqual(['signed', 'cancelled']);
    expect(await move('sales', made.id, 'signed')).toMatchObject({ status: 409, body: { msg: expect.any(String) } });
    const withScan = detail(await upload('sales', made.id, scan(), '盖章扫描件.pdf', true));
    expect(withScan.attachments).toEqual([expect.objectContaining({ fileName: '盖章扫描件.pdf', mime: 'application/pdf', signedScan: true })]);
    const signed = detail(await move('sales', made.id, 'signed'));
    expect(signed).toMatchObject({ state: 'signed', moves: [] });
    const file = await h.app.request(signed.attachments[0]!.url, { headers: { authorization: t.tokens.manager! } });
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode(new Uint8Array(await file.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect((await upload('sales', made.id, scan(), 'late.pdf')).status).toBe(409);
    // The refused file is not left in the store: only the signed scan is there.
    expect(readdirSync(path.join(getFileStore().root, 'contracts', String(made.id)))).toHaveLength(1);

    const audit = await t.q<{ action: string }>(sql`select action from audit_log where entity = 'contract' and entity_id = ${String(made.id)} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['create', 'status', 'approve', 'status', 'attach', 'status']);
    const timeline = await t.call('sales', 'GET', `/api/admin/contracts/${made.id}/timeline`);
    expect((timeline.body.data as unknown[]).length).toBeGreaterThanOrEqual(8);
  });

  it('a rejected contract goes back to draft, is edited and submitted again; cancelling in approval withdraws the request', async () => {
    const c = await newContract();
    const s1 = detail(await move('sales', c.id, 'pending_approval'));
    expect((await decide('manager', s1.approval!.steps[0]!.id, 'reject', '付款条款需修改')).status).toBe(200);
    expect(detail(await t.call('sales', 'GET', `/api/admin/contracts/${c.id}`))).toMatchObject({ state: 'rejected', moves: ['draft', 'cancelled'] });
    expect((await t.call('sales', 'PUT', `/api/admin/contracts/${c.id}`, { title: '改', amount: '1' })).status).toBe(409);
    detail(await move('sales', c.id, 'draft'));
    const edited = detail(await t.call('sales', 'PUT', `/api/admin/contracts/${c.id}`, { title: '年度试剂供货合同（修订）', amount: '2000', signingDate: '2026-12-01', endDate: '2027-11-30', notes: '货到 30 天付款' }));
    expect(edited).toMatchObject({ amount: '2000.00', signingDate: '2026-12-01', endDate: '2027-11-30', canEdit: true });
    const s2 = detail(await move('sales', c.id, 'pending_approval'));
    expect(s2.approval!.id).not.toBe(s1.approval!.id);
    expect((await move('sales', c.id, 'cancelled')).status).toBe(400);
    const cancelled = detail(await move('sales', c.id, 'cancelled', '客户改为按单采购'));
    expect(cancelled).toMatchObject({ state: 'cancelled', cancelReason: '客户改为按单采购', moves: [] });
    expect(cancelled.approval).toMatchObject({ id: s2.approval!.id, status: 'withdrawn' });
  });

  it('two parallel decisions on the contract\'s step make one move', async () => {
    const c = await newContract();
    const sent = detail(await move('sales', c.id, 'pending_approval'));
    const stepId = sent.approval!.steps[0]!.id;
    const results = await Promise.all([decide('manager', stepId, 'approve', '同意 A'), decide('manager', stepId, 'reject', '驳回 B')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const moves = await t.q<{ action: string }>(sql`select action from audit_log where entity = 'contract' and entity_id = ${String(c.id)} and action in ('approve', 'reject')`);
    expect(moves).toHaveLength(1);
    expect(detail(await t.call('sales', 'GET', `/api/admin/contracts/${c.id}`)).state).toBe(moves[0]!.action === 'approve' ? 'approved' : 'rejected');
  });
});

describe('bad input', () => {
  it('is refused with the field, and nothing changes', async () => {
    const before = await count('contracts');
    const companyId = await companyOf('buyer@demo.example.com');
    const base = { companyId, title: '合同', amount: '100' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, title: '' }, 'title'],
      [{ ...base, title: '长'.repeat(61) }, 'title'],
      [{ ...base, amount: '0' }, 'amount'],
      [{ ...base, amount: '1.234' }, 'amount'],
      [{ ...base, notes: '注'.repeat(101) }, 'notes'],
      [{ ...base, signingDate: '2026-02-30' }, 'signingDate'],
      [{ ...base, signingDate: '2026-12-01', endDate: '2026-11-01' }, 'endDate'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('sales', 'POST', '/api/admin/contracts', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body.data as { field: string }[]).map((e) => e.field), JSON.stringify(res.body)).toContain(field);
    }
    // An unknown customer answers as a customer read does.
    expect((await t.call('sales', 'POST', '/api/admin/contracts', { ...base, companyId: 999999 })).status).toBe(404);
    const [notAccepted] = await t.q<{ id: number }>(sql`select q.id from quotations q join staff s on s.id = q.owner_id where q.state = 'draft' and s.login_name = 'sales' limit 1`);
    expect((await t.call('sales', 'POST', '/api/admin/contracts/from-quotation', { id: notAccepted!.id })).status).toBe(409);
    expect(await count('contracts')).toBe(before);

    const c = await newContract();
    const files = await count('contract_attachments');
    expect((await upload('sales', c.id, new TextEncoder().encode('not a pdf at all'), 'x.pdf')).status).toBe(415);
    expect((await upload('sales', c.id, scan(), 'draft-scan.pdf', true)).status).toBe(409);
    expect((await move('sales', c.id, 'signed')).status).toBe(409);
    expect((await move('sales', c.id, 'cancelled', '因'.repeat(51))).status).toBe(400);
    expect((await t.call('sales', 'PUT', `/api/admin/contracts/${c.id}/status`, { to: 'archived' })).status).toBe(400);
    expect(await count('contract_attachments')).toBe(files);
    expect(detail(await t.call('sales', 'GET', `/api/admin/contracts/${c.id}`))).toMatchObject({ state: 'draft', attachments: [] });
    const withFile = detail(await upload('sales', c.id, scan(), '草稿.pdf'));
    const removed = detail(await t.call('sales', 'DELETE', `/api/admin/contracts/${c.id}/attachments/${withFile.attachments[0]!.id}`));
    expect(removed.attachments).toEqual([]);
  });
});

describe('authorisation', () => {
  it('guest 401, no permission 403, another team 404 in the list, by id, for moves, files and the PDF', async () => {
    const c = await newContract();
    expect((await t.call(null, 'GET', '/api/admin/contracts')).status).toBe(401);
    expect((await t.call('ops', 'GET', '/api/admin/contracts')).status).toBe(403);
    expect((await t.call('finance', 'POST', '/api/admin/contracts', { companyId: 1, title: 'x', amount: '1' })).status).toBe(403);
    expect((await t.call('buyer', 'GET', `/api/admin/contracts/${c.id}`)).status).toBe(401);
    expect((await t.call('sales2', 'GET', `/api/admin/contracts/${c.id}`)).status).toBe(404);
    expect((await move('sales2', c.id, 'pending_approval')).status).toBe(404);
    expect((await t.call('sales2', 'PUT', `/api/admin/contracts/${c.id}`, { title: '改', amount: '1' })).status).toBe(404);
    expect((await upload('sales2', c.id, scan(), 'x.pdf')).status).toBe(404);
    expect((await h.app.request(`/api/admin/contracts/${c.id}/pdf`, { headers: { authorization: t.tokens.sales2! } })).status).toBe(404);
    const list = await t.call('sales2', 'GET', '/api/admin/contracts?limit=200');
    expect((list.body.data as { items: ContractRowDto[] }).items.map((x) => x.id)).not.toContain(c.id);
    // The same team and its manager see it; admin (CRM.VIEW_ALL) too.
    for (const who of ['manager', 'admin'] as const) expect((await t.call(who, 'GET', `/api/admin/contracts/${c.id}`)).status).toBe(200);
    // Another team's quotation cannot become the caller's contract.
    const [q] = await t.q<{ id: number }>(sql`select q.id from quotations q where q.state = 'accepted' limit 1`);
    expect((await t.call('sales2', 'POST', '/api/admin/contracts/from-quotation', { id: q!.id })).status).toBe(404);
    expect((await t.q<{ n: number }>(sql`select count(*)::int as n from audit_log where entity = 'contract' and entity_id = ${String(c.id)}`))[0]?.n).toBe(1);
  });
});

describe('the list', () => {
  it('searches, filters by state, sorts by amount, pages by keyset, exports', async () => {
    await newContract('sales', { title: '检索用合同甲', amount: '10' });
    await newContract('sales', { title: '检索用合同乙', amount: '20' });
    const found = await t.call('sales', 'GET', `/api/admin/contracts?key=${encodeURIComponent('检索用合同')}&sort=-amount&limit=1`);
    const page1 = found.body.data as { total: number; items: ContractRowDto[]; nextCursor: string | null };
    expect(page1.total).toBe(2);
    expect(page1.items[0]!.title).toBe('检索用合同乙');
    const page2 = (await t.call('sales', 'GET', `/api/admin/contracts?key=${encodeURIComponent('检索用合同')}&sort=-amount&limit=1&cursor=${page1.nextCursor}`)).body.data as typeof page1;
    expect(page2.items.map((x) => x.title)).toEqual(['检索用合同甲']);
    const signed = (await t.call('sales', 'GET', '/api/admin/contracts?state=signed')).body.data as typeof page1;
    expect(signed.items.every((x) => x.state === 'signed')).toBe(true);
    const xlsx = await h.app.request('/api/admin/contracts/export?state=draft', { headers: { authorization: t.tokens.sales! } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect((await h.app.request('/api/admin/contracts/export', { headers: { authorization: t.tokens.ops! } })).status).toBe(403);
  });
});

describe('the PDF', () => {
  it('is made in Chinese and English with the text extractable', async () => {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const c = await newContract('sales', { title: '色谱柱年度采购合同', amount: '9876.50', notes: '含安装调试' });
    const text = async (lang: string) => {
      const res = await h.app.request(`/api/admin/contracts/${c.id}/pdf?lang=${lang}`, { headers: { authorization: t.tokens.sales! } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      return (await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true })).text.replace(/\s+/g, '');
    };
    const zh = await text('zh');
    for (const s of ['销售合同', c.contractNo, '色谱柱年度采购合同', c.companyName, '合同总金额', '¥9,876.50', '含安装调试']) expect(zh).toContain(s);
    const en = await text('en');
    for (const s of ['Salescontract', 'Contracttotal', c.companyName]) expect(en).toContain(s);
  });
});
