import './zod-config';
import { z } from 'zod';
import { CONTROL_CLASSES } from './hazards';
import { idSchema, wholeNumber } from './numbers';

/**
 * The order desk's carriers and shipments (ADR 0074): staff ship some or all of an order's allocated units
 * with a qualified carrier and its tracking number; the buyer (or staff) confirms receipt.
 */

export const FULFILMENT_STATES = ['none', 'held', 'backordered', 'allocated', 'partly_shipped', 'shipped', 'delivered'] as const;
export type FulfilmentStateDto = (typeof FULFILMENT_STATES)[number];
export const SHIPMENT_STATUSES = ['shipped', 'delivered'] as const;
export const SHIPMENT_PROBLEMS = ['carrierInactive', 'needsDangerousGoods', 'needsColdChain', 'buyerLicenceRequired', 'transportFilingRequired'] as const;

const text = (max: number, message: string) => z.string({ message }).trim().max(max, { message });

// ---- carriers ---------------------------------------------------------------------------------

export const carrierSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  dangerousGoods: z.boolean(),
  coldChain: z.boolean(),
  trackingUrl: z.string(),
  active: z.boolean(),
  sort: z.number().int(),
  /** Shipments made with it (a carrier that shipped is deactivated, never deleted). */
  shipments: z.number().int(),
});
export type CarrierDto = z.infer<typeof carrierSchema>;

const sortField = z.preprocess(
  (v) => (v === '' || v === undefined ? 0 : typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : v),
  z.number({ message: 'carrierSortInvalid' }).int({ message: 'carrierSortInvalid' }).min(0, { message: 'carrierSortInvalid' }).max(9999, { message: 'carrierSortInvalid' }),
);

export const carrierInputSchema = z.strictObject({
  /** A short code (letters, digits, hyphens), unique. */
  code: z.string({ message: 'carrierCodeInvalid' }).trim().toUpperCase().regex(/^[A-Z0-9][A-Z0-9-]{1,19}$/, { message: 'carrierCodeInvalid' }),
  nameZh: text(50, 'carrierNameInvalid').min(1, { message: 'carrierNameInvalid' }),
  nameEn: text(80, 'carrierNameInvalid').min(1, { message: 'carrierNameInvalid' }),
  dangerousGoods: z.boolean(),
  coldChain: z.boolean(),
  /** The tracking page with `{no}` where the number goes (https), or empty. */
  trackingUrl: text(300, 'carrierTrackingUrlInvalid').refine((v) => v === '' || (/^https:\/\/[^\s]+$/.test(v) && v.includes('{no}')), { message: 'carrierTrackingUrlInvalid' }),
  active: z.boolean(),
  sort: sortField,
});
export type CarrierInput = z.infer<typeof carrierInputSchema>;

// ---- shipments --------------------------------------------------------------------------------

export const shipmentLineSchema = z.object({
  id: z.number().int(),
  allocationId: z.number().int(),
  orderItemId: z.number().int(),
  itemNo: z.string(),
  name: z.string(),
  size: z.string(),
  lotNo: z.string(),
  quantity: z.number().int(),
  hazardous: z.boolean(),
  coldChain: z.boolean(),
  controlClass: z.enum(CONTROL_CLASSES).nullable(),
  /** The lot's current certificate of analysis (its download address), when one is on file. */
  coaUrl: z.string().nullable(),
});

export const shipmentSchema = z.object({
  id: z.number().int(),
  shipmentNo: z.string(),
  orderId: z.number().int(),
  carrierId: z.number().int(),
  carrierName: z.string(),
  trackingNo: z.string(),
  /** The carrier's tracking page for this number, when the carrier has one. */
  trackingLink: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  dangerousGoods: z.boolean(),
  coldChain: z.boolean(),
  controlled: z.boolean(),
  buyerLicence: z.string(),
  transportFiling: z.string(),
  retainUntil: z.string().nullable(),
  note: z.string(),
  staffName: z.string(),
  shippedAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** Who confirmed receipt: the buyer's user or the staff member who recorded it. */
  deliveredBy: z.string(),
  lines: z.array(shipmentLineSchema),
});
export type ShipmentDto = z.infer<typeof shipmentSchema>;

/** One allocation (a lot of a line) and what of it may still ship. */
export const shippableSchema = z.object({
  allocationId: z.number().int(),
  orderItemId: z.number().int(),
  itemNo: z.string(),
  name: z.string(),
  size: z.string(),
  lotNo: z.string(),
  allocated: z.number().int(),
  shipped: z.number().int(),
  remaining: z.number().int(),
  hazardous: z.boolean(),
  storage: z.string(),
  shipping: z.string(),
  controlClass: z.enum(CONTROL_CLASSES).nullable(),
});
export type ShippableDto = z.infer<typeof shippableSchema>;

/** The order's shipments for staff, with what may still ship and the buyer's permit on file. */
export const orderShipmentsSchema = z.object({
  orderId: z.number().int(),
  orderStatus: z.string(),
  fulfilment: z.enum(FULFILMENT_STATES),
  shipments: z.array(shipmentSchema),
  shippable: z.array(shippableSchema),
  /** The buyer company's controlled-chemical permit on file (its file name, number — '' when not recorded — and last valid day), if any. */
  permit: z.object({ fileName: z.string(), permitNo: z.string(), validUntil: z.string().nullable() }).nullable(),
  /** The licence or filing number of the company's last controlled shipment, to prefill the next. */
  lastBuyerLicence: z.string(),
});
export type OrderShipmentsDto = z.infer<typeof orderShipmentsSchema>;

const quantity = wholeNumber(z.number({ message: 'shipmentQuantityInvalid' }).int({ message: 'shipmentQuantityInvalid' }).min(1, { message: 'shipmentQuantityInvalid' }).max(1_000_000, { message: 'shipmentQuantityInvalid' }));

export const shipmentInputSchema = z.strictObject({
  id: idSchema,
  carrierId: idSchema,
  trackingNo: z.string({ message: 'trackingNoInvalid' }).trim().toUpperCase().regex(/^[A-Z0-9][A-Z0-9-]{7,29}$/, { message: 'trackingNoInvalid' }),
  note: text(200, 'shipmentNoteTooLong').default(''),
  buyerLicence: text(50, 'buyerLicenceInvalid').default(''),
  transportFiling: text(50, 'transportFilingInvalid').default(''),
  lines: z.array(z.strictObject({ allocationId: idSchema, quantity }), { message: 'shipmentLinesRequired' })
    .min(1, { message: 'shipmentLinesRequired' }).max(200, { message: 'shipmentLinesRequired' })
    .refine((ls) => new Set(ls.map((l) => l.allocationId)).size === ls.length, { message: 'shipmentLinesRepeated' }),
});
export type ShipmentInput = z.infer<typeof shipmentInputSchema>;

export const shipmentRefSchema = z.object({ id: idSchema, sid: idSchema });

/** The buyer's view of an order's shipments. */
export const myShipmentsSchema = z.object({
  orderId: z.number().int(),
  fulfilment: z.enum(FULFILMENT_STATES),
  shipments: z.array(shipmentSchema.omit({ buyerLicence: true, transportFiling: true, retainUntil: true, note: true, staffName: true })),
});
export type MyShipmentsDto = z.infer<typeof myShipmentsSchema>;
export type MyShipmentDto = MyShipmentsDto['shipments'][number];

export const packingListInput = z.object({
  id: idSchema,
  sid: idSchema,
  download: z.enum(['0', '1']).optional(),
  lang: z.enum(['zh', 'en']).optional(),
});
export const PACKING_LIST_FILE = ['application/pdf'] as const;
