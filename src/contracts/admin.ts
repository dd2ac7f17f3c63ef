import './zod-config';
import { z } from 'zod';
import { calendarDay } from './dates';
import { idSchema, pageParams } from './numbers';

/**
 * Contracts of the back-office's system administration (ADR 0024): roles ("authorities"), staff,
 * the menu editor, the audit log, staff settings and the dashboard. Messages are keys under
 * `api.errors` in messages/*.json.
 */
export const ADMIN_FIELD_ERRORS = {
  name: 'adminNameInvalid',
  loginName: 'adminLoginNameInvalid',
  email: 'adminEmailInvalid',
  phone: 'adminPhoneInvalid',
  permission: 'adminPermissionUnknown',
  path: 'adminMenuPathInvalid',
  date: 'adminDateInvalid',
  colour: 'adminColourInvalid',
} as const;

const text = (max: number, message: string) => z.string({ message }).trim().max(max, { message });
const requiredText = (max: number, message: string) => text(max, message).min(1, { message });

/** A search key of a list: trimmed, at most 50 characters, empty means none. */
const searchKey = z.string().trim().max(50).optional().transform((v) => (v ? v : undefined));

/** Checkbox-like values of query strings and forms. */
const flag = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());

const idList = z.preprocess((v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(idSchema).max(50));

export const permissionCodeList = z.preprocess(
  (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string({ message: ADMIN_FIELD_ERRORS.permission }).max(40, { message: ADMIN_FIELD_ERRORS.permission })).max(200),
);

// ---- permissions registry -------------------------------------------------------------------

export const permissionGroupSchema = z.object({
  group: z.string(),
  permissions: z.array(z.object({ code: z.string(), name: z.string() })),
});
export const permissionGroupsSchema = z.array(permissionGroupSchema);
export type PermissionGroupDto = z.infer<typeof permissionGroupSchema>;

// ---- roles -------------------------------------------------------------------------------------

export const roleListInputSchema = z.object({ key: searchKey, ...pageParams(10) });
export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  staffCount: z.number().int(),
});
export type RoleDto = z.infer<typeof roleSchema>;
export const roleListSchema = z.object({ total: z.number().int(), items: z.array(roleSchema) });

export const roleInputSchema = z.object({
  name: requiredText(40, ADMIN_FIELD_ERRORS.name),
  description: text(200, ADMIN_FIELD_ERRORS.name).default(''),
  permissions: permissionCodeList.optional(),
});
export const rolePermissionsInputSchema = z.object({ permissions: permissionCodeList });
export const idParamSchema = z.object({ id: idSchema });

// ---- staff -------------------------------------------------------------------------------------

export const STAFF_SORTS = ['createdAt', '-createdAt', 'name', '-name', 'loginName', '-loginName'] as const;
export const staffListInputSchema = z.object({
  key: searchKey,
  active: flag.optional(),
  roleId: idSchema.optional(),
  sort: z.enum(STAFF_SORTS).default('-createdAt'),
  ...pageParams(10),
});
export const staffMemberSchema = z.object({
  id: z.number().int(),
  loginName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  active: z.boolean(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The team or department (ADR 0038); null for members outside any. */
  teamId: z.number().int().nullable(),
  teamZh: z.string().nullable(),
  teamEn: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMemberDto = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.object({ total: z.number().int(), items: z.array(staffMemberSchema) });

const staffFields = {
  name: requiredText(40, ADMIN_FIELD_ERRORS.name),
  email: text(120, ADMIN_FIELD_ERRORS.email).refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { message: ADMIN_FIELD_ERRORS.email }).default(''),
  phone: text(30, ADMIN_FIELD_ERRORS.phone).refine((v) => /^[\d+\-\s()]*$/.test(v), { message: ADMIN_FIELD_ERRORS.phone }).default(''),
  roleIds: idList,
  /** The member's team; empty or null for none; absent on an update keeps it. */
  teamId: z.preprocess((v) => (v === '' ? null : v), idSchema.nullable()).optional(),
};
export const staffCreateInputSchema = z.object({
  loginName: z.string({ message: ADMIN_FIELD_ERRORS.loginName }).trim().toLowerCase()
    .regex(/^[a-z0-9][a-z0-9._-]{2,39}$/, { message: ADMIN_FIELD_ERRORS.loginName }),
  /** The SHA-256 hex of the initial password (docs/requirements/account.md#sign-in: passwords leave the browser only as digests). */
  password: z.string({ message: 'passwordNotDigest' }).regex(/^[a-f0-9]{64}$/i, { message: 'passwordNotDigest' }).transform((s) => s.toLowerCase()),
  ...staffFields,
});
export const staffUpdateInputSchema = z.object(staffFields);
export const staffResetResultSchema = z.object({ sent: z.boolean() });

// ---- teams -------------------------------------------------------------------------------------

/** A team or department of the supplier's staff (ADR 0038): names up to 50 characters, a manager. */
export const staffTeamSchema = z.object({
  id: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  managerId: z.number().int().nullable(),
  managerName: z.string().nullable(),
  members: z.number().int(),
  sort: z.number().int(),
});
export type StaffTeamDto = z.infer<typeof staffTeamSchema>;
export const staffTeamInputSchema = z.strictObject({
  nameZh: requiredText(50, 'adminTeamNameInvalid'),
  nameEn: requiredText(50, 'adminTeamNameInvalid'),
  managerId: z.preprocess((v) => (v === '' || v === undefined ? null : v), idSchema.nullable()),
  sort: z.preprocess((v) => (v === '' || v === undefined ? 0 : typeof v === 'string' && /^-?\d{1,6}$/.test(v) ? Number(v) : v), z.number({ message: 'adminTeamSortInvalid' }).int({ message: 'adminTeamSortInvalid' }).min(0, { message: 'adminTeamSortInvalid' }).max(9999, { message: 'adminTeamSortInvalid' })),
});
export type StaffTeamInput = z.infer<typeof staffTeamInputSchema>;

// ---- menu editor -------------------------------------------------------------------------------

/** A menu row as the editor sees it: both titles, every field of a menu item (docs/requirements/back-office.md#menu), and its permission. */
export interface MenuRowDto {
  id: number;
  parentId: number | null;
  path: string;
  component: string;
  name: string;
  redirect: string | null;
  hidden: boolean;
  alwaysShow: boolean;
  titleZh: string;
  titleEn: string;
  icon: string;
  noCache: boolean;
  breadcrumb: boolean;
  activeMenu: string | null;
  affix: boolean;
  permission: string | null;
  sort: number;
  children: MenuRowDto[];
}
export const menuRowSchema: z.ZodType<MenuRowDto> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    path: z.string(),
    component: z.string(),
    name: z.string(),
    redirect: z.string().nullable(),
    hidden: z.boolean(),
    alwaysShow: z.boolean(),
    titleZh: z.string(),
    titleEn: z.string(),
    icon: z.string(),
    noCache: z.boolean(),
    breadcrumb: z.boolean(),
    activeMenu: z.string().nullable(),
    affix: z.boolean(),
    permission: z.string().nullable(),
    sort: z.number().int(),
    children: z.array(menuRowSchema),
  }),
);
export const menuRowTreeSchema = z.array(menuRowSchema);

