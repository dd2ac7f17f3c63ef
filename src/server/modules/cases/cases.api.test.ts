import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseDetailDto, CaseRowDto } from '@/contracts/cases';
import { rowsOf } from '@/server/db/client';
import { withMailbox } from '../../../../test/mailbox';
import { writeProbe } from '../../../../test/db-writes';

const env = withMailbox();
const tokens: Record<string, string> = {};
const PASSWORDS = { admin: 'Admin#2026', sales: 'Sales#2026', manager: 'Manager#2026', finance: 'Finance#2026', sales2: 'Sales2#2026', ops: 'Ops#2026' } as const;
type Login = keyof typeof PASSWORDS;
let filesDir = '';

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'cases-'));
  process.env.FILES_DIR = filesDir;
  for (const login of Object.keys(PASSWORDS) as Login[]) tokens[login] = await env.h.loginStaff(login, PASSWORDS[login]);
});

afterAll(() => {
  delete process.env.FILES_DIR;
  rmSync(filesDir, { recursive: true, force: true });
});

const call = (who: Login, method: string, url: string, json?: unknown) => env.h.call(method, url, { token: tokens[who], json });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const CASE = { customerName: '华东理工大学材料学院', contactName: '孙老师', contactEmail: 'sun.lab@ecust.example.edu', samples: '纳米二氧化钛 2 个样品', testFee: '0.70', invoiceType: 'ordinary' };

async function create(who: Login, body: Record<string, unknown> = CASE): Promise<CaseDetailDto> {
  const res = await call(who, 'POST', '/api/admin/cases', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as CaseDetailDto;
}
const move = (who: Login, id: number, to: string, reason = '') => call(who, 'PUT', `/api/admin/cases/${id}/status`, { to, reason });

async function uploadReport(who: Login, id: number, bytes: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), '检测报告.pdf');
  const res = await env.h.app.request(`/api/admin/cases/${id}/report`, { method: 'POST', headers: { authorization: tokens[who]! }, body: form });
  return { status: res.status, body: (await res.json()) as { msg: string; data: CaseDetailDto } };
}

