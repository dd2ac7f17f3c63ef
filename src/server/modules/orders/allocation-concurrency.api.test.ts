import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileApiHarness } from '../../../../test/api';
import { allocationFixtures } from '../../../../test/allocation';
import { addressOf, fillCart, firstPacks, newKey, type Submitted } from '../../../../test/orders';

/** Races of the allocation (ADR 0074) that matter on PostgreSQL (several connections); PGlite runs them one after another. */
const h = fileApiHarness({ products: 20 });
const f = allocationFixtures(() => h);
const LOGIN = 'buyer@demo.example.com';

beforeAll(async () => {
  await f.q(sql`update products set ghs = null, control_class = null`);
  await f.q(sql`delete from approval_rules`);
  await f.q(sql`update users set monthly_limit = null`);
  await f.q(sql`update companies set credit_limit = 0`);
});

describe('allocation under concurrency', () => {
  it('lets ten parallel confirmations competing for one lot take its units once: never more than it holds', async () => {
    const [pack] = await firstPacks(h, 1);
    await f.setLots(pack!.id, [{ lotNo: 'RACE', quantity: 5, expiresOn: '2030-01-01' }, { lotNo: 'GONE', quantity: 9, expiresOn: '2020-01-01' }]);
    const tokens = await Promise.all(Array.from({ length: 10 }, () => h.loginUser(LOGIN, 'Reagent#2026')));
    const address = await addressOf(h, LOGIN);
    const ids: number[] = [];
    for (const token of tokens.slice(0, 10)) {
      await fillCart(h, token, [{ packId: pack!.id, num: 1 }]);
      const res = await h.call('POST', '/api/app/api/order/add', { token, json: { idempotencyKey: newKey(), addressId: address, deliveryMethod: 'pickup' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push((res.body.data as Submitted).id);
    }
    const results = await Promise.all(ids.map((id, i) => h.call('POST', '/api/app/api/order/deal', { token: tokens[i], json: { id } })));
    expect(results.map((r) => r.status)).toEqual(ids.map(() => 200));
    const rows = await f.q<{ fulfilment: string; n: number }>(sql`select fulfilment, count(*)::int as n from orders where id in ${sql`(${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`} group by fulfilment order by fulfilment`);
    expect(rows.map((r) => [r.fulfilment, Number(r.n)])).toEqual([['allocated', 5], ['backordered', 5]]);
    const [sum] = await f.q<{ n: number }>(sql`select coalesce(sum(quantity), 0)::int as n from order_allocations where pack_id = ${pack!.id}`);
    expect(Number(sum!.n)).toBe(5);
    expect(await f.lotQty(pack!.id)).toEqual({ RACE: 0, GONE: 9 });
    const lines = await f.q<{ backorder_qty: number }>(sql`select backorder_qty from order_items where order_id in ${sql`(${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`} order by backorder_qty`);
    expect(lines.map((l) => Number(l.backorder_qty))).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
  });
});
