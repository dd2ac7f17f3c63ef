import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDto, OrderInvoicingDto, StaffInvoiceDto, ToInvoiceRowDto } from '@/contracts/invoices';
import type { OrderDeskRowDto } from '@/contracts/orders-admin';
import { businessToday } from '@/server/business-time';
import { fileApiHarness } from '../../../../test/api';
import { complaintHarness, type Login } from '../../../../test/complaints';
import { invoiceOfd, invoicePdf, zipOf } from '../../../../test/invoice-files';
import zh from '../../../../messages/zh.json';

const says = (key: keyof typeof zh.api.errors) => zh.api.errors[key];

/** Invoices on the order desk (ADR 0074): finance records them with their file, buyers download them, red-letter corrections follow refunds. */

const h = fileApiHarness();
const t = complaintHarness(() => h);
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'invoices-'));
  process.env.FILES_DIR = dir;
  await t.login();
});
afterAll(() => {
  delete process.env.FILES_DIR;
  rmSync(dir, { recursive: true, force: true });
});

type Answer = { status: number; body: { code: number; msg: string; data: unknown } };

const day = (offset: number) => {
  const d = new Date(`${businessToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
let serial = 0;
/** A fresh 20-digit invoice number. */
const invoiceNo = () => `2631200000${String(Date.now() % 1e6).padStart(6, '0')}${String((serial += 1)).padStart(4, '0')}`;

/** A placed order of the buyer's company, allocated, placed three days ago, asking for an invoice of `type`, worth `total`. */
async function invoiceableOrder(opts: { type?: 'none' | 'ordinary' | 'special'; total?: string; fulfilment?: string; email?: string } = {}) {
  const order = await t.placedOrder(opts.email ?? 'buyer@demo.example.com');
  const type = opts.type ?? 'ordinary';
  await t.q(sql`update orders set invoice_type = ${type}, invoice_title = '上海示例生物科技有限公司', tax_no = '91310104MA1FR8XK3P',
    invoice_status = ${type === 'none' ? 'none' : 'requested'}, fulfilment = ${opts.fulfilment ?? 'allocated'}, total = ${opts.total ?? '1130.00'},
    placed_at = now() - interval '3 days', created_at = now() - interval '4 days' where id = ${order.id}`);
  return order;
}

async function send(who: Login, orderId: number, fields: Record<string, string>, file: Uint8Array | null = invoicePdf(), name = 'invoice.pdf'): Promise<Answer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), name);
  const res = await h.app.request(`/api/admin/orders/${orderId}/invoices`, { method: 'POST', headers: { authorization: t.tokens[who]! }, body: form });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const blue = (over: Record<string, string> = {}) => ({ invoiceNo: invoiceNo(), issuedOn: day(0), invoiceType: 'ordinary', amount: '1130.00', taxAmount: '130.00', ...over });

async function record(orderId: number, fields: Record<string, string>, file?: Uint8Array, name?: string): Promise<StaffInvoiceDto> {
  const res = await send('finance', orderId, fields, file, name);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as StaffInvoiceDto;
}

async function invoicing(who: Login, orderId: number): Promise<OrderInvoicingDto> {
  const res = await t.call(who, 'GET', `/api/admin/orders/${orderId}/invoices`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as OrderInvoicingDto;
}

async function download(who: Login, url: string): Promise<{ status: number; type: string | null; bytes: Uint8Array }> {
  const res = await h.app.request(url, { headers: { authorization: t.tokens[who]! } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}

const count = async (table: 'invoices' | 'audit_log') => Number((await t.q<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]?.n);
const storedFiles = () => (existsSync(path.join(dir, 'invoices')) ? readdirSync(path.join(dir, 'invoices'), { recursive: true }).filter((f) => String(f).includes('.')).length : 0);

describe('recording an invoice', () => {
  it('records a blue invoice with its PDF: due after the credit days, the order issued, its timeline and the audit log', async () => {
    const order = await invoiceableOrder();
    const before = await invoicing('finance', order.id);
    expect(before).toMatchObject({ invoiceStatus: 'requested', canRecord: true, requestedType: 'ordinary', uninvoiced: '1130.00', invoices: [] });
    const pdf = invoicePdf('blue');
    const fields = blue({ amount: '1000.00', taxAmount: '115.04' });
    const invoice = await record(order.id, fields, pdf, '发票 1.pdf');
    const credit = Number((await t.q<{ d: number }>(sql`select credit_days as d from companies c join orders o on o.company_id = c.id where o.id = ${order.id}`))[0]?.d);
    expect(credit).toBeGreaterThan(0);
    expect(invoice).toMatchObject({ invoiceNo: fields.invoiceNo, kind: 'blue', invoiceType: 'ordinary', issuedOn: day(0), dueOn: day(credit), amount: '1000.00', taxAmount: '115.04', paidAmount: '0.00', fileName: '发票 1.pdf', size: pdf.byteLength, staffName: expect.any(String) });
    expect(invoice.sha256).toMatch(/^[0-9a-f]{64}$/);
    const after = await invoicing('finance', order.id);
    expect(after).toMatchObject({ invoiceStatus: 'issued', uninvoiced: '130.00' });
    expect(after.invoices.map((i) => i.id)).toEqual([invoice.id]);
    const [log] = await t.q<{ action: string; data: { invoiceNo: string } }>(sql`select action, data from order_approval_logs where order_id = ${order.id} order by id desc limit 1`);
    expect(log).toMatchObject({ action: 'invoice', data: { invoiceNo: fields.invoiceNo } });
    const [audit] = await t.q<{ action: string; data: { changes: Record<string, { to: unknown }> } }>(sql`select action, data from audit_log where entity = 'invoice' and entity_id = ${String(invoice.id)}`);
    expect(audit?.action).toBe('create');
    expect(audit?.data.changes.invoiceNo?.to).toBe(fields.invoiceNo);
    const desk = await t.call('finance', 'GET', `/api/admin/orders/${order.id}`);
    expect((desk.body.data as { history: { entity: string }[] }).history.map((e) => e.entity)).toContain('invoice');
    const rows = await t.call('finance', 'GET', `/api/admin/orders?invoiceStatus=issued&limit=200`);
    expect((rows.body.data as { items: OrderDeskRowDto[] }).items.map((r) => r.id)).toContain(order.id);
    expect((rows.body.data as { items: OrderDeskRowDto[] }).items.every((r) => r.invoiceStatus === 'issued')).toBe(true);

    const staff = await download('finance', `/api/admin/orders/${order.id}/invoices/${invoice.id}/file`);
    expect(staff).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(staff.bytes).toEqual(pdf);
  });

  it('takes an OFD file, and a second blue invoice up to what is left', async () => {
    const order = await invoiceableOrder({ total: '200.00' });
    await record(order.id, blue({ amount: '150.00', taxAmount: '17.26' }));
    const ofd = await record(order.id, blue({ amount: '50.00', taxAmount: '5.75' }), invoiceOfd(), 'invoice.ofd');
    expect(ofd).toMatchObject({ fileName: 'invoice.ofd', amount: '50.00' });
    expect((await download('finance', `/api/admin/orders/${order.id}/invoices/${ofd.id}/file`)).type).toBe('application/ofd');
    expect((await invoicing('finance', order.id)).uninvoiced).toBe('0.00');
  });

  it('lets the buyer list and download the order\'s invoices; another company\'s buyer gets 404', async () => {
    const order = await invoiceableOrder();
    const pdf = invoicePdf('buyer');
    const invoice = await record(order.id, blue(), pdf);
    const mine = await t.call('buyer', 'GET', `/api/app/invoices?orderId=${order.id}`);
    expect(mine.status).toBe(200);
    expect((mine.body.data as { items: InvoiceDto[] }).items).toEqual([expect.objectContaining({ id: invoice.id, invoiceNo: invoice.invoiceNo, kind: 'blue', amount: '1130.00' })]);
    expect((mine.body.data as { items: Record<string, unknown>[] }).items[0]).not.toHaveProperty('sha256');
    const file = await download('buyer', `/api/app/invoices/${invoice.id}/file`);
    expect(file).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(file.bytes).toEqual(pdf);
    expect((await t.call('univ', 'GET', `/api/app/invoices?orderId=${order.id}`)).status).toBe(404);
    expect((await download('univ', `/api/app/invoices/${invoice.id}/file`)).status).toBe(404);
    // An employee without SALE.VIEW reads no invoices at all.
    expect((await t.call('employee', 'GET', `/api/app/invoices?orderId=${order.id}`)).status).toBe(403);
  });
});

describe('refusing an invoice', () => {
  it('refuses a file that is not a PDF or OFD by its bytes, whatever its name, and writes nothing', async () => {
    const order = await invoiceableOrder();
    const [invoices, audits, files] = [await count('invoices'), await count('audit_log'), storedFiles()];
    const renamed = await send('finance', order.id, blue(), new TextEncoder().encode('PK\u0003\u0004 not an invoice, only named like one'), 'invoice.pdf');
    expect(renamed.status).toBe(415);
    expect(renamed.body.msg).toBe('发票文件只接受 PDF 或 OFD（按文件内容判断，改扩展名无效）');
    expect((await send('finance', order.id, blue(), zipOf({ 'word/document.xml': '<w/>' }), 'invoice.ofd')).status).toBe(415);
    expect((await send('finance', order.id, blue(), new TextEncoder().encode('%PDF-1.7\n<html><script>x()</script></html>\n%%EOF'))).status).toBe(415);
    expect((await send('finance', order.id, blue(), null)).status).toBe(400);
    expect([await count('invoices'), await count('audit_log'), storedFiles()]).toEqual([invoices, audits, files]);
    expect((await invoicing('finance', order.id)).invoiceStatus).toBe('requested');
  });

  it('refuses a bad number, day, type, amount or tax with a clear message, and writes nothing', async () => {
    const order = await invoiceableOrder({ total: '500.00' });
    const before = [await count('invoices'), storedFiles()];
    const refuse = async (fields: Record<string, string>, status: number, msg: string, field?: string) => {
      const res = await send('finance', order.id, fields);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (field) expect(res.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ field, message: says(msg as keyof typeof zh.api.errors) })]));
      else expect(res.body.msg).toBe(msg);
    };
    await refuse(blue({ invoiceNo: '1234567890' }), 400, 'invoiceNoInvalid', 'invoiceNo');
    await refuse(blue({ invoiceNo: '2631200000ABC0000001' }), 400, 'invoiceNoInvalid', 'invoiceNo');
    await refuse(blue({ issuedOn: day(1) }), 400, 'invoiceDateInFuture', 'issuedOn');
    await refuse(blue({ issuedOn: day(-30) }), 400, 'invoiceDateBeforeOrder', 'issuedOn');
    await refuse(blue({ issuedOn: '2026-02-30' }), 400, 'dateInvalid', 'issuedOn');
    await refuse(blue({ invoiceType: 'special' }), 400, 'invoiceTypeNotRequested', 'invoiceType');
    await refuse(blue({ amount: '500.01', taxAmount: '10.00' }), 400, '发票金额须大于零，且不能超过订单尚未开票的金额 ¥500.00');
    await refuse(blue({ amount: '0', taxAmount: '0' }), 400, '发票金额须大于零，且不能超过订单尚未开票的金额 ¥500.00');
    await refuse(blue({ amount: '100.00', taxAmount: '100.01' }), 400, '税额不能超过价税合计金额');
    await refuse(blue({ amount: '-5' }), 400, 'invalidAmount', 'amount');
    await refuse({ ...blue(), kind: 'red' }, 400, 'fieldRequired', 'correctsId');
    expect([await count('invoices'), storedFiles()]).toEqual(before);
  });

  it('refuses a number already recorded (409)', async () => {
    const order = await invoiceableOrder();
    const first = await record(order.id, blue({ amount: '100.00', taxAmount: '11.50' }));
    const files = storedFiles();
    const again = await send('finance', order.id, blue({ invoiceNo: first.invoiceNo, amount: '100.00', taxAmount: '11.50' }));
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('该发票号码已登记过');
    expect(storedFiles()).toBe(files);
  });

  it('records only on a placed order not held by finance that asked for an invoice', async () => {
    const none = await invoiceableOrder({ type: 'none' });
    expect((await send('finance', none.id, blue())).body.msg).toBe('该订单未申请发票');
    const held = await invoiceableOrder({ fulfilment: 'held' });
    expect((await send('finance', held.id, blue())).status).toBe(409);
    expect((await invoicing('finance', held.id)).blockedBy).toBe('held');
    const voided = await invoiceableOrder();
    await t.q(sql`update orders set status = 'cancelled' where id = ${voided.id}`);
    expect((await send('finance', voided.id, blue())).body.msg).toBe(says('invoiceOrderNotReady'));
    // Before the warehouse's work has begun (先票后款): recorded.
    const early = await invoiceableOrder({ fulfilment: 'none' });
    expect((await record(early.id, blue({ amount: '100.00', taxAmount: '11.50' }))).kind).toBe('blue');
    const special = await invoiceableOrder({ type: 'special', fulfilment: 'delivered' });
    expect((await record(special.id, blue({ invoiceType: 'special' }))).invoiceType).toBe('special');
  });
});

describe('who may record and read invoices', () => {
  it('lets finance record; not operations or sales (403); reading follows the order desk\'s scope', async () => {
    const order = await invoiceableOrder();
    for (const who of ['ops', 'sales'] as const) expect((await send(who, order.id, blue())).status).toBe(403);
    expect((await send('admin', order.id, blue({ amount: '10.00', taxAmount: '1.15' }))).status).toBe(200);
    // The buyer's company is sales's customer: sales reads its invoicing, sales2 (another team's) does not see the order.
    expect((await t.call('sales', 'GET', `/api/admin/orders/${order.id}/invoices`)).status).toBe(200);
    expect((await t.call('sales2', 'GET', `/api/admin/orders/${order.id}/invoices`)).status).toBe(404);
    const [inv] = await t.q<{ id: number }>(sql`select id from invoices where order_id = ${order.id}`);
    expect((await download('sales2', `/api/admin/orders/${order.id}/invoices/${inv!.id}/file`)).status).toBe(404);
    expect((await download('buyer', `/api/admin/orders/${order.id}/invoices/${inv!.id}/file`)).status).toBe(401);
  });

  it('keeps a member with INVOICE.ISSUE to the orders they see (404 for another team\'s customer)', async () => {
    const order = await invoiceableOrder();
    const roles = sql`(select a.role_id from staff_role_assignments a join staff s on s.id = a.staff_id where s.login_name = 'sales2')`;
    await t.q(sql`insert into staff_role_permissions (role_id, permission) select r.role_id, 'INVOICE.ISSUE' from ${roles} r on conflict do nothing`);
    try {
      const res = await send('sales2', order.id, blue());
      expect(res.status, JSON.stringify(res.body)).toBe(404);
    } finally {
      await t.q(sql`delete from staff_role_permissions where permission = 'INVOICE.ISSUE' and role_id in ${roles}`);
    }
  });
});

describe('red-letter invoices', () => {
  it('corrects a blue invoice for an approved refund, within the credit note, and reverses the order when all is corrected', async () => {
    const order = await invoiceableOrder({ total: '1.20' });
    const b = await record(order.id, blue({ amount: '1.20', taxAmount: '0.14' }));
    const c = await t.file('buyer', { orderId: order.id, lines: [{ itemId: order.itemId, quantity: order.num }], description: '到货破损', appliedRefund: '1.20' });
    const red = (over: Record<string, string> = {}) => ({ ...blue({ amount: '1.20', taxAmount: '0.14' }), kind: 'red', correctsId: String(b.id), complaintId: String(c.id), ...over });
    // No credit note before the refund is approved.
    expect((await send('finance', order.id, red())).body.data).toEqual([expect.objectContaining({ field: 'complaintId', message: says('invoiceCreditNoteMissing') })]);
    expect((await t.move('sales', c.id, { to: 'approving', approvedRefund: '0.80' })).status).toBe(200);
    const step = (await t.detail('finance', c.id)).approval?.steps.find((s) => s.status === 'pending');
    expect((await t.call('finance', 'POST', `/api/admin/approvals/steps/${step!.id}/decision`, { decision: 'approve', comment: '同意' })).status).toBe(200);

    const tooMuch = await send('finance', order.id, red());
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.msg).toContain('¥0.80');
    const first = await record(order.id, red({ amount: '0.50', taxAmount: '0.06' }));
    expect(first).toMatchObject({ kind: 'red', correctsId: b.id, correctsNo: b.invoiceNo, complaintId: c.id, creditNo: expect.stringMatching(/^CN/), dueOn: null });
    expect((await invoicing('finance', order.id)).invoiceStatus).toBe('issued');
    const rest = await send('finance', order.id, red({ amount: '0.31', taxAmount: '0.03' }));
    expect(rest.body.msg).toContain('¥0.30');
    await record(order.id, red({ amount: '0.30', taxAmount: '0.03' }));
    const after = await invoicing('finance', order.id);
    expect(after.creditNotes).toEqual([expect.objectContaining({ complaintId: c.id, amount: '0.80', correctedAmount: '0.80' })]);
    expect(after.invoices.find((i) => i.id === b.id)?.correctedAmount).toBe('0.80');
    expect(after.uninvoiced).toBe('0.80');
    // The whole blue amount corrected: a second refund's red-letter invoice reverses the order.
    await t.q(sql`update credit_notes set amount_cents = 120 where complaint_id = ${c.id}`);
    await record(order.id, red({ amount: '0.40', taxAmount: '0.05' }));
    expect((await invoicing('finance', order.id)).invoiceStatus).toBe('reversed');
    const mine = await t.call('buyer', 'GET', `/api/app/invoices?orderId=${order.id}`);
    expect((mine.body.data as { items: InvoiceDto[] }).items.map((i) => i.kind)).toEqual(['blue', 'red', 'red', 'red']);
  });

  it('refuses a red-letter invoice of a blue invoice of another order', async () => {
    const one = await invoiceableOrder();
    const other = await invoiceableOrder();
    const b = await record(other.id, blue({ amount: '10.00', taxAmount: '1.15' }));
    await record(one.id, blue({ amount: '10.00', taxAmount: '1.15' }));
    const res = await send('finance', one.id, { ...blue({ amount: '1.00', taxAmount: '0.10' }), kind: 'red', correctsId: String(b.id), complaintId: '1' });
    expect(res.body.data).toEqual([expect.objectContaining({ field: 'correctsId', message: says('invoiceCorrectedNotFound') })]);
  });
});

describe('the orders to invoice', () => {
  interface Page { total: number; items: ToInvoiceRowDto[]; nextCursor: string | null }
  const report = async (who: Login, query: Record<string, string> = {}): Promise<Page> => {
    const res = await t.call(who, 'GET', `/api/admin/invoices/pending?${new URLSearchParams({ limit: '200', ...query }).toString()}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Page;
  };

  it('lists placed orders shipped or delivered that asked for an invoice and have none, with filters, search and sort', async () => {
    const delivered = await invoiceableOrder({ fulfilment: 'delivered', total: '300.00' });
    const shipped = await invoiceableOrder({ fulfilment: 'shipped', total: '200.00' });
    const allocated = await invoiceableOrder({ fulfilment: 'allocated' });
    const invoiced = await invoiceableOrder({ fulfilment: 'delivered' });
    await record(invoiced.id, blue());
    const unasked = await invoiceableOrder({ fulfilment: 'delivered', type: 'none' });
    await t.q(sql`update orders set delivered_at = now(), shipped_at = now() - interval '1 day' where id = ${delivered.id}`);

    const ids = (await report('finance')).items.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([delivered.id, shipped.id]));
    for (const id of [allocated.id, invoiced.id, unasked.id]) expect(ids).not.toContain(id);
    const row = (await report('finance')).items.find((r) => r.id === delivered.id);
    expect(row).toMatchObject({ fulfilment: 'delivered', invoiceType: 'ordinary', invoiceTitle: '上海示例生物科技有限公司', total: '300.00', deliveredAt: expect.any(String) });
    const onlyDelivered = await report('finance', { fulfilment: 'delivered' });
    expect(onlyDelivered.items.every((r) => r.fulfilment === 'delivered')).toBe(true);
    expect(onlyDelivered.items.map((r) => r.id)).not.toContain(shipped.id);
    const [no] = await t.q<{ order_no: string }>(sql`select order_no from orders where id = ${shipped.id}`);
    // An order number's start finds the orders it begins (the copies of one demo order here).
    const prefix = no!.order_no.split('-')[0]!;
    const found = (await report('finance', { key: prefix })).items;
    expect(found.map((r) => r.id)).toContain(shipped.id);
    expect(found.every((r) => r.orderNo.startsWith(prefix))).toBe(true);
    expect((await report('finance', { key: '北京示例大学' })).items.map((r) => r.id)).not.toContain(shipped.id);
    const high = (await report('finance', { sort: '-amount' })).items.map((r) => Number(r.total));
    expect([...high].sort((a, b) => b - a)).toEqual(high);
    // Keyset pages: one row a page, every row once.
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: Page = await report('finance', { limit: '1', ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor;
    }
    expect(seen.sort()).toEqual(ids.sort());

    const workbook = await h.app.request('/api/admin/invoices/pending/export', { headers: { authorization: t.tokens.finance! } });
    expect(workbook.status).toBe(200);
    expect(workbook.headers.get('content-type')).toContain('spreadsheetml');
    expect(workbook.headers.get('content-disposition')).toMatch(/to-invoice-\d{4}-\d\d-\d\d\.xlsx/);
  });

  it('is finance\'s: operations and sales get 403, a bad filter 400', async () => {
    for (const who of ['ops', 'sales'] as const) {
      expect((await t.call(who, 'GET', '/api/admin/invoices/pending')).status).toBe(403);
      expect((await t.call(who, 'GET', '/api/admin/invoices/pending/export')).status).toBe(403);
    }
    expect((await t.call('buyer', 'GET', '/api/admin/invoices/pending')).status).toBe(401);
    expect((await t.call('finance', 'GET', '/api/admin/invoices/pending?fulfilment=allocated')).status).toBe(400);
    expect((await t.call('finance', 'GET', '/api/admin/invoices/pending?sort=name')).status).toBe(400);
  });
});
