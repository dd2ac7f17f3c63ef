import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalRules, categories, companies, companyFiles, orderItems, priceAgreementRules, priceAgreements, productPacks, products, users } from '@/server/db/schema';
import { netCentsOf } from '@/contracts/quotations';
import { fileApiHarness } from '../../../../test/api';
import { addressOf, fillCart, newKey } from '../../../../test/orders';
import { buyerBreaks, buyerPrices } from './buyer-prices';

/** The one price function on the demo's agreement (ADR 0083), and the buyer's journey through cart, quick order and order. */

const h = fileApiHarness();
const PASSWORD = 'Reagent#2026';
let shanghai: number;
let univ: number;
let rules: (typeof priceAgreementRules.$inferSelect)[];
let agreementId: number;
const centsOf = (price: string) => Math.round(Number(price) * 100);

async function packOf(id: number) {
  const [row] = await h.db.db.select({ id: productPacks.id, price: productPacks.price, productId: productPacks.productId, brandId: products.brandId, categoryId: products.categoryId })
    .from(productPacks).innerJoin(products, eq(products.id, productPacks.productId)).where(eq(productPacks.id, id));
  return row!;
}

beforeAll(async () => {
  const named = async (name: string) => (await h.db.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)))[0]!.id;
  shanghai = await named('上海示例生物科技有限公司');
  univ = await named('北京示例大学化学学院');
  const [agreement] = await h.db.db.select().from(priceAgreements).where(eq(priceAgreements.companyId, shanghai));
  agreementId = agreement!.id;
  rules = await h.db.db.select().from(priceAgreementRules).where(eq(priceAgreementRules.agreementId, agreementId)).orderBy(asc(priceAgreementRules.id));
});

describe('the demo agreement', () => {
  it('gives 上海示例 a brand discount, two net prices and a break from 5 units, active today; the university none', async () => {
    expect(rules.map((r) => r.kind).sort()).toEqual(['break', 'discount', 'net', 'net']);
    expect(rules.find((r) => r.kind === 'break')!.minQty).toBe(5);
    expect(await h.db.db.select().from(priceAgreements).where(eq(priceAgreements.companyId, univ))).toEqual([]);
    const discount = rules.find((r) => r.kind === 'discount')!;
    // The brand that sells the most of the demo's ethanol, acetone, toluene and acetic acid (all four at the demo's size).
    const sold = await h.db.db.select({ brandId: products.brandId, n: sql<number>`count(distinct ${products.cas})::int` }).from(products)
      .where(sql`${products.cas} in ('64-17-5', '67-64-1', '108-88-3', '64-19-7')`).groupBy(products.brandId);
    const most = Math.max(...sold.map((b) => b.n));
    expect(sold.find((b) => b.brandId === discount.brandId)!.n).toBe(most);
  });
});

/** A pack of the agreement without a break (its net price). */
const other0 = (list: { kind: string; packId: number | null }[]) => list.find((r) => r.kind === 'net')!.packId!;

