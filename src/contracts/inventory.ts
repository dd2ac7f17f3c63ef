import './zod-config';
import { z } from 'zod';
import { toUnits } from '@/lib/inventory-amount';
import { calendarDay } from './dates';
import { idSchema, optionalIdSchema, pageParams } from './numbers';

/** The lab's shelf (ADR 0089): containers, their locations and their ledger. */

export const CONTAINER_UNITS = ['mg', 'g', 'kg', 'µL', 'mL', 'L', 'ea'] as const;
export const CONTAINER_STATES = ['in_use', 'empty', 'disposed'] as const;
export const LEDGER_KINDS = ['received', 'used', 'moved', 'disposed', 'correction'] as const;
/** 易制毒, 易制爆, 剧毒. */
export const INVENTORY_CONTROL_CLASSES = ['precursor', 'explosive', 'toxic'] as const;
export const LOCATION_KINDS = ['building', 'room', 'cabinet'] as const;
export const HAZARD_FILTERS = ['hazardous', 'controlled', ...INVENTORY_CONTROL_CLASSES] as const;
export const EXPIRY_FILTERS = ['soon', 'expired'] as const;
export const CONTAINER_SORTS = ['name', 'expiry', 'received', 'remaining'] as const;
/** Days ahead that count as "expiring soon". */
export const EXPIRY_SOON_DAYS = 30;
export const INVENTORY_NOTE_MAX = 500;
export const INVENTORY_PURPOSE_MAX = 200;
export const LOCATION_NAME_MAX = 60;

export type ContainerUnitValue = (typeof CONTAINER_UNITS)[number];
export type ContainerStateValue = (typeof CONTAINER_STATES)[number];
export type LedgerKindValue = (typeof LEDGER_KINDS)[number];
export type InventoryControlClassValue = (typeof INVENTORY_CONTROL_CLASSES)[number];
export type LocationKindValue = (typeof LOCATION_KINDS)[number];

/** The kind a location's children are: buildings hold rooms, rooms hold cabinets, cabinets nothing. */
export function childKindOf(kind: LocationKindValue | null): LocationKindValue | null {
  if (kind === null) return 'building';
  if (kind === 'building') return 'room';
  if (kind === 'room') return 'cabinet';
  return null;
}

/** A positive amount of up to ten digits and four decimals, as text (a JSON number is read as its text). */
const positiveAmount = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
  z.string({ message: 'inventoryAmountInvalid' }).trim().refine((s) => { const u = toUnits(s); return u !== null && u > 0; }, { message: 'inventoryAmountInvalid' }),
);
/** A signed amount (a correction's change), not zero. */
const signedAmount = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
  z.string({ message: 'inventoryAmountInvalid' }).trim().refine((s) => { const u = toUnits(s); return u !== null && u !== 0; }, { message: 'inventoryAmountInvalid' }),
);
const note = z.string().trim().max(INVENTORY_NOTE_MAX, { message: 'inventoryNoteTooLong' });
const purpose = z.string().trim().max(INVENTORY_PURPOSE_MAX, { message: 'inventoryPurposeTooLong' });
const optionalDay = z.preprocess((v) => (v === '' ? null : v), calendarDay().nullable());
const nullableId = z.preprocess((v) => (v === '' ? null : v), idSchema.nullable());

export const inventoryListSchema = z.strictObject({
  key: z.string().trim().max(60).optional(),
  locationId: optionalIdSchema,
  ownerId: optionalIdSchema,
  departmentId: optionalIdSchema,
  state: z.enum([...CONTAINER_STATES, 'all']).default('in_use'),
  hazard: z.enum(HAZARD_FILTERS).optional(),
  expiry: z.enum(EXPIRY_FILTERS).optional(),
  sort: z.enum(CONTAINER_SORTS).default('received'),
  order: z.enum(['asc', 'desc']).default('desc'),
  ...pageParams(20, 100),
});
export type InventoryListInput = z.infer<typeof inventoryListSchema>;

export const locationRefSchema = z.object({ id: z.number().int(), name: z.string(), kind: z.enum(LOCATION_KINDS) });

export const containerSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  itemNo: z.string(),
  cas: z.string(),
  productId: z.number().int().nullable(),
  controlClass: z.enum(INVENTORY_CONTROL_CLASSES).nullable(),
  hazardous: z.boolean(),
  lotNo: z.string(),
  expiresOn: z.string().nullable(),
  retestOn: z.string().nullable(),
  amount: z.string(),
  remaining: z.string(),
  unit: z.enum(CONTAINER_UNITS),
  state: z.enum(CONTAINER_STATES),
  source: z.enum(['order', 'manual', 'import']),
  /** The location's path, building first; empty when the container is not placed. */
  location: z.array(locationRefSchema),
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  department: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  receivedOn: z.string(),
  note: z.string(),
  /** What the reader may do (rules.ts). */
  can: z.object({ edit: z.boolean(), use: z.boolean() }),
});
export type ContainerDto = z.infer<typeof containerSchema>;

