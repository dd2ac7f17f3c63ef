import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalRules, cartItems, orders, priceAgreements, productPacks, products, users } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { addressOf, fillCart, firstPacks, newKey, type Submitted } from '../../../../test/orders';
import { orderSubmitSchema } from '@/contracts/orders';
import { addCartItem } from '@/server/modules/cart/service';
import { submitOrder } from './submit';

/** Races that matter on PostgreSQL (several connections); PGlite runs them one after another. */
const h = fileApiHarness({ products: 20 });
let buyer: string;
let buyerId: number;
let companyId: number;
let address: number;
let packs: Awaited<ReturnType<typeof firstPacks>>;

beforeAll(async () => {
  buyer = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
  const [row] = await h.db.db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
  buyerId = row!.id;
  companyId = row!.companyId;
  address = await addressOf(h, 'buyer@demo.example.com');
  packs = await firstPacks(h, 3);
  await h.db.db.update(products).set({ ghs: null, controlClass: null }).where(sql`true`);
  await h.db.db.delete(approvalRules).where(sql`true`);
  // The orders here are priced at the catalogue's prices the test sets: the demo company's agreement is set aside.
  await h.db.db.update(priceAgreements).set({ state: 'withdrawn' }).where(eq(priceAgreements.companyId, companyId));
});

describe('concurrency', () => {
  it('ends 20 parallel adds of one pack with the right quantity', async () => {
    await h.call('POST', '/api/app/api/order/shopcart/clean', { token: buyer });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => h.call('POST', '/api/app/api/order/shopcart/item/add', { token: buyer, json: { packId: packs[0]!.id, num: 1 } })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const lines = await h.db.db.select({ num: cartItems.num }).from(cartItems).where(eq(cartItems.userId, buyerId));
    expect(lines).toEqual([{ num: 20 }]);
  });

  it('lets parallel submissions pass a monthly limit only as far as it goes', async () => {
    const four = await firstPacks(h, 4);
    await h.db.db.update(productPacks).set({ price: '100.00' }).where(inArray(productPacks.id, four.map((p) => p.id)));
    await h.db.db.insert(approvalRules).values({ companyId, kind: 'monthly_limit' });
    await h.db.db.delete(orders).where(eq(orders.userId, buyerId));
    // Room for exactly two of the four orders of 100.00 this month (collected from the warehouse: no delivery fee).
    await h.db.db.update(users).set({ monthlyLimit: '200.00' }).where(eq(users.id, buyerId));
    await fillCart(h, buyer, four.map((p) => ({ packId: p.id, num: 1 })));
    const lines = await h.db.db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.userId, buyerId));
    const tokens = await Promise.all(lines.map(() => h.loginUser('buyer@demo.example.com', 'Reagent#2026')));
    const results = await Promise.all(lines.map((line, i) =>
      h.call('POST', '/api/app/api/order/add', { token: tokens[i], json: { idempotencyKey: newKey(), addressId: address, cartIds: [line.id], deliveryMethod: 'pickup' } })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const statuses = results.map((r) => (r.body.data as Submitted).status).sort();
    expect(statuses).toEqual(['passed', 'passed', 'reviewing', 'reviewing']);
    const [sum] = await h.db.db
      .select({ total: sql<string>`coalesce(sum(${orders.total}), 0)::text` })
      .from(orders)
      .where(and(eq(orders.userId, buyerId), eq(orders.status, 'passed')));
    expect(Number(sum!.total)).toBe(200);
    await h.db.db.delete(approvalRules).where(sql`true`);
    await h.db.db.update(users).set({ monthlyLimit: null }).where(sql`true`);
  });

  it.skipIf(process.env.TEST_DB_DRIVER !== 'postgres')("keeps a buyer's cart writable while one of their orders is being placed", async () => {
    await fillCart(h, buyer, [{ packId: packs[0]!.id, num: 1 }]);
    const [line] = await h.db.db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.userId, buyerId));
    const actor = { userId: buyerId, companyId, name: 'buyer', permissions: ['ORDER.ADD'] };
    const input = orderSubmitSchema.parse({ idempotencyKey: newKey(), addressId: address, cartIds: [line!.id], deliveryMethod: 'pickup' });
    await h.db.db.transaction(async (placing) => {
      // The submission has locked the buyer's row and is not committed yet.
      await submitOrder(placing, actor, input);
      // Meanwhile the buyer adds to the cart on another connection: the new line's key-share lock on
      // the buyer's row must not wait for the submission (a lock held FOR UPDATE would: lock_timeout).
      await h.db.db.transaction(async (adding) => {
        await adding.execute(sql`set local lock_timeout = '1s'`);
        await addCartItem(adding, { companyId, userId: buyerId }, { packId: packs[1]!.id, num: 3 });
      });
    });
    const lines = await h.db.db.select({ packId: cartItems.packId, num: cartItems.num }).from(cartItems).where(eq(cartItems.userId, buyerId));
    expect(lines).toEqual([{ packId: packs[1]!.id, num: 3 }]);
    await h.call('POST', '/api/app/api/order/shopcart/clean', { token: buyer });
  });

  it('leaves no order and the cart intact when order creation fails half-way', async () => {
    await fillCart(h, buyer, [{ packId: packs[0]!.id, num: 7 }, { packId: packs[2]!.id, num: 4242 }]);
    const before = await h.db.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    // A fault injected in the database: the second line's insert fails inside the order's transaction.
    await h.db.db.execute(sql`create or replace function fail_order_line() returns trigger language plpgsql as $$
      begin if new.num = 4242 then raise exception 'injected fault'; end if; return new; end $$`);
    await h.db.db.execute(sql`create trigger fail_order_line before insert on order_items for each row execute function fail_order_line()`);
    try {
      const res = await h.call('POST', '/api/app/api/order/add', { token: buyer, json: { idempotencyKey: newKey(), addressId: address } });
      expect(res.status).toBe(500);
      expect(res.body.msg).not.toContain('injected');
    } finally {
      await h.db.db.execute(sql`drop trigger fail_order_line on order_items`);
    }
    const after = await h.db.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(after[0]!.n).toBe(before[0]!.n);
    const cart = await h.db.db.select({ num: cartItems.num }).from(cartItems).where(eq(cartItems.userId, buyerId)).orderBy(cartItems.id);
    expect(cart.map((c) => c.num)).toEqual([7, 4242]);
  });
});
