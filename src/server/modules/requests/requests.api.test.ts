import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestDetailDto, RequestRowDto } from '@/contracts/requests';
import { rowsOf } from '@/server/db/client';
import { catalogFeedback } from '@/server/db/schema';
import { resetRateLimits } from '@/server/modules/rate-limit/limits';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';

const h = fileApiHarness();
const matrix = authorisationMatrix(h);
const en = { 'accept-language': 'en' };

let admin = '';
let sales = '';
let dataDir = '';
const savedDataDir = process.env.DATA_DIR;
const savedSmtp = process.env.SMTP_URL;

beforeAll(async () => {
  admin = await h.loginStaff('admin', 'Admin#2026');
  sales = await h.loginStaff('sales', 'Sales#2026');
  dataDir = mkdtempSync(path.join(tmpdir(), 'requests-outbox-'));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
});

afterAll(() => {
  if (savedDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = savedDataDir;
  if (savedSmtp !== undefined) process.env.SMTP_URL = savedSmtp;
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await resetRateLimits();
});

/** The outbox mails to `to`, oldest first. */
function mailsTo(to: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(path.join(dataDir, 'outbox')).sort();
  } catch {
    return [];
  }
  return files.map((f) => readFileSync(path.join(dataDir, 'outbox', f), 'utf8')).filter((text) => text.includes(`\nTo: ${to}\n`));
}

const ENQUIRY = { name: '王敏', company: '复旦大学化学系', email: 'wang.min@lab.example.edu', message: '请报价 500 g 装，需要 COA。' };
const enquire = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  h.call('POST', '/api/web/contact/enquiry', { json: body, headers: { 'x-forwarded-for': '203.0.113.50', ...headers } });
const list = async (query = '', token = sales) => (await h.call('GET', `/api/admin/requests${query}`, { token })).body.data as { total: number; items: RequestRowDto[]; nextCursor: string | null };

async function auditActions(entity: string, id: number): Promise<string[]> {
  return rowsOf<{ action: string }>(await h.db.db.execute(sql`select action from audit_log where entity = ${entity} and entity_id = ${String(id)} order by id`)).map((r) => r.action);
}

