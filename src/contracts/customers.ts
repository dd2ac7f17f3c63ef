import './zod-config';
import { z } from 'zod';
import { EMAIL_PATTERN } from './auth-rules';
import { idSchema, MONEY_META, optionalIdSchema, wholeNumber } from './numbers';

/**
 * The back-office CRM's customers (ADR 0038): the storefront's companies and the prospects staff enter
 * before they register, with an owner, level, credit terms, tags, contacts and a timeline. Messages
 * are keys under `api.errors`.
 *
 * Text limits follow the hints of docs/requirements/back-office.md#text-limits (50, 60 and 100 characters): a name of a company 60, short
 * texts (a person's name, a position, a tag, a view's name) 50, a free text (an address, payment terms) 100; a logged
 * call, visit or note holds what was said, up to 2,000 characters.
 */
export const CRM_LIMITS = { companyName: 60, short: 50, text: 100, activity: 2000, tags: 10, phone: 20, email: 100 } as const;

export const CUSTOMER_KINDS = ['customer', 'prospect'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];
export const CUSTOMER_LEVELS = ['A', 'B', 'C', 'D'] as const;
export type CustomerLevel = (typeof CUSTOMER_LEVELS)[number];
export const ACTIVITY_KINDS = ['call', 'visit', 'note'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const CUSTOMER_SORTS = ['name', '-name', '-createdAt', 'createdAt'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
/** Which customers a list shows: all the member sees, their own, or the pool nobody owns. */
export const CUSTOMER_SCOPES = ['all', 'mine', 'unowned'] as const;

export const CRM_ERRORS = {
  name: 'crmNameInvalid',
  shortText: 'crmShortTextInvalid',
  text: 'crmTextInvalid',
  activity: 'crmActivityBodyInvalid',
  tag: 'crmTagInvalid',
  money: 'invalidAmount',
  days: 'crmCreditDaysInvalid',
  phone: 'invalidPhone',
  email: 'crmEmailInvalid',
  reach: 'crmContactReachRequired',
  licenceMismatch: 'crmLicenceNameMismatch',
  licenceFile: 'crmLicenceFileMissing',
  when: 'crmActivityWhenInvalid',
} as const;

/**
 * The form a name is compared in (the licence rule): full-width letters, digits and punctuation as
 * their half-width forms (NFKC), full-width brackets as ASCII ones, every kind of space removed,
 * Latin letters in lower case. `上海示例生物科技（有限）公司` and `上海示例生物科技(有限)公司 ` compare equal.
 */
export function normaliseLicenceName(name: string): string {
  return name.normalize('NFKC').replace(/\s+/g, '').replace(/\u3000/g, '').toLowerCase();
}

/** Whether a customer name matches the registered name on its licence (see `normaliseLicenceName`). */
export function nameMatchesLicence(name: string, licenceName: string): boolean {
  return normaliseLicenceName(name) === normaliseLicenceName(licenceName);
}

const printable = (s: string) => !/[\u0000-\u001f\u007f]/.test(s);
const limited = (max: number, message: string, min = 0) =>
  z.string({ message }).trim().min(min, { message }).max(max, { message }).refine(printable, { message });
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Money typed by a person: CNY, up to ten digits and two decimals, not negative. */
export const moneySchema = z.preprocess(
  (v) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(2) : v),
  z.string({ message: CRM_ERRORS.money }).trim().regex(/^\d{1,10}(\.\d{1,2})?$/, { message: CRM_ERRORS.money }),
).meta(MONEY_META);

const tagsSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v),
  z.array(limited(CRM_LIMITS.short, CRM_ERRORS.tag, 1), { message: CRM_ERRORS.tag }).max(CRM_LIMITS.tags, { message: CRM_ERRORS.tag }),
).transform((tags) => [...new Set(tags)]);

