import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalRules, orderItems, orders, productDocuments, productLots, productPacks, products, users } from '@/server/db/schema';
import { withMailbox } from '../../../../test/mailbox';
import { addressOf, fillCart, firstPacks, newKey, type Submitted } from '../../../../test/orders';

const env = withMailbox();
let buyer: string;
let address: number;
let packs: Awaited<ReturnType<typeof firstPacks>>;

const TAX_NO = '91310104MA1FR8XK3P';
const SPECIAL = { invoiceTitle: '示例科技有限公司', taxNo: TAX_NO, invoiceAddress: '上海市徐汇区漕河泾 1 号', invoicePhone: '021-64000000', invoiceBank: '工商银行徐汇支行', invoiceAccount: '1001234567890' };

beforeAll(async () => {
  buyer = await env.h.loginUser('buyer@demo.example.com', 'Reagent#2026');
  address = await addressOf(env.h, 'buyer@demo.example.com');
  packs = await firstPacks(env.h, 3);
  const db = env.h.db.db;
  await db.update(products).set({ ghs: null, controlClass: null, shipping: 'ambient' }).where(inArray(products.id, packs.map((p) => p.productId)));
  await db.update(productPacks).set({ price: '100.00' }).where(inArray(productPacks.id, packs.map((p) => p.id)));
  const [demo] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
  await db.delete(approvalRules).where(eq(approvalRules.companyId, demo!.companyId));
  await db.update(users).set({ monthlyLimit: null }).where(sql`true`);
});

const submit = (body: Record<string, unknown>) =>
  env.h.call('POST', '/api/app/api/order/add', { token: buyer, json: { idempotencyKey: newKey(), addressId: address, ...body } });

async function orderRow(id: number) {
  const [row] = await env.h.db.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe('one tax model: goods prices include VAT 13 %', () => {
  it('gives the same total for every invoice type, with the included tax shown', async () => {
    const totals: Record<string, unknown>[] = [];
    for (const invoice of [{ invoiceType: 'none' }, { invoiceType: 'ordinary', invoiceTitle: '张三', buyerKind: 'individual' }, { invoiceType: 'special', ...SPECIAL }]) {
      await fillCart(env.h, buyer, [{ packId: packs[0]!.id, num: 3 }, { packId: packs[1]!.id, num: 2 }]);
      const res = await submit(invoice);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const row = await orderRow((res.body.data as Submitted).id);
      totals.push({ subtotal: row.subtotal, deliveryFee: row.deliveryFee, total: row.total, taxRate: row.taxRate, taxAmount: row.taxAmount, taxIncluded: row.taxIncluded });
    }
    // ¥500 of goods: standard delivery free; ¥500 × 13/113 = ¥57.52 of it is VAT.
    const expected = { subtotal: '500.00', deliveryFee: '0.00', total: '500.00', taxRate: '13.00', taxAmount: '57.52', taxIncluded: true };
    expect(totals).toEqual([expected, expected, expected]);
  });

  it('stores the special invoice details and shows them with the tax included on the order', async () => {
    await fillCart(env.h, buyer, [{ packId: packs[0]!.id, num: 1 }]);
    const res = await submit({ invoiceType: 'special', ...SPECIAL });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = (await env.h.call('GET', `/api/app/order/sale?id=${(res.body.data as Submitted).id}`, { token: buyer })).body.data as Record<string, unknown>;
    expect(detail).toMatchObject({
      invoiceType: 'special', invoiceTitle: SPECIAL.invoiceTitle, taxNo: TAX_NO, invoiceAddress: SPECIAL.invoiceAddress, invoicePhone: SPECIAL.invoicePhone,
      invoiceBank: SPECIAL.invoiceBank, invoiceAccount: SPECIAL.invoiceAccount, taxIncluded: true, taxRate: '13.00',
      subtotal: '100.00', deliveryMethod: 'standard', deliveryFee: '20.00', total: '120.00', taxAmount: '13.81',
    });
  });

  it('refuses missing invoice details per type with the field and a message in both languages, and changes nothing', async () => {
    await fillCart(env.h, buyer, [{ packId: packs[0]!.id, num: 1 }]);
    const [before] = await env.h.db.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ invoiceType: 'special', invoiceTitle: '示例', taxNo: TAX_NO }, ['invoiceAddress', 'invoicePhone', 'invoiceBank', 'invoiceAccount']],
      [{ invoiceType: 'special', ...SPECIAL, taxNo: '' }, ['taxNo']],
      [{ invoiceType: 'ordinary', invoiceTitle: '示例科技有限公司', buyerKind: 'enterprise' }, ['taxNo']],
      [{ invoiceType: 'ordinary', buyerKind: 'public' }, ['invoiceTitle']],
      [{ invoiceType: 'ordinary', invoiceTitle: 'x', buyerKind: 'robot' }, ['buyerKind']],
      [{ deliveryMethod: 'drone' }, ['deliveryMethod']],
    ];
    for (const [body, fields] of cases) {
      const res = await submit(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const errors = res.body.data as { field: string; message: string }[];
      expect(errors.map((e) => e.field).sort(), JSON.stringify(res.body)).toEqual([...fields].sort());
      for (const e of errors) expect(e.message, e.field).not.toMatch(/^[a-zA-Z]+$/);
    }
    const en = await env.h.call('POST', '/api/app/api/order/add', {
      token: buyer, headers: { 'accept-language': 'en' }, json: { idempotencyKey: newKey(), addressId: address, invoiceType: 'ordinary', invoiceTitle: 'Example Ltd', buyerKind: 'enterprise' },
    });
    expect(JSON.stringify(en.body)).toContain('An enterprise needs its tax number');
    const zh = await submit({ invoiceType: 'ordinary', invoiceTitle: '示例科技有限公司', buyerKind: 'enterprise' });
    expect(JSON.stringify(zh.body)).toContain('企业开具增值税普通发票须填写税号');
    const [after] = await env.h.db.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(after!.n).toBe(before!.n);
  });
});

