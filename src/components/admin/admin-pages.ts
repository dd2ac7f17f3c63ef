/**
 * The back-office pages, one entry each: the one place a page is registered (docs/architecture.md, "How to add a
 * back-office page"). Plain data, read by
 * - the server: `app/[locale]/admin/(shell)/[...rest]/page.tsx` opens a path listed here after checking its
 *   permission (`requireStaffPage`), redirects a group's path to its first page, and every other path to /404;
 * - the seed: `server/setup/reference-data.ts` writes the back-office menu from these entries, in this order
 *   (the rows' ids follow it; the menu's display order is each row's `sort`);
 * - the browser: `admin-views.tsx` maps each path to its view, typed against `AdminPagePath` so that a page without
 *   a view, or a view without a page, fails the typecheck.
 * A permission is one of the staff permissions of `server/auth/permissions.ts` (the catch-all page passes it to
 * `requireStaffPage`, which takes only those; admin-pages.test.ts checks the list too).
 */

/** A menu row's data as the seed writes it (the `menus` table); its path and permission come from the page. */
export interface AdminMenuData {
  /** The front-end component key the menu row names (kept from the legacy menu's data). */
  component: string;
  /** The row's route name (unique). */
  name: string;
  titleZh: string;
  titleEn: string;
  /** An antd icon's name (`menu-icon.tsx`); empty for none. */
  icon: string;
  /** The row's place among its siblings. */
  sort: number;
  /** Not shown in the menu (a page opened from another, e.g. "add"). */
  hidden?: boolean;
  /** Shown even with a single child. */
  alwaysShow?: boolean;
  /** Leaves the tab cache when left (remounted on each visit). */
  noCache?: boolean;
  /** The menu item highlighted for this page (a hidden page's list), in the menu's paths (without /admin). */
  activeMenu?: string;
  /** A tab that cannot be closed. */
  affix?: boolean;
}

/** A menu group: a row with children and no page of its own; its path redirects to `redirect`. */
export interface AdminMenuGroupEntry {
  /** The group's path under /admin. */
  path: `/admin/${string}`;
  /** Where the group's path goes, in the menu's paths (without /admin), as its menu row's `redirect` says. */
  redirect: `/${string}`;
  menu: AdminMenuData;
}

export const ADMIN_MENU_GROUPS = [
  {
    path: '/admin/catalog', redirect: '/catalog/brands',
    menu: { component: 'Layout', name: 'Catalogue', alwaysShow: true, titleZh: '商品管理', titleEn: 'Catalogue', icon: 'AppstoreOutlined', sort: 100 },
  },
  {
    path: '/admin/content', redirect: '/content/news',
    menu: { component: 'Layout', name: 'Content', alwaysShow: true, titleZh: '内容管理', titleEn: 'Content', icon: 'ReadOutlined', sort: 150 },
  },
  {
    // The order desk (ADR 0071): the orders now; shipments, invoices and receivables join the group later.
    path: '/admin/orders', redirect: '/orders/list',
    menu: { component: 'Layout', name: 'OrderDesk', alwaysShow: true, titleZh: '订单', titleEn: 'Orders', icon: 'ShoppingCartOutlined', sort: 40 },
  },
  {
    path: '/admin/system-setting', redirect: '/system-setting/auth',
    menu: { component: 'Layout', name: 'SystemSetting', alwaysShow: true, titleZh: '系统设置', titleEn: 'System settings', icon: 'SettingOutlined', sort: 900 },
  },
] as const satisfies readonly AdminMenuGroupEntry[];

export type AdminMenuGroupPath = (typeof ADMIN_MENU_GROUPS)[number]['path'];

/** A back-office page: its path, the permission that opens it (and shows its menu row), and its menu row. */
export interface AdminPageEntry {
  /** The page's path under /admin (its view's key in `ADMIN_VIEWS`). */
  path: `/admin/${string}`;
  /** The staff permission that opens the page; its menu row needs the same. */
  permission: string;
  /** The group whose child the menu row is; a top-level row has none. */
  parent?: AdminMenuGroupPath;
  menu: AdminMenuData;
}

