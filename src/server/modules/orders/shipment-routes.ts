import 'server-only';
import type { Context } from 'hono';
import { idParamSchema } from '@/contracts/admin';
import {
  PACKING_LIST_FILE, carrierInputSchema, carrierSchema, myShipmentsSchema, orderShipmentsSchema, packingListInput, shipmentInputSchema, shipmentRefSchema,
  shipmentSchema,
} from '@/contracts/shipments';
import { z } from 'zod';
import { AppError } from '@/server/errors';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { staffOf } from '@/server/modules/approvals/routes';
import type { OrderActor } from './access';
import { createCarrier, listCarriers, updateCarrier } from './carriers';
import type { FileReply } from '@/server/http/file-reply';
import type { Db } from '@/server/db/client';
import type { Lang } from '@/lib/lang';
import { packingListPdf } from './packing-list';
import type { OrderRef } from './shipments';
import { notifyShipment } from './shipment-notify';
import { createShipment, customerOrder, deliverShipment, getOrderShipments, myShipments, shipmentOf, staffOrder } from './shipments';

const tags = ['admin: orders'];

/** The packing list as its answer: a PDF, inline to view and print, or an attachment to download. */
async function packingListReply(db: Db, order: OrderRef, sid: number, lang: Lang, download: boolean): Promise<FileReply> {
  const pdf = await packingListPdf(db, order, await shipmentOf(db, order, sid, lang), lang);
  return { body: pdf.bytes, type: 'application/pdf', size: pdf.bytes.byteLength, name: pdf.name, inline: !download };
}
const staffWithAudit = (c: Context<AppEnv>) => ({ ...staffOf(c), audit: auditActorOf(c.get('actor'), clientInfo(c).ip) });

/** The carriers of the order desk (ADR 0074): read with ORDER.VIEW, kept with ORDER.FULFIL. */
export const carriersAdminRouter = createRouter('/api/admin/carriers');

// GET /api/admin/carriers — every carrier, active first, with its qualifications and tracking page
carriersAdminRouter.endpoint(
  { method: 'get', path: '', tags, summary: 'List carriers', input: z.object({}), output: z.array(carrierSchema), audience: 'staff', permissions: ['ORDER.VIEW'] },
  async (_input, c) => listCarriers(c.get('db')),
);

// POST /api/admin/carriers — add a carrier (code, names, dangerous goods, cold chain, tracking page, order)
carriersAdminRouter.endpoint(
  { method: 'post', path: '', tags, summary: 'Add a carrier', input: carrierInputSchema, output: carrierSchema, audience: 'staff', permissions: ['ORDER.FULFIL'] },
  async (input, c) => createCarrier(c.get('db'), staffWithAudit(c).audit, input),
);

// PUT /api/admin/carriers/:id — change a carrier, or deactivate it (`active` false)
carriersAdminRouter.endpoint(
  { method: 'put', path: '/:id', tags, summary: 'Change or deactivate a carrier', input: carrierInputSchema.extend(idParamSchema.shape), output: carrierSchema, audience: 'staff', permissions: ['ORDER.FULFIL'] },
  async ({ id, ...input }, c) => updateCarrier(c.get('db'), staffWithAudit(c).audit, id, input),
);

/** An order's shipments on the order desk (ADR 0074): ORDER.VIEW reads, ORDER.FULFIL ships and records deliveries, in the desk's scope. */
export const shipmentsAdminRouter = createRouter('/api/admin/orders');

// GET /api/admin/orders/:id/shipments — the order's shipments, the allocated units still to ship, the buyer's permit on file
shipmentsAdminRouter.endpoint(
  { method: 'get', path: '/:id/shipments', tags, summary: 'An order’s shipments and what may still ship', input: idParamSchema, output: orderShipmentsSchema, audience: 'staff', permissions: ['ORDER.VIEW'] },
  async (input, c) => getOrderShipments(c.get('db'), staffOf(c), input.id, c.get('lang')),
);

// POST /api/admin/orders/:id/shipments — ship allocated units (per allocation) with a qualified carrier, tracking number, filings, note
shipmentsAdminRouter.endpoint(
  { method: 'post', path: '/:id/shipments', tags, summary: 'Ship allocated units of an order', input: shipmentInputSchema, output: shipmentSchema, audience: 'staff', permissions: ['ORDER.FULFIL'] },
  async (input, c) => {
    const made = await createShipment(c.get('db'), staffWithAudit(c), input, c.get('lang'));
    await notifyShipment(c.get('db'), made.order, made.shipment.id, 'shipped');
    return made.shipment;
  },
);

