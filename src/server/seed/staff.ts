import 'server-only';
import { eq } from 'drizzle-orm';
import { ADMIN_PAGES, adminMenuGroup, menuPathOf, type AdminMenuGroup, type AdminMenuGroupPath, type AdminPage } from '@/components/admin/admin-pages';
import { sha256Hex } from '@/lib/sha256';
import { hashPassword } from '@/server/auth/passwords';
import { permissionsOfScope, type Permission } from '@/server/auth/permissions';
import type { Db } from '@/server/db/client';
import { menus, staff, staffRoleAssignments, staffRolePermissions, staffRoles, staffTeams, type NewMenu } from '@/server/db/schema';
import { daysBefore } from './random';

export interface DemoStaff {
  loginName: string;
  password: string;
  role: string;
}

export const DEMO_STAFF: readonly DemoStaff[] = [
  { loginName: 'admin', password: 'Admin#2026', role: '超级管理员' },
  { loginName: 'sales', password: 'Sales#2026', role: '销售' },
  { loginName: 'ops', password: 'Ops#2026', role: '运营' },
  { loginName: 'manager', password: 'Manager#2026', role: '部门经理' },
  { loginName: 'sales2', password: 'Sales2#2026', role: '销售' },
  { loginName: 'finance', password: 'Finance#2026', role: '财务' },
];

/** Sales: customers, quotations, contracts, testing cases, complaints, and their own expense applications. */
const SALES_PERMISSIONS: Permission[] = ['ADMIN.ACCESS', 'CUSTOMER.VIEW', 'CUSTOMER.EDIT', 'QUOTATION.EDIT', 'CONTRACT.EDIT', 'CASE.EDIT', 'EXPENSE.EDIT', 'COMPLAINT.EDIT'];
/** Operations: keeps the catalogue (brands, categories), the suppliers and the content (news, banners); reads the figures, the staff, the identities and the audit log. */
const OPS_PERMISSIONS: Permission[] = ['ADMIN.ACCESS', 'DASHBOARD.VIEW', 'TRACKING.VIEW', 'STAFF.VIEW', 'AUTHORITY.VIEW', 'AUDIT.VIEW', 'CATALOG.EDIT', 'CONTENT.EDIT', 'SUPPLIER.EDIT'];
/** A team's manager: what the team's sales members do, the dashboard figures, approving the team's expenses, and quoting below the price floor (ADR 0040). */
const MANAGER_PERMISSIONS: Permission[] = [...SALES_PERMISSIONS, 'DASHBOARD.VIEW', 'EXPENSE.APPROVE', 'QUOTATION.PRICE_OVERRIDE'];
/** Finance: expense applications and their approval, complaints (refunds). */
const FINANCE_PERMISSIONS: Permission[] = ['ADMIN.ACCESS', 'DASHBOARD.VIEW', 'EXPENSE.EDIT', 'EXPENSE.APPROVE', 'COMPLAINT.EDIT'];

/** The supplier's teams: two sales regions, operations and finance. */
const DEMO_TEAMS = [
  { nameZh: '华东销售部', nameEn: 'East China Sales', sort: 1 },
  { nameZh: '华北销售部', nameEn: 'North China Sales', sort: 2 },
  { nameZh: '运营部', nameEn: 'Operations', sort: 3 },
  { nameZh: '财务部', nameEn: 'Finance', sort: 4 },
] as const;

export async function hashStaffPasswords(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const s of DEMO_STAFF) out.set(s.loginName, await hashPassword(await sha256Hex(s.password)));
  return out;
}

