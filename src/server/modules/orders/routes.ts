import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { idSchema } from '@/contracts/numbers';
import {
  approvalLogSchema, approveSchema, orderCancelSchema, orderCompanySchema, orderCountSchema, orderDetailSchema, orderIdSchema,
  orderItemDeleteSchema, orderItemSchema, orderListSchema, orderPageSchema, orderSubmitSchema, orderUpdateSchema, quickAddSchema,
  quickLineSchema, quickResolveSchema, quickResultSchema, recartSchema, submittedOrderSchema,
} from '@/contracts/orders';
import type { AppEnv } from '@/server/http/context';
import { AppError } from '@/server/errors';
import { createRouter } from '@/server/http/router';
import { xlsxExport } from '@/server/modules/exports/xlsx-routes';
import type { OrderActor } from './access';
import { getOrderCompany } from './company';
import { cancelOrders, decideOrder, deleteOrderLine, placeOrder, updateOrder, type OrderStep } from './decide';
import { notifyOrderHeld } from './hold-mail';
import { describeMatch } from './describe';
import { exportOrders } from './export';
import { notifyOrderStep } from './notify';
import { countOrders, getOrderDetail, listApprovalLogs, listOrderItems, listOrders } from './queries';
import { resolveQuickCandidate, resolveQuickOrder } from './quick-order';
import { addQuickLines, recartOrder } from './recart';
import { submitOrder } from './submit';

function actorOf(c: Context<AppEnv>): OrderActor {
  const actor = c.get('actor');
  if (actor.kind !== 'user') throw new AppError(401);
  return { userId: actor.userId, companyId: actor.companyId, name: actor.name, permissions: actor.permissions };
}

async function notifySteps(c: Context<AppEnv>, steps: readonly OrderStep[]): Promise<void> {
  const actor = actorOf(c);
  for (const s of steps) {
    await notifyOrderStep(c.get('db'), { ...s, actorName: actor.name, actorId: actor.userId }, c.get('lang'));
  }
}

const emptySchema = z.object({});
const okSchema = z.object({ ok: z.boolean() });

// ---------------------------------------------------------------------------------------------
export const saleAppRouter = createRouter('/api/app/sale');

// GET /api/app/sale/list — a keyset page of orders (own, company's, or waiting for my approval)
saleAppRouter.endpoint(
  { method: 'get', path: '/list', tags: ['orders'], summary: 'Orders: scope, status, dates, order or item number; newest first, keyset pages', input: orderListSchema, output: orderPageSchema, audience: 'user', permissions: ['SALE.VIEW'] },
  async (input, c) => listOrders(c.get('db'), actorOf(c), input),
);

// GET /api/app/sale/count — counts per status and the number waiting for my approval
saleAppRouter.endpoint(
  { method: 'get', path: '/count', tags: ['orders'], summary: 'Order counts per status, and orders waiting for the caller', input: z.object({ scope: z.enum(['mine', 'company']).default('mine') }).strict(), output: orderCountSchema, audience: 'user', permissions: ['SALE.VIEW'] },
  async (input, c) => countOrders(c.get('db'), actorOf(c), input.scope),
);

// POST /api/app/sale/update — the buyer edits PO number, cost centre or note before the order is placed
saleAppRouter.endpoint(
  { method: 'post', path: '/update', tags: ['orders'], summary: 'Edit the PO number, cost centre or note of an own order not yet placed', input: orderUpdateSchema, output: okSchema, audience: 'user', permissions: ['SALE.VIEW'] },
  async (input, c) => {
    await updateOrder(c.get('db'), actorOf(c), input);
    return { ok: true };
  },
);

// GET /api/app/sale/export — the list's orders as an Excel workbook (at most 10,000, newest first)
xlsxExport(saleAppRouter, {
  tags: ['orders'], audience: 'user', permissions: ['SALE.VIEW'], input: orderListSchema.omit({ cursor: true, limit: true }), file: 'orders',
  summary: 'Export the orders of the list filters as an Excel workbook (.xlsx, at most 10,000)',
  description: 'Answers the workbook itself (Content-Disposition attachment), or the JSON envelope on an error.',
}, (input, c) => exportOrders(c.get('db'), actorOf(c), input, c.get('lang')));