const nullableText = (max: number) => z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(max).nullable()).default(null);
export const menuItemInputSchema = z.object({
  parentId: z.preprocess((v) => (v === '' ? null : v), idSchema.nullable()).default(null),
  path: z.string({ message: ADMIN_FIELD_ERRORS.path }).trim().regex(/^\/?[a-z0-9][a-z0-9/_-]{0,79}$/i, { message: ADMIN_FIELD_ERRORS.path }),
  component: text(120, ADMIN_FIELD_ERRORS.name).default(''),
  name: requiredText(60, ADMIN_FIELD_ERRORS.name),
  redirect: nullableText(200),
  hidden: flag.default(false),
  alwaysShow: flag.default(false),
  titleZh: requiredText(40, ADMIN_FIELD_ERRORS.name),
  titleEn: requiredText(60, ADMIN_FIELD_ERRORS.name),
  icon: text(60, ADMIN_FIELD_ERRORS.name).default(''),
  noCache: flag.default(false),
  breadcrumb: flag.default(true),
  activeMenu: nullableText(200),
  affix: flag.default(false),
  permission: z.preprocess((v) => (v === '' ? null : v), z.string().max(40, { message: ADMIN_FIELD_ERRORS.permission }).nullable()).default(null),
});
export type MenuItemInput = z.infer<typeof menuItemInputSchema>;

/** A drag in the tree: the moved item's new parent and the new order of that parent's children. */
export const menuMoveInputSchema = z.object({
  id: idSchema,
  parentId: z.preprocess((v) => (v === '' ? null : v), idSchema.nullable()),
  /** The parent's children in their new order, the moved item included. */
  order: z.array(idSchema).min(1).max(200),
});

// ---- audit -------------------------------------------------------------------------------------

/** The kinds of record an audit row links to (each has a back-office page that opens it). */
export const AUDIT_RECORD_KINDS = ['quotation', 'contract', 'complaint', 'order', 'product', 'expense', 'testing_case', 'customer'] as const;
export type AuditRecordKind = (typeof AUDIT_RECORD_KINDS)[number];

const isoDay = calendarDay(ADMIN_FIELD_ERRORS.date);

export const auditListInputSchema = z.object({
  actor: searchKey,
  actorType: z.enum(['user', 'staff', 'system']).optional(),
  entity: z.string().trim().max(40).optional().transform((v) => (v ? v : undefined)),
  entityId: z.string().trim().max(40).optional().transform((v) => (v ? v : undefined)),
  from: isoDay.optional(),
  to: isoDay.optional(),
  ...pageParams(20, 100),
});
export type AuditListInput = z.infer<typeof auditListInputSchema>;
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorType: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  ip: z.string(),
  companyId: z.number().int().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  note: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  /**
   * The business record the row is about, by its stored number (a quotation's QT…, a contract's HT…, a
   * product's item number, …): the record itself, or the one an approval request, credit note, pack or lot
   * belongs to. Null when the record is gone or has no page.
   */
  record: z.object({ kind: z.enum(AUDIT_RECORD_KINDS), id: z.number().int(), number: z.string() }).nullable(),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({ total: z.number().int(), items: z.array(auditEntrySchema) });
