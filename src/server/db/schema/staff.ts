import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The supplier's own teams and departments (sales regions, operations, finance). A sales member sees
 * the customers of their team; expense approval chains are configured per team; the manager is the
 * team's first approver where a rule says so.
 */
export const staffTeams = pgTable(
  'staff_teams',
  {
    id: serial('id').primaryKey(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    /** The team's manager (a staff member, usually of the team); null while none is named. */
    managerId: integer('manager_id'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('staff_teams_name_zh_uq').on(t.nameZh)],
);

export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    loginName: text('login_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** The team or department the member belongs to; null for members outside any (the administrators). */
    teamId: integer('team_id').references(() => staffTeams.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_login_name_uq').on(t.loginName), index('staff_team_idx').on(t.teamId)],
);

/** Back-office roles ("authority" in docs/requirements/back-office.md#roles-and-staff). */
export const staffRoles = pgTable(
  'staff_roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('staff_roles_name_uq').on(t.name)],
);

export const staffRolePermissions = pgTable(
  'staff_role_permissions',
  {
    roleId: integer('role_id').notNull().references(() => staffRoles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const staffRoleAssignments = pgTable(
  'staff_role_assignments',
  {
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').notNull().references(() => staffRoles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.roleId] })],
);

/**
 * Audit of changes made by staff and by company administrators: who, from which address, which
 * entity, and the changed fields before and after (`data`: `{ field: { from, to } }`). Written in
 * the same transaction as the change by `recordAudit` (modules/audit); append-only — a trigger
 * refuses updates and deletes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorType: text('actor_type').$type<'user' | 'staff' | 'system'>().notNull(),
    actorId: integer('actor_id'),
    /** The actor's name when the change was made. */
    actorName: text('actor_name').notNull().default(''),
    /** The client address the change came from ('' for the system). */
    ip: text('ip').notNull().default(''),
    /** The customer company the changed entity belongs to; null for the shop's own data. */
    companyId: integer('company_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorType, t.actorId, t.createdAt),
    index('audit_log_company_idx').on(t.companyId, t.createdAt),
  ],
);

export type Staff = typeof staff.$inferSelect;
export type NewStaff = typeof staff.$inferInsert;
export type StaffRole = typeof staffRoles.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type StaffTeam = typeof staffTeams.$inferSelect;
