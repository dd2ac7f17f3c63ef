import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetailDto } from '@/contracts/orders';
import type { FulfilmentResultDto } from '@/contracts/orders-allocation';
import { allocationFixtures } from '../../../../test/allocation';
import { STAFF } from '../../../../test/complaints';
import { issuedInvoice } from '../../../../test/invoice-files';
import { withMailbox } from '../../../../test/mailbox';
import { addressOf, fillCart, firstPacks, newKey, type Submitted } from '../../../../test/orders';
import zh from '../../../../messages/zh.json';
import en from '../../../../messages/en.json';

/** The credit hold when an order is placed, the buyer's notice of it, and finance's release (ADR 0074). */

const env = withMailbox();
const f = allocationFixtures(() => env.h);
let buyer: string;
let finance: string;
let ops: string;
let companyId: number;
let packId: number;

beforeAll(async () => {
  buyer = await env.h.loginUser('buyer@demo.example.com', 'Reagent#2026');
  finance = await env.h.loginStaff('finance', STAFF.finance);
  ops = await env.h.loginStaff('ops', STAFF.ops);
  companyId = Number((await f.q<{ id: number }>(sql`select company_id as id from users where login_name = 'buyer@demo.example.com'`))[0]!.id);
  packId = (await firstPacks(env.h, 1))[0]!.id;
  await f.q(sql`update products set ghs = null, control_class = null`);
  await f.q(sql`delete from approval_rules`);
  await f.q(sql`update users set monthly_limit = null`);
  await f.setLots(packId, [{ lotNo: 'K1', quantity: 100 }]);
});

