import './zod-config';
import { z } from 'zod';
import { loginNameSchema, passwordDigestSchema } from './auth';
import { calendarDay } from './dates';
import { idSchema, MONEY_META, pageParams } from './numbers';

/**
 * Company administration (docs/requirements/account.md#company-administration): users and sub-accounts, roles, departments,
 * the address book, profile basic information, approval settings and uploaded files. Bodies are
 * strict: a field the call does not take (a `companyId`, a `status`, a price) is refused with 400.
 */

/** Field messages that are keys under `api.errors`. */
export const COMPANY_FIELD_ERRORS = {
  amount: 'invalidAmount',
  phone: 'invalidPhone',
  required: 'fieldRequired',
  permission: 'unknownPermission',
} as const;

/** A list of ids: `ids=1&ids=2`, `ids=1,2` or a JSON array. */
export function idListSchema(max = 200, min = 0) {
  return z.preprocess(
    (value) => (value === undefined || value === '' ? [] : typeof value === 'string' ? value.split(',').filter((s) => s !== '') : Array.isArray(value) ? value : [value]),
    z.array(idSchema).min(min).max(max),
  );
}

/** `true`/`false` as JSON, or `1`/`0`/`true`/`false` as form text. */
export const flagSchema = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean(),
);

/** Money typed by a person: up to ten digits and two decimals; empty or null clears it. */
export const optionalMoneySchema = z.preprocess(
  (v) => (v === '' || v === null ? null : typeof v === 'number' && Number.isFinite(v) ? v.toFixed(2) : v),
  z.string().trim().regex(/^\d{1,10}(\.\d{1,2})?$/, { message: COMPANY_FIELD_ERRORS.amount }).nullable(),
).meta(MONEY_META);

/** A department id, or empty/null for none. */
const nullableIdSchema = z.preprocess((v) => (v === '' || v === null ? null : v), idSchema.nullable());

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

/** A mobile number or a landline with area code and extension characters. */
export const contactPhoneSchema = z.string().trim().regex(/^[0-9+\- ()]{5,20}$/, { message: COMPANY_FIELD_ERRORS.phone });

export const ACCOUNT_KINDS = ['employee', 'sub'] as const;

// ---------------------------------------------------------------- users

export const userAddSchema = z
  .strictObject({
    loginName: loginNameSchema,
    name: text(1, 50),
    job: text(0, 50).default(''),
    branch: text(0, 100).default(''),
    userinfoNo: text(0, 50).default(''),
    departmentId: nullableIdSchema.optional(),
    roleIds: idListSchema(50).default([]),
    monthlyLimit: optionalMoneySchema.optional(),
    /** employee: activates through "register as employee" with a code; sub: gets the password the administrator sets. */
    accountType: z.enum(ACCOUNT_KINDS).default('employee'),
    password: passwordDigestSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.accountType === 'sub' && !v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: COMPANY_FIELD_ERRORS.required });
  });
export type UserAddInput = z.infer<typeof userAddSchema>;
/**
 * The answer to adding a user: the same whether the login was new (the user is added) or already an
 * account (nothing changes, its owner is told), so that it never tells whether an account exists.
 */
export const userAddOutputSchema = z.object({ ok: z.literal(true) });

