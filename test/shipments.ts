import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/db/client';
import type { ApiHarness } from './api';

/**
 * Placed orders with allocated lots for the shipment tests. The allocations are written here directly (the
 * lot's unallocated quantity taken down by the units allocated), as allocating would leave them.
 */

export interface LineSpec {
  num: number;
  hazardous?: boolean;
  controlClass?: 'precursor' | 'explosive' | null;
  /** The product's storage (`rt`, `2-8c`, `-20c`, `dry-ice`); the product is changed for the file. */
  storage?: string;
  /** Split the allocation over two lots (first `num - 1`, then 1). */
  twoLots?: boolean;
}

export interface AllocatedOrder {
  id: number;
  orderNo: string;
  companyId: number;
  lines: { itemId: number; productId: number; allocations: { id: number; lotNo: string; quantity: number }[] }[];
}

let made = 0;

/** A placed order of the company of `email` with one line per spec, each allocated in full, fulfilment `allocated`. */
export async function allocatedOrder(h: ApiHarness, email: string, specs: readonly LineSpec[], lang: 'zh' | 'en' = 'zh'): Promise<AllocatedOrder> {
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await h.db.db.execute(query));
  made += 1;
  const tag = `${Date.now().toString(36)}${made}`;
  const [order] = await q<{ id: number; order_no: string; company_id: number }>(sql`
    insert into orders (order_no, company_id, user_id, status, fulfilment, idempotency_key, receiver, phone, region, address_detail, subtotal, total, line_count, placed_at, lang)
    select 'SO-SHIP-' || ${tag}, u.company_id, u.id, 'placed', 'allocated', 'ship-' || ${tag}, '李娜', '13800000000', '上海市 浦东新区', '张江路 1 号', 100, 100, ${specs.length}, now(), ${lang}
    from users u where u.login_name = ${email} returning id, order_no, company_id`);
  if (!order) throw new Error(`no user ${email}`);
  const packs = await q<{ pack_id: number; product_id: number; item_no: string; name_zh: string; name_en: string; size: string }>(sql`
    select * from (select distinct on (p.id) k.id as pack_id, p.id as product_id, p.item_no, p.name_zh, p.name_en, k.size
      from product_packs k join products p on p.id = k.product_id where p.active order by p.id, k.id) x
    order by product_id limit ${specs.length} offset ${(made * 3) % 7}`);
  const lines: AllocatedOrder['lines'] = [];
  for (const [i, spec] of specs.entries()) {
    const pack = packs[i]!;
    if (spec.storage) await q(sql`update products set storage = ${spec.storage}, shipping = 'ambient' where id = ${pack.product_id}`);
    else await q(sql`update products set storage = 'rt', shipping = 'ambient' where id = ${pack.product_id}`);
    const [item] = await q<{ id: number }>(sql`
      insert into order_items (order_id, company_id, product_id, pack_id, item_no, name_zh, name_en, size, unit_price, num, line_total, hazardous, control_class)
      values (${order.id}, ${order.company_id}, ${pack.product_id}, ${pack.pack_id}, ${pack.item_no}, ${pack.name_zh}, ${pack.name_en}, ${pack.size}, 10, ${spec.num}, ${10 * spec.num},
        ${spec.hazardous ?? false}, ${spec.controlClass ?? null}) returning id`);
    const parts = spec.twoLots ? [spec.num - 1, 1] : [spec.num];
    const allocations: AllocatedOrder['lines'][number]['allocations'] = [];
    for (const [j, quantity] of parts.entries()) {
      const lotNo = `L${tag}${i}${j}`.toUpperCase();
      const [lot] = await q<{ id: number }>(sql`insert into product_lots (pack_id, lot_no, quantity) values (${pack.pack_id}, ${lotNo}, ${quantity + 5}) returning id`);
      await q(sql`update product_lots set quantity = quantity - ${quantity} where id = ${lot!.id}`);
      const [a] = await q<{ id: number }>(sql`
        insert into order_allocations (order_id, order_item_id, company_id, pack_id, lot_id, lot_no, quantity)
        values (${order.id}, ${item!.id}, ${order.company_id}, ${pack.pack_id}, ${lot!.id}, ${lotNo}, ${quantity}) returning id`);
      allocations.push({ id: Number(a!.id), lotNo, quantity });
    }
    lines.push({ itemId: Number(item!.id), productId: Number(pack.product_id), allocations });
  }
  return { id: Number(order.id), orderNo: order.order_no, companyId: Number(order.company_id), lines };
}
