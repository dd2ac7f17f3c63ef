import 'server-only';
import type { Context } from 'hono';
import { idParamSchema } from '@/contracts/admin';
import {
  allocateAgainSchema, allocationMoveSchema, fulfilmentResultSchema, lineCancelSchema, orderAllocationSchema, orderReasonSchema,
} from '@/contracts/orders-allocation';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { staffOf } from '@/server/modules/approvals/routes';
import { auditActorOf } from '@/server/modules/audit/record';
import { getOrderAllocation } from './allocation-view';
import { allocateAgain, cancelLine, moveAllocation, releaseHold, voidOrder, type DeskStaff } from './fulfilment-desk';

/**
 * The order desk's allocation (ADR 0074): an order's lots and backorders (ORDER.VIEW), the warehouse's changes
 * (ORDER.FULFIL) and finance's release of a held order (INVOICE.ISSUE) — each on the orders the member sees.
 */
export const orderFulfilmentAdminRouter = createRouter('/api/admin/orders');

const tags = ['admin: orders'];
const desk = (c: Context<AppEnv>): DeskStaff => ({ ...staffOf(c), audit: auditActorOf(c.get('actor'), clientInfo(c).ip) });

// GET /api/admin/orders/:id/allocation — the lines' lots, shipped units and backorders, the pack's free lots, and what the caller may change
orderFulfilmentAdminRouter.endpoint(
  { method: 'get', path: '/:id/allocation', tags, summary: 'An order’s allocation: lines, lots, backorders and free lots', input: idParamSchema, output: orderAllocationSchema, audience: 'staff', permissions: ['ORDER.VIEW'] },
  async (input, c) => getOrderAllocation(c.get('db'), staffOf(c), input.id, c.get('lang')),
);

// POST /api/admin/orders/:id/allocate — allocate again what the lines still lack (stock arrived), first expiring first
orderFulfilmentAdminRouter.endpoint(
  { method: 'post', path: '/:id/allocate', tags, summary: 'Allocate a placed order again: what its lines still lack', input: allocateAgainSchema, output: fulfilmentResultSchema, audience: 'staff', permissions: ['ORDER.VIEW', 'ORDER.FULFIL'] },
  async (input, c) => allocateAgain(c.get('db'), desk(c), input.id),
);

// POST /api/admin/orders/:id/allocation/move — move unshipped units of a line to another lot of its pack, or back to its backorder (with a reason)
orderFulfilmentAdminRouter.endpoint(
  { method: 'post', path: '/:id/allocation/move', tags, summary: 'Move a line’s unshipped units to another lot, or back to backorder', input: allocationMoveSchema, output: fulfilmentResultSchema, audience: 'staff', permissions: ['ORDER.VIEW', 'ORDER.FULFIL'] },
  async (input, c) => moveAllocation(c.get('db'), desk(c), input),
);

// POST /api/admin/orders/:id/lines/cancel — cancel a line not shipped: its stock back to the lots, totals recomputed (the last line voids the order)
orderFulfilmentAdminRouter.endpoint(
  { method: 'post', path: '/:id/lines/cancel', tags, summary: 'Cancel an unshipped line of an order (with a reason)', input: lineCancelSchema, output: fulfilmentResultSchema, audience: 'staff', permissions: ['ORDER.VIEW', 'ORDER.FULFIL'] },
  async (input, c) => cancelLine(c.get('db'), desk(c), input),
);

// POST /api/admin/orders/:id/cancel — cancel an order nothing of which shipped: its stock back to the lots
orderFulfilmentAdminRouter.endpoint(
  { method: 'post', path: '/:id/cancel', tags, summary: 'Cancel an unshipped order (with a reason)', input: orderReasonSchema, output: fulfilmentResultSchema, audience: 'staff', permissions: ['ORDER.VIEW', 'ORDER.FULFIL'] },
  async (input, c) => voidOrder(c.get('db'), desk(c), input),
);

// POST /api/admin/orders/:id/release — finance releases an order held for credit, which then takes its stock
orderFulfilmentAdminRouter.endpoint(
  { method: 'post', path: '/:id/release', tags, summary: 'Release an order held for credit and allocate it (with a reason)', input: orderReasonSchema, output: fulfilmentResultSchema, audience: 'staff', permissions: ['ORDER.VIEW', 'INVOICE.ISSUE'] },
  async (input, c) => releaseHold(c.get('db'), desk(c), input),
);
