import 'server-only';
import type { Context } from 'hono';
import { idParamSchema } from '@/contracts/admin';
import { orderDeskDetailSchema, orderDeskExportInputSchema, orderDeskListInputSchema, orderDeskListSchema } from '@/contracts/orders-admin';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { staffOf } from '@/server/modules/approvals/routes';
import { xlsxExport } from '@/server/modules/exports/xlsx-routes';
import { exportOrderDesk } from './admin-export';
import { listOrderDesk } from './admin-queries';
import { getOrderDesk } from './admin-record';

/** The order desk of the back-office (ADR 0071): ORDER.VIEW, scoped to the customers the member sees unless ORDER.VIEW_ALL. */
export const ordersAdminRouter = createRouter('/api/admin/orders');

const tags = ['admin: orders'];
const PERMS = ['ORDER.VIEW'] as const;
const me = (c: Context<AppEnv>): ScopedStaff => staffOf(c);

// GET /api/admin/orders — search (order number, customer, item number, CAS), state, customer, days, hazardous and backorder filters, sort (time or amount), keyset pages
ordersAdminRouter.endpoint(
  { method: 'get', path: '', tags, summary: 'Orders the caller may see', input: orderDeskListInputSchema, output: orderDeskListSchema, audience: 'staff', permissions: [...PERMS] },
  async (input, c) => listOrderDesk(c.get('db'), me(c), input),
);

// GET /api/admin/orders/export — the list's orders as a streamed Excel workbook (every row)
xlsxExport(ordersAdminRouter, {
  tags, audience: 'staff', permissions: [...PERMS], input: orderDeskExportInputSchema, file: 'orders',
  summary: 'Export the order list as an Excel workbook (.xlsx, streamed, every row)',
  description: 'Answers the workbook itself (Content-Disposition attachment), or the JSON envelope on an error.',
}, async (input, c) => exportOrderDesk(c.get('db'), me(c), input, c.get('lang')));

// GET /api/admin/orders/:id — one order: buyer and company, lines with lots and COAs, totals, invoice, approval, complaints, history
ordersAdminRouter.endpoint(
  { method: 'get', path: '/:id', tags, summary: 'One order', input: idParamSchema, output: orderDeskDetailSchema, audience: 'staff', permissions: [...PERMS] },
  async (input, c) => getOrderDesk(c.get('db'), me(c), input.id, c.get('lang')),
);
