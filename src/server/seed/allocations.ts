import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';

/**
 * The demo's warehouse (ADR 0074): the three latest placed orders of the demo company whose every line has its
 * lot in stock are allocated from those lots (the lots' unallocated quantity taken down), so that the order desk
 * opens with orders ready to ship; the older ones wait for allocation. Orders their confirmation already allocated
 * (`allocateOrder`) are left as they are.
 */
export async function seedDemoAllocations(tx: Db): Promise<{ allocations: number }> {
  const candidates = rowsOf<{ id: number }>(await tx.execute(sql`
    select o.id from orders o join users u on u.id = o.user_id
    where o.status = 'placed' and u.login_name = 'buyer@demo.example.com'
      and not exists (select 1 from order_allocations a where a.order_id = o.id)
      and not exists (
        select 1 from order_items i where i.order_id = o.id and not i.cancelled and not exists (
          select 1 from product_lots l where l.pack_id = i.pack_id and l.lot_no = i.lot_no and l.quantity >= i.num))
    order by o.created_at desc, o.id desc limit 3`));
  let count = 0;
  for (const { id } of candidates) {
    const rows = rowsOf<{ id: number }>(await tx.execute(sql`
      insert into order_allocations (order_id, order_item_id, company_id, pack_id, lot_id, lot_no, quantity)
      select i.order_id, i.id, i.company_id, i.pack_id, l.id, l.lot_no, i.num
      from order_items i join product_lots l on l.pack_id = i.pack_id and l.lot_no = i.lot_no
      where i.order_id = ${id} and not i.cancelled returning id`));
    await tx.execute(sql`update product_lots l set quantity = l.quantity - a.quantity from order_allocations a where a.lot_id = l.id and a.order_id = ${id}`);
    await tx.execute(sql`update orders set fulfilment = 'allocated' where id = ${id}`);
    count += rows.length;
  }
  return { allocations: count };
}
