import 'server-only';
import { sha256Hex } from '@/lib/sha256';
import { hashPassword } from '@/server/auth/passwords';
import { permissionsOfScope, type Permission } from '@/server/auth/permissions';
import type { Db } from '@/server/db/client';
import { menus, staff, staffRoleAssignments, staffRolePermissions, staffRoles, type NewMenu } from '@/server/db/schema';
import { daysBefore } from './random';

export interface DemoStaff {
  loginName: string;
  password: string;
  role: string;
}

export const DEMO_STAFF: readonly DemoStaff[] = [
  { loginName: 'admin', password: 'Admin#2026', role: '超级管理员' },
  { loginName: 'sales', password: 'Sales#2026', role: '销售' },
];

const SALES_PERMISSIONS: Permission[] = ['ADMIN.ACCESS', 'CUSTOMER.VIEW', 'CUSTOMER.EDIT', 'QUOTATION.EDIT', 'CONTRACT.EDIT'];

export async function hashStaffPasswords(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const s of DEMO_STAFF) out.set(s.loginName, await hashPassword(await sha256Hex(s.password)));
  return out;
}

export async function seedStaff(db: Db, hashes: ReadonlyMap<string, string>): Promise<{ staffRoles: number; staff: number }> {
  const [superRole, salesRole] = await db
    .insert(staffRoles)
    .values([
      { name: '超级管理员', description: '拥有后台全部权限' },
      { name: '销售', description: '维护客户、报价与合同' },
    ])
    .returning({ id: staffRoles.id });
  if (!superRole || !salesRole) throw new Error('Staff roles were not inserted');
  await db.insert(staffRolePermissions).values([
    ...permissionsOfScope('staff').map((permission) => ({ roleId: superRole.id, permission })),
    ...SALES_PERMISSIONS.map((permission) => ({ roleId: salesRole.id, permission })),
  ]);
  const hashOf = (login: string): string => {
    const h = hashes.get(login);
    if (!h) throw new Error(`No password hash prepared for ${login}`);
    return h;
  };
  const [admin, sales] = await db
    .insert(staff)
    .values([
      { loginName: 'admin', passwordHash: hashOf('admin'), name: '系统管理员', email: 'it@reagent.example.com', phone: '021-6485-2201', createdAt: daysBefore(500) },
      { loginName: 'sales', passwordHash: hashOf('sales'), name: '周洁', email: 'zhou.jie@reagent.example.com', phone: '13900139088', createdAt: daysBefore(360) },
    ])
    .returning({ id: staff.id });
  if (!admin || !sales) throw new Error('Staff were not inserted');
  await db.insert(staffRoleAssignments).values([
    { staffId: admin.id, roleId: superRole.id },
    { staffId: sales.id, roleId: salesRole.id },
  ]);
  return { staffRoles: 2, staff: 2 };
}

type MenuSeed = Omit<NewMenu, 'parentId' | 'sort'>;

const TOP_LEVEL: MenuSeed[] = [
  { path: '/dashboard', component: 'dashboard/index', name: 'Dashboard', titleZh: '首页', titleEn: 'Dashboard', icon: 'DashboardOutlined', affix: true, permission: 'ADMIN.ACCESS' },
  { path: '/customers', component: 'crm/customers/index', name: 'Customers', titleZh: '客户管理', titleEn: 'Customers', icon: 'TeamOutlined', permission: 'CUSTOMER.VIEW' },
  { path: '/quotations', component: 'crm/quotations/index', name: 'Quotations', titleZh: '报价管理', titleEn: 'Quotations', icon: 'FileTextOutlined', permission: 'QUOTATION.EDIT' },
  { path: '/contracts', component: 'crm/contracts/index', name: 'Contracts', titleZh: '合同管理', titleEn: 'Contracts', icon: 'FileProtectOutlined', permission: 'CONTRACT.EDIT' },
  { path: '/cases', component: 'crm/cases/index', name: 'Cases', titleZh: '检测案例', titleEn: 'Testing cases', icon: 'ExperimentOutlined', permission: 'CASE.EDIT' },
  { path: '/complaints', component: 'crm/complaints/index', name: 'Complaints', titleZh: '投诉管理', titleEn: 'Complaints', icon: 'MessageOutlined', permission: 'COMPLAINT.EDIT' },
  { path: '/expenses', component: 'crm/expenses/index', name: 'Expenses', titleZh: '费用申请', titleEn: 'Expense applications', icon: 'AccountBookOutlined', permission: 'EXPENSE.EDIT' },
];

/** The group has no permission of its own: it shows when any child does. */
const SYSTEM_SETTING: MenuSeed = {
  path: '/system-setting', component: 'Layout', name: 'SystemSetting', redirect: '/system-setting/auth', alwaysShow: true,
  titleZh: '系统设置', titleEn: 'System settings', icon: 'SettingOutlined', permission: null,
};

const SYSTEM_SETTING_CHILDREN: MenuSeed[] = [
  { path: 'auth', component: 'system-setting/auth/index', name: 'Auth', titleZh: '身份权限', titleEn: 'Identities and permissions', icon: 'SafetyCertificateOutlined', permission: 'AUTHORITY.VIEW' },
  { path: 'authadd', component: 'system-setting/auth/add', name: 'AuthAdd', hidden: true, noCache: true, activeMenu: '/system-setting/auth', titleZh: '添加权限', titleEn: 'Add identity', icon: '', permission: 'AUTHORITY.EDIT' },
  { path: 'stafflist', component: 'system-setting/staff/index', name: 'StaffList', titleZh: '员工设置', titleEn: 'Staff', icon: 'UserOutlined', permission: 'STAFF.VIEW' },
  { path: 'staffadd', component: 'system-setting/staff/add', name: 'StaffAdd', hidden: true, noCache: true, activeMenu: '/system-setting/stafflist', titleZh: '新增员工', titleEn: 'New staff member', icon: '', permission: 'STAFF.EDIT' },
  { path: 'menu', component: 'system-setting/menu/index', name: 'Menu', titleZh: '系统菜单', titleEn: 'System menu', icon: 'MenuOutlined', permission: 'MENU.EDIT' },
];

export async function seedMenus(db: Db): Promise<number> {
  await db.insert(menus).values(TOP_LEVEL.map((m, i) => ({ ...m, parentId: null, sort: (i + 1) * 10 })));
  const [group] = await db.insert(menus).values({ ...SYSTEM_SETTING, parentId: null, sort: 900 }).returning({ id: menus.id });
  if (!group) throw new Error('System-setting menu was not inserted');
  await db.insert(menus).values(SYSTEM_SETTING_CHILDREN.map((m, i) => ({ ...m, parentId: group.id, sort: (i + 1) * 10 })));
  return TOP_LEVEL.length + 1 + SYSTEM_SETTING_CHILDREN.length;
}
