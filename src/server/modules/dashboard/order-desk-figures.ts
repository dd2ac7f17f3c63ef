import 'server-only';
import { sql } from 'drizzle-orm';
import type { DashboardDto } from '@/contracts/admin';
import type { Db } from '@/server/db/client';
import { orderFulfilmentTotals } from '@/server/db/schema';

const WAITING_TO_SHIP = ['allocated', 'backordered', 'partly_shipped'] as const;
const BANDS = ['none', 'upTo7', 'upTo30', 'over30'] as const;

/**
 * The order desk's figures (ADR 0074), read from `order_fulfilment_totals`, which the order tables' triggers keep
 * in the transaction of every change: one small table of placed orders by fulfilment, invoice state and lead-time
 * band, summed whatever the number of orders.
 */
export async function orderDeskFigures(db: Db): Promise<DashboardDto['orderDesk']> {
  const t = orderFulfilmentTotals;
  const rows = await db.select({ fulfilment: t.fulfilment, invoiceStatus: t.invoiceStatus, leadBand: t.leadBand, n: sql<number>`sum(${t.orders})::int` })
    .from(t).groupBy(t.fulfilment, t.invoiceStatus, t.leadBand);
  const figures: DashboardDto['orderDesk'] = { waitingToShip: 0, held: 0, backorders: { none: 0, upTo7: 0, upTo30: 0, over30: 0 }, invoicesPending: 0 };
  for (const r of rows) {
    const n = Number(r.n);
    if ((WAITING_TO_SHIP as readonly string[]).includes(r.fulfilment)) figures.waitingToShip += n;
    if (r.fulfilment === 'held') figures.held += n;
    if (r.fulfilment === 'backordered') figures.backorders[BANDS[r.leadBand] ?? 'none'] += n;
    if (r.invoiceStatus === 'requested') figures.invoicesPending += n;
  }
  return figures;
}
