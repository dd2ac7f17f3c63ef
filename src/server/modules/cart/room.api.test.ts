import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CART_LINES_MAX } from '@/contracts/cart';
import { cartItems, productPacks, users } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { firstPacks } from '../../../../test/orders';

/**
 * A cart holds at most CART_LINES_MAX lines (ADR 0099), however the packs come: one pack, quick order's
 * lines together. A full cart still takes more of a pack it holds.
 */

const h = fileApiHarness();
const BASE = '/api/app/api/order/shopcart';
let buyer = '';
let owner = { companyId: 0, userId: 0 };
/** Packs made for this file: the first CART_LINES_MAX − 1 fill the cart, the rest are new to it. */
let packs: { id: number; productId: number }[] = [];

const linesInCart = async () => (await h.db.db.select({ packId: cartItems.packId, num: cartItems.num }).from(cartItems)
  .where(and(eq(cartItems.companyId, owner.companyId), eq(cartItems.userId, owner.userId))));

beforeAll(async () => {
  buyer = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
  const db = h.db.db;
  const [demo] = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
  owner = { companyId: demo!.companyId, userId: demo!.id };
  const some = await firstPacks(h, 20);
  const count = CART_LINES_MAX + 3;
  await db.insert(productPacks).values(Array.from({ length: count }, (_, i) => ({
    productId: some[i % some.length]!.productId, size: `${i + 1} mL`, price: '2.00', stock: 100, sort: 1_000 + i,
  })));
  packs = await db.select({ id: productPacks.id, productId: productPacks.productId }).from(productPacks)
    .where(sql`${productPacks.sort} >= 1000`).orderBy(productPacks.id).limit(count);
  expect(packs).toHaveLength(count);
  await db.delete(cartItems).where(eq(cartItems.userId, owner.userId));
  const filling = packs.slice(0, CART_LINES_MAX - 1);
  for (let at = 0; at < filling.length; at += 250) {
    await db.insert(cartItems).values(filling.slice(at, at + 250).map((p) => ({ ...owner, productId: p.productId, packId: p.id, num: 1 })));
  }
});

describe(`a cart of at most ${CART_LINES_MAX} lines`, () => {
  it('takes a new pack while it has room, then refuses the next with the limit in the caller’s language', async () => {
    const last = packs[CART_LINES_MAX - 1]!;
    const ok = await h.call('POST', `${BASE}/item/add`, { token: buyer, json: { packId: last.id, num: 1 } });
    expect(ok.body).toMatchObject({ code: 200, data: { count: CART_LINES_MAX } });

    const over = packs[CART_LINES_MAX]!;
    const zh = await h.call('POST', `${BASE}/item/add`, { token: buyer, json: { packId: over.id, num: 1 }, headers: { 'accept-language': 'zh' } });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe(`购物车最多可放 ${CART_LINES_MAX} 种商品：请先下单，或移出部分商品`);
    const en = await h.call('POST', `${BASE}/item/add`, { token: buyer, json: { packId: over.id, num: 1 }, headers: { 'accept-language': 'en' } });
    expect(en.body).toMatchObject({ code: 400, msg: `A cart holds at most ${CART_LINES_MAX} lines: place an order or remove some lines first`, data: { max: CART_LINES_MAX } });
    const lines = await linesInCart();
    expect(lines).toHaveLength(CART_LINES_MAX);
    expect(lines.some((l) => l.packId === over.id)).toBe(false);
  });

  it('still raises the quantity of a pack a full cart holds', async () => {
    const held = packs[0]!;
    const res = await h.call('POST', `${BASE}/item/add`, { token: buyer, json: { packId: held.id, num: 2 } });
    expect(res.body).toMatchObject({ code: 200, data: { count: CART_LINES_MAX } });
    expect((await linesInCart()).find((l) => l.packId === held.id)?.num).toBe(3);
  });

  it('adds quick order’s lines all or none: a new pack among them adds nothing, held packs alone are taken', async () => {
    const held = packs[1]!;
    const refused = await h.call('POST', '/api/app/api/order/quick/add', {
      token: buyer, json: { lines: [{ packId: held.id, num: 5 }, { packId: packs[CART_LINES_MAX + 1]!.id, num: 1 }] },
    });
    expect(refused.body).toMatchObject({ code: 400, data: { max: CART_LINES_MAX } });
    expect((await linesInCart()).find((l) => l.packId === held.id)?.num).toBe(1);

    const taken = await h.call('POST', '/api/app/api/order/quick/add', { token: buyer, json: { lines: [{ packId: held.id, num: 5 }] } });
    expect(taken.body).toMatchObject({ code: 200, data: { added: 1, count: CART_LINES_MAX } });
    expect((await linesInCart()).find((l) => l.packId === held.id)?.num).toBe(6);
  });

  it('takes a new pack again once a line is removed', async () => {
    const [line] = await h.db.db.select({ id: cartItems.id }).from(cartItems)
      .where(and(eq(cartItems.userId, owner.userId), eq(cartItems.packId, packs[2]!.id)));
    const removed = await h.call('POST', `${BASE}/item/delete`, { token: buyer, json: { ids: [line!.id] } });
    expect(removed.body.code).toBe(200);
    const res = await h.call('POST', `${BASE}/item/add`, { token: buyer, json: { packId: packs[CART_LINES_MAX + 2]!.id, num: 1 } });
    expect(res.body).toMatchObject({ code: 200, data: { count: CART_LINES_MAX } });
  });

  it('leaves another buyer’s cart its own room', async () => {
    const other = await h.loginUser('buyer@univ.example.com', 'Reagent#2026');
    const res = await h.call('POST', `${BASE}/item/add`, { token: other, json: { packId: packs[CART_LINES_MAX]!.id, num: 1 } });
    expect(res.body.code).toBe(200);
  });
});
