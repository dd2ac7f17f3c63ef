import 'server-only';
import { eq } from 'drizzle-orm';
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

type MenuSeed = Omit<NewMenu, 'parentId' | 'sort'>;

/**
 * Only items whose page exists are seeded (a test opens each one): the CRM items still without pages (customers, quotations,
 * contracts, complaints) come back with their pages.
 */
const TOP_LEVEL: MenuSeed[] = [
  { path: '/dashboard', component: 'dashboard/index', name: 'Dashboard', titleZh: '首页', titleEn: 'Dashboard', icon: 'DashboardOutlined', affix: true, permission: 'ADMIN.ACCESS' },
  { path: '/audit', component: 'audit/index', name: 'Audit', titleZh: '审计日志', titleEn: 'Audit log', icon: 'AuditOutlined', permission: 'AUDIT.VIEW' },
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
  { path: 'teams', component: 'system-setting/teams/index', name: 'Teams', titleZh: '团队', titleEn: 'Teams', icon: 'TeamOutlined', permission: 'STAFF.VIEW' },
  { path: 'menu', component: 'system-setting/menu/index', name: 'Menu', titleZh: '系统菜单', titleEn: 'System menu', icon: 'MenuOutlined', permission: 'MENU.EDIT' },
  { path: 'web-settings', component: 'system-setting/web-settings/index', name: 'WebSettings', titleZh: '网站设置', titleEn: 'Site settings', icon: 'GlobalOutlined', permission: 'SETTINGS.EDIT' },
];

/** "Could not find it" requests and contact-page enquiries, one list (ADR 0031): customer service. */
const REQUESTS: MenuSeed = {
  path: '/requests', component: 'requests/index', name: 'Requests', titleZh: '留言与求购', titleEn: 'Requests and enquiries', icon: 'CustomerServiceOutlined', permission: 'CUSTOMER.EDIT',
};

/** The back-office CRM's approvals, expenses and testing cases (ADR 0037), complaints (ADR 0041), contracts (ADR 0044). */
const CRM_ITEMS: MenuSeed[] = [
  { path: '/approvals', component: 'approvals/index', name: 'Approvals', titleZh: '待我审批', titleEn: 'Waiting for me', icon: 'SolutionOutlined', permission: 'ADMIN.ACCESS' },
  { path: '/cases', component: 'cases/index', name: 'Cases', titleZh: '检测服务', titleEn: 'Testing cases', icon: 'ExperimentOutlined', permission: 'CASE.EDIT' },
  { path: '/quotations', component: 'quotations/index', name: 'Quotations', titleZh: '报价管理', titleEn: 'Quotations', icon: 'FileTextOutlined', permission: 'QUOTATION.EDIT' },
  { path: '/contracts', component: 'contracts/index', name: 'Contracts', titleZh: '合同管理', titleEn: 'Contracts', icon: 'AuditOutlined', permission: 'CONTRACT.EDIT' },
  { path: '/expenses', component: 'expenses/index', name: 'Expenses', titleZh: '费用申请', titleEn: 'Expenses', icon: 'MoneyCollectOutlined', permission: 'ADMIN.ACCESS' },
  { path: '/approval-rules', component: 'approval-rules/index', name: 'ApprovalRules', titleZh: '审批规则', titleEn: 'Approval rules', icon: 'SafetyOutlined', permission: 'APPROVAL.RULES' },
  { path: '/complaints', component: 'complaints/index', name: 'Complaints', titleZh: '客户投诉', titleEn: 'Complaints', icon: 'CustomerServiceOutlined', permission: 'COMPLAINT.EDIT' },
];

/** The CRM's customers (ADR 0038): the list, and a customer's record page (`?id=`). */
const CUSTOMERS: MenuSeed = {
  path: '/customers', component: 'customers/index', name: 'Customers', titleZh: '客户管理', titleEn: 'Customers', icon: 'TeamOutlined', permission: 'CUSTOMER.VIEW',
};

/** The shop's suppliers (ADR 0038): brands supplied, contacts, terms, attachments. */
const SUPPLIERS: MenuSeed = {
  path: '/suppliers', component: 'suppliers/index', name: 'Suppliers', titleZh: '供应商', titleEn: 'Suppliers', icon: 'SolutionOutlined', permission: 'SUPPLIER.EDIT',
};

/** The catalogue group: shown to members who may edit the catalogue. */
const CATALOGUE: MenuSeed = {
  path: '/catalog', component: 'Layout', name: 'Catalogue', redirect: '/catalog/brands', alwaysShow: true,
  titleZh: '商品管理', titleEn: 'Catalogue', icon: 'AppstoreOutlined', permission: null,
};

const CATALOGUE_CHILDREN: MenuSeed[] = [
  { path: 'products', component: 'catalog/products/index', name: 'CatalogProducts', titleZh: '商品列表', titleEn: 'Products', icon: 'ExperimentOutlined', permission: 'CATALOG.EDIT' },
  { path: 'brands', component: 'catalog/brands/index', name: 'CatalogBrands', titleZh: '品牌管理', titleEn: 'Brands', icon: 'TagsOutlined', permission: 'CATALOG.EDIT' },
  { path: 'categories', component: 'catalog/categories/index', name: 'CatalogCategories', titleZh: '商品分类', titleEn: 'Categories', icon: 'ApartmentOutlined', permission: 'CATALOG.EDIT' },
  { path: 'imports', component: 'catalog/imports/index', name: 'CatalogImports', titleZh: '批量导入', titleEn: 'Bulk imports', icon: 'CloudUploadOutlined', permission: 'CATALOG.EDIT' },
];