export const auditEntitiesSchema = z.array(z.string());

// ---- settings ----------------------------------------------------------------------------------

export const ADMIN_THEME_PRESETS = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'] as const;
export const ADMIN_SIZES = ['small', 'middle', 'large'] as const;

/** The application settings (docs/requirements/back-office.md#application-settings), per staff member. */
export const adminSettingsSchema = z.object({
  theme: z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: ADMIN_FIELD_ERRORS.colour }),
  tagsView: z.boolean(),
  fixedHeader: z.boolean(),
  sidebarLogo: z.boolean(),
  size: z.enum(ADMIN_SIZES),
});
export type AdminSettingsDto = z.infer<typeof adminSettingsSchema>;
export const adminSettingsInputSchema = z.object({
  theme: z.string({ message: ADMIN_FIELD_ERRORS.colour }).regex(/^#[0-9a-fA-F]{6}$/, { message: ADMIN_FIELD_ERRORS.colour }).optional(),
  tagsView: flag.optional(),
  fixedHeader: flag.optional(),
  sidebarLogo: flag.optional(),
  size: z.enum(ADMIN_SIZES).optional(),
});

/** The shipped defaults: the application settings of docs/requirements/back-office.md#application-settings (sidebar open, tags view on, size "mini" = small). */
export const DEFAULT_ADMIN_SETTINGS: AdminSettingsDto = {
  theme: '#409EFF', tagsView: true, fixedHeader: true, sidebarLogo: true, size: 'small',
};

/**
 * The back-office layout staff get until they choose their own (docs/requirements/back-office.md#shell): `standard` is the
 * application settings (sidebar open, tab bar on); `local` is the local configuration (sidebar of
 * width 0 until opened, tab bar off).
 */
export const ADMIN_LAYOUTS = ['standard', 'local'] as const;
export type AdminLayout = (typeof ADMIN_LAYOUTS)[number];
export const adminLayoutSchema = z.object({ layout: z.enum(ADMIN_LAYOUTS, { message: 'adminBadLayout' }) });
export type AdminLayoutDto = z.infer<typeof adminLayoutSchema>;

// ---- dashboard ---------------------------------------------------------------------------------

export const dashboardInputSchema = z
  .object({ from: isoDay, to: isoDay })
  .refine((v) => v.from <= v.to, { message: ADMIN_FIELD_ERRORS.date, path: ['to'] })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 <= 366, { message: 'adminRangeTooLong', path: ['to'] });

const dayCount = z.object({ day: z.string(), count: z.number().int() });
export const dashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Submitted orders per day (rejected and cancelled left out) and their totals; money as decimal text. */
  orders: z.object({ count: z.number().int(), sales: z.string(), days: z.array(z.object({ day: z.string(), count: z.number().int(), sales: z.string() })) }),
  topProducts: z.array(z.object({
    productId: z.number().int(), itemNo: z.string(), nameZh: z.string(), nameEn: z.string(), quantity: z.number().int(), orders: z.number().int(),
  })),
  /** Orders waiting for a company approver. */
  openApprovals: z.number().int(),
  /**
   * The order desk now (ADR 0074), from its kept figures: placed orders waiting to ship (allocated, backordered or
   * partly shipped), held for credit, backordered by the band of their longest lead time (`none` recorded, ≤ 7 days,
   * 8–30, over 30), and with an invoice requested and not yet issued.
   */
  orderDesk: z.object({
    waitingToShip: z.number().int(),
    held: z.number().int(),
    backorders: z.object({ none: z.number().int(), upTo7: z.number().int(), upTo30: z.number().int(), over30: z.number().int() }),
    invoicesPending: z.number().int(),
  }),
  newCustomers: z.object({ total: z.number().int(), days: z.array(dayCount) }),
  visitors: z.object({ uv: z.number().int(), pv: z.number().int(), days: z.array(z.object({ day: z.string(), uv: z.number().int(), pv: z.number().int() })) }),
  topSearches: z.array(z.object({ key: z.string(), searchType: z.number().int(), searches: z.number().int() })),
  emptySearches: z.array(z.object({ key: z.string(), searchType: z.number().int(), searches: z.number().int() })),
  openFeedback: z.object({
    total: z.number().int(),
    latest: z.array(z.object({ id: z.number().int(), searchKey: z.string(), searchType: z.number().int(), createdAt: z.string() })),
  }),
});
export type DashboardDto = z.infer<typeof dashboardSchema>;

/**
 * A new shop's first steps, shown on the dashboard until each is done: the site settings kept, a brand and a
 * category made, a first import finished, a second staff member added.
 */
export const GETTING_STARTED_STEPS = ['siteSettings', 'brands', 'categories', 'import', 'staff'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];
export const gettingStartedSchema = z.object({
  steps: z.array(z.object({ key: z.enum(GETTING_STARTED_STEPS), done: z.boolean() })),
});
export type GettingStartedDto = z.infer<typeof gettingStartedSchema>;