export const customerListInputSchema = z.object({
  /** Matches the name, the tax number, the tags and the contacts' names, phones and e-mails. */
  key: z.string().trim().max(50).optional().transform((v) => (v ? v : undefined)),
  kind: z.preprocess(emptyToUndefined, z.enum(CUSTOMER_KINDS).optional()),
  level: z.preprocess(emptyToUndefined, z.enum(CUSTOMER_LEVELS).optional()),
  ownerId: optionalIdSchema,
  teamId: optionalIdSchema,
  tag: z.string().trim().max(CRM_LIMITS.short).optional().transform((v) => (v ? v : undefined)),
  scope: z.preprocess(emptyToUndefined, z.enum(CUSTOMER_SCOPES).default('all')),
  sort: z.preprocess(emptyToUndefined, z.enum(CUSTOMER_SORTS).default('name')),
  cursor: z.string().max(300).optional().transform((v) => (v ? v : undefined)),
  limit: wholeNumber(z.number().int().min(1).max(100)).default(20),
});
export type CustomerListInput = z.infer<typeof customerListInputSchema>;

export const customerRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(CUSTOMER_KINDS),
  level: z.enum(CUSTOMER_LEVELS),
  ownerId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  teamId: z.number().int().nullable(),
  teamZh: z.string().nullable(),
  teamEn: z.string().nullable(),
  tags: z.array(z.string()),
  creditDays: z.number().int(),
  creditLimit: z.string(),
  users: z.number().int(),
  createdAt: z.string(),
});
export type CustomerRowDto = z.infer<typeof customerRowSchema>;

export const customerListSchema = z.object({ total: z.number().int(), items: z.array(customerRowSchema), nextCursor: z.string().nullable() });
export type CustomerListDto = z.infer<typeof customerListSchema>;

export const customerIdSchema = z.object({ id: idSchema });

export const contactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  position: z.string(),
  /** The company's user account with this phone or e-mail, when there is one. */
  accountUserId: z.number().int().nullable(),
  accountLoginName: z.string().nullable(),
});
export type ContactDto = z.infer<typeof contactSchema>;

export const customerDetailSchema = customerRowSchema.extend({
  taxNo: z.string(),
  address: z.string(),
  phone: z.string(),
  licenceName: z.string().nullable(),
  licenceFileName: z.string().nullable(),
  contacts: z.array(contactSchema),
  /** Whether the member may change the owner, and to whom (their team, or anybody for CRM.VIEW_ALL). */
  owners: z.array(z.object({ id: z.number().int(), name: z.string(), teamZh: z.string().nullable(), teamEn: z.string().nullable() })),
  updatedAt: z.string(),
});
export type CustomerDetailDto = z.infer<typeof customerDetailSchema>;

const PHONE = /^\+?[0-9(][0-9 ()\-]{3,18}[0-9]$/;
const phoneSchema = z.preprocess((v) => (v === null || v === undefined ? '' : v),
  z.string({ message: CRM_ERRORS.phone }).trim().refine((v) => v === '' || PHONE.test(v), { message: CRM_ERRORS.phone }));
const emailSchema = z.preprocess((v) => (v === null || v === undefined ? '' : v),
  z.string({ message: CRM_ERRORS.email }).trim().max(CRM_LIMITS.email, { message: CRM_ERRORS.email })
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), { message: CRM_ERRORS.email }));

/** A prospect staff enter; the owner is the member who enters it unless one is named. */
export const customerCreateSchema = z.strictObject({
  name: limited(CRM_LIMITS.companyName, CRM_ERRORS.name, 1),
  level: z.enum(CUSTOMER_LEVELS).default('C'),
  creditDays: wholeNumber(z.number().int().min(0, { message: CRM_ERRORS.days }).max(365, { message: CRM_ERRORS.days })).default(0),
  creditLimit: moneySchema.default('0'),
  tags: tagsSchema.default([]),
  phone: phoneSchema.default(''),
  address: limited(CRM_LIMITS.text, CRM_ERRORS.text).default(''),
});
export type CustomerCreateInput = z.infer<typeof customerCreateSchema>;

/** Changes of a customer: any subset of the fields; `ownerId` null gives it back to the pool. */
export const customerUpdateSchema = z.strictObject({
  id: idSchema,
  name: limited(CRM_LIMITS.companyName, CRM_ERRORS.name, 1).optional(),
  level: z.enum(CUSTOMER_LEVELS).optional(),
  creditDays: wholeNumber(z.number().int().min(0, { message: CRM_ERRORS.days }).max(365, { message: CRM_ERRORS.days })).optional(),
  creditLimit: moneySchema.optional(),
  tags: tagsSchema.optional(),
  phone: phoneSchema.optional(),
  address: limited(CRM_LIMITS.text, CRM_ERRORS.text).optional(),
  /** The registered name as written on the uploaded licence; empty clears it. */
  licenceName: z.preprocess((v) => (v === null ? '' : v), limited(CRM_LIMITS.companyName, CRM_ERRORS.name)).optional(),
  ownerId: z.preprocess((v) => (v === '' ? null : v), idSchema.nullable()).optional(),
});
export type CustomerUpdateInput = z.infer<typeof customerUpdateSchema>;