export const userUpdateSchema = z.strictObject({
  id: idSchema,
  name: text(1, 50).optional(),
  job: text(0, 50).optional(),
  branch: text(0, 100).optional(),
  userinfoNo: text(0, 50).optional(),
  departmentId: nullableIdSchema.optional(),
  roleIds: idListSchema(50).optional(),
  active: flagSchema.optional(),
  monthlyLimit: optionalMoneySchema.optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

export const USER_SORTS = ['createdAt', 'name', 'loginName', 'department'] as const;

export const userListSchema = z.strictObject({
  key: z.string().trim().max(50).optional(),
  departmentId: idSchema.optional(),
  roleId: idSchema.optional(),
  status: z.enum(['all', 'active', 'disabled', 'pending']).default('all'),
  sort: z.enum(USER_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  ...pageParams(20, 100),
});
export type UserListInput = z.infer<typeof userListSchema>;

export const namedRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const companyUserSchema = z.object({
  id: z.number().int(),
  loginName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  job: z.string(),
  branch: z.string(),
  userinfoNo: z.string(),
  department: namedRefSchema.nullable(),
  roles: z.array(namedRefSchema),
  accountType: z.enum(['user', 'employee', 'sub']),
  active: z.boolean(),
  /** False for an employee added by the administrator who has not registered yet. */
  activated: z.boolean(),
  isAdmin: z.boolean(),
  monthlyLimit: z.string().nullable(),
  createdAt: z.string(),
});
export type CompanyUserDto = z.infer<typeof companyUserSchema>;

export const subAccountsSchema = z.object({ used: z.number().int(), limit: z.number().int() });
export type SubAccountsDto = z.infer<typeof subAccountsSchema>;

export const userListOutputSchema = z.object({
  list: z.array(companyUserSchema),
  total: z.number().int(),
  subAccounts: subAccountsSchema,
});
export type UserListDto = z.infer<typeof userListOutputSchema>;

export const userIdsSchema = z.strictObject({ ids: idListSchema(200, 1) });
export const userDepartmentsSchema = z.strictObject({ ids: idListSchema(200, 1), departmentId: nullableIdSchema });
export const userRolesSchema = z.strictObject({ id: idSchema, roleIds: idListSchema(50) });
export const countOutputSchema = z.object({ count: z.number().int() });

export const profileUpdateSchema = z.strictObject({
  name: text(1, 50),
  job: text(0, 50).default(''),
  branch: text(0, 100).default(''),
  userinfoNo: text(0, 50).default(''),
  /** An avatar uploaded through the upload call (kind avatar); empty or null removes it. */
  avatarFileId: nullableIdSchema.optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const profileSchema = z.object({
  id: z.number().int(),
  loginName: z.string(),
  name: z.string(),
  company: z.string(),
  branch: z.string(),
  job: z.string(),
  userinfoNo: z.string(),
  department: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatarFileId: z.number().int().nullable(),
});
export type ProfileDto = z.infer<typeof profileSchema>;

export const contactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  department: z.string().nullable(),
  job: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export const contactsOutputSchema = z.object({ list: z.array(contactSchema) });
export type ContactDto = z.infer<typeof contactSchema>;

// ---------------------------------------------------------------- addresses

export const addressSchema = z.object({
  id: z.number().int(),
  receiver: z.string(),
  phone: z.string(),
  region: z.string(),
  detail: z.string(),
  isDefault: z.boolean(),
});
export type AddressDto = z.infer<typeof addressSchema>;
export const addressListSchema = z.object({ list: z.array(addressSchema) });

export const addressAddSchema = z.strictObject({
  receiver: text(1, 30),
  phone: contactPhoneSchema,
  region: text(1, 60),
  detail: text(1, 120),
  isDefault: flagSchema.default(false),
});
export type AddressAddInput = z.infer<typeof addressAddSchema>;

export const addressUpdateSchema = z.strictObject({
  id: idSchema,
  receiver: text(1, 30).optional(),
  phone: contactPhoneSchema.optional(),
  region: text(1, 60).optional(),
  detail: text(1, 120).optional(),
  isDefault: flagSchema.optional(),
});
export type AddressUpdateInput = z.infer<typeof addressUpdateSchema>;

// ---------------------------------------------------------------- departments

export const departmentSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  sort: z.number().int(),
  userCount: z.number().int(),
});
export type DepartmentDto = z.infer<typeof departmentSchema>;
export const departmentListSchema = z.object({ list: z.array(departmentSchema) });

const sortSchema = z.preprocess((v) => (typeof v === 'string' && /^-?\d{1,6}$/.test(v) ? Number(v) : v), z.number().int().min(0).max(9999));

export const departmentAddSchema = z.strictObject({
  name: text(1, 40),
  parentId: nullableIdSchema.optional(),
  sort: sortSchema.default(0),
});
export const departmentUpdateSchema = z.strictObject({
  id: idSchema,
  name: text(1, 40).optional(),
  parentId: nullableIdSchema.optional(),
  sort: sortSchema.optional(),
});
export type DepartmentAddInput = z.infer<typeof departmentAddSchema>;
export type DepartmentUpdateInput = z.infer<typeof departmentUpdateSchema>;

// ---------------------------------------------------------------- roles and functions

const permissionListSchema = z.preprocess(
  (value) => (value === undefined || value === '' ? [] : typeof value === 'string' ? value.split(',').filter((s) => s !== '') : Array.isArray(value) ? value : [value]),
  z.array(z.string().trim().max(40)).max(50),
);

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  userCount: z.number().int(),
});
export type RoleDto = z.infer<typeof roleSchema>;
export const roleListSchema = z.object({ list: z.array(roleSchema) });

export const roleAddSchema = z.strictObject({
  name: text(1, 30),
  description: text(0, 100).default(''),
  permissions: permissionListSchema.default([]),
});
export const roleUpdateSchema = z.strictObject({
  id: idSchema,
  name: text(1, 30).optional(),
  description: text(0, 100).optional(),
  permissions: permissionListSchema.optional(),
});
export type RoleAddInput = z.infer<typeof roleAddSchema>;
export type RoleUpdateInput = z.infer<typeof roleUpdateSchema>;

export const functionGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  functions: z.array(z.object({ code: z.string(), label: z.string() })),
});
export type FunctionGroupDto = z.infer<typeof functionGroupSchema>;
export const functionsOutputSchema = z.object({ groups: z.array(functionGroupSchema) });