// POST /api/admin/orders/:id/shipments/:sid/deliver — record that the buyer received a shipment
shipmentsAdminRouter.endpoint(
  { method: 'post', path: '/:id/shipments/:sid/deliver', tags, summary: 'Record a shipment delivered', input: shipmentRefSchema, output: shipmentSchema, audience: 'staff', permissions: ['ORDER.FULFIL'] },
  async (input, c) => {
    const who = staffWithAudit(c);
    const order = await staffOrder(c.get('db'), who, input.id);
    const shipment = await deliverShipment(c.get('db'), order, input.sid, { kind: 'staff', staffId: who.staffId, name: who.name, audit: who.audit }, c.get('lang'));
    await notifyShipment(c.get('db'), order, shipment.id, 'delivered');
    return shipment;
  },
);

// GET /api/admin/orders/:id/shipments/:sid/packing-list — the shipment's packing list as a PDF (?lang=zh|en; ?download=1: attachment)
shipmentsAdminRouter.endpoint(
  {
    method: 'get', path: '/:id/shipments/:sid/packing-list', tags, audience: 'staff', permissions: ['ORDER.VIEW'], input: packingListInput, file: PACKING_LIST_FILE,
    summary: 'The packing list of a shipment, as a PDF', description: 'Answers a PDF, or the JSON envelope on an error.',
  },
  async (input, c) => {
    const lang = input.lang ?? c.get('lang');
    const order = await staffOrder(c.get('db'), staffOf(c), input.id);
    return packingListReply(c.get('db'), order, input.sid, lang, input.download === '1');
  },
);

function customerOf(c: Context<AppEnv>): OrderActor & { audit: ReturnType<typeof auditActorOf> } {
  const actor = c.get('actor');
  if (actor.kind !== 'user') throw new AppError(401);
  return { userId: actor.userId, companyId: actor.companyId, name: actor.name, permissions: actor.permissions, audit: auditActorOf(actor, clientInfo(c).ip) };
}

/** The buyer's side (ADR 0074): the shipments of an order they see, confirming receipt, the packing list. */
export const shipmentsAppRouter = createRouter('/api/app/orders');
const appTags = ['orders'];

// GET /api/app/orders/:id/shipments — the shipments of one of my (or, approving, my company's) orders, and its fulfilment
shipmentsAppRouter.endpoint(
  { method: 'get', path: '/:id/shipments', tags: appTags, summary: 'The shipments of an order', input: idParamSchema, output: myShipmentsSchema, audience: 'user', permissions: ['SALE.VIEW'] },
  async (input, c) => myShipments(c.get('db'), customerOf(c), input.id, c.get('lang')),
);

// POST /api/app/orders/:id/shipments/:sid/receive — confirm a shipment received
shipmentsAppRouter.endpoint(
  { method: 'post', path: '/:id/shipments/:sid/receive', tags: appTags, summary: 'Confirm a shipment received', input: shipmentRefSchema, output: myShipmentsSchema, audience: 'user', permissions: ['SALE.VIEW'] },
  async (input, c) => {
    const me = customerOf(c);
    const order = await customerOrder(c.get('db'), me, input.id);
    await deliverShipment(c.get('db'), order, input.sid, { kind: 'user', userId: me.userId, name: me.name, audit: me.audit }, c.get('lang'));
    await notifyShipment(c.get('db'), order, input.sid, 'delivered');
    return myShipments(c.get('db'), me, input.id, c.get('lang'));
  },
);

// GET /api/app/orders/:id/shipments/:sid/packing-list — the packing list of a shipment of my order, as a PDF (?lang=zh|en)
shipmentsAppRouter.endpoint(
  {
    method: 'get', path: '/:id/shipments/:sid/packing-list', tags: appTags, audience: 'user', permissions: ['SALE.VIEW'], input: packingListInput, file: PACKING_LIST_FILE,
    summary: 'The packing list of a shipment of my order, as a PDF', description: 'Answers a PDF, or the JSON envelope on an error.',
  },
  async (input, c) => {
    const lang = input.lang ?? c.get('lang');
    const order = await customerOrder(c.get('db'), customerOf(c), input.id);
    return packingListReply(c.get('db'), order, input.sid, lang, input.download === '1');
  },
);