/** In the seed's order (the menu rows' ids follow it); a group's row is written before its first child's. */
export const ADMIN_PAGES = [
  { path: '/admin/dashboard', permission: 'ADMIN.ACCESS', menu: { component: 'dashboard/index', name: 'Dashboard', titleZh: '首页', titleEn: 'Dashboard', icon: 'DashboardOutlined', affix: true, sort: 10 } },
  { path: '/admin/audit', permission: 'AUDIT.VIEW', menu: { component: 'audit/index', name: 'Audit', titleZh: '审计日志', titleEn: 'Audit log', icon: 'AuditOutlined', sort: 20 } },

  // The catalogue group: shown to members who may edit the catalogue.
  { path: '/admin/catalog/products', parent: '/admin/catalog', permission: 'CATALOG.EDIT', menu: { component: 'catalog/products/index', name: 'CatalogProducts', titleZh: '商品列表', titleEn: 'Products', icon: 'ExperimentOutlined', sort: 10 } },
  { path: '/admin/catalog/brands', parent: '/admin/catalog', permission: 'CATALOG.EDIT', menu: { component: 'catalog/brands/index', name: 'CatalogBrands', titleZh: '品牌管理', titleEn: 'Brands', icon: 'TagsOutlined', sort: 20 } },
  { path: '/admin/catalog/categories', parent: '/admin/catalog', permission: 'CATALOG.EDIT', menu: { component: 'catalog/categories/index', name: 'CatalogCategories', titleZh: '商品分类', titleEn: 'Categories', icon: 'ApartmentOutlined', sort: 30 } },
  // Bulk imports of the catalogue (ADR 0034).
  { path: '/admin/catalog/imports', parent: '/admin/catalog', permission: 'CATALOG.EDIT', menu: { component: 'catalog/imports/index', name: 'CatalogImports', titleZh: '批量导入', titleEn: 'Bulk imports', icon: 'CloudUploadOutlined', sort: 40 } },

  // The content group (ADR 0033, 0036): news, banners, every other kind of editorial content (ADR 0035), comment
  // moderation, channel categories, tags, the about page and the partners page's entries (ADR 0042).
  { path: '/admin/content/news', parent: '/admin/content', permission: 'CONTENT.EDIT', menu: { component: 'content/news/index', name: 'ContentNews', titleZh: '新闻管理', titleEn: 'News', icon: 'NotificationOutlined', sort: 10 } },
  { path: '/admin/content/banners', parent: '/admin/content', permission: 'CONTENT.EDIT', menu: { component: 'content/banners/index', name: 'ContentBanners', titleZh: '横幅管理', titleEn: 'Banners', icon: 'PictureOutlined', sort: 20 } },
  { path: '/admin/content/applications', parent: '/admin/content', permission: 'CONTENT.EDIT', menu: { component: 'content/applications/index', name: 'ContentApplications', titleZh: '应用案例', titleEn: 'Applications', icon: 'ExperimentOutlined', sort: 30 } },
  { path: '/admin/content/citations', parent: '/admin/content', permission: 'CONTENT.EDIT', menu: { component: 'content/citations/index', name: 'ContentCitations', titleZh: '文献引用', titleEn: 'Citations', icon: 'BookOutlined', sort: 40 } },
  { path: '/admin/content/support', parent: '/admin/content', permission: 'CONTENT.EDIT', menu: { component: 'content/support/index', name: 'ContentSupport', titleZh: '技术支持问答', titleEn: 'Support Q&A', icon: 'QuestionCircleOutlined', sort: 50 } },
  { path: '/admin/content/resources', parent: '/admin/content', permission: 'CONTENT.EDIT', menu: { component: 'content/resources/index', name: 'ContentResources', titleZh: '资料下载', titleEn: 'Resources', icon: 'FilePdfOutlined', sort: 60 } },
  { path: '/admin/content/brand-articles', parent: '/admin/content', permission: 'CONTENT.EDIT', menu: { component: 'content/brand-articles/index', name: 'ContentBrandArticles', titleZh: '品牌文章', titleEn: 'Brand articles', icon: 'TagsOutlined', sort: 70 } },
  { path: '/admin/content/comments', parent: '/admin/content', permission: 'CONTENT.EDIT', menu: { component: 'content/comments/index', name: 'ContentComments', titleZh: '评论审核', titleEn: 'Comments', icon: 'CommentOutlined', sort: 80 } },
  { path: '/admin/content/categories', parent: '/admin/content', permission: 'CONTENT.EDIT', menu: { component: 'content/categories/index', name: 'ContentCategories', titleZh: '栏目分类', titleEn: 'Channel categories', icon: 'ApartmentOutlined', sort: 90 } },
  { path: '/admin/content/tags', parent: '/admin/content', permission: 'CONTENT.EDIT', menu: { component: 'content/tags/index', name: 'ContentTags', titleZh: '标签管理', titleEn: 'Tags', icon: 'TagsOutlined', sort: 100 } },
  { path: '/admin/content/about', parent: '/admin/content', permission: 'CONTENT.EDIT', menu: { component: 'content/about/index', name: 'ContentAbout', titleZh: '关于我们', titleEn: 'About page', icon: 'FileTextOutlined', sort: 110 } },
  { path: '/admin/content/partners', parent: '/admin/content', permission: 'CONTENT.EDIT', menu: { component: 'content/partners/index', name: 'ContentPartners', titleZh: '合作伙伴', titleEn: 'Partners', icon: 'TeamOutlined', sort: 120 } },

  // "Could not find it" requests and contact-page enquiries, one list (ADR 0031): customer service.
  { path: '/admin/requests', permission: 'CUSTOMER.EDIT', menu: { component: 'requests/index', name: 'Requests', titleZh: '留言与求购', titleEn: 'Requests and enquiries', icon: 'CustomerServiceOutlined', sort: 200 } },
  // The order desk (ADR 0071): the customers' orders, a record page (`?id=`).
  { path: '/admin/orders/list', parent: '/admin/orders', permission: 'ORDER.VIEW', menu: { component: 'orders/list/index', name: 'OrderList', titleZh: '订单列表', titleEn: 'Order list', icon: 'ProfileOutlined', sort: 10 } },
  // The carriers shipments leave with (ADR 0074): read with ORDER.VIEW, kept with ORDER.FULFIL.
  { path: '/admin/orders/carriers', parent: '/admin/orders', permission: 'ORDER.VIEW', menu: { component: 'orders/carriers/index', name: 'OrderCarriers', titleZh: '承运商', titleEn: 'Carriers', icon: 'CarOutlined', sort: 80 } },
  // Finance's orders to invoice (ADR 0074): shipped or delivered, an invoice asked for and none issued yet.
  { path: '/admin/orders/to-invoice', parent: '/admin/orders', permission: 'INVOICE.ISSUE', menu: { component: 'orders/to-invoice/index', name: 'OrdersToInvoice', titleZh: '待开票', titleEn: 'To invoice', icon: 'AccountBookOutlined', sort: 40 } },
  // Receivables (ADR 0074): finance's ageing per customer, and the payments recorded against invoices.
  { path: '/admin/orders/receivables', parent: '/admin/orders', permission: 'INVOICE.ISSUE', menu: { component: 'orders/receivables/index', name: 'OrderReceivables', titleZh: '应收账款', titleEn: 'Receivables', icon: 'MoneyCollectOutlined', sort: 50 } },
  // The CRM's customers (ADR 0038): the list, and a customer's record page (`?id=`).
  { path: '/admin/customers', permission: 'CUSTOMER.VIEW', menu: { component: 'customers/index', name: 'Customers', titleZh: '客户管理', titleEn: 'Customers', icon: 'TeamOutlined', sort: 50 } },
  // The shop's suppliers (ADR 0038): brands supplied, contacts, terms, attachments.
  { path: '/admin/suppliers', permission: 'SUPPLIER.EDIT', menu: { component: 'suppliers/index', name: 'Suppliers', titleZh: '供应商', titleEn: 'Suppliers', icon: 'SolutionOutlined', sort: 120 } },

  // The CRM's approvals, expenses and testing cases (ADR 0037), quotations (`?id=` a record page), complaints with
  // capped refunds (ADR 0041), contracts approved before sending (ADR 0044).
  { path: '/admin/approvals', permission: 'ADMIN.ACCESS', menu: { component: 'approvals/index', name: 'Approvals', titleZh: '待我审批', titleEn: 'Waiting for me', icon: 'SolutionOutlined', sort: 300 } },
  { path: '/admin/cases', permission: 'CASE.EDIT', menu: { component: 'cases/index', name: 'Cases', titleZh: '检测服务', titleEn: 'Testing cases', icon: 'ExperimentOutlined', sort: 310 } },
  { path: '/admin/quotations', permission: 'QUOTATION.EDIT', menu: { component: 'quotations/index', name: 'Quotations', titleZh: '报价管理', titleEn: 'Quotations', icon: 'FileTextOutlined', sort: 320 } },
  // Company price agreements (ADR 0084): the list with the 30-day expiry report, a record page (`?id=`).
  { path: '/admin/price-agreements', permission: 'PRICE.EDIT', menu: { component: 'price-agreements/index', name: 'PriceAgreements', titleZh: '价格协议', titleEn: 'Price agreements', icon: 'PercentageOutlined', sort: 325 } },
  { path: '/admin/contracts', permission: 'CONTRACT.EDIT', menu: { component: 'contracts/index', name: 'Contracts', titleZh: '合同管理', titleEn: 'Contracts', icon: 'AuditOutlined', sort: 330 } },
  { path: '/admin/expenses', permission: 'ADMIN.ACCESS', menu: { component: 'expenses/index', name: 'Expenses', titleZh: '费用申请', titleEn: 'Expenses', icon: 'MoneyCollectOutlined', sort: 340 } },
  { path: '/admin/approval-rules', permission: 'APPROVAL.RULES', menu: { component: 'approval-rules/index', name: 'ApprovalRules', titleZh: '审批规则', titleEn: 'Approval rules', icon: 'SafetyOutlined', sort: 350 } },
  { path: '/admin/complaints', permission: 'COMPLAINT.EDIT', menu: { component: 'complaints/index', name: 'Complaints', titleZh: '客户投诉', titleEn: 'Complaints', icon: 'CustomerServiceOutlined', sort: 360 } },

  // The system settings group: it has no permission of its own and shows when any child does.
  { path: '/admin/system-setting/auth', parent: '/admin/system-setting', permission: 'AUTHORITY.VIEW', menu: { component: 'system-setting/auth/index', name: 'Auth', titleZh: '身份权限', titleEn: 'Identities and permissions', icon: 'SafetyCertificateOutlined', sort: 10 } },
  { path: '/admin/system-setting/authadd', parent: '/admin/system-setting', permission: 'AUTHORITY.EDIT', menu: { component: 'system-setting/auth/add', name: 'AuthAdd', hidden: true, noCache: true, activeMenu: '/system-setting/auth', titleZh: '添加权限', titleEn: 'Add identity', icon: '', sort: 20 } },
  { path: '/admin/system-setting/stafflist', parent: '/admin/system-setting', permission: 'STAFF.VIEW', menu: { component: 'system-setting/staff/index', name: 'StaffList', titleZh: '员工设置', titleEn: 'Staff', icon: 'UserOutlined', sort: 30 } },
  { path: '/admin/system-setting/staffadd', parent: '/admin/system-setting', permission: 'STAFF.EDIT', menu: { component: 'system-setting/staff/add', name: 'StaffAdd', hidden: true, noCache: true, activeMenu: '/system-setting/stafflist', titleZh: '新增员工', titleEn: 'New staff member', icon: '', sort: 40 } },
  { path: '/admin/system-setting/teams', parent: '/admin/system-setting', permission: 'STAFF.VIEW', menu: { component: 'system-setting/teams/index', name: 'Teams', titleZh: '团队', titleEn: 'Teams', icon: 'TeamOutlined', sort: 50 } },
  { path: '/admin/system-setting/menu', parent: '/admin/system-setting', permission: 'MENU.EDIT', menu: { component: 'system-setting/menu/index', name: 'Menu', titleZh: '系统菜单', titleEn: 'System menu', icon: 'MenuOutlined', sort: 60 } },
  { path: '/admin/system-setting/web-settings', parent: '/admin/system-setting', permission: 'SETTINGS.EDIT', menu: { component: 'system-setting/web-settings/index', name: 'WebSettings', titleZh: '网站设置', titleEn: 'Site settings', icon: 'GlobalOutlined', sort: 70 } },
] as const satisfies readonly AdminPageEntry[];

export type AdminPage = (typeof ADMIN_PAGES)[number];
export type AdminPagePath = AdminPage['path'];
export type AdminMenuGroup = (typeof ADMIN_MENU_GROUPS)[number];

/** The page at this path under /admin (e.g. `/admin/catalog/brands`), if the registry has one. */
export function adminPage(path: string): AdminPage | undefined {
  return ADMIN_PAGES.find((p) => p.path === path);
}

/** The menu group at this path under /admin (e.g. `/admin/catalog`), if the registry has one. */
export function adminMenuGroup(path: string): AdminMenuGroup | undefined {
  return ADMIN_MENU_GROUPS.find((g) => g.path === path);
}

/** A row's path as the menu holds it: a top-level row's from the root (`/audit`), a child's relative to its group (`brands`). */
export function menuPathOf(entry: AdminPageEntry | AdminMenuGroupEntry): string {
  const parent = 'parent' in entry ? entry.parent : undefined;
  return parent ? entry.path.slice(parent.length + 1) : entry.path.slice('/admin'.length);
}