const contactFields = {
  id: idSchema,
  name: limited(CRM_LIMITS.short, CRM_ERRORS.shortText, 1),
  phone: phoneSchema.default(''),
  email: emailSchema.default(''),
  position: limited(CRM_LIMITS.short, CRM_ERRORS.shortText).default(''),
};
const reachable = (c: { phone: string; email: string }) => c.phone !== '' || c.email !== '';

/** A contact: a name, and a phone or an e-mail (an account is a registered phone number or e-mail, docs/requirements/back-office.md#crm). */
export const contactInputSchema = z.strictObject(contactFields).refine(reachable, { message: CRM_ERRORS.reach, path: ['phone'] });
export type ContactInput = z.infer<typeof contactInputSchema>;
export const contactUpdateSchema = z.strictObject({ ...contactFields, contactId: idSchema }).refine(reachable, { message: CRM_ERRORS.reach, path: ['phone'] });

export const contactKeySchema = z.object({ id: idSchema, contactId: idSchema });

export const activityInputSchema = z.strictObject({
  id: idSchema,
  kind: z.enum(ACTIVITY_KINDS),
  /** When it happened (ISO 8601); not in the future; now when absent. */
  happenedAt: z.preprocess(emptyToUndefined, z.iso.datetime({ offset: true, message: CRM_ERRORS.when }).optional()),
  body: limited(CRM_LIMITS.activity, CRM_ERRORS.activity, 1),
});
export type ActivityInput = z.infer<typeof activityInputSchema>;

export const timelineInputSchema = z.object({
  id: idSchema,
  cursor: z.string().max(300).optional().transform((v) => (v ? v : undefined)),
  limit: wholeNumber(z.number().int().min(1).max(50)).default(20),
});

/** Where a timeline event comes from: an activity, the audit log, or the customer's own order, quotation or complaint. */
export const TIMELINE_SOURCES = ['activity', 'audit', 'order', 'quotation', 'complaint'] as const;
export type TimelineSource = (typeof TIMELINE_SOURCES)[number];

/**
 * One event of a customer's timeline: an activity staff logged, a change from the audit log
 * (`source: 'audit'`, with the changed fields; other records append by writing audit rows that name
 * the company, ADR 0038), or one of the customer's orders, quotations and complaints (by its stored
 * number, its state as `kind`, and its amount).
 */
export const timelineEventSchema = z.object({
  source: z.enum(TIMELINE_SOURCES),
  /** The activity's, audit row's or record's id. */
  id: z.number().int(),
  at: z.string(),
  /** An activity's kind, the audit action ('create', 'update', 'owner', …), or a record's state. */
  kind: z.string(),
  /** The audit entity ('customer', 'customerContact', …), or the record's kind; null for activities. */
  entity: z.string().nullable(),
  body: z.string(),
  actorName: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  /** A record's stored number (SO…, QT…, CP…); null for activities and audit rows. */
  number: z.string().nullable(),
  /** A record's amount in yuan ("1234.50": an order's total, a quotation's total, a complaint's refund applied for). */
  amount: z.string().nullable(),
});
export type TimelineEventDto = z.infer<typeof timelineEventSchema>;
export const timelineSchema = z.object({ items: z.array(timelineEventSchema), nextCursor: z.string().nullable() });

export const customerFiltersSchema = z.object({
  teams: z.array(z.object({ id: z.number().int(), nameZh: z.string(), nameEn: z.string() })),
  staff: z.array(z.object({ id: z.number().int(), name: z.string(), teamId: z.number().int().nullable() })),
});
export type CustomerFiltersDto = z.infer<typeof customerFiltersSchema>;

export const customerUsersSchema = z.array(z.object({
  id: z.number().int(), name: z.string(), loginName: z.string(), email: z.string().nullable(), phone: z.string().nullable(),
  accountType: z.string(), active: z.boolean(), createdAt: z.string(),
}));