export const containerPageSchema = z.object({
  list: z.array(containerSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ContainerPageDto = z.infer<typeof containerPageSchema>;

export const ledgerRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  delta: z.string(),
  balance: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  purpose: z.string(),
  happenedOn: z.string(),
  actorName: z.string(),
  correctsId: z.number().int().nullable(),
  /** The corrected row's day and kind, as the page names it (null: not a correction). */
  corrects: z.object({ happenedOn: z.string(), kind: z.enum(LEDGER_KINDS) }).nullable(),
  createdAt: z.string(),
});
export type LedgerRowDto = z.infer<typeof ledgerRowSchema>;

export const ledgerPageSchema = z.object({ list: z.array(ledgerRowSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type LedgerPageDto = z.infer<typeof ledgerPageSchema>;
export const ledgerInputSchema = z.strictObject({ id: idSchema, ...pageParams(20, 100) });

export const containerDetailSchema = z.object({
  container: containerSchema,
  ledger: ledgerPageSchema,
  coaUrl: z.string().nullable(),
  order: z.object({ id: z.number().int(), orderNo: z.string() }).nullable(),
});
export type ContainerDetailDto = z.infer<typeof containerDetailSchema>;

export const containerIdSchema = z.strictObject({ id: idSchema });

/** A container added by hand: a pack of the catalogue, or free text. */
export const containerAddSchema = z.strictObject({
  packId: optionalIdSchema,
  name: z.string().trim().max(200, { message: 'inventoryNameTooLong' }).optional(),
  cas: z.string().trim().max(20).regex(/^(\d{2,7}-\d{2}-\d)?$/, { message: 'inventoryCasInvalid' }).optional(),
  amount: positiveAmount.optional(),
  unit: z.enum(CONTAINER_UNITS).optional(),
  lotNo: z.string().trim().max(40).optional(),
  expiresOn: optionalDay.optional(),
  locationId: nullableId.optional(),
  receivedOn: calendarDay().optional(),
  note: note.optional(),
}).superRefine((v, ctx) => {
  if (v.packId !== undefined) return;
  if (!v.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'inventoryNameRequired' });
  if (!v.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'inventoryAmountInvalid' });
  if (!v.unit) ctx.addIssue({ code: 'custom', path: ['unit'], message: 'inventoryUnitRequired' });
});
export type ContainerAddInput = z.infer<typeof containerAddSchema>;

export const containerEditSchema = z.strictObject({
  id: idSchema,
  ownerId: nullableId.optional(),
  departmentId: nullableId.optional(),
  expiresOn: optionalDay.optional(),
  retestOn: optionalDay.optional(),
  note: note.optional(),
});
export type ContainerEditInput = z.infer<typeof containerEditSchema>;

export const containerUseSchema = z.strictObject({ id: idSchema, amount: positiveAmount, purpose: purpose.default(''), day: calendarDay().optional() });
export const containerMoveSchema = z.strictObject({ id: idSchema, locationId: nullableId, day: calendarDay().optional() });
export const containerDisposeSchema = z.strictObject({ id: idSchema, purpose: purpose.default(''), day: calendarDay().optional() });
export const containerCorrectSchema = z.strictObject({
  id: idSchema,
  /** The ledger row corrected. */
  entryId: idSchema,
  /** The change to the balance (+ or −). */
  delta: signedAmount,
  purpose: z.string().trim().min(1, { message: 'inventoryReasonRequired' }).max(INVENTORY_PURPOSE_MAX, { message: 'inventoryPurposeTooLong' }),
  day: calendarDay().optional(),
});

export const locationSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  kind: z.enum(LOCATION_KINDS),
  name: z.string(),
  sort: z.number().int(),
  /** Containers placed directly here, not disposed. */
  containers: z.number().int(),
});
export type LocationDto = z.infer<typeof locationSchema>;
export const locationTreeSchema = z.object({ list: z.array(locationSchema) });
export type LocationTreeDto = z.infer<typeof locationTreeSchema>;

const locationName = z.string({ message: 'locationNameRequired' }).trim().min(1, { message: 'locationNameRequired' }).max(LOCATION_NAME_MAX, { message: 'locationNameTooLong' });
export const locationAddSchema = z.strictObject({ parentId: nullableId.default(null), name: locationName });
export const locationRenameSchema = z.strictObject({ id: idSchema, name: locationName });
export const locationMoveSchema = z.strictObject({ id: idSchema, direction: z.enum(['up', 'down']) });
export const locationIdSchema = z.strictObject({ id: idSchema });

/** People and departments of the company for the filters and the edit dialog. */
export const inventoryChoicesSchema = z.object({
  users: z.array(z.object({ id: z.number().int(), name: z.string() })),
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type InventoryChoicesDto = z.infer<typeof inventoryChoicesSchema>;
