import 'server-only';

/**
 * The typed permission registry. Roles are rows that hold these strings; code checks
 * permissions, never role names. `company` permissions are granted by a customer company's
 * in-site roles, `staff` permissions by back-office roles.
 */
export const PERMISSION_REGISTRY = [
  { code: 'SALE.VIEW', scope: 'company', zh: '查看订单', en: 'View orders' },
  { code: 'SALE.CREATE', scope: 'company', zh: '下单', en: 'Place orders' },
  { code: 'ORDER.APPROVE', scope: 'company', zh: '审批订单', en: 'Approve orders' },
  { code: 'USER.VIEW', scope: 'company', zh: '查看系统设置', en: 'View system settings' },
  { code: 'USER.EDIT', scope: 'company', zh: '管理用户', en: 'Manage users' },
  { code: 'ROLE.EDIT', scope: 'company', zh: '管理角色', en: 'Manage roles' },
  { code: 'DEPARTMENT.EDIT', scope: 'company', zh: '管理部门', en: 'Manage departments' },
  { code: 'ADDRESS.EDIT', scope: 'company', zh: '管理地址', en: 'Manage addresses' },
  { code: 'INVENTORY.VIEW', scope: 'company', zh: '查看库存', en: 'View the inventory' },
  { code: 'INVENTORY.EDIT', scope: 'company', zh: '管理库存', en: 'Manage the inventory' },
  { code: 'INVENTORY.CONTROLLED', scope: 'company', zh: '领用管制化学品', en: 'Use and move controlled chemicals' },
  { code: 'ADMIN.ACCESS', scope: 'staff', zh: '进入管理后台', en: 'Open the back-office' },
  { code: 'STAFF.VIEW', scope: 'staff', zh: '查看员工', en: 'View staff' },
  { code: 'STAFF.EDIT', scope: 'staff', zh: '管理员工', en: 'Manage staff' },
  { code: 'AUTHORITY.VIEW', scope: 'staff', zh: '查看身份权限', en: 'View authorities' },
  { code: 'AUTHORITY.EDIT', scope: 'staff', zh: '管理身份权限', en: 'Manage authorities' },
  { code: 'MENU.EDIT', scope: 'staff', zh: '管理系统菜单', en: 'Manage system menus' },
  { code: 'CONTENT.EDIT', scope: 'staff', zh: '管理内容', en: 'Manage content' },
  { code: 'CATALOG.EDIT', scope: 'staff', zh: '管理商品', en: 'Manage catalogue' },
  { code: 'SETTINGS.EDIT', scope: 'staff', zh: '管理网站设置', en: 'Manage web settings' },
  { code: 'TRACKING.VIEW', scope: 'staff', zh: '查看访问统计', en: 'View visitor statistics' },
  { code: 'CUSTOMER.VIEW', scope: 'staff', zh: '查看客户', en: 'View customers' },
  { code: 'CUSTOMER.EDIT', scope: 'staff', zh: '管理客户', en: 'Manage customers' },
  { code: 'QUOTATION.EDIT', scope: 'staff', zh: '管理报价', en: 'Manage quotations' },
  { code: 'QUOTATION.PRICE_OVERRIDE', scope: 'staff', zh: '低于底价报价', en: 'Quote below the price floor' },
  { code: 'PRICE.EDIT', scope: 'staff', zh: '管理价格协议', en: 'Manage price agreements' },
  { code: 'CONTRACT.EDIT', scope: 'staff', zh: '管理合同', en: 'Manage contracts' },
  { code: 'SUPPLIER.EDIT', scope: 'staff', zh: '管理供应商', en: 'Manage suppliers' },
  { code: 'ORDER.VIEW', scope: 'staff', zh: '查看订单', en: 'View orders' },
  { code: 'ORDER.VIEW_ALL', scope: 'staff', zh: '查看所有客户的订单', en: "See every customer's orders" },
  { code: 'ORDER.FULFIL', scope: 'staff', zh: '配货、发货与取消订单', en: 'Allocate, ship and cancel orders' },
  { code: 'INVOICE.ISSUE', scope: 'staff', zh: '开具发票与登记收款', en: 'Issue invoices and record payments' },
  { code: 'CRM.VIEW_ALL', scope: 'staff', zh: '查看所有团队的客户与业务', en: "See every team's customers and records" },
  { code: 'APPROVAL.RULES', scope: 'staff', zh: '配置审批规则', en: 'Configure approval rules' },
  { code: 'CASE.EDIT', scope: 'staff', zh: '管理案例', en: 'Manage cases' },
  { code: 'COMPLAINT.EDIT', scope: 'staff', zh: '管理投诉', en: 'Manage complaints' },
  { code: 'EXPENSE.EDIT', scope: 'staff', zh: '管理费用申请', en: 'Manage expense applications' },
  { code: 'EXPENSE.APPROVE', scope: 'staff', zh: '审批费用申请', en: 'Approve expense applications' },
  { code: 'AUDIT.VIEW', scope: 'staff', zh: '查看审计日志', en: 'View the audit log' },
  { code: 'DASHBOARD.VIEW', scope: 'staff', zh: '查看经营数据', en: 'View business figures' },
] as const satisfies readonly { code: string; scope: 'company' | 'staff'; zh: string; en: string }[];

export type Permission = (typeof PERMISSION_REGISTRY)[number]['code'];

export const PERMISSIONS: readonly Permission[] = PERMISSION_REGISTRY.map((p) => p.code);

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

export function permissionsOfScope(scope: 'company' | 'staff'): Permission[] {
  return PERMISSION_REGISTRY.filter((p) => p.scope === scope).map((p) => p.code);
}

/** A permission's name in both languages (the code itself for one the registry does not know). */
export function permissionNames(code: string): { zh: string; en: string } {
  const known = PERMISSION_REGISTRY.find((p) => p.code === code);
  return known ? { zh: known.zh, en: known.en } : { zh: code, en: code };
}