describe('delivery options', () => {
  it('charges the fee computed on the server and refuses air for dangerous goods', async () => {
    await fillCart(env.h, buyer, [{ packId: packs[0]!.id, num: 1 }]);
    const express = await submit({ deliveryMethod: 'express' });
    expect(express.status, JSON.stringify(express.body)).toBe(200);
    expect(await orderRow((express.body.data as Submitted).id)).toMatchObject({ deliveryMethod: 'express', deliveryFee: '45.00', total: '145.00' });

    await env.h.db.db.update(products).set({ ghs: { signalWord: 'danger', pictograms: ['GHS02'], hazardStatements: [], precautionaryStatements: [] } }).where(eq(products.id, packs[2]!.productId));
    try {
      await fillCart(env.h, buyer, [{ packId: packs[2]!.id, num: 1 }]);
      const refused = await submit({ deliveryMethod: 'express' });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('deliveryMethod');
      const pickup = await submit({ deliveryMethod: 'pickup', deliveryFee: '0' });
      expect(pickup.status).toBe(400); // the fee is never read from the client
      const ground = await submit({ deliveryMethod: 'pickup' });
      expect(ground.status).toBe(200);
      expect(await orderRow((ground.body.data as Submitted).id)).toMatchObject({ deliveryMethod: 'pickup', deliveryFee: '0.00', total: '100.00' });
    } finally {
      await env.h.db.db.update(products).set({ ghs: null }).where(eq(products.id, packs[2]!.productId));
    }
  });
});

describe('the COA of an order line', () => {
  it('is the COA of the lot allocated from the line’s own pack: never another pack’s, an expired or an empty lot', async () => {
    const db = env.h.db.db;
    const [a, b] = [packs[0]!, packs[1]!];
    // Both packs of one product for this test.
    await db.update(productPacks).set({ productId: a.productId }).where(eq(productPacks.id, b.id));
    const doc = async (lotNo: string) => (await db.insert(productDocuments).values({
      productId: a.productId, kind: 'coa', lotNo, lang: 'zh', title: `COA ${lotNo}`, filePath: `coa/test/${lotNo}.pdf`,
    }).returning({ id: productDocuments.id }))[0]!.id;
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await db.delete(productLots).where(inArray(productLots.packId, [a.id, b.id]));
    const lots = [
      { packId: a.id, lotNo: 'L2407F493', quantity: 0, expiresOn: day(400) }, // empty
      { packId: a.id, lotNo: 'L2401A100', quantity: 9, expiresOn: day(-5) }, // expired
      { packId: a.id, lotNo: 'L2603B911', quantity: 9, expiresOn: day(300) }, // the one
      { packId: b.id, lotNo: 'L2609F133', quantity: 50, expiresOn: day(200) }, // another pack's, sooner
    ];
    for (const l of lots) await db.insert(productLots).values({ ...l, warehouse: 'sh', coaDocumentId: await doc(l.lotNo) });
    const [own] = await db.select({ id: productDocuments.id }).from(productDocuments).where(sql`${productDocuments.lotNo} = 'L2603B911' and ${productDocuments.productId} = ${a.productId}`);

    await fillCart(env.h, buyer, [{ packId: a.id, num: 2 }]);
    const res = await submit({});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = (res.body.data as Submitted).id;
    const [line] = await db.select({ lotNo: orderItems.lotNo }).from(orderItems).where(eq(orderItems.orderId, id));
    expect(line!.lotNo).toBe('L2603B911');
    const detail = (await env.h.call('GET', `/api/app/order/sale?id=${id}`, { token: buyer })).body.data as { items: { lotNo: string; coaUrl: string }[]; documents: { kind: string }[] };
    expect(detail.items[0]).toMatchObject({ lotNo: 'L2603B911', coaUrl: `/api/web/files/document/${own!.id}` });
    expect(detail.documents.every((d) => d.kind === 'msds')).toBe(true);
  });
});
