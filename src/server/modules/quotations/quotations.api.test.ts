import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuotationDetailDto, QuotationRowDto } from '@/contracts/quotations';
import { rowsOf } from '@/server/db/client';
import { approvalRules, productPacks, products } from '@/server/db/schema';
import { withMailbox } from '../../../../test/mailbox';
import { addressOf, firstPacks } from '../../../../test/orders';

const env = withMailbox();
const STAFF = { admin: 'Admin#2026', sales: 'Sales#2026', manager: 'Manager#2026', sales2: 'Sales2#2026', ops: 'Ops#2026' } as const;
const USERS = { buyer: 'buyer@demo.example.com', employee: 'employee@demo.example.com', univ: 'buyer@univ.example.com' } as const;
type Who = keyof typeof STAFF | keyof typeof USERS;
const tokens: Partial<Record<Who, string>> = {};
let packs: Awaited<ReturnType<typeof firstPacks>>;
let address = 0;

beforeAll(async () => {
  for (const [login, pw] of Object.entries(STAFF)) tokens[login as Who] = await env.h.loginStaff(login, pw);
  for (const [key, login] of Object.entries(USERS)) tokens[key as Who] = await env.h.loginUser(login, 'Reagent#2026');
  packs = await firstPacks(env.h, 4);
  address = await addressOf(env.h, USERS.buyer);
  const db = env.h.db.db;
  await db.update(products).set({ ghs: null, controlClass: null, active: true }).where(inArray(products.id, packs.map((p) => p.productId)));
  await db.update(productPacks).set({ price: '200.00', stock: 100, leadTimeDays: 0 }).where(inArray(productPacks.id, packs.map((p) => p.id)));
  await db.delete(approvalRules).where(sql`true`);
});

const call = (who: Who | null, method: string, url: string, json?: unknown) => env.h.call(method, url, { ...(who ? { token: tokens[who] } : {}), json });
const detail = (res: { body: { data: unknown } }) => res.body.data as QuotationDetailDto;
const ACCEPT = { addressId: 0, invoiceType: 'none' };
const accept = (id: number, who: Who = 'buyer') => call(who, 'POST', `/api/app/quotations/${id}/accept`, { ...ACCEPT, addressId: address });