describe('buyerPrices', () => {
  it('prices a net pack at its net price for 上海示例 only; a guest and the university pay the catalogue price', async () => {
    const net = rules.find((r) => r.kind === 'net')!;
    const pack = await packOf(net.packId!);
    const [own] = await buyerPrices(h.db.db, shanghai, [{ packId: pack.id, num: 3 }]);
    expect(own).toEqual({ packId: pack.id, num: 3, listCents: centsOf(pack.price), cents: net.netCents, ruleId: net.id, agreementId, kind: 'net', breakQty: null });
    expect(own!.cents).toBeLessThan(own!.listCents);
    for (const companyId of [null, univ]) {
      expect(await buyerPrices(h.db.db, companyId, [{ packId: pack.id, num: 3 }])).toEqual([
        { packId: pack.id, num: 3, listCents: centsOf(pack.price), cents: centsOf(pack.price), ruleId: null, agreementId: null, kind: 'list', breakQty: null },
      ]);
    }
  });

  it('applies the break exactly from 5 units, the brand\'s discount (or the list price) below it, and keeps the order of the lines', async () => {
    const brk = rules.find((r) => r.kind === 'break')!;
    const discount = rules.find((r) => r.kind === 'discount')!;
    const pack = await packOf(brk.packId!);
    const answer = await buyerPrices(h.db.db, shanghai, [4, 5, 6, 1].map((num) => ({ packId: pack.id, num })).concat([{ packId: 2147483000, num: 1 }]));
    // Below the threshold: the brand discount when the pack is of the discounted brand (the demo's size), else the list price.
    const below = pack.brandId === discount.brandId
      ? { kind: 'discount', cents: netCentsOf(centsOf(pack.price), 800), ruleId: discount.id }
      : { kind: 'list', cents: centsOf(pack.price), ruleId: null };
    expect(answer.map((p) => [p.num, p.kind, p.cents, p.ruleId])).toEqual([
      [4, below.kind, below.cents, below.ruleId], [5, 'break', brk.netCents, brk.id], [6, 'break', brk.netCents, brk.id], [1, below.kind, below.cents, below.ruleId],
    ]);
    expect(answer.map((p) => p.breakQty)).toEqual([null, 5, 5, null]);
    // The product page's breaks: the pack's ladder for 上海示例, none for the university or a guest.
    expect([...(await buyerBreaks(h.db.db, shanghai, [pack.id, other0(rules)]))]).toEqual([[pack.id, [{ minQty: 5, cents: brk.netCents }]]]);
    expect((await buyerBreaks(h.db.db, univ, [pack.id])).size).toBe(0);
    expect((await buyerBreaks(h.db.db, null, [pack.id])).size).toBe(0);
    // The brand discount prices a pack of the brand without a rule of its own, at 8 % off half-up.
    const [other] = await h.db.db.select({ id: productPacks.id, price: productPacks.price }).from(productPacks).innerJoin(products, eq(products.id, productPacks.productId))
      .where(sql`${products.brandId} = ${discount.brandId} and ${productPacks.id} not in ${rules.flatMap((r) => (r.packId ? [r.packId] : []))}`).limit(1);
    expect((await buyerPrices(h.db.db, shanghai, [{ packId: other!.id, num: 1 }]))[0]).toMatchObject({ kind: 'discount', ruleId: discount.id, cents: netCentsOf(centsOf(other!.price), 800) });
  });

  it('honours the validity days in Asia/Shanghai, the state, and a category discount on an ancestor category', async () => {
    const [pack] = await h.db.db.select({ id: productPacks.id, price: productPacks.price, categoryId: products.categoryId }).from(productPacks)
      .innerJoin(products, eq(products.id, productPacks.productId)).where(sql`${productPacks.price} >= 10`).orderBy(asc(productPacks.id)).limit(1);
    // The root of the product's category.
    let root = pack!.categoryId;
    for (;;) {
      const [c] = await h.db.db.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, root));
      if (c?.parentId == null) break;
      root = c.parentId;
    }
    const [a] = await h.db.db.insert(priceAgreements).values({ agreementNo: 'PA-TEST-1', companyId: univ, name: 'March', validFrom: '2026-03-01', validTo: '2026-03-31', state: 'active' }).returning();
    await h.db.db.insert(priceAgreementRules).values({ agreementId: a!.id, kind: 'discount', scope: 'category', categoryId: root, discountBp: 1_000 });
    const at = (iso: string) => buyerPrices(h.db.db, univ, [{ packId: pack!.id, num: 1 }], new Date(iso)).then((r) => r[0]!.kind);
    // 1 March 00:00 in Beijing is 28 February 16:00 UTC.
    expect(await at('2026-02-28T15:59:59Z')).toBe('list');
    expect(await at('2026-02-28T16:00:00Z')).toBe('discount');
    expect(await at('2026-03-31T15:59:59Z')).toBe('discount');
    expect(await at('2026-03-31T16:00:00Z')).toBe('list');
    const [priced] = await buyerPrices(h.db.db, univ, [{ packId: pack!.id, num: 1 }], new Date('2026-03-15T04:00:00Z'));
    expect(priced!.cents).toBe(netCentsOf(centsOf(pack!.price), 1_000));
    // Another company's agreement never prices it; a withdrawn agreement prices nothing.
    expect((await buyerPrices(h.db.db, null, [{ packId: pack!.id, num: 1 }], new Date('2026-03-15T04:00:00Z')))[0]!.kind).toBe('list');
    await h.db.db.update(priceAgreements).set({ state: 'withdrawn' }).where(eq(priceAgreements.id, a!.id));
    expect(await at('2026-03-15T04:00:00Z')).toBe('list');
  });
});