export const customerOrdersSchema = z.array(z.object({
  id: z.number().int(), orderNo: z.string(), status: z.string(), total: z.string(), buyer: z.string(), createdAt: z.string(),
  /** The order's lines with the backorder each recorded at submission (quantity and lead time in days). */
  lines: z.array(z.object({
    id: z.number().int(), itemNo: z.string(), nameZh: z.string(), nameEn: z.string(), size: z.string(), num: z.number().int(),
    backorderQty: z.number().int(), leadTimeDays: z.number().int(),
  })),
}));
export type CustomerOrderDto = z.infer<typeof customerOrdersSchema>[number];

// ---------------------------------------------------------------- saved views

export const SAVED_VIEW_LISTS = ['customers', 'quotations', 'contracts', 'complaints', 'cases', 'expenses', 'suppliers', 'orders', 'price_agreements'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

export const savedViewListSchema = z.object({ listKey: z.enum(SAVED_VIEW_LISTS) });
export const savedViewInputSchema = z.strictObject({
  listKey: z.enum(SAVED_VIEW_LISTS),
  name: limited(CRM_LIMITS.short, CRM_ERRORS.shortText, 1),
  /** The list's query: filter and sort names to their values (text), at most 20. */
  query: z.record(z.string().regex(/^[a-zA-Z]{1,20}$/), z.string().max(100))
    .refine((q) => Object.keys(q).length <= 20, { message: 'badRequest' }),
});
export const savedViewSchema = z.object({ id: z.number().int(), listKey: z.string(), name: z.string(), query: z.record(z.string(), z.string()), createdAt: z.string() });
export type SavedViewDto = z.infer<typeof savedViewSchema>;

// ---------------------------------------------------------------- suppliers

export const SUPPLIER_SORTS = ['name', '-name', '-createdAt'] as const;

export const supplierListInputSchema = z.object({
  /** Matches the name, the terms and the contacts' names, phones and e-mails. */
  key: z.string().trim().max(50).optional().transform((v) => (v ? v : undefined)),
  brandId: optionalIdSchema,
  sort: z.preprocess(emptyToUndefined, z.enum(SUPPLIER_SORTS).default('name')),
  cursor: z.string().max(300).optional().transform((v) => (v ? v : undefined)),
  limit: wholeNumber(z.number().int().min(1).max(100)).default(20),
});
export type SupplierListInput = z.infer<typeof supplierListInputSchema>;

const supplierContactSchema = z.strictObject({
  name: limited(CRM_LIMITS.short, CRM_ERRORS.shortText, 1),
  phone: phoneSchema.default(''),
  email: emailSchema.default(''),
  position: limited(CRM_LIMITS.short, CRM_ERRORS.shortText).default(''),
}).refine(reachable, { message: CRM_ERRORS.reach, path: ['phone'] });

export const supplierInputSchema = z.strictObject({
  name: limited(CRM_LIMITS.companyName, CRM_ERRORS.name, 1),
  paymentDays: wholeNumber(z.number().int().min(0, { message: CRM_ERRORS.days }).max(365, { message: CRM_ERRORS.days })).default(0),
  paymentTerms: limited(CRM_LIMITS.text, CRM_ERRORS.text).default(''),
  brandIds: z.array(idSchema).max(200).default([]).transform((ids) => [...new Set(ids)]),
  contacts: z.array(supplierContactSchema).max(20).default([]),
});
export type SupplierInput = z.infer<typeof supplierInputSchema>;

export const supplierRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  paymentDays: z.number().int(),
  paymentTerms: z.string(),
  brands: z.array(z.object({ id: z.number().int(), nameZh: z.string(), nameEn: z.string() })),
  contacts: z.array(z.object({ id: z.number().int(), name: z.string(), phone: z.string(), email: z.string(), position: z.string() })),
  files: z.array(z.object({ id: z.number().int(), fileName: z.string(), mime: z.string(), size: z.number().int(), staffName: z.string(), createdAt: z.string() })),
  createdAt: z.string(),
});
export type SupplierDto = z.infer<typeof supplierRowSchema>;
export const supplierListSchema = z.object({ total: z.number().int(), items: z.array(supplierRowSchema), nextCursor: z.string().nullable() });
export const supplierBrandOptionsSchema = z.array(z.object({ id: z.number().int(), nameZh: z.string(), nameEn: z.string() }));
export const supplierFileKeySchema = z.object({ id: idSchema, fileId: idSchema });
