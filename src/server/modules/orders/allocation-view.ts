import 'server-only';
import { sql } from 'drizzle-orm';
import type { OrderAllocationDto } from '@/contracts/orders-allocation';
import { byLang, type Lang } from '@/lib/lang';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import { rowsOf, type Db } from '@/server/db/client';
import { businessNowSql } from '@/server/business-time';
import { AppError } from '@/server/errors';
import { orderVisibleToStaff } from './admin-queries';

/**
 * An order's allocation as the desk shows it (ADR 0074), for a member who sees the order: each line with the
 * lots that hold its units (first expiring first) and its backorder, and the free lots of its packs that can
 * take units now (in stock, not expired on China's date). Three queries whatever the order's size.
 */
export async function getOrderAllocation(db: Db, actor: ScopedStaff, id: number, lang: Lang): Promise<OrderAllocationDto> {
  const [order] = rowsOf<{ id: number; status: OrderAllocationDto['status']; fulfilment: OrderAllocationDto['fulfilment']; hold_reason: string }>(await db.execute(sql`
    select o.id, o.status, o.fulfilment, o.hold_reason from orders o where o.id = ${id} and ${orderVisibleToStaff(actor)}`));
  if (!order) throw new AppError(404, 'orderNotFound');
  const lines = rowsOf<{
    id: number; pack_id: number; item_no: string; name_zh: string; name_en: string; size: string; num: number; cancelled: boolean;
    backorder_qty: number; lead_time_days: number;
    lots: { allocationId: number; lotId: number; lotNo: string; quantity: number; shipped: number; expiresOn: string | null; retestOn: string | null }[];
  }>(await db.execute(sql`
    select i.id, i.pack_id, i.item_no, i.name_zh, i.name_en, i.size, i.num, i.cancelled, i.backorder_qty, i.lead_time_days,
      coalesce((select json_agg(json_build_object('allocationId', a.id, 'lotId', a.lot_id, 'lotNo', a.lot_no, 'quantity', a.quantity, 'shipped', a.shipped,
          'expiresOn', l.expires_on, 'retestOn', l.retest_on) order by coalesce(l.expires_on, l.retest_on) asc nulls last, l.lot_no, l.id)
        from order_allocations a join product_lots l on l.id = a.lot_id where a.order_item_id = i.id), '[]'::json) as lots
    from order_items i where i.order_id = ${id} order by i.id`));
  const packs = [...new Set(lines.filter((l) => !l.cancelled).map((l) => Number(l.pack_id)))];
  const free = packs.length === 0 ? [] : rowsOf<{ id: number; pack_id: number; lot_no: string; quantity: number; expires_on: string | null; retest_on: string | null }>(await db.execute(sql`
    select l.id, l.pack_id, l.lot_no, l.quantity, l.expires_on::text as expires_on, l.retest_on::text as retest_on from product_lots l
    where l.pack_id in (${sql.join(packs.map((p) => sql`${p}`), sql`, `)}) and l.quantity > 0 and (l.expires_on is null or l.expires_on >= (${businessNowSql()})::date)
    order by l.pack_id, coalesce(l.expires_on, l.retest_on) asc nulls last, l.lot_no, l.id`));
  const may = (p: string) => actor.permissions.includes(p);
  return {
    id: Number(order.id), status: order.status, fulfilment: order.fulfilment, holdReason: order.hold_reason,
    lines: lines.map((l) => ({
      id: Number(l.id), packId: Number(l.pack_id), itemNo: l.item_no, name: byLang(lang, { zh: l.name_zh, en: l.name_en }), size: l.size, num: Number(l.num),
      cancelled: Boolean(l.cancelled), backorderQty: Number(l.backorder_qty), leadTimeDays: Number(l.lead_time_days),
      lots: l.lots.map((a) => ({ ...a, allocationId: Number(a.allocationId), lotId: Number(a.lotId), quantity: Number(a.quantity), shipped: Number(a.shipped) })),
    })),
    freeLots: free.map((f) => ({ lotId: Number(f.id), packId: Number(f.pack_id), lotNo: f.lot_no, quantity: Number(f.quantity), expiresOn: f.expires_on, retestOn: f.retest_on })),
    can: { fulfil: may('ORDER.FULFIL'), release: may('INVOICE.ISSUE') && order.status === 'placed' && order.fulfilment === 'held' },
  };
}