describe('the buyer pays their price', () => {
  let buyer: string;
  let address: number;
  beforeAll(async () => {
    buyer = await h.loginUser('buyer@demo.example.com', PASSWORD);
    address = await addressOf(h, 'buyer@demo.example.com');
    // No approval holds: the order passes or reviews, its lines are what matters here.
    const [demo] = await h.db.db.select({ companyId: users.companyId }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
    await h.db.db.delete(approvalRules).where(eq(approvalRules.companyId, demo!.companyId));
    await h.db.db.delete(companyFiles).where(sql`true`);
    await h.db.db.update(users).set({ monthlyLimit: null }).where(sql`true`);
  });

  it('in the cart, quick order and the order, whose lines keep the rule that priced them', async () => {
    const net = rules.find((r) => r.kind === 'net')!;
    const brk = rules.find((r) => r.kind === 'break')!;
    const netPack = await packOf(net.packId!);
    const brkPack = await packOf(brk.packId!);
    await fillCart(h, buyer, [{ packId: netPack.id, num: 2 }, { packId: brkPack.id, num: 5 }]);
    const cart = (await h.call('POST', '/api/app/api/order/shopcart/items', { token: buyer })).body.data as { list: { packId: number; unitPrice: string; listPrice: string; lineTotal: string }[]; total: string };
    const line = (packId: number) => cart.list.find((l) => l.packId === packId)!;
    expect(line(netPack.id)).toMatchObject({ unitPrice: (net.netCents! / 100).toFixed(2), listPrice: netPack.price, lineTotal: ((net.netCents! * 2) / 100).toFixed(2), breakQty: null });
    expect(line(brkPack.id)).toMatchObject({ unitPrice: (brk.netCents! / 100).toFixed(2), listPrice: brkPack.price, breakQty: 5 });
    expect(centsOf(cart.total)).toBe(net.netCents! * 2 + brk.netCents! * 5);

    const [item] = await h.db.db.select({ itemNo: products.itemNo }).from(products).where(eq(products.id, netPack.productId));
    const quick = (await h.call('POST', '/api/app/api/order/quick/resolve', { token: buyer, json: { text: `${item!.itemNo} 1` } })).body.data as { lines: { product: { packs: { id: number; price: string; listPrice: string }[] } }[] };
    expect(quick.lines[0]!.product.packs.find((k) => k.id === netPack.id)).toMatchObject({ price: (net.netCents! / 100).toFixed(2), listPrice: netPack.price });

    const res = await h.call('POST', '/api/app/api/order/add', { token: buyer, json: { idempotencyKey: newKey(), addressId: address } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body.data as { id: number };
    const lines = await h.db.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
    expect(lines.map((l) => ({ packId: l.packId, unitPrice: l.unitPrice, listPrice: l.listPrice, rule: l.priceRuleId, agreement: l.priceAgreementId, kind: l.priceKind }))).toEqual([
      { packId: netPack.id, unitPrice: (net.netCents! / 100).toFixed(2), listPrice: netPack.price, rule: net.id, agreement: agreementId, kind: 'net' },
      { packId: brkPack.id, unitPrice: (brk.netCents! / 100).toFixed(2), listPrice: brkPack.price, rule: brk.id, agreement: agreementId, kind: 'break' },
    ]);

    // The buyer's order lines: the catalogue price beside their price, and the rule's kind.
    const mine = (await h.call('POST', '/api/app/api/order/items', { token: buyer, json: { id: order.id } })).body.data as { list: { packId: number; unitPrice: string; listPrice: string | null; priceKind: string | null }[] };
    expect(mine.list.map((l) => [l.packId, l.listPrice, l.priceKind])).toEqual([[netPack.id, netPack.price, 'net'], [brkPack.id, brkPack.price, 'break']]);
    // The order desk names the agreement of each line; a member with PRICE.EDIT gets a link, one without (ops) the text only.
    const [agreement] = await h.db.db.select({ agreementNo: priceAgreements.agreementNo, name: priceAgreements.name }).from(priceAgreements).where(eq(priceAgreements.id, agreementId));
    type DeskLine = { packId: number; listPrice: string | null; priceKind: string | null; agreement: { id: number; agreementNo: string; name: string; linked: boolean } | null };
    const desk = async (token: string) => {
      const res = await h.call('GET', `/api/admin/orders/${order.id}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data as { items: DeskLine[] }).items;
    };
    for (const [login, password, linked] of [['admin', 'Admin#2026', true], ['ops', 'Ops#2026', false]] as const) {
      const items = await desk(await h.loginStaff(login, password));
      expect(items.map((l) => [l.packId, l.listPrice, l.priceKind, l.agreement]), login).toEqual([
        [netPack.id, netPack.price, 'net', { id: agreementId, ...agreement, linked }],
        [brkPack.id, brkPack.price, 'break', { id: agreementId, ...agreement, linked }],
      ]);
    }
  });

  it('the university buyer pays the catalogue price for the same packs, and their order lines name no rule', async () => {
    const net = rules.find((r) => r.kind === 'net')!;
    const netPack = await packOf(net.packId!);
    const token = await h.loginUser('buyer@univ.example.com', PASSWORD);
    await fillCart(h, token, [{ packId: netPack.id, num: 2 }]);
    const cart = (await h.call('POST', '/api/app/api/order/shopcart/items', { token })).body.data as { list: { unitPrice: string; listPrice: string }[]; total: string };
    expect(cart.list[0]).toMatchObject({ unitPrice: netPack.price, listPrice: netPack.price });
    expect(centsOf(cart.total)).toBe(centsOf(netPack.price) * 2);
    const res = await h.call('POST', '/api/app/api/order/add', { token, json: { idempotencyKey: newKey(), addressId: await addressOf(h, 'buyer@univ.example.com') } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = (res.body.data as { id: number }).id;
    const mine = (await h.call('POST', '/api/app/api/order/items', { token, json: { id } })).body.data as { list: { listPrice: string | null; priceKind: string | null }[] };
    expect(mine.list.map((l) => [l.listPrice, l.priceKind])).toEqual([[null, null]]);
    const staff = await h.loginStaff('admin', 'Admin#2026');
    const desk = (await h.call('GET', `/api/admin/orders/${id}`, { token: staff })).body.data as { items: { priceKind: string | null; agreement: unknown }[] };
    expect(desk.items.map((l) => [l.priceKind, l.agreement])).toEqual([[null, null]]);
  });
});
