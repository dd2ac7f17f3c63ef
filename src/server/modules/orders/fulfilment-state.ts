import 'server-only';
import type { FulfilmentStatus } from '@/server/db/schema';

/** The counts an order's fulfilment is read from: its live (not cancelled) lines' units, allocated and shipped, and its shipments. */
export interface FulfilmentCounts {
  units: number;
  allocated: number;
  shipped: number;
  shipments: number;
  delivered: number;
}

/**
 * Where a placed, not held order stands (ADR 0074), from its rows: every unit shipped and every shipment
 * received is `delivered`; every unit shipped `shipped`; some `partly_shipped`; every unit allocated
 * `allocated`; else units wait for stock, `backordered`.
 */
export function deriveFulfilment(c: FulfilmentCounts): Exclude<FulfilmentStatus, 'none' | 'held'> {
  if (c.units > 0 && c.shipped >= c.units) return c.shipments > 0 && c.delivered >= c.shipments ? 'delivered' : 'shipped';
  if (c.shipped > 0) return 'partly_shipped';
  if (c.allocated >= c.units) return 'allocated';
  return 'backordered';
}
