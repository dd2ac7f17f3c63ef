import { count, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalRules, cartItems, orderItems, productPacks, products, users } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { addressOf, firstPacks, newKey, type Submitted } from '../../../../test/orders';

/**
 * An order of a long cart: its lines are written in slices, since one statement takes at most 65,535
 * parameters (about 3,000 lines of twenty columns); before, a cart of more lines failed at checkout with a 500.
 */

const h = fileApiHarness();
const LINES = 3_200;
let buyer = '';
let address = 0;

beforeAll(async () => {
  buyer = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
  address = await addressOf(h, 'buyer@demo.example.com');
  const db = h.db.db;
  const [demo] = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
  await db.delete(approvalRules).where(eq(approvalRules.companyId, demo!.companyId));
  await db.update(users).set({ monthlyLimit: null }).where(eq(users.companyId, demo!.companyId));
  // More packs than the seed has: sizes of a few products, each a pack of its own.
  const some = await firstPacks(h, 40);
  await db.insert(productPacks).values(Array.from({ length: LINES }, (_, i) => ({
    productId: some[i % some.length]!.productId, size: `${i + 1} g`, price: '1.00', stock: 10_000, sort: 100 + i,
  })));
  const packs = await db.select({ id: productPacks.id, productId: productPacks.productId }).from(productPacks)
    .where(sql`${productPacks.sort} >= 100`).orderBy(productPacks.id).limit(LINES);
  expect(packs).toHaveLength(LINES);
  await db.update(products).set({ ghs: null, controlClass: null }).where(inArray(products.id, [...new Set(packs.map((p) => p.productId))]));
  await db.delete(cartItems).where(eq(cartItems.userId, demo!.id));
  for (let at = 0; at < packs.length; at += 500) {
    await db.insert(cartItems).values(packs.slice(at, at + 500).map((p) => ({ companyId: demo!.companyId, userId: demo!.id, productId: p.productId, packId: p.id, num: 1 })));
  }
});

describe('an order of a long cart', () => {
  it(`places every one of ${LINES.toLocaleString('en')} lines in one order and empties the cart`, async () => {
    const res = await h.call('POST', '/api/app/api/order/add', { token: buyer, json: { idempotencyKey: newKey(), addressId: address } });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    const order = res.body.data as Submitted;
    const [written] = await h.db.db.select({ n: count() }).from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(written?.n).toBe(LINES);
    const cart = await h.call('POST', '/api/web/cart/summary', { token: buyer, json: {} });
    expect((cart.body.data as { count: number }).count).toBe(0);
  }, 120_000);
});