export async function seedStaff(db: Db, hashes: ReadonlyMap<string, string>): Promise<{ staffRoles: number; staff: number }> {
  const [superRole, salesRole, opsRole, managerRole, financeRole] = await db
    .insert(staffRoles)
    .values([
      { name: '超级管理员', description: '拥有后台全部权限' },
      { name: '销售', description: '维护客户、报价与合同' },
      { name: '运营', description: '维护商品品牌与分类，查看经营数据、员工与审计日志' },
      { name: '部门经理', description: '管理本部门的客户与报价，审批本部门的费用申请' },
      { name: '财务', description: '处理费用申请与投诉退款' },
    ])
    .returning({ id: staffRoles.id });
  if (!superRole || !salesRole || !opsRole || !managerRole || !financeRole) throw new Error('Staff roles were not inserted');
  await db.insert(staffRolePermissions).values([
    ...permissionsOfScope('staff').map((permission) => ({ roleId: superRole.id, permission })),
    ...SALES_PERMISSIONS.map((permission) => ({ roleId: salesRole.id, permission })),
    ...OPS_PERMISSIONS.map((permission) => ({ roleId: opsRole.id, permission })),
    ...MANAGER_PERMISSIONS.map((permission) => ({ roleId: managerRole.id, permission })),
    ...FINANCE_PERMISSIONS.map((permission) => ({ roleId: financeRole.id, permission })),
  ]);
  const [east, north, operations, finance] = await db.insert(staffTeams).values([...DEMO_TEAMS]).returning({ id: staffTeams.id });
  if (!east || !north || !operations || !finance) throw new Error('Staff teams were not inserted');
  const hashOf = (login: string): string => {
    const h = hashes.get(login);
    if (!h) throw new Error(`No password hash prepared for ${login}`);
    return h;
  };
  const [admin, sales, ops, manager, sales2, financeStaff] = await db
    .insert(staff)
    .values([
      { loginName: 'admin', passwordHash: hashOf('admin'), name: '系统管理员', email: 'it@reagent.example.com', phone: '021-6485-2201', createdAt: daysBefore(500) },
      { loginName: 'sales', passwordHash: hashOf('sales'), name: '周洁', email: 'zhou.jie@reagent.example.com', phone: '13900139088', teamId: east.id, createdAt: daysBefore(360) },
      { loginName: 'ops', passwordHash: hashOf('ops'), name: '陈立', email: 'chen.li@reagent.example.com', phone: '13900139166', teamId: operations.id, createdAt: daysBefore(200) },
      { loginName: 'manager', passwordHash: hashOf('manager'), name: '李明', email: 'li.ming@reagent.example.com', phone: '13900139010', teamId: east.id, createdAt: daysBefore(420) },
      { loginName: 'sales2', passwordHash: hashOf('sales2'), name: '王磊', email: 'wang.lei@reagent.example.com', phone: '13900139236', teamId: north.id, createdAt: daysBefore(150) },
      { loginName: 'finance', passwordHash: hashOf('finance'), name: '赵敏', email: 'zhao.min@reagent.example.com', phone: '021-6485-2230', teamId: finance.id, createdAt: daysBefore(300) },
    ])
    .returning({ id: staff.id });
  if (!admin || !sales || !ops || !manager || !sales2 || !financeStaff) throw new Error('Staff were not inserted');
  await db.update(staffTeams).set({ managerId: manager.id }).where(eq(staffTeams.id, east.id));
  await db.update(staffTeams).set({ managerId: financeStaff.id }).where(eq(staffTeams.id, finance.id));
  await db.insert(staffRoleAssignments).values([
    { staffId: admin.id, roleId: superRole.id },
    { staffId: sales.id, roleId: salesRole.id },
    { staffId: ops.id, roleId: opsRole.id },
    { staffId: manager.id, roleId: managerRole.id },
    { staffId: sales2.id, roleId: salesRole.id },
    { staffId: financeStaff.id, roleId: financeRole.id },
  ]);
  return { staffRoles: 5, staff: 6 };
}

/**
 * The back-office menu: one row per page of the registry (`components/admin/admin-pages.ts`), and a row for each
 * group, written before its first child's. The rows' ids follow the registry's order; the menu's order is `sort`.
 */
export async function seedMenus(db: Db): Promise<number> {
  const groupIds = new Map<AdminMenuGroupPath, number>();
  for (const page of ADMIN_PAGES) {
    const group = 'parent' in page ? adminMenuGroup(page.parent) : undefined;
    let parentId: number | null = null;
    if (group) {
      parentId = groupIds.get(group.path) ?? null;
      if (parentId === null) {
        const [row] = await db.insert(menus).values(groupRow(group)).returning({ id: menus.id });
        if (!row) throw new Error(`Menu group ${group.path} was not inserted`);
        groupIds.set(group.path, row.id);
        parentId = row.id;
      }
    }
    await db.insert(menus).values(pageRow(page, parentId));
  }
  return ADMIN_PAGES.length + groupIds.size;
}

/** A group's row: no permission of its own (it shows when any child does); its path redirects to its first page. */
function groupRow(group: AdminMenuGroup): NewMenu {
  return { ...group.menu, path: menuPathOf(group), redirect: group.redirect, permission: null, parentId: null };
}

/** A page's row: shown to the members whom the page's permission lets open it. */
function pageRow(page: AdminPage, parentId: number | null): NewMenu {
  return { ...page.menu, path: menuPathOf(page), permission: page.permission satisfies Permission, parentId };
}