// ---------------------------------------------------------------------------------------------
export const orderApiAppRouter = createRouter('/api/app/api/order');

// POST /api/app/api/order/add — check out: an order from the cart (idempotent by key)
orderApiAppRouter.endpoint(
  { method: 'post', path: '/add', tags: ['orders'], summary: 'Place an order from the cart: address, PO, cost centre, invoice; idempotency key', input: orderSubmitSchema, output: submittedOrderSchema, audience: 'user', permissions: ['SALE.CREATE'] },
  async (input, c) => {
    const actor = actorOf(c);
    const order = await submitOrder(c.get('db'), actor, input, undefined, c.get('lang'));
    if (order.created) {
      await notifyOrderStep(c.get('db'), {
        orderId: order.id, orderNo: order.orderNo, buyerId: actor.userId, companyId: actor.companyId, action: 'submit',
        status: order.status, reason: '', actorName: actor.name, actorId: actor.userId,
      }, c.get('lang'));
    }
    return { id: order.id, orderNo: order.orderNo, status: order.status, total: order.total, matches: order.matches.map((m) => ({ kind: m.kind, text: describeMatch(c.get('lang'), m) })) };
  },
);

// POST /api/app/api/order/delete — cancel own orders not yet placed
orderApiAppRouter.endpoint(
  { method: 'post', path: '/delete', tags: ['orders'], summary: 'Cancel own orders that are reviewing or passed (ids)', input: orderCancelSchema, output: okSchema, audience: 'user', permissions: ['SALE.VIEW'] },
  async (input, c) => {
    const steps = await cancelOrders(c.get('db'), actorOf(c), input.ids);
    await notifySteps(c, steps);
    return { ok: true };
  },
);

// POST /api/app/api/order/item/delete — remove a line of a reviewing order (its buyer, or an approver)
orderApiAppRouter.endpoint(
  { method: 'post', path: '/item/delete', tags: ['orders'], summary: 'Remove a line of a reviewing order (logged); the order keeps one line at least', input: orderItemDeleteSchema, output: okSchema, audience: 'user', permissions: ['SALE.VIEW'] },
  async (input, c) => {
    await deleteOrderLine(c.get('db'), actorOf(c), input);
    return { ok: true };
  },
);

// POST /api/app/api/order/items — the lines of an order
orderApiAppRouter.endpoint(
  { method: 'post', path: '/items', tags: ['orders'], summary: 'Lines of an order', input: orderIdSchema, output: z.object({ list: z.array(orderItemSchema) }), audience: 'user', permissions: ['SALE.VIEW'] },
  async (input, c) => ({ list: await listOrderItems(c.get('db'), actorOf(c), input.id, c.get('lang')) }),
);

// POST /api/app/api/order/deal — the buyer confirms a passed order: placed with the supplier (idempotent)
orderApiAppRouter.endpoint(
  { method: 'post', path: '/deal', tags: ['orders'], summary: 'Confirm a passed order, which places it with the supplier; again: unchanged', input: orderIdSchema, output: z.object({ id: z.number().int(), orderNo: z.string(), status: z.string() }), audience: 'user', permissions: ['SALE.CREATE'] },
  async (input, c) => {
    const placed = await placeOrder(c.get('db'), actorOf(c), input.id);
    if (placed.step) await notifySteps(c, [placed.step]);
    if (placed.step && placed.hold) await notifyOrderHeld(c.get('db'), placed.step, placed.hold, c.get('lang'));
    return { id: input.id, orderNo: placed.orderNo, status: placed.status };
  },
);

