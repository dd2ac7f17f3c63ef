import {
  boolean, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';

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
});

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

/** Customer accounts: user accounts, employee accounts and sub-accounts (spec §6). */
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
