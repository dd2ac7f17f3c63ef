import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerReceivablesDto, InvoicePaymentsDto, ReceivableRowDto } from '@/contracts/receivables';
import { businessDayOf } from '@/lib/business-day';
import { fileApiHarness } from '../../../../test/api';
import { complaintHarness, STAFF, type Login } from '../../../../test/complaints';
import { issuedInvoice } from '../../../../test/invoice-files';

/** Receivables (ADR 0074): payments against blue invoices, their reversal, the ageing per customer and a customer's panel. */

const h = fileApiHarness();
const t = complaintHarness(() => h);

const today = businessDayOf(new Date(), 'Asia/Shanghai');
const dayOffset = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const n = async (query: ReturnType<typeof sql>) => Number((await t.q<{ n: number }>(query))[0]?.n);

let invoiceSeq = 0;
/** A blue invoice of an order (or a red one correcting another), numbered in turn. */
async function insertInvoice(orderId: number, v: { amount: string; issuedOn: string; dueOn: string | null; paid?: string; kind?: 'blue' | 'red'; corrects?: number }): Promise<number> {
  invoiceSeq += 1;
  return issuedInvoice(h.db.db, orderId, { ...v, invoiceNo: `2644${String(invoiceSeq).padStart(16, '0')}` });
}

/** The first placed order of each company that has one. */
let orderOf: Map<number, number>;
let demo: number;
let univ: number;

beforeAll(async () => {
  await t.login();
  const rows = await t.q<{ company_id: number; id: number }>(sql`select company_id, min(id)::int as id from orders where status = 'placed' group by company_id`);
  orderOf = new Map(rows.map((r) => [Number(r.company_id), Number(r.id)]));
  const companyOf = async (email: string) => Number((await t.q<{ company_id: number }>(sql`select company_id from users where login_name = ${email}`))[0]?.company_id);
  demo = await companyOf('buyer@demo.example.com');
  univ = await companyOf('buyer@univ.example.com');
  expect(orderOf.has(demo) && orderOf.has(univ)).toBe(true);
});

