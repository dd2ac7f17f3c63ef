import './zod-config';
import { z } from 'zod';
import { idSchema, wholeNumber } from './numbers';
import { ORDER_STATUSES } from './orders';

/**
 * The order desk's allocation (ADR 0074): an order's lines with the lots that hold their units, what waits
 * for stock, and the staff's changes — move units to another lot, give them back to the backorder, allocate
 * again, cancel a line or the order — and finance's release of an order held for credit.
 */

export const FULFILMENT_STATUSES = ['none', 'held', 'backordered', 'allocated', 'partly_shipped', 'shipped', 'delivered'] as const;
export type FulfilmentStatusDto = (typeof FULFILMENT_STATUSES)[number];
export const HOLD_REASONS = ['overdue', 'credit_limit'] as const;
export type HoldReasonDto = (typeof HOLD_REASONS)[number];

/** Why staff change an order: required, at most 100 characters. */
export const REASON_MAX = 100;
const reason = z.string({ message: 'allocationReasonRequired' }).trim().min(1, { message: 'allocationReasonRequired' }).max(REASON_MAX, { message: 'allocationReasonTooLong' });

export const allocationLotSchema = z.object({
  allocationId: z.number().int(),
  lotId: z.number().int(),
  lotNo: z.string(),
  quantity: z.number().int(),
  shipped: z.number().int(),
  expiresOn: z.string().nullable(),
  retestOn: z.string().nullable(),
});

export const allocationLineSchema = z.object({
  id: z.number().int(),
  packId: z.number().int(),
  itemNo: z.string(),
  name: z.string(),
  size: z.string(),
  num: z.number().int(),
  cancelled: z.boolean(),
  lots: z.array(allocationLotSchema),
  /** Units waiting for stock, and the lead time they wait (days, 0: not known). */
  backorderQty: z.number().int(),
  leadTimeDays: z.number().int(),
});

/** A lot of a line's pack that can take units now: in stock (its free units) and not expired. */
export const freeLotSchema = z.object({
  lotId: z.number().int(),
  packId: z.number().int(),
  lotNo: z.string(),
  quantity: z.number().int(),
  expiresOn: z.string().nullable(),
  retestOn: z.string().nullable(),
});

export const orderAllocationSchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  fulfilment: z.enum(FULFILMENT_STATUSES),
  /** Why finance holds the order ('' when it is not held). */
  holdReason: z.string(),
  lines: z.array(allocationLineSchema),
  freeLots: z.array(freeLotSchema),
  /** What the caller may do: change the allocation and cancel (ORDER.FULFIL), release a hold (INVOICE.ISSUE). */
  can: z.object({ fulfil: z.boolean(), release: z.boolean() }),
});
export type OrderAllocationDto = z.infer<typeof orderAllocationSchema>;

export const orderReasonSchema = z.strictObject({ id: idSchema, reason });
export type OrderReasonInput = z.infer<typeof orderReasonSchema>;

export const allocateAgainSchema = z.strictObject({ id: idSchema });

/** Move `quantity` unshipped units of a line from one of its lots to another lot of its pack, or (`toLotId` null) back to its backorder. */
export const allocationMoveSchema = z.strictObject({
  id: idSchema,
  itemId: idSchema,
  fromLotId: idSchema,
  toLotId: idSchema.nullable(),
  quantity: wholeNumber(z.number().int().min(1, { message: 'quantityRange' }).max(9999, { message: 'quantityRange' })),
  reason,
}).refine((v) => v.fromLotId !== v.toLotId, { path: ['toLotId'], message: 'allocationSameLot' });
export type AllocationMoveInput = z.infer<typeof allocationMoveSchema>;

export const lineCancelSchema = z.strictObject({ id: idSchema, itemId: idSchema, reason });
export type LineCancelInput = z.infer<typeof lineCancelSchema>;

export const fulfilmentResultSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  fulfilment: z.enum(FULFILMENT_STATUSES),
  /** Units allocated by the call (allocate again, release). */
  allocated: z.number().int(),
});
export type FulfilmentResultDto = z.infer<typeof fulfilmentResultSchema>;
