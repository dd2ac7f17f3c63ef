import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../test/api';

/** The demo company's shelf (ADR 0089): a location tree, containers in every state, from a delivered order, and a controlled chemical's ledger. */

const h = fileApiHarness();
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await h.db.db.execute(query));
const DEMO = sql`(select company_id from users where login_name = 'buyer@demo.example.com')`;

describe('the demo inventory', () => {
  it('gives the demo company a location tree and containers in every state', async () => {
    const kinds = await q<{ kind: string; n: number }>(sql`select kind, count(*)::int as n from inventory_locations where company_id = ${DEMO} group by kind order by kind`);
    expect(Object.fromEntries(kinds.map((k) => [k.kind, k.n]))).toMatchObject({ building: 2 });
    expect(kinds.find((k) => k.kind === 'cabinet')?.n).toBeGreaterThanOrEqual(3);
    const states = await q<{ state: string }>(sql`select distinct state from inventory_containers where company_id = ${DEMO} order by state`);
    expect(states.map((s) => s.state)).toEqual(['disposed', 'empty', 'in_use']);
    const [dates] = await q<{ soon: number; expired: number }>(sql`
      select count(*) filter (where expires_on >= (now() at time zone 'Asia/Shanghai')::date and expires_on <= (now() at time zone 'Asia/Shanghai')::date + 30)::int as soon,
        count(*) filter (where expires_on < (now() at time zone 'Asia/Shanghai')::date and state = 'in_use')::int as expired
      from inventory_containers where company_id = ${DEMO}`);
    expect(dates!.soon).toBeGreaterThanOrEqual(2);
    expect(dates!.expired).toBe(1);
    const fromOrders = await q<{ n: number; placed: number }>(sql`select count(*)::int as n, count(location_id)::int as placed from inventory_containers where company_id = ${DEMO} and source = 'order'`);
    expect(fromOrders[0]!.n).toBeGreaterThan(0);
    expect(fromOrders[0]!.placed).toBe(fromOrders[0]!.n);
    const [controlled] = await q<{ id: number; rows: number }>(sql`
      select c.id, (select count(*)::int from inventory_ledger l where l.container_id = c.id) as rows
      from inventory_containers c where c.company_id = ${DEMO} and c.control_class = 'precursor' order by rows desc, c.id limit 1`);
    expect(controlled!.rows).toBeGreaterThanOrEqual(5);
    // Added by hand with a CAS number alone, acetone and ether take their substance and control class from the catalogue.
    const hand = await q<{ cas: string; control_class: string | null; substance: boolean }>(sql`
      select cas, control_class, substance_id is not null as substance from inventory_containers
      where company_id = ${DEMO} and source = 'manual' and product_id is null and cas in ('67-64-1', '60-29-7') order by cas`);
    expect(hand).toEqual([{ cas: '60-29-7', control_class: 'precursor', substance: true }, { cas: '67-64-1', control_class: 'precursor', substance: true }]);
    // Every ledger's balance is the sum of its movements.
    const wrong = await q<{ id: number }>(sql`
      select c.id from inventory_containers c where c.remaining <> (select coalesce(sum(delta), 0) from inventory_ledger l where l.container_id = c.id)`);
    expect(wrong).toEqual([]);
    const univ = await q<{ n: number }>(sql`select count(*)::int as n from inventory_containers where company_id = (select company_id from users where login_name = 'buyer@univ.example.com') and source = 'manual'`);
    expect(univ[0]!.n).toBe(0);
  });
});