/** The content group (ADR 0033, 0036): news, banners, comment moderation, channel categories, tags and the about page, for members who may edit the content. */
const CONTENT: MenuSeed = {
  path: '/content', component: 'Layout', name: 'Content', redirect: '/content/news', alwaysShow: true,
  titleZh: '内容管理', titleEn: 'Content', icon: 'ReadOutlined', permission: null,
};

const CONTENT_CHILDREN: MenuSeed[] = [
  { path: 'news', component: 'content/news/index', name: 'ContentNews', titleZh: '新闻管理', titleEn: 'News', icon: 'NotificationOutlined', permission: 'CONTENT.EDIT' },
  { path: 'banners', component: 'content/banners/index', name: 'ContentBanners', titleZh: '横幅管理', titleEn: 'Banners', icon: 'PictureOutlined', permission: 'CONTENT.EDIT' },
  // Every other kind of editorial content (ADR 0035).
  { path: 'applications', component: 'content/applications/index', name: 'ContentApplications', titleZh: '应用案例', titleEn: 'Applications', icon: 'ExperimentOutlined', permission: 'CONTENT.EDIT' },
  { path: 'citations', component: 'content/citations/index', name: 'ContentCitations', titleZh: '文献引用', titleEn: 'Citations', icon: 'BookOutlined', permission: 'CONTENT.EDIT' },
  { path: 'support', component: 'content/support/index', name: 'ContentSupport', titleZh: '技术支持问答', titleEn: 'Support Q&A', icon: 'QuestionCircleOutlined', permission: 'CONTENT.EDIT' },
  { path: 'resources', component: 'content/resources/index', name: 'ContentResources', titleZh: '资料下载', titleEn: 'Resources', icon: 'FilePdfOutlined', permission: 'CONTENT.EDIT' },
  { path: 'brand-articles', component: 'content/brand-articles/index', name: 'ContentBrandArticles', titleZh: '品牌文章', titleEn: 'Brand articles', icon: 'TagsOutlined', permission: 'CONTENT.EDIT' },
  { path: 'comments', component: 'content/comments/index', name: 'ContentComments', titleZh: '评论审核', titleEn: 'Comments', icon: 'CommentOutlined', permission: 'CONTENT.EDIT' },
  { path: 'categories', component: 'content/categories/index', name: 'ContentCategories', titleZh: '栏目分类', titleEn: 'Channel categories', icon: 'ApartmentOutlined', permission: 'CONTENT.EDIT' },
  { path: 'tags', component: 'content/tags/index', name: 'ContentTags', titleZh: '标签管理', titleEn: 'Tags', icon: 'TagsOutlined', permission: 'CONTENT.EDIT' },
  { path: 'about', component: 'content/about/index', name: 'ContentAbout', titleZh: '关于我们', titleEn: 'About page', icon: 'FileTextOutlined', permission: 'CONTENT.EDIT' },
  // The partners page's entries (ADR 0042).
  { path: 'partners', component: 'content/partners/index', name: 'ContentPartners', titleZh: '合作伙伴', titleEn: 'Partners', icon: 'TeamOutlined', permission: 'CONTENT.EDIT' },
];

export async function seedMenus(db: Db): Promise<number> {
  await db.insert(menus).values(TOP_LEVEL.map((m, i) => ({ ...m, parentId: null, sort: (i + 1) * 10 })));
  const [catalogue] = await db.insert(menus).values({ ...CATALOGUE, parentId: null, sort: 100 }).returning({ id: menus.id });
  if (!catalogue) throw new Error('Catalogue menu was not inserted');
  await db.insert(menus).values(CATALOGUE_CHILDREN.map((m, i) => ({ ...m, parentId: catalogue.id, sort: (i + 1) * 10 })));
  const [content] = await db.insert(menus).values({ ...CONTENT, parentId: null, sort: 150 }).returning({ id: menus.id });
  if (!content) throw new Error('Content menu was not inserted');
  await db.insert(menus).values(CONTENT_CHILDREN.map((m, i) => ({ ...m, parentId: content.id, sort: (i + 1) * 10 })));
  await db.insert(menus).values({ ...REQUESTS, parentId: null, sort: 200 });
  await db.insert(menus).values({ ...CUSTOMERS, parentId: null, sort: 50 });
  await db.insert(menus).values({ ...SUPPLIERS, parentId: null, sort: 120 });
  await db.insert(menus).values(CRM_ITEMS.map((m, i) => ({ ...m, parentId: null, sort: 300 + i * 10 })));
  const [group] = await db.insert(menus).values({ ...SYSTEM_SETTING, parentId: null, sort: 900 }).returning({ id: menus.id });
  if (!group) throw new Error('System-setting menu was not inserted');
  await db.insert(menus).values(SYSTEM_SETTING_CHILDREN.map((m, i) => ({ ...m, parentId: group.id, sort: (i + 1) * 10 })));
  return TOP_LEVEL.length + CRM_ITEMS.length + 1 + CATALOGUE_CHILDREN.length + 1 + CONTENT_CHILDREN.length + 1 + 1 + 1 + 1 + SYSTEM_SETTING_CHILDREN.length;
}