describe('a testing case', () => {
  it('goes reviewing → passed → test finished → resolved, the service fee computed by the server, the report mailed with a link', async () => {
    const c = await create('sales', { ...CASE, serviceFee: '999.00' });
    expect(c).toMatchObject({ status: 'reviewing', testFee: '0.70', serviceFee: '0.81', transitions: ['passed', 'rejected', 'lost'] });
    expect(c.caseNo).toMatch(/^TS\d{8}\d{5}$/);
    expect((await uploadReport('sales', c.id, PDF)).status).toBe(409);
    expect((await move('sales', c.id, 'passed')).status).toBe(200);
    const edited = await call('sales', 'PUT', `/api/admin/cases/${c.id}`, { ...CASE, testFee: '1999.99' });
    expect((edited.body.data as CaseDetailDto).serviceFee).toBe('2299.99');
    expect((await move('sales', c.id, 'test_finished')).status).toBe(200);
    const refused = await move('sales', c.id, 'resolved');
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('请先上传检测报告');
    const up = await uploadReport('sales', c.id, PDF);
    expect(up.status).toBe(200);
    expect(up.body.data.hasReport).toBe(true);

    const since = env.mailbox.received.length;
    const sent = await call('sales', 'POST', `/api/admin/cases/${c.id}/send-report`);
    expect(sent.status).toBe(200);
    expect((sent.body.data as CaseDetailDto).reportSentTo).toBe('sun.lab@ecust.example.edu');
    const mail = await env.mailbox.next('sun.lab@ecust.example.edu', since);
    expect(mail.subject).toContain(c.caseNo);
    const link = /https?:\/\/\S+\/api\/web\/case-reports\/[A-Za-z0-9_-]{32}/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const download = await env.h.app.request(new URL(link!).pathname);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await env.h.app.request('/api/web/case-reports/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);

    expect((await move('sales', c.id, 'resolved')).status).toBe(200);
    expect((await move('sales', c.id, 'lost', '客户取消')).status).toBe(409);
    const actions = rowsOf<{ action: string }>(await env.h.db.db.execute(sql`select action from audit_log where entity = 'testing_case' and entity_id = ${String(c.id)} order by id`)).map((r) => r.action);
    expect(actions).toEqual(['create', 'status', 'update', 'status', 'report', 'sendReport', 'status']);
  });

  it('refuses a rejection or a loss without a reason or with more than 50 characters, and illegal moves', async () => {
    const c = await create('sales');
    expect((await move('sales', c.id, 'rejected')).status).toBe(400);
    expect((await move('sales', c.id, 'lost', '字'.repeat(51))).status).toBe(400);
    expect((await move('sales', c.id, 'test_finished')).status).toBe(409);
    const lost = await move('sales', c.id, 'lost', '客户选择了本地检测机构');
    expect((lost.body.data as CaseDetailDto)).toMatchObject({ status: 'lost', lostReason: '客户选择了本地检测机构', transitions: [] });
    expect((await call('sales', 'PUT', `/api/admin/cases/${c.id}`, CASE)).status).toBe(409);
  });

  it('a 6% special invoice needs the tax number; bad input writes nothing', async () => {
    const probe = await writeProbe(env.h.db.db);
    const before = await probe.snapshot();
    const special = await call('sales', 'POST', '/api/admin/cases', { ...CASE, invoiceType: 'special' });
    expect(special.status).toBe(400);
    expect(JSON.stringify(special.body.data)).toContain('taxNo');
    for (const body of [{ ...CASE, testFee: '1.005' }, { ...CASE, customerName: '字'.repeat(61) }, { ...CASE, samples: '字'.repeat(101) }, { ...CASE, contactEmail: 'nope' }]) {
      expect((await call('sales', 'POST', '/api/admin/cases', body)).status).toBe(400);
    }
    // An unknown customer answers as a customer read does.
    expect((await call('sales', 'POST', '/api/admin/cases', { ...CASE, companyId: 999999 })).status).toBe(404);
    expect(probe.changed(before, await probe.snapshot())).toEqual([]);
    const ok = await create('sales', { ...CASE, invoiceType: 'special', taxNo: '91310104MA1FR8XK3P' });
    expect(ok.invoiceType).toBe('special');
  });
});

describe('report links', () => {
  it('every token, the seeded ones included, is 32 base64url characters of random bytes (192 bits), with nothing of the case in it', async () => {
    const rows = rowsOf<{ case_no: string; report_token: string }>(await env.h.db.db.execute(sql`select case_no, report_token from testing_cases where report_token is not null`));
    expect(rows.length).toBeGreaterThan(1);
    for (const r of rows) {
      expect(r.report_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(Buffer.from(r.report_token, 'base64url').byteLength).toBe(24);
      expect(r.report_token.toLowerCase()).not.toContain(r.case_no.toLowerCase());
      expect(r.report_token).not.toMatch(/seed|report|xxxx/i);
    }
    // No shared structure between two tokens: no common beginning or end longer than chance gives.
    for (const [i, a] of rows.entries()) {
      for (const b of rows.slice(i + 1)) {
        expect(a.report_token).not.toBe(b.report_token);
        expect(a.report_token.slice(0, 6)).not.toBe(b.report_token.slice(0, 6));
        expect(a.report_token.slice(-6)).not.toBe(b.report_token.slice(-6));
      }
    }
  });
});

describe('who sees which case', () => {
  it('owner, teammates, team manager and CRM.VIEW_ALL, in the query; CASE.EDIT to call at all', async () => {
    const c = await create('sales', { ...CASE, customerName: '可见性客户' });
    const status = async (w: Login) => (await call(w, 'GET', `/api/admin/cases/${c.id}`)).status;
    expect(Object.fromEntries(await Promise.all((['sales', 'manager', 'sales2', 'admin', 'finance', 'ops'] as Login[]).map(async (w) => [w, await status(w)]))))
      .toEqual({ sales: 200, manager: 200, sales2: 404, admin: 200, finance: 403, ops: 403 });
    const listed = async (w: Login) => ((await call(w, 'GET', '/api/admin/cases?key=可见性客户')).body.data as { items: CaseRowDto[] }).items.length;
    expect([await listed('sales'), await listed('manager'), await listed('sales2'), await listed('admin')]).toEqual([1, 1, 0, 1]);
    expect((await move('sales2', c.id, 'passed')).status).toBe(404);
    const lostOfSales2 = ((await call('sales2', 'GET', '/api/admin/cases?status=lost')).body.data as { items: CaseRowDto[] }).items;
    expect(lostOfSales2.every((r) => r.ownerName === '王磊')).toBe(true);
  });
});

describe('the case list', () => {
  it('has the seeded cases in every state, pages by keyset on the test fee, and exports', async () => {
    const all = (await call('admin', 'GET', '/api/admin/cases?limit=200')).body.data as { items: CaseRowDto[] };
    // One customer's cases (the customer record's tab): only that company's, scoped as the list is.
    const companyId = all.items.find((c) => c.companyId !== null)?.companyId ?? 0;
    expect(companyId).toBeGreaterThan(0);
    const ofCompany = (await call('admin', 'GET', `/api/admin/cases?companyId=${companyId}&limit=50`)).body.data as { items: CaseRowDto[] };
    expect(ofCompany.items.length).toBe(all.items.filter((c) => c.companyId === companyId).length);
    expect((await call('admin', 'GET', '/api/admin/cases?companyId=abc')).status).toBe(400);
    for (const s of ['reviewing', 'passed', 'rejected', 'test_finished', 'resolved', 'lost']) expect(all.items.some((r) => r.status === s)).toBe(true);
    const ids: number[] = [];
    let cursor: string | null = null;
    let last = -1;
    do {
      const page = (await call('admin', 'GET', `/api/admin/cases?sort=testFee&limit=3${cursor ? `&cursor=${cursor}` : ''}`)).body.data as { items: CaseRowDto[]; nextCursor: string | null };
      for (const r of page.items) {
        expect(Number(r.testFee)).toBeGreaterThanOrEqual(last);
        last = Number(r.testFee);
        ids.push(r.id);
      }
      cursor = page.nextCursor;
    } while (cursor);
    expect(ids.length).toBe(all.items.length);
    expect(new Set(ids).size).toBe(ids.length);
    await create('sales', { ...CASE, customerName: '=HYPERLINK("http://evil.example")' });
    const res = await env.h.app.request('/api/admin/cases/export', { headers: { authorization: tokens.sales! } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 2).toString('latin1')).toBe('PK');
  });
});

describe('the report mail', () => {
  it('links to SITE_URL, never to the Host the request named', async () => {
    const before = process.env.SITE_URL;
    process.env.SITE_URL = 'https://shop.reagent.example.com';
    try {
      const c = await create('sales');
      expect((await move('sales', c.id, 'passed')).status).toBe(200);
      expect((await uploadReport('sales', c.id, PDF)).status).toBe(200);
      const since = env.mailbox.received.length;
      const sent = await env.h.call('POST', `/api/admin/cases/${c.id}/send-report`, { token: tokens.sales, headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const mail = await env.mailbox.next('sun.lab@ecust.example.edu', since);
      expect(mail.text).not.toContain('evil.example');
      expect(mail.text).toMatch(/https:\/\/shop\.reagent\.example\.com\/api\/web\/case-reports\/[A-Za-z0-9_-]{32}/);
    } finally {
      if (before === undefined) delete process.env.SITE_URL;
      else process.env.SITE_URL = before;
    }
  });
});