describe('the contact-page enquiry', () => {
  it('stores an enquiry with the product it names and mails it to the sales address of the web settings', async () => {
    await h.call('PUT', '/api/admin/web-settings/types/5', { token: admin, json: { content: 'sales.desk@reagent.example.com' } });
    const [product] = rowsOf<{ item_no: string }>(await h.db.db.execute(sql`select item_no from products order by id limit 1`));
    const res = await enquire({ ...ENQUIRY, phone: '', itemNo: product!.item_no.toLowerCase() });
    expect(res.status).toBe(200);
    const id = (res.body.data as { id: number }).id;
    const [row] = rowsOf<Record<string, unknown>>(await h.db.db.execute(sql`select name, company, email, phone, item_no, product_id, lang, status, client_address from contact_enquiries where id = ${id}`));
    expect(row).toMatchObject({ name: '王敏', company: '复旦大学化学系', email: 'wang.min@lab.example.edu', phone: null, item_no: product!.item_no, lang: 'zh', status: 'new', client_address: '203.0.113.50' });
    expect(row!.product_id).not.toBeNull();
    const [mail] = mailsTo('sales.desk@reagent.example.com');
    expect(mail).toContain(`Subject: 网站留言 #${id}：王敏`);
    expect(mail).toContain('请报价 500 g 装，需要 COA。');
    expect(mail).toContain('邮箱：wang.min@lab.example.edu');
    await h.call('PUT', '/api/admin/web-settings/types/5', { token: admin, json: { content: 'sales@reagent.example.com' } });
  });

  it('takes a phone number instead of an e-mail address', async () => {
    const res = await enquire({ name: 'Ann Lee', phone: '+86 138-0013-8000', message: 'Please call me about bulk pricing.' }, en);
    expect(res.status).toBe(200);
  });

  it('refuses bad input with 400 naming the field, in both languages, writing nothing', async () => {
    const count = async () => Number(rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from contact_enquiries`))[0]?.n);
    const before = await count();
    const none = await enquire({ name: '王敏', message: '你好' });
    expect(none.status).toBe(400);
    expect(none.body.data).toEqual([{ field: 'email', message: '请至少填写电子邮箱或电话中的一项，以便我们回复' }]);
    const noneEn = await enquire({ name: 'Ann', message: 'Hello', email: '', phone: '' }, en);
    expect(noneEn.body.data).toEqual([{ field: 'email', message: 'Enter an e-mail address or a phone number (at least one) so that we can reply' }]);
    const fields = await enquire({ name: '', email: 'nope', phone: 'abc', message: ' ' }, en);
    expect(fields.status).toBe(400);
    expect(fields.body.data).toEqual(expect.arrayContaining([
      { field: 'name', message: 'Enter your name (60 characters at most)' },
      { field: 'email', message: 'Enter a valid e-mail address' },
      { field: 'phone', message: 'Enter a valid phone number (digits, with optional spaces, hyphens, brackets and a leading +)' },
      { field: 'message', message: 'Enter your message (2,000 characters at most)' },
    ]));
    const long = await enquire({ ...ENQUIRY, message: 'x'.repeat(2001) });
    expect((long.body.data as { field: string }[])[0]?.field).toBe('message');
    const injected = await enquire({ ...ENQUIRY, name: 'Eve\r\nBcc: all@example.org' });
    expect((injected.body.data as { field: string }[])[0]?.field).toBe('name');
    expect((await enquire({ ...ENQUIRY, message: 'line one\nline two' })).status).toBe(200);
    const unknown = await enquire({ ...ENQUIRY, itemNo: 'NO-SUCH-ITEM-42' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toEqual([{ field: 'itemNo', message: '未找到此货号的产品，请检查或留空' }]);
    expect(await count()).toBe(before + 1);
  });

  it('rations enquiries per client address like the "could not find it" requests', async () => {
    for (let i = 0; i < 5; i += 1) expect((await enquire(ENQUIRY, { 'x-forwarded-for': '198.51.100.9' })).status).toBe(200);
    const limited = await enquire(ENQUIRY, { 'x-forwarded-for': '198.51.100.9' });
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toBe('提交过于频繁，请稍后再试');
    expect((await enquire(ENQUIRY, { 'x-forwarded-for': '198.51.100.10' })).status).toBe(200);
  });
});

describe('the staff list of requests and enquiries', () => {
  it('lists both kinds, newest first, with kind, status and search filters', async () => {
    await h.db.db.insert(catalogFeedback).values([
      { searchKey: 'tris-d11', searchType: 1, contact: 'buyer@lab.example.org', note: '需要 1 g', lang: 'zh' },
      { searchKey: 'CAS 1234-56-7', searchType: 2, contact: '13900139000', note: 'phone only', lang: 'en' },
    ]);
    const all = await list('?limit=50');
    expect(all.items.map((r) => r.kind)).toEqual(expect.arrayContaining(['search', 'enquiry']));
    const times = all.items.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.total).toBe(all.items.length);
    const oldest = await list('?limit=50&sort=createdAt');
    expect(oldest.items.map((r) => `${r.kind}${r.id}`)).toEqual(all.items.map((r) => `${r.kind}${r.id}`).reverse());
    const searches = await list('?kind=search&limit=50');
    expect(searches.items.every((r) => r.kind === 'search')).toBe(true);
    const enquiries = await list('?kind=enquiry&limit=50');
    expect(searches.total + enquiries.total).toBe(all.total);
    const found = await list(`?key=${encodeURIComponent('TRIS-d')}`);
    expect(found.items.map((r) => r.subject)).toEqual(['tris-d11']);
    expect(found.items[0]).toMatchObject({ kind: 'search', status: 'new', contact: 'buyer@lab.example.org', mailable: true });
    const byName = await list(`?key=${encodeURIComponent('王敏')}&kind=enquiry`);
    expect(byName.items.length).toBeGreaterThan(0);
    const closed = await list('?status=closed&limit=50');
    expect(closed.items.every((r) => r.status === 'closed')).toBe(true);
    expect(closed.items.map((r) => r.subject)).not.toContain('tris-d11');
    expect((await list(`?status=closed&key=${encodeURIComponent('tris-d')}`)).total).toBe(0);
  });

  it('pages by keyset without gaps or repeats', async () => {
    const all = await list('?limit=50');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.total).toBe(all.total);
      seen.push(...page.items.map((r) => `${r.kind}${r.id}`));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((r) => `${r.kind}${r.id}`));
  });

  it('refuses bad list parameters with 400', async () => {
    for (const q of ['kind=order', 'status=open', 'sort=name', 'limit=0', 'limit=51', `key=${'x'.repeat(51)}`, 'cursor=bm9wZQ']) {
      const res = await h.call('GET', `/api/admin/requests?${q}`, { token: sales });
      expect(res.status, q).toBe(400);
    }
    expect((await h.call('GET', '/api/admin/requests/order/1', { token: sales })).status).toBe(400);
    expect((await h.call('GET', '/api/admin/requests/search/999999', { token: sales })).status).toBe(404);
  });

  it('replies to an e-mail contact: recorded, mailed in the request language, answered, audited', async () => {
    const [row] = (await list('?key=tris-d11')).items;
    const res = await h.call('POST', `/api/admin/requests/search/${row!.id}/reply`, { token: sales, json: { body: '我们可以为您定制 1 g，报价已附上。' } });
    expect(res.status).toBe(200);
    const result = res.body.data as { mailedTo: string | null; request: RequestDetailDto };
    expect(result.mailedTo).toBe('buyer@lab.example.org');
    expect(result.request.status).toBe('answered');
    expect(result.request.replies).toEqual([expect.objectContaining({ body: '我们可以为您定制 1 g，报价已附上。', mailedTo: 'buyer@lab.example.org', staffName: '周洁' })]);
    const [mail] = mailsTo('buyer@lab.example.org');
    expect(mail).toContain('Subject: 优试剂：关于您的留言的回复');
    expect(mail).toContain('我们可以为您定制 1 g，报价已附上。');
    expect(mail).toContain('未能找到“tris-d11”');
    expect(await auditActions('searchFeedback', row!.id)).toEqual(['reply']);
  });

  it('records a reply to a phone contact without mailing it', async () => {
    const [row] = (await list(`?key=${encodeURIComponent('CAS 1234')}`)).items;
    expect(row!.mailable).toBe(false);
    const res = await h.call('POST', `/api/admin/requests/search/${row!.id}/reply`, { token: sales, json: { body: 'Called back.' } });
    const result = res.body.data as { mailedTo: string | null; request: RequestDetailDto };
    expect(result.mailedTo).toBeNull();
    expect(result.request.replies[0]?.mailedTo).toBeNull();
    expect(result.request.status).toBe('answered');
    expect(mailsTo('13900139000')).toEqual([]);
  });

  it('mails a reply to an enquiry in its language', async () => {
    const [row] = (await list(`?key=${encodeURIComponent('wang.min@lab')}`)).items;
    const res = await h.call('POST', `/api/admin/requests/enquiry/${row!.id}/reply`, { token: sales, json: { body: '报价单请见附件。' } });
    expect((res.body.data as { mailedTo: string }).mailedTo).toBe('wang.min@lab.example.edu');
    expect(mailsTo('wang.min@lab.example.edu').at(-1)).toContain('王敏您好');
  });

  it('changes status only along the allowed transitions, audited', async () => {
    const [row] = (await list(`?key=${encodeURIComponent('Ann Lee')}`)).items;
    const put = (status: string) => h.call('PUT', `/api/admin/requests/enquiry/${row!.id}/status`, { token: sales, json: { status } });
    const progress = await put('in_progress');
    expect((progress.body.data as RequestDetailDto)).toMatchObject({ status: 'in_progress', transitions: ['answered', 'closed'] });
    expect((await put('new')).status).toBe(409);
    expect((await put('closed')).status).toBe(200);
    const reply = await h.call('POST', `/api/admin/requests/enquiry/${row!.id}/reply`, { token: sales, json: { body: 'x' }, headers: en });
    expect(reply.status).toBe(409);
    expect(reply.body.msg).toBe('This change is not allowed from the current status (reopen a closed request first)');
    expect((await put('in_progress')).status).toBe(200);
    expect((await put('done')).status).toBe(400);
    expect(await auditActions('enquiry', row!.id)).toEqual(['status', 'status', 'status']);
    const empty = await h.call('POST', `/api/admin/requests/enquiry/${row!.id}/reply`, { token: sales, json: { body: '  ' }, headers: en });
    expect(empty.status).toBe(400);
    expect(empty.body.data).toEqual([{ field: 'body', message: 'Enter the reply' }]);
  });

  it('needs CUSTOMER.EDIT: guests 401, customers refused, staff without it 403; the enquiry is public', async () => {
    const [row] = (await list()).items;
    const item = `/api/admin/requests/${row!.kind}/${row!.id}`;
    await matrix.expect([
      { method: 'GET', path: '/api/admin/requests', expect: { guest: 401, adminA: 401, buyerA: 401, staffAdmin: 200, staffSales: 200, staffOps: 403 } },
      { method: 'GET', path: item, expect: { guest: 401, buyerA: 401, staffAdmin: 200, staffSales: 200, staffOps: 403 } },
      { method: 'PUT', path: `${item}/status`, json: { status: 'closed' }, expect: { guest: 401, buyerA: 401, staffOps: 403 } },
      { method: 'POST', path: `${item}/reply`, json: { body: 'x' }, expect: { guest: 401, buyerA: 401, staffOps: 403 } },
    ]);
  });
});