async function requestQuote(who: Who = 'buyer'): Promise<QuotationDetailDto> {
  const res = await call(who, 'POST', '/api/app/quotations', {
    source: 'cart', note: '请尽快报价', lines: [{ packId: packs[0]!.id, num: 2, comment: '需要 COA' }, { packId: packs[1]!.id, num: 1, comment: '' }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return detail(res);
}
const move = (who: Who, id: number, to: string) => call(who, 'PUT', `/api/admin/quotations/${id}/state`, { to });
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
const draft = (who: Who, id: number, discountBp: number, unitCents = 20000) => call(who, 'PUT', `/api/admin/quotations/${id}/draft`, {
  discountBp, validUntil: inDays(10), note: '含运费', lines: [{ packId: packs[0]!.id, num: 2, unitCents, comment: '需要 COA' }, { packId: packs[1]!.id, num: 3, unitCents: 19999 }],
});

/** A requested quotation taken, priced at 5% off and sent by sales. */
async function sentQuote(): Promise<QuotationDetailDto> {
  const q = await requestQuote();
  expect((await move('sales', q.id, 'draft')).status).toBe(200);
  expect((await draft('sales', q.id, 500)).status).toBe(200);
  const sent = await move('sales', q.id, 'sent');
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return detail(sent);
}

describe('the mail of a sent version', () => {
  it('links to SITE_URL, never to the Host the request named', async () => {
    const before = process.env.SITE_URL;
    try {
      for (const [site, origin] of [['https://shop.reagent.example.com/', 'https://shop.reagent.example.com'], [undefined, `http://localhost:${process.env.PORT ?? '3000'}`]] as const) {
        if (site === undefined) delete process.env.SITE_URL;
        else process.env.SITE_URL = site;
        const q = await requestQuote();
        expect((await move('sales', q.id, 'draft')).status).toBe(200);
        expect((await draft('sales', q.id, 500)).status).toBe(200);
        const since = env.mailbox.received.length;
        const sent = await env.h.call('PUT', `/api/admin/quotations/${q.id}/state`, { token: tokens.sales, json: { to: 'sent' }, headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
        expect(sent.status, JSON.stringify(sent.body)).toBe(200);
        const mail = await env.mailbox.next(USERS.buyer, since);
        expect(mail.text).not.toContain('evil.example');
        const links = mail.text.match(/https?:\/\/[^\s]+/g) ?? [];
        expect(links.length).toBeGreaterThan(0);
        for (const link of links) expect(link.startsWith(`${origin}/`), link).toBe(true);
      }
    } finally {
      if (before === undefined) delete process.env.SITE_URL;
      else process.env.SITE_URL = before;
    }
  });
});

describe('a customer request', () => {
  it('is made from the cart with per-line comments, visible in the account, owned by the company sales member', async () => {
    const q = await requestQuote();
    expect(q).toMatchObject({ state: 'requested', currentVersion: 0, versions: [] });
    expect(q.quoteNo).toMatch(/^QT\d{8}\d{5}$/);
    expect(q.request?.lines.map((l) => l.comment)).toEqual(['需要 COA', '']);
    const mine = await call('buyer', 'GET', '/api/app/quotations');
    expect((mine.body.data as { items: QuotationRowDto[] }).items.map((r) => r.id)).toContain(q.id);
    const staff = await call('sales', 'GET', `/api/admin/quotations/${q.id}`);
    expect(detail(staff)).toMatchObject({ ownerName: '周洁', moves: ['draft'] });
  });

  it('takes the lines as JSON text in a form post, as the storefront sends them', async () => {
    const res = await env.h.call('POST', '/api/app/quotations', {
      token: tokens.buyer, form: { source: 'product', note: '', lines: JSON.stringify([{ packId: packs[2]!.id, num: 3, comment: '纯度 ≥99.9%' }]) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(detail(res).request?.lines).toMatchObject([{ num: 3, comment: '纯度 ≥99.9%' }]);
  });

  it('refuses bad input with the field and writes nothing', async () => {
    const before = (await call('buyer', 'GET', '/api/app/quotations')).body.data as { total: number };
    const empty = await call('buyer', 'POST', '/api/app/quotations', { source: 'cart', lines: [] });
    expect(empty.status).toBe(400);
    const unknown = await call('buyer', 'POST', '/api/app/quotations', { source: 'product', lines: [{ packId: 99999999, num: 1 }] });
    expect(unknown.status).toBe(400);
    const badNum = await call('buyer', 'POST', '/api/app/quotations', { source: 'product', lines: [{ packId: packs[0]!.id, num: 0 }] });
    expect(badNum.status).toBe(400);
    expect(((await call('buyer', 'GET', '/api/app/quotations')).body.data as { total: number }).total).toBe(before.total);
  });

  it('is refused to guests (401), users without SALE.VIEW (403) and another company (404)', async () => {
    const q = await requestQuote();
    expect((await call(null, 'GET', '/api/app/quotations')).status).toBe(401);
    expect((await call('employee', 'GET', '/api/app/quotations')).status).toBe(403);
    expect((await call('univ', 'GET', `/api/app/quotations/${q.id}`)).status).toBe(404);
    const theirs = (await call('univ', 'GET', '/api/app/quotations')).body.data as { items: QuotationRowDto[] };
    expect(theirs.items.some((r) => r.id === q.id)).toBe(false);
    expect((await accept(q.id, 'univ')).status).toBe(404);
  });
});

describe('staff', () => {
  it('see their own and their team’s quotations only; others get 404, members without QUOTATION.EDIT 403', async () => {
    const q = await requestQuote();
    expect((await call('sales2', 'GET', `/api/admin/quotations/${q.id}`)).status).toBe(404);
    expect((await move('sales2', q.id, 'draft')).status).toBe(404);
    const list = (await call('sales2', 'GET', '/api/admin/quotations')).body.data as { items: QuotationRowDto[] };
    expect(list.items.some((r) => r.id === q.id)).toBe(false);
    expect((await call('manager', 'GET', `/api/admin/quotations/${q.id}`)).status).toBe(200);
    expect((await call('ops', 'GET', '/api/admin/quotations')).status).toBe(403);
    expect((await call(null, 'GET', '/api/admin/quotations')).status).toBe(401);
  });

  it('price a draft on the server in integer cents, refuse bad input without a change', async () => {
    const q = await requestQuote();
    const taken = detail(await move('sales', q.id, 'draft'));
    expect(taken.versions[0]!.lines.map((l) => [l.num, l.unitCents, l.listCents])).toEqual([[2, 20000, 20000], [1, 20000, 20000]]);
    const saved = detail(await draft('sales', q.id, 333));
    const v = saved.versions[0]!;
    // 200.00 × (1 − 3.33%) = 193.34; 199.99 × 0.9667 = 193.330333 → 193.33
    expect(v.lines.map((l) => l.netCents)).toEqual([19334, 19333]);
    expect(v).toMatchObject({ subtotalCents: 99997, totalCents: 19334 * 2 + 19333 * 3, discountCents: 99997 - (19334 * 2 + 19333 * 3), belowFloor: false });
    const past = await call('sales', 'PUT', `/api/admin/quotations/${q.id}/draft`, { discountBp: 0, validUntil: '2020-01-01', lines: [{ packId: packs[0]!.id, num: 1, unitCents: 100 }] });
    expect(past.status).toBe(400);
    const overDiscount = await call('sales', 'PUT', `/api/admin/quotations/${q.id}/draft`, { discountBp: 10001, validUntil: inDays(5), lines: [{ packId: packs[0]!.id, num: 1, unitCents: 100 }] });
    expect(overDiscount.status).toBe(400);
    expect(detail(await call('sales', 'GET', `/api/admin/quotations/${q.id}`)).versions[0]!.totalCents).toBe(v.totalCents);
  });

  it('need QUOTATION.PRICE_OVERRIDE below the floor, and an approval by another holder before sending', async () => {
    const q = await requestQuote();
    await move('sales', q.id, 'draft');
    const refused = await draft('sales', q.id, 1600);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain('底价');
    const low = detail(await draft('manager', q.id, 1600));
    expect(low.versions[0]!.belowFloor).toBe(true);
    expect((await move('manager', q.id, 'sent')).status).toBe(409);
    expect(detail(await move('manager', q.id, 'pending_approval')).state).toBe('pending_approval');
    const own = (await call('manager', 'GET', '/api/admin/approvals/inbox?entityType=quotation')).body.data as { items: { entityId: number }[] };
    expect(own.items.some((i) => i.entityId === q.id)).toBe(false);
    const inbox = (await call('admin', 'GET', '/api/admin/approvals/inbox?entityType=quotation')).body.data as { items: { stepId: number; entityId: number }[] };
    const step = inbox.items.find((i) => i.entityId === q.id)!;
    const decided = await call('admin', 'POST', `/api/admin/approvals/steps/${step.stepId}/decision`, { decision: 'approve', comment: '战略客户，同意' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(detail(await call('manager', 'GET', `/api/admin/quotations/${q.id}`)).state).toBe('approved');
    const since = env.mailbox.received.length;
    expect(detail(await move('manager', q.id, 'sent')).state).toBe('sent');
    const mail = await env.mailbox.next(USERS.buyer, since);
    expect(mail.subject).toContain(q.quoteNo);
  });

  it('cannot make customer moves or illegal ones; a sent version is read-only', async () => {
    const q = await sentQuote();
    expect((await move('sales', q.id, 'accepted')).status).toBe(403);
    expect((await move('sales', q.id, 'converted')).status).toBe(409);
    expect((await draft('sales', q.id, 0)).status).toBe(409);
  });
});

describe('the customer answers', () => {
  it('accepts a sent version: it becomes an order at the quoted prices, through the company rules; a second accept is refused', async () => {
    const q = await sentQuote();
    const res = await accept(q.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as { quotation: QuotationDetailDto; order: { id: number; total: string }; failure: null };
    expect(data.quotation.state).toBe('converted');
    expect(data.quotation.orderNo).toMatch(/^SO/);
    const [order] = rowsOf<{ subtotal: string; status: string }>(await env.h.db.db.execute(sql`select subtotal::text, status from orders where id = ${data.order.id}`));
    expect(order).toMatchObject({ subtotal: ((19000 * 2 + 18999 * 3) / 100).toFixed(2), status: 'passed' });
    expect((await accept(q.id)).status).toBe(409);
  });

  it('makes one order of two parallel accepts', async () => {
    const q = await sentQuote();
    const [a, b] = await Promise.all([accept(q.id), accept(q.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [n] = rowsOf<{ n: number }>(await env.h.db.db.execute(sql`select count(*)::int as n from orders where idempotency_key = ${`quotation-${q.id}`}`));
    expect(Number(n?.n)).toBe(1);
  });

  it('converts with a short stock as a backorder, as the cart takes the same lines; the lines show stock and lead time', async () => {
    await env.h.db.db.update(productPacks).set({ stock: 1, leadTimeDays: 0 }).where(eq(productPacks.id, packs[0]!.id));
    await env.h.db.db.update(productPacks).set({ stock: 0, leadTimeDays: 14 }).where(eq(productPacks.id, packs[1]!.id));
    try {
      const q = await sentQuote();
      const staffView = detail(await call('sales', 'GET', `/api/admin/quotations/${q.id}`));
      expect(staffView.versions[0]!.lines.map((l) => [l.stock, l.leadTimeDays])).toEqual([[1, 0], [0, 14]]);
      expect(staffView.versions[0]!.taxCents).toBe(Math.round((staffView.versions[0]!.totalCents * 13) / 113));
      const res = await accept(q.id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const data = res.body.data as { quotation: QuotationDetailDto; order: { id: number } | null; failure: unknown };
      expect(data.failure).toBeNull();
      expect(data.quotation.state).toBe('converted');
      expect(data.order).not.toBeNull();
    } finally {
      await env.h.db.db.update(productPacks).set({ stock: 100, leadTimeDays: 0 }).where(inArray(productPacks.id, packs.map((p) => p.id)));
    }
  });

  it('sees a clear failure when a price changed, and converts after it is restored', async () => {
    const q = await sentQuote();
    await env.h.db.db.update(productPacks).set({ price: '210.00' }).where(eq(productPacks.id, packs[1]!.id));
    const failed = (await accept(q.id)).body.data as { quotation: QuotationDetailDto; failure: { code: string; itemNos: string[] } };
    expect(failed.failure).toEqual({ code: 'quotationPriceChanged', itemNos: [packs[1]!.itemNo] });
    expect(failed.quotation).toMatchObject({ state: 'accepted', conversionError: { code: 'quotationPriceChanged' } });
    await env.h.db.db.update(productPacks).set({ price: '200.00' }).where(eq(productPacks.id, packs[1]!.id));
    const retried = await call('buyer', 'POST', `/api/app/quotations/${q.id}/convert`, { ...ACCEPT, addressId: address });
    expect((retried.body.data as { quotation: QuotationDetailDto }).quotation).toMatchObject({ state: 'converted', conversionError: null });
  });

  it('refuses an unknown address with the field, nothing changed', async () => {
    const q = await sentQuote();
    const res = await call('buyer', 'POST', `/api/app/quotations/${q.id}/accept`, { addressId: 99999999, invoiceType: 'none' });
    expect(res.status).toBe(400);
    expect((res.body.data as { field: string }[]).map((e) => e.field)).toEqual(['addressId']);
    // Refused before the acceptance (ADR 0072): the quotation is still sent, to be accepted with a good address.
    expect(detail(await call('buyer', 'GET', `/api/app/quotations/${q.id}`)).state).toBe('sent');
  });

  it('declines, or asks to renegotiate: staff then draft a new version', async () => {
    const a = await sentQuote();
    expect(detail(await call('buyer', 'POST', `/api/app/quotations/${a.id}/decline`, { comment: '预算不足' })).state).toBe('declined');
    const b = await sentQuote();
    expect(detail(await call('buyer', 'POST', `/api/app/quotations/${b.id}/renegotiate`, { comment: '能否再优惠 5%' })).state).toBe('renegotiation');
    const v2 = detail(await move('sales', b.id, 'draft'));
    expect(v2).toMatchObject({ state: 'draft', currentVersion: 2, customerComment: '能否再优惠 5%' });
    expect(v2.versions.map((v) => [v.version, v.sentAt !== null])).toEqual([[2, false], [1, true]]);
    const customer = detail(await call('buyer', 'GET', `/api/app/quotations/${b.id}`));
    expect(customer.versions.map((v) => v.version)).toEqual([1]);
  });

  it('cannot accept after the validity date: the quotation expires', async () => {
    const q = await sentQuote();
    await env.h.db.db.execute(sql`update quotation_versions set valid_until = '2024-01-01' where quotation_id = ${q.id}`);
    const res = await accept(q.id);
    expect(res.status).toBe(409);
    expect(detail(await call('buyer', 'GET', `/api/app/quotations/${q.id}`)).state).toBe('expired');
  });
});

describe('the PDF of a version', () => {
  it('is made in Chinese and English with the text extractable; the customer gets sent versions of their company only', async () => {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const q = await sentQuote();
    const get = async (who: Who, url: string) => {
      const res = await env.h.app.request(url, { headers: { authorization: tokens[who]! } });
      return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
    };
    const text = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text.replace(/\s+/g, '');
    const zh = await get('sales', `/api/admin/quotations/${q.id}/pdf?lang=zh`);
    expect(zh).toMatchObject({ status: 200, type: 'application/pdf' });
    const zhText = await text(zh.bytes);
    // Prices include VAT 13 %: the total says so and shows the tax it contains (¥949.97 × 13 / 113).
    for (const s of ['报价单', '上海示例生物科技有限公司', q.quoteNo, '报价总额（含税）', '¥949.97', '其中税额（增值税13%）¥109.29', '含13%增值税']) expect(zhText).toContain(s);
    expect(zhText).not.toContain('不含');
    const en = await get('buyer', `/api/app/quotations/${q.id}/pdf?lang=en&version=1`);
    expect(en.status).toBe(200);
    const enText = await text(en.bytes);
    expect(enText).toContain('Quotation');
    for (const s of ['Total(VATincluded)', 'OfwhichVAT(13%)¥109.29']) expect(enText).toContain(s);
    expect(enText).toContain('上海示例生物科技有限公司');
    expect((await get('univ', `/api/app/quotations/${q.id}/pdf`)).status).toBe(404);
    expect((await get('buyer', `/api/app/quotations/${q.id}/pdf?version=2`)).status).toBe(404);
    expect((await get('sales2', `/api/admin/quotations/${q.id}/pdf`)).status).toBe(404);
  });
});