// ---------------------------------------------------------------- approval settings

export const APPROVAL_RULE_KINDS = ['total_above', 'hazardous', 'controlled', 'monthly_limit'] as const;

export const approvalRuleSchema = z.object({
  kind: z.enum(APPROVAL_RULE_KINDS),
  active: z.boolean(),
  amount: z.string().nullable(),
  requirePermit: z.boolean(),
});
export type ApprovalRuleDto = z.infer<typeof approvalRuleSchema>;

export const approvalSettingsSchema = z.object({
  rules: z.array(approvalRuleSchema),
  buyers: z.array(z.object({ id: z.number().int(), name: z.string(), department: z.string().nullable(), monthlyLimit: z.string().nullable() })),
  validPermit: z.boolean(),
});
export type ApprovalSettingsDto = z.infer<typeof approvalSettingsSchema>;

/** The four rules in one flat, form-friendly body. */
export const approvalSaveSchema = z
  .strictObject({
    totalAboveActive: flagSchema,
    totalAboveAmount: optionalMoneySchema.optional(),
    hazardousActive: flagSchema,
    controlledActive: flagSchema,
    controlledRequirePermit: flagSchema.default(false),
    monthlyLimitActive: flagSchema,
  })
  .superRefine((v, ctx) => {
    if (v.totalAboveActive && !v.totalAboveAmount) ctx.addIssue({ code: 'custom', path: ['totalAboveAmount'], message: COMPANY_FIELD_ERRORS.required });
  });
export type ApprovalSaveInput = z.infer<typeof approvalSaveSchema>;

// ---------------------------------------------------------------- files

export const COMPANY_FILE_KINDS = ['avatar', 'licence', 'permit'] as const;
export type CompanyFileKindName = (typeof COMPANY_FILE_KINDS)[number];

/** The longest permit or filing number kept (as the shipment's buyer licence, which it prefills). */
export const PERMIT_NO_MAX = 50;
/** A permit's number as printed: letters, digits, CJK and the brackets, hyphens, slashes and spaces such numbers carry. */
const PERMIT_NO_SHAPE = /^[\p{L}\p{N}()（）〔〕[\]【】\-—/.·、 ]+$/u;

/** The upload's text fields (the file itself travels as the multipart field `file`). A permit needs its number. */
export const uploadFieldsSchema = z
  .strictObject({
    kind: z.enum(COMPANY_FILE_KINDS),
    validUntil: z.preprocess((v) => (v === '' || v === null ? undefined : v), calendarDay('dateInvalid').optional()),
    permitNo: z.string({ message: 'permitNoInvalid' }).trim().max(PERMIT_NO_MAX, { message: 'permitNoInvalid' })
      .refine((v) => v === '' || PERMIT_NO_SHAPE.test(v), { message: 'permitNoInvalid' }).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'permit' && !v.permitNo) ctx.addIssue({ code: 'custom', path: ['permitNo'], message: 'permitNoRequired' });
  });

export const companyFileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(COMPANY_FILE_KINDS),
  fileName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  validUntil: z.string().nullable(),
  /** Permits: the number printed on the permit or filing ('' when not recorded). */
  permitNo: z.string(),
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export type CompanyFileDto = z.infer<typeof companyFileSchema>;
export const companyFileListSchema = z.object({ list: z.array(companyFileSchema) });
export const fileListInputSchema = z.strictObject({ kind: z.enum(['licence', 'permit', 'documents']).default('documents') });

// ---------------------------------------------------------------- hub

export const companyOverviewSchema = z.object({
  users: z.number().int(),
  subAccounts: subAccountsSchema,
  roles: z.number().int(),
  departments: z.number().int(),
  addresses: z.number().int(),
  activeRules: z.number().int(),
  documents: z.number().int(),
});
export type CompanyOverviewDto = z.infer<typeof companyOverviewSchema>;