/** A passed order of the buyer (collected: no delivery fee), not yet confirmed. */
async function passedOrder(num = 1, lang: 'zh' | 'en' = 'zh'): Promise<Submitted> {
  await fillCart(env.h, buyer, [{ packId, num }]);
  const res = await env.h.call('POST', '/api/app/api/order/add', {
    token: buyer, headers: { 'accept-language': lang }, json: { idempotencyKey: newKey(), addressId: await addressOf(env.h, 'buyer@demo.example.com'), deliveryMethod: 'pickup' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Submitted;
}
const confirm = (id: number, lang: 'zh' | 'en' = 'zh') => env.h.call('POST', '/api/app/api/order/deal', { token: buyer, headers: { 'accept-language': lang }, json: { id } });
const release = (token: string, id: number, body: Record<string, unknown>) => env.h.call('POST', `/api/admin/orders/${id}/release`, { token, json: body });
const setLimit = (limit: string) => f.q(sql`update companies set credit_limit = ${limit} where id = ${companyId}`);
/** The company's exposure without a new order: unpaid invoices and placed orders still to invoice. */
const exposure = async () => Number((await f.q<{ n: string }>(sql`select (
  (select coalesce(sum(amount - paid_amount), 0) from invoices where company_id = ${companyId} and kind = 'blue')
  + (select coalesce(sum(total), 0) from orders where company_id = ${companyId} and status = 'placed'
     and (invoice_status = 'requested' or (invoice_status = 'none' and fulfilment <> 'delivered'))))::text as n`))[0]!.n);

describe('the credit hold', () => {
  it('holds an order over the credit limit: nothing allocated, the buyer told why on the page and by mail, in their language', async () => {
    await setLimit('0.01');
    const order = await passedOrder(2);
    const since = env.mailbox.received.length;
    expect((await confirm(order.id)).status).toBe(200);
    expect(await f.orderRow(order.id)).toMatchObject({ status: 'placed', fulfilment: 'held', hold_reason: 'credit_limit' });
    expect(await f.allocations(order.id)).toEqual([]);
    expect(await f.lotQty(packId)).toEqual({ K1: 100 });
    const detail = (await env.h.call('GET', `/api/app/order/sale?id=${order.id}`, { token: buyer })).body.data as OrderDetailDto;
    expect(detail).toMatchObject({ status: 'placed', fulfilment: 'held', holdReason: 'credit_limit' });
    expect(detail.logs.map((l) => l.action)).toEqual(['submit', 'place', 'hold']);
    // The hold is the shop's rule: the timeline shows it as the system's, not the buyer's, in the reader's language.
    const placedBy = detail.logs[1]!.actorName;
    expect(detail.logs[2]!.actorName).toBe(zh.orders.systemActor);
    expect(detail.logs[2]!.actorName).not.toBe(placedBy);
    const inEnglish = (await env.h.call('GET', `/api/app/order/sale?id=${order.id}`, { token: buyer, headers: { 'accept-language': 'en' } })).body.data as OrderDetailDto;
    expect(inEnglish.logs[2]!.actorName).toBe(en.orders.systemActor);
    const mail = env.mailbox.received.slice(since).find((m) => m.subject === zh.orders.holdMail.subject.replace('{orderNo}', order.orderNo));
    expect(mail?.text).toContain(zh.orders.holdReason.credit_limit);
    // Confirmed in English, the mail is English.
    const english = await passedOrder(1, 'en');
    const before = env.mailbox.received.length;
    expect((await confirm(english.id, 'en')).status).toBe(200);
    const enMail = env.mailbox.received.slice(before).find((m) => m.subject === en.orders.holdMail.subject.replace('{orderNo}', english.orderNo));
    expect(enMail?.text).toContain(en.orders.holdReason.credit_limit);
    await f.q(sql`update orders set status = 'cancelled', fulfilment = 'none', hold_reason = '' where id = ${english.id}`);
  });

  it('lets finance release a held order with a reason, which allocates it; refuses others, no reason, and an order not held', async () => {
    const [held] = await f.q<{ id: number }>(sql`select id from orders where company_id = ${companyId} and fulfilment = 'held' order by id desc limit 1`);
    const id = Number(held!.id);
    expect((await release(ops, id, { reason: '已与客户确认' })).status).toBe(403);
    expect((await env.h.call('POST', `/api/admin/orders/${id}/release`, { json: { reason: 'x' } })).status).toBe(401);
    expect((await release(finance, id, { reason: ' ' })).status).toBe(400);
    expect(await f.orderRow(id)).toMatchObject({ fulfilment: 'held' });
    const res = await release(finance, id, { reason: '已与客户确认付款计划' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data as FulfilmentResultDto).toEqual({ status: 'placed', fulfilment: 'allocated', allocated: 2 });
    expect(await f.orderRow(id)).toMatchObject({ fulfilment: 'allocated', hold_reason: '' });
    expect(await f.lotQty(packId)).toEqual({ K1: 98 });
    const log = await f.q<{ action: string; reason: string }>(sql`select action, reason from order_approval_logs where order_id = ${id} order by id`);
    expect(log.map((l) => l.action)).toEqual(['submit', 'place', 'hold', 'release', 'fulfil']);
    expect(log[3]!.reason).toBe('已与客户确认付款计划');
    const audit = await f.q<{ action: string }>(sql`select action from audit_log where entity = 'order' and entity_id = ${String(id)}`);
    expect(audit.map((a) => a.action)).toEqual(['release']);
    const again = await release(finance, id, { reason: '再次' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(zh.api.errors.orderNotHeld);
  });

  it('passes an exposure equal to the limit and holds one cent above it', async () => {
    const order = await passedOrder(1);
    const room = (await exposure()) + Number(order.total);
    await setLimit((room - 0.01).toFixed(2));
    expect((await confirm(order.id)).status).toBe(200);
    expect(await f.orderRow(order.id)).toMatchObject({ fulfilment: 'held', hold_reason: 'credit_limit' });
    const next = await passedOrder(1);
    await setLimit(((await exposure()) + Number(next.total)).toFixed(2));
    expect((await confirm(next.id)).status).toBe(200);
    expect(await f.orderRow(next.id)).toMatchObject({ fulfilment: 'allocated', hold_reason: '' });
  });

  it('holds for an overdue invoice without a limit, and not once it is paid', async () => {
    await setLimit('0');
    const [placed] = await f.q<{ id: number }>(sql`select id from orders where company_id = ${companyId} and status = 'placed' order by id limit 1`);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await issuedInvoice(env.h.db.db, placed!.id, { invoiceNo: 'TEST-OVERDUE-1', amount: '100', taxAmount: '11.5', paid: '99.99', issuedOn: day(-40), dueOn: day(-10) });
    const order = await passedOrder(1);
    expect((await confirm(order.id)).status).toBe(200);
    expect(await f.orderRow(order.id)).toMatchObject({ fulfilment: 'held', hold_reason: 'overdue' });
    await f.q(sql`update invoices set paid_amount = amount where invoice_no = 'TEST-OVERDUE-1'`);
    const paid = await passedOrder(1);
    expect((await confirm(paid.id)).status).toBe(200);
    expect(await f.orderRow(paid.id)).toMatchObject({ fulfilment: 'allocated' });
  });
});
