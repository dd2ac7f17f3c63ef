import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalRules, companyFiles, products, users } from '@/server/db/schema';
import { withMailbox, type ReceivedMail } from '../../../../test/mailbox';
import { addressOf, fillCart, firstPacks, newKey, type Submitted } from '../../../../test/orders';

const env = withMailbox();
const SITE = 'https://shop.example.com';
const savedSite = process.env.SITE_URL;

let buyer: string;
let approver: string;
let address: number;
let packs: Awaited<ReturnType<typeof firstPacks>>;

beforeAll(async () => {
  process.env.SITE_URL = SITE;
  [buyer, approver] = await Promise.all(['buyer@demo.example.com', 'approver@demo.example.com'].map((l) => env.h.loginUser(l, 'Reagent#2026'))) as [string, string];
  const [demo] = await env.h.db.db.select({ companyId: users.companyId }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
  address = await addressOf(env.h, 'buyer@demo.example.com');
  packs = await firstPacks(env.h, 4);
  await env.h.db.db.update(products).set({ ghs: null, controlClass: null }).where(sql`true`);
  await env.h.db.db.update(users).set({ monthlyLimit: null }).where(sql`true`);
  await env.h.db.db.delete(companyFiles).where(sql`true`);
  await env.h.db.db.delete(approvalRules).where(eq(approvalRules.companyId, demo!.companyId));
  // Every order of the demo company waits for approval.
  await env.h.db.db.insert(approvalRules).values({ companyId: demo!.companyId, kind: 'total_above', amount: '0.01' });
});

afterAll(() => {
  if (savedSite === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = savedSite;
});

async function reviewingOrder(lang: 'zh' | 'en' = 'zh'): Promise<{ order: Submitted; mails: ReceivedMail[] }> {
  await fillCart(env.h, buyer, [{ packId: packs[0]!.id, num: 1 }]);
  const since = env.mailbox.received.length;
  const res = await env.h.call('POST', '/api/app/api/order/add', { token: buyer, headers: { 'accept-language': lang }, json: { idempotencyKey: newKey(), addressId: address } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const order = res.body.data as Submitted;
  expect(order.status).toBe('reviewing');
  await env.mailbox.next('approver@demo.example.com', since);
  return { order, mails: env.mailbox.received.slice(since) };
}

const to = (mails: ReceivedMail[], who: string) => mails.filter((m) => m.to.includes(who));

describe('order mails', () => {
  it('greet each recipient by their own name, state the new state in the subject and link to the order', async () => {
    const { order, mails } = await reviewingOrder();
    const link = `${SITE}/order/detail?id=${order.id}&default=1`;
    const [forBuyer] = to(mails, 'buyer@demo.example.com');
    const [forApprover] = to(mails, 'approver@demo.example.com');
    const [forAdmin] = to(mails, 'admin@demo.example.com');
    expect(forBuyer!.text).toMatch(/^您好，李娜：/);
    expect(forApprover!.text).toMatch(/^您好，张伟：李娜 提交的订单需要您审批。/);
    expect(forAdmin!.text).toMatch(/^您好，王敏：/);
    for (const mail of [forBuyer!, forApprover!, forAdmin!]) {
      expect(mail.subject).toBe(`订单 ${order.orderNo} 已提交，待审批`);
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(link.replace('&', '&#38;'));
    }
    expect(forApprover!.text).not.toContain('您好，李娜');
    expect(forAdmin!.text).not.toContain('您好，李娜');
  });

  it('on a decision: the buyer and the other approvers hear of it with the comment, the deciding approver does not', async () => {
    const { order } = await reviewingOrder();
    const since = env.mailbox.received.length;
    const res = await env.h.call('POST', '/api/app/order/approve', { token: approver, json: { id: order.id, decision: 'approve', reason: '先用库存，数量照旧' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mails = env.mailbox.received.slice(since);
    expect(to(mails, 'approver@demo.example.com')).toEqual([]);
    const [forBuyer] = to(mails, 'buyer@demo.example.com');
    expect(forBuyer!.subject).toBe(`订单 ${order.orderNo} 已审批通过，待采购人确认下单`);
    expect(forBuyer!.text).toMatch(/^您好，李娜：/);
    expect(forBuyer!.text).toContain('审批意见：先用库存，数量照旧');
    expect(forBuyer!.text).toContain(`${SITE}/order/detail?id=${order.id}&default=1`);
    const [forAdmin] = to(mails, 'admin@demo.example.com');
    expect(forAdmin!.text).toMatch(/^您好，王敏：李娜 的订单有新的进展。/);
    expect(forAdmin!.text).toContain(`订单 ${order.orderNo} 已由 张伟 审批通过，等待 李娜 确认下单。`);
    // The comment is kept in the approval log.
    const logs = (await env.h.call('GET', `/api/app/order/approve/logs?id=${order.id}`, { token: buyer })).body.data as { list: { action: string; reason: string }[] };
    expect(logs.list.find((l) => l.action === 'approve')?.reason).toBe('先用库存，数量照旧');
  });

  it('in English: the subject names the state, the greeting the recipient, the link the English page', async () => {
    const { order } = await reviewingOrder('en');
    const since = env.mailbox.received.length;
    const res = await env.h.call('POST', '/api/app/order/approve', { token: approver, headers: { 'accept-language': 'en' }, json: { id: order.id, decision: 'reject', reason: 'Use the stock' } });
    expect(res.status).toBe(200);
    const mails = env.mailbox.received.slice(since);
    expect(to(mails, 'approver@demo.example.com')).toEqual([]);
    const [forBuyer] = to(mails, 'buyer@demo.example.com');
    expect(forBuyer!.subject).toBe(`Order ${order.orderNo} rejected`);
    expect(forBuyer!.text).toMatch(/^Dear 李娜,/);
    expect(forBuyer!.text).toContain('Reason: Use the stock');
    expect(forBuyer!.text).toContain(`${SITE}/en/order/detail?id=${order.id}&default=1`);
    expect(to(mails, 'admin@demo.example.com')[0]!.text).toMatch(/^Dear 王敏,/);
  });
});