// GET /api/app/api/order/company — invoice title, tax number and the address book, for checkout
orderApiAppRouter.endpoint(
  { method: 'get', path: '/company', tags: ['orders'], summary: 'Checkout data of the company: invoice title, tax number, addresses, permit on file', input: emptySchema, output: orderCompanySchema, audience: 'user' },
  async (_input, c) => getOrderCompany(c.get('db'), actorOf(c).companyId),
);

// POST /api/app/api/order/reorder — an order's packs back in the cart at today's prices
orderApiAppRouter.endpoint(
  { method: 'post', path: '/reorder', tags: ['orders'], summary: 'Put an order’s packs in the cart at today’s prices (reorder; a rejected order back to the cart)', input: orderIdSchema, output: recartSchema, audience: 'user', permissions: ['SALE.CREATE'] },
  async (input, c) => recartOrder(c.get('db'), actorOf(c), input.id, c.get('lang')),
);

// POST /api/app/api/order/quick/resolve — quick order: resolve pasted lines to packs, per-line errors
orderApiAppRouter.endpoint(
  { method: 'post', path: '/quick/resolve', tags: ['orders'], summary: 'Quick order: resolve up to 200 lines of "item or CAS number, quantity"', input: quickResolveSchema, output: quickResultSchema, audience: 'user' },
  async (input, c) => ({ lines: await resolveQuickOrder(c.get('db'), input.text, c.get('lang'), actorOf(c).companyId) }),
);

// POST /api/app/api/order/quick/candidate — quick order: the packs of a chosen candidate of an ambiguous CAS number
orderApiAppRouter.endpoint(
  { method: 'post', path: '/quick/candidate', tags: ['orders'], summary: 'Quick order: packs of the product chosen among a CAS number’s candidates', input: z.object({ productId: idSchema }).strict(), output: quickLineSchema.shape.product.unwrap(), audience: 'user' },
  async (input, c) => resolveQuickCandidate(c.get('db'), input.productId, c.get('lang'), actorOf(c).companyId),
);

// POST /api/app/api/order/quick/add — quick order: the good lines to the cart in one step
orderApiAppRouter.endpoint(
  { method: 'post', path: '/quick/add', tags: ['orders'], summary: 'Quick order: add resolved lines (packId, num) to the cart together', input: quickAddSchema, output: z.object({ added: z.number().int(), count: z.number().int() }), audience: 'user' },
  async (input, c) => addQuickLines(c.get('db'), actorOf(c), input.lines),
);

// ---------------------------------------------------------------------------------------------
export const approvalAppRouter = createRouter('/api/app/order');

// POST /api/app/order/approve — approve (after quantity changes and removals) or reject with a reason
approvalAppRouter.endpoint(
  { method: 'post', path: '/approve', tags: ['orders'], summary: 'Approve or reject a reviewing order (reason ≤ 50); changes and removals first, each logged', input: approveSchema, output: z.object({ id: z.number().int(), status: z.string() }), audience: 'user' },
  async (input, c) => {
    const step = await decideOrder(c.get('db'), actorOf(c), input);
    await notifySteps(c, [step]);
    return { id: step.orderId, status: step.status };
  },
);

// GET /api/app/order/approve/logs — the approval timeline of an order
approvalAppRouter.endpoint(
  { method: 'get', path: '/approve/logs', tags: ['orders'], summary: 'Approval timeline of an order', input: orderIdSchema, output: z.object({ list: z.array(approvalLogSchema) }), audience: 'user', permissions: ['SALE.VIEW'] },
  async (input, c) => ({ list: await listApprovalLogs(c.get('db'), actorOf(c), input.id, c.get('lang')) }),
);

// GET /api/app/order/sale — one order: lines, totals, timeline and what the caller may do
approvalAppRouter.endpoint(
  { method: 'get', path: '/sale', tags: ['orders'], summary: 'Order detail with lines, totals, approval timeline and allowed actions', input: orderIdSchema, output: orderDetailSchema, audience: 'user', permissions: ['SALE.VIEW'] },
  async (input, c) => getOrderDetail(c.get('db'), actorOf(c), input.id, c.get('lang')),
);
