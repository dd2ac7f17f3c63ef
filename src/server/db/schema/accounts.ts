import { sql } from 'drizzle-orm';
import {
  boolean, check, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { staff } from './staff';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  taxNo: text('tax_no').notNull().default(''),
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
  subAccountLimit: integer('sub_account_limit').notNull().default(20),
  /** The company administrator: receives approvals nobody else can make (no self-approval). */
  adminUserId: integer('admin_user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The CRM customer record (ADR 0038): `customer` is a company registered on the storefront,
   * `prospect` one staff entered before it registered (it has no users yet).
   */
  crmKind: text('crm_kind').$type<'customer' | 'prospect'>().notNull().default('customer'),
  /** The sales member who owns the customer; null while nobody does (new registrations: the pool). */
  ownerStaffId: integer('owner_staff_id').references(() => staff.id, { onDelete: 'set null' }),
  /** A (key account) … D (occasional). */
  level: text('level').$type<'A' | 'B' | 'C' | 'D'>().notNull().default('C'),
  /** Payment terms: days of credit (0: payment before delivery) and the credit limit in CNY. */
  creditDays: integer('credit_days').notNull().default(0),
  creditLimit: numeric('credit_limit', { precision: 12, scale: 2 }).notNull().default('0'),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  /** The registered name as staff transcribed it from the business licence; the name must match it. */
  licenceName: text('licence_name'),
  /** The licence file staff uploaded (files module key, name and type). */
  licenceKey: text('licence_key'),
  licenceFileName: text('licence_file_name'),
  licenceMime: text('licence_mime'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('companies_owner_idx').on(t.ownerStaffId),
  index('companies_name_idx').on(t.name, t.id),
  check('companies_crm_kind_check', sql`${t.crmKind} in ('customer', 'prospect')`),
  check('companies_level_check', sql`${t.level} in ('A', 'B', 'C', 'D')`),
]);

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('departments_company_idx').on(t.companyId, t.parentId)],
);

/** Customer accounts: user accounts, employee accounts and sub-accounts (docs/requirements/account.md#accounts). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    departmentId: integer('department_id').references(() => departments.id),
    loginName: text('login_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    job: text('job').notNull().default(''),
    branch: text('branch').notNull().default(''),
    userinfoNo: text('userinfo_no').notNull().default(''),
    avatarPath: text('avatar_path'),
    /** The buyer's spending limit per calendar month (approval rule "monthly limit"); null: none. */
    monthlyLimit: numeric('monthly_limit', { precision: 12, scale: 2 }),
    accountType: text('account_type').$type<'user' | 'employee' | 'sub'>().notNull().default('user'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_login_name_uq').on(t.loginName), index('users_company_idx').on(t.companyId)],
);

/** Roles of a company's in-site management; staff roles live in staff.ts. */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('roles_company_name_uq').on(t.companyId, t.name)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    userId: integer('user_id').references(() => users.id),
    receiver: text('receiver').notNull(),
    phone: text('phone').notNull(),
    region: text('region').notNull(),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('addresses_company_idx').on(t.companyId)],
);

export type Company = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export type Department = typeof departments.$inferSelect;
export type NewDepartment = typeof departments.$inferInsert;
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Role = typeof roles.$inferSelect;
export type NewRole = typeof roles.$inferInsert;
export type Address = typeof addresses.$inferSelect;
export type NewAddress = typeof addresses.$inferInsert;