const pay = (who: Login | null, id: number, body: unknown) => t.call(who, 'POST', `/api/admin/invoices/${id}/payments`, body);
const reverse = (who: Login | null, id: number, paymentId: number, body: unknown) => t.call(who, 'POST', `/api/admin/invoices/${id}/payments/${paymentId}/reverse`, body);
const paymentsOf = async (id: number): Promise<InvoicePaymentsDto> => {
  const res = await t.call('finance', 'GET', `/api/admin/invoices/${id}/payments`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as InvoicePaymentsDto;
};
const stateOf = async (id: number) => ({
  paid: (await t.q<{ paid: string }>(sql`select paid_amount::text as paid from invoices where id = ${id}`))[0]?.paid,
  payments: await n(sql`select count(*)::int as n from invoice_payments where invoice_id = ${id}`),
  audits: await n(sql`select count(*)::int as n from audit_log where action in ('receivePayment', 'reversePayment')`),
});

describe('recording a payment', () => {
  it('writes the payment, raises the paid amount in the same change and logs it under the order', async () => {
    const orderId = orderOf.get(demo)!;
    const id = await insertInvoice(orderId, { amount: '1000.00', issuedOn: dayOffset(-40), dueOn: dayOffset(-10) });
    const res = await pay('finance', id, { amount: '300.5', receivedOn: dayOffset(-1), reference: ' BANK-001 ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as InvoicePaymentsDto;
    expect(data.invoice).toMatchObject({ id, orderId, amount: '1000.00', paidAmount: '300.50', unpaid: '699.50', daysOverdue: 10 });
    expect(data.payments).toEqual([expect.objectContaining({ amount: '300.50', receivedOn: dayOffset(-1), reference: 'BANK-001', staffName: expect.any(String) })]);
    expect((await stateOf(id)).paid).toBe('300.50');
    const [audit] = await t.q<{ entity: string; entity_id: string; data: { note: Record<string, unknown>; changes: Record<string, unknown> } }>(
      sql`select entity, entity_id, data from audit_log where action = 'receivePayment' order by id desc limit 1`);
    expect(audit).toMatchObject({ entity: 'order', entity_id: String(orderId) });
    expect(audit!.data.changes).toEqual({ paidAmount: { from: '0.00', to: '300.50' } });
    expect(audit!.data.note).toMatchObject({ amount: '300.50', reference: 'BANK-001' });

    // The rest exactly: paid in full, then not a cent more.
    const rest = await pay('finance', id, { amount: '699.50', receivedOn: today });
    expect(rest.status).toBe(200);
    expect((rest.body.data as InvoicePaymentsDto).invoice).toMatchObject({ paidAmount: '1000.00', unpaid: '0.00' });
    const before = await stateOf(id);
    const over = await pay('finance', id, { amount: '0.01', receivedOn: today });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe(400);
    expect(over.body.data).toMatchObject({ field: 'amount', unpaid: '0.00' });
    expect(await stateOf(id)).toEqual(before);
    expect((await paymentsOf(id)).payments.map((p) => p.amount)).toEqual(['300.50', '699.50']);
  });

  it('refuses bad input with the reason, changing nothing', async () => {
    const id = await insertInvoice(orderOf.get(univ)!, { amount: '200.00', issuedOn: dayOffset(-5), dueOn: dayOffset(25), paid: '50.00' });
    const before = await stateOf(id);
    const cases: [unknown, string][] = [
      [{ amount: '150.01', receivedOn: today }, 'The amount is more than the invoice has unpaid (¥150.00)'],
      [{ amount: '0', receivedOn: today }, 'The amount received must be more than 0'],
      [{ amount: '-5', receivedOn: today }, ''],
      [{ amount: '1.234', receivedOn: today }, ''],
      [{ amount: 'abc', receivedOn: today }, ''],
      [{ receivedOn: today }, ''],
      [{ amount: '10', receivedOn: dayOffset(1) }, 'The day received cannot be after today'],
      [{ amount: '10', receivedOn: dayOffset(-6) }, `The day received cannot be before the invoice was issued (${dayOffset(-5)})`],
      [{ amount: '10', receivedOn: '2026-02-30' }, ''],
      [{ amount: '10', receivedOn: 'yesterday' }, ''],
      [{ amount: '10', receivedOn: today, reference: 'x'.repeat(101) }, 'The reference is at most 100 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await h.call('POST', `/api/admin/invoices/${id}/payments`, { token: t.tokens.finance, json: body, headers: { 'accept-language': 'en' } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(message);
    }
    expect(await stateOf(id)).toEqual(before);
  });

  it('answers 404 for an unknown invoice and 409 for a red-letter one', async () => {
    expect((await pay('finance', 99_999_999, { amount: '1', receivedOn: today })).status).toBe(404);
    expect((await t.call('finance', 'GET', '/api/admin/invoices/99999999/payments')).status).toBe(404);
    expect((await t.call('finance', 'GET', '/api/admin/invoices/abc/payments')).status).toBe(400);
    const blue = await insertInvoice(orderOf.get(demo)!, { amount: '80.00', issuedOn: dayOffset(-3), dueOn: dayOffset(27) });
    const red = await insertInvoice(orderOf.get(demo)!, { amount: '80.00', issuedOn: dayOffset(-2), dueOn: null, kind: 'red', corrects: blue });
    const res = await pay('finance', red, { amount: '1', receivedOn: today });
    expect(res.status).toBe(409);
    expect(await n(sql`select count(*)::int as n from invoice_payments where invoice_id = ${red}`)).toBe(0);
  });
});

describe('reversing a payment', () => {
  it('needs a reason and the confirmation, then deletes the payment and restores the paid amount, logged', async () => {
    const id = await insertInvoice(orderOf.get(demo)!, { amount: '500.00', issuedOn: dayOffset(-20), dueOn: dayOffset(-1) });
    const first = ((await pay('finance', id, { amount: '120', receivedOn: today })).body.data as InvoicePaymentsDto).payments[0]!;
    await pay('finance', id, { amount: '80', receivedOn: today });
    const other = await insertInvoice(orderOf.get(univ)!, { amount: '10.00', issuedOn: dayOffset(-2), dueOn: dayOffset(28) });
    const before = await stateOf(id);
    expect(before.paid).toBe('200.00');
    for (const body of [{ reason: 'duplicate' }, { reason: 'duplicate', confirm: false }, { reason: '  ', confirm: true }, { confirm: true }, { reason: 'x'.repeat(201), confirm: true }]) {
      expect((await reverse('finance', id, first.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await reverse('finance', other, first.id, { reason: 'duplicate', confirm: true })).status).toBe(404);
    expect((await reverse('finance', id, 99_999_999, { reason: 'duplicate', confirm: true })).status).toBe(404);
    expect(await stateOf(id)).toEqual(before);

    const res = await reverse('finance', id, first.id, { reason: '重复登记', confirm: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as InvoicePaymentsDto;
    expect(data.invoice).toMatchObject({ paidAmount: '80.00', unpaid: '420.00' });
    expect(data.payments.map((p) => p.amount)).toEqual(['80.00']);
    expect(await stateOf(id)).toEqual({ paid: '80.00', payments: 1, audits: before.audits + 1 });
    const [audit] = await t.q<{ data: { note: Record<string, unknown> } }>(sql`select data from audit_log where action = 'reversePayment' order by id desc limit 1`);
    expect(audit!.data.note).toMatchObject({ reason: '重复登记', amount: '120.00' });
    expect((await reverse('finance', id, first.id, { reason: 'again', confirm: true })).status).toBe(404);
  });
});

describe('who may', () => {
  it('lets finance and the super administrator in, and neither sales nor operations nor buyers', async () => {
    const id = await insertInvoice(orderOf.get(demo)!, { amount: '60.00', issuedOn: dayOffset(-2), dueOn: dayOffset(28) });
    const before = await stateOf(id);
    for (const who of ['sales', 'ops', 'manager'] as const) {
      expect((await pay(who, id, { amount: '1', receivedOn: today })).status, who).toBe(403);
      expect((await t.call(who, 'GET', `/api/admin/invoices/${id}/payments`)).status, who).toBe(403);
      expect((await t.call(who, 'GET', '/api/admin/receivables')).status, who).toBe(403);
      expect((await t.call(who, 'GET', '/api/admin/receivables/export')).status, who).toBe(403);
    }
    expect((await pay('buyer', id, { amount: '1', receivedOn: today })).status).toBe(401);
    expect((await pay(null, id, { amount: '1', receivedOn: today })).status).toBe(401);
    expect((await t.call(null, 'GET', '/api/admin/receivables')).status).toBe(401);
    expect(await stateOf(id)).toEqual(before);
    expect((await t.call('admin', 'GET', `/api/admin/invoices/${id}/payments`)).status).toBe(200);
    expect((await t.call('admin', 'GET', '/api/admin/receivables')).status).toBe(200);
  });
});

const ageing = async (who: Login, query: Record<string, string> = {}) => {
  const res = await t.call(who, 'GET', `/api/admin/receivables?${new URLSearchParams(query).toString()}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: ReceivableRowDto[]; total: number; page: number; pageSize: number };
};

/** Every company's open receivables recounted from its invoices, by bucket, in cents. */
async function recount(): Promise<Map<number, Record<string, number>>> {
  const rows = await t.q<{ company_id: number; open: number; bucket: string }>(sql`select company_id,
      round((amount - paid_amount) * 100)::int as open,
      case when due_on is null or due_on >= ${today}::date then 'notDue' when ${today}::date - due_on <= 30 then 'd1to30'
        when ${today}::date - due_on <= 60 then 'd31to60' when ${today}::date - due_on <= 90 then 'd61to90' else 'over90' end as bucket
    from invoices where kind = 'blue' and paid_amount < amount`);
  const by = new Map<number, Record<string, number>>();
  for (const r of rows) {
    const row = by.get(Number(r.company_id)) ?? { open: 0, notDue: 0, d1to30: 0, d31to60: 0, d61to90: 0, over90: 0 };
    row.open! += r.open;
    row[r.bucket] = (row[r.bucket] ?? 0) + r.open;
    by.set(Number(r.company_id), row);
  }
  return by;
}
const cents = (v: string) => Math.round(Number(v) * 100);

describe('the ageing per customer', () => {
  it('buckets each customer\'s open invoices by days past due, with its credit terms and held orders', async () => {
    const orderId = orderOf.get(univ)!;
    // One invoice for each edge of each bucket (due today is not overdue; a day later is).
    for (const [due, amount] of [[0, '1.00'], [-1, '2.00'], [-30, '4.00'], [-31, '8.00'], [-60, '16.00'], [-61, '32.00'], [-90, '64.00'], [-91, '128.00']] as const) {
      await insertInvoice(orderId, { amount, issuedOn: dayOffset(due - 30), dueOn: dayOffset(due) });
    }
    await insertInvoice(orderId, { amount: '999.00', issuedOn: dayOffset(-200), dueOn: dayOffset(-150), paid: '999.00' });
    await t.q(sql`update companies set credit_days = 30, credit_limit = '5000' where id = ${univ}`);
    await t.q(sql`update orders set status = 'placed', fulfilment = 'held', hold_reason = 'overdue' where id = ${orderId}`);
    const expected = (await recount()).get(univ)!;
    const row = (await ageing('finance', { key: '北京示例大学', pageSize: '100' })).items.find((r) => r.companyId === univ)!;
    expect(row).toMatchObject({ creditDays: 30, creditLimit: '5000.00', heldOrders: 1 });
    expect(cents(row.openAmount)).toBe(expected.open);
    for (const b of ['notDue', 'd1to30', 'd31to60', 'd61to90', 'over90'] as const) expect(cents(row.buckets[b]), b).toBe(expected[b]);
    expect(cents(row.overdueAmount)).toBe(expected.open! - expected.notDue!);
    // The edges themselves: due today is not overdue, a day past is; 30 and 31, 60 and 61, 90 and 91 days part buckets
    // (the earlier tests left this customer only invoices not yet due).
    expect(row.buckets).toMatchObject({ d1to30: '6.00', d31to60: '24.00', d61to90: '96.00', over90: '128.00' });
    expect(row.overdueAmount).toBe('254.00');
  });

  it('lists exactly the customers with open invoices, sorted, searched and paged', async () => {
    const counted = await recount();
    const all = await ageing('finance', { pageSize: '100' });
    expect(all.total).toBe(counted.size);
    expect(new Set(all.items.map((r) => r.companyId))).toEqual(new Set(counted.keys()));
    for (const r of all.items) expect(cents(r.openAmount), r.companyName).toBe(counted.get(r.companyId)!.open);
    const opens = all.items.map((r) => cents(r.openAmount));
    expect([...opens].sort((a, b) => b - a)).toEqual(opens);
    const low = (await ageing('finance', { sort: 'open', pageSize: '100' })).items.map((r) => cents(r.openAmount));
    expect([...low].sort((a, b) => a - b)).toEqual(low);
    const names = (await ageing('finance', { sort: 'name', pageSize: '100' })).items.map((r) => r.companyId);
    expect(new Set(names)).toEqual(new Set(counted.keys()));
    const overdue = (await ageing('finance', { sort: '-overdue', pageSize: '100' })).items.map((r) => cents(r.overdueAmount));
    expect([...overdue].sort((a, b) => b - a)).toEqual(overdue);
    const pageTwo = await ageing('finance', { pageSize: '1', page: '2' });
    expect(pageTwo).toMatchObject({ total: counted.size, page: 2, pageSize: 1 });
    expect(pageTwo.items.map((r) => r.companyId)).toEqual([all.items[1]!.companyId]);
    expect((await ageing('finance', { page: '50' })).items).toEqual([]);
    expect((await ageing('finance', { page: '50' })).total).toBe(counted.size);
    expect((await ageing('finance', { key: '不存在的客户名称' })).total).toBe(0);
    for (const bad of ['page=0', 'pageSize=101', 'sort=total', `key=${'x'.repeat(51)}`]) {
      expect((await t.call('finance', 'GET', `/api/admin/receivables?${bad}`)).status, bad).toBe(400);
    }
  });

  it('exports the ageing as an Excel workbook', async () => {
    const res = await h.app.request('/api/admin/receivables/export?sort=name', { headers: { authorization: t.tokens.finance! } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('receivables-');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect((await t.call('finance', 'GET', '/api/admin/receivables/export?sort=bad')).status).toBe(400);
  });
});

describe('a customer\'s receivables and the CRM scope', () => {
  /** The companies a member of `login`'s team sees by the CRM's rule: the team's customers and those nobody owns. */
  const seen = (login: string) => sql`(select c.id from companies c where c.owner_staff_id is null
    or c.owner_staff_id in (select m.id from staff m join staff me on me.team_id = m.team_id where me.login_name = ${login})
    or c.owner_staff_id in (select m.id from staff m join staff_teams tm on tm.id = m.team_id join staff me on me.id = tm.manager_id where me.login_name = ${login}))`;

  it('shows a customer\'s open invoices to members reading its orders, and to sales only for their customers', async () => {
    const mine = await t.call('finance', 'GET', `/api/admin/receivables/customers/${univ}`);
    expect(mine.status).toBe(200);
    const data = mine.body.data as CustomerReceivablesDto;
    expect(data.summary.companyId).toBe(univ);
    expect(data.invoices.length).toBe(data.summary.openInvoices);
    expect(data.invoices.reduce((s, i) => s + cents(i.unpaid), 0)).toBe(cents(data.summary.openAmount));
    expect((await t.call('ops', 'GET', `/api/admin/receivables/customers/${univ}`)).status).toBe(200);
    expect((await t.call('finance', 'GET', '/api/admin/receivables/customers/99999999')).status).toBe(404);
    const visible = new Set((await t.q<{ id: number }>(sql`select id from companies where id in ${seen('sales')}`)).map((r) => Number(r.id)));
    const hidden = [...orderOf.keys()].filter((c) => !visible.has(c));
    const shown = [...orderOf.keys()].filter((c) => visible.has(c));
    expect(hidden.length).toBeGreaterThan(0);
    expect(shown.length).toBeGreaterThan(0);
    expect((await t.call('sales', 'GET', `/api/admin/receivables/customers/${shown[0]}`)).status).toBe(200);
    expect((await t.call('sales', 'GET', `/api/admin/receivables/customers/${hidden[0]}`)).status).toBe(404);
    const empty = await t.call('finance', 'GET', `/api/admin/receivables/customers/${shown.find((c) => c !== univ && c !== demo) ?? shown[0]}`);
    expect(empty.status).toBe(200);
  });

  it('keeps a finance member without ORDER.VIEW_ALL to the customers they see in the CRM', async () => {
    // Sales are given INVOICE.ISSUE for this test: their scope is the CRM's, not every customer.
    await t.q(sql`insert into staff_role_permissions (role_id, permission) select id, 'INVOICE.ISSUE' from staff_roles where name = '销售' on conflict do nothing`);
    const token = await h.loginStaff('sales', STAFF.sales);
    const call = (method: string, url: string, json?: unknown) => h.call(method, url, { token, json });
    const visible = new Set((await t.q<{ id: number }>(sql`select id from companies where id in ${seen('sales')}`)).map((r) => Number(r.id)));
    for (const company of orderOf.keys()) await insertInvoice(orderOf.get(company)!, { amount: '33.00', issuedOn: dayOffset(-3), dueOn: dayOffset(10) });
    const res = await call('GET', '/api/admin/receivables?pageSize=100');
    expect(res.status).toBe(200);
    const listed = (res.body.data as { items: ReceivableRowDto[] }).items.map((r) => r.companyId);
    expect(new Set(listed)).toEqual(new Set([...(await recount()).keys()].filter((c) => visible.has(c))));
    const hiddenInvoice = (await t.q<{ id: number }>(sql`select id from invoices where kind = 'blue' and paid_amount < amount and company_id not in ${seen('sales')} limit 1`))[0]!.id;
    const shownInvoice = (await t.q<{ id: number }>(sql`select id from invoices where kind = 'blue' and paid_amount < amount and company_id in ${seen('sales')} limit 1`))[0]!.id;
    const before = await stateOf(hiddenInvoice);
    expect((await call('GET', `/api/admin/invoices/${hiddenInvoice}/payments`)).status).toBe(404);
    expect((await call('POST', `/api/admin/invoices/${hiddenInvoice}/payments`, { amount: '1', receivedOn: today })).status).toBe(404);
    expect(await stateOf(hiddenInvoice)).toEqual(before);
    expect((await call('POST', `/api/admin/invoices/${shownInvoice}/payments`, { amount: '1', receivedOn: today })).status).toBe(200);
  });
});
