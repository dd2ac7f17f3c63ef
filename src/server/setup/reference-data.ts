import 'server-only';
import { count, sql } from 'drizzle-orm';
import { ADMIN_PAGES, adminMenuGroup, menuPathOf, type AdminMenuGroup, type AdminMenuGroupPath, type AdminPage } from '@/components/admin/admin-pages';
import { PERMISSION_REGISTRY, permissionsOfScope, type Permission } from '@/server/auth/permissions';
import type { Db } from '@/server/db/client';
import { carriers, menus, permissions, staffRolePermissions, staffRoles, type NewMenu } from '@/server/db/schema';

/**
 * The rows every shop needs, demo or not: the permission registry, the back-office menu and the standard
 * staff roles. Written on every start, each only where it is missing, so that a real shop's database gets
 * them on its first start and keeps what its staff changed afterwards. No demo row is written here.
 */
export interface ReferenceCounts {
  permissions: number;
  menus: number;
  staffRoles: number;
  carriers: number;
}

/** The role that holds every back-office permission: given to the first administrator (`npm run admin:create`). */
export const SUPER_ADMIN_ROLE = '超级管理员';

/** Sales: customers, quotations, price agreements (ADR 0084), contracts, testing cases, complaints, their customers' orders, and their own expense applications. */
const SALES_PERMISSIONS: Permission[] = ['ADMIN.ACCESS', 'CUSTOMER.VIEW', 'CUSTOMER.EDIT', 'QUOTATION.EDIT', 'PRICE.EDIT', 'CONTRACT.EDIT', 'CASE.EDIT', 'EXPENSE.EDIT', 'COMPLAINT.EDIT', 'ORDER.VIEW'];
/** Operations: keeps the catalogue (brands, categories), the suppliers and the content (news, banners); reads the figures, every order, the staff, the identities and the audit log; allocates, ships and cancels orders. */
const OPS_PERMISSIONS: Permission[] = ['ADMIN.ACCESS', 'DASHBOARD.VIEW', 'TRACKING.VIEW', 'STAFF.VIEW', 'AUTHORITY.VIEW', 'AUDIT.VIEW', 'CATALOG.EDIT', 'CONTENT.EDIT', 'SUPPLIER.EDIT', 'ORDER.VIEW', 'ORDER.VIEW_ALL', 'ORDER.FULFIL'];
/** A team's manager: what the team's sales members do, the dashboard figures, approving the team's expenses, and quoting below the price floor (ADR 0040). */
const MANAGER_PERMISSIONS: Permission[] = [...SALES_PERMISSIONS, 'DASHBOARD.VIEW', 'EXPENSE.APPROVE', 'QUOTATION.PRICE_OVERRIDE'];
/** Finance: expense applications and their approval, complaints (refunds), every order, its invoices and the payments received. */
const FINANCE_PERMISSIONS: Permission[] = ['ADMIN.ACCESS', 'DASHBOARD.VIEW', 'EXPENSE.EDIT', 'EXPENSE.APPROVE', 'COMPLAINT.EDIT', 'ORDER.VIEW', 'ORDER.VIEW_ALL', 'INVOICE.ISSUE'];

/** The standard staff roles, in the order of their ids (the demo's staff hold them by name). */
export const STANDARD_STAFF_ROLES: readonly { name: string; description: string; permissions: readonly Permission[] }[] = [
  { name: SUPER_ADMIN_ROLE, description: '拥有后台全部权限', permissions: permissionsOfScope('staff') },
  { name: '销售', description: '维护客户、报价与合同', permissions: SALES_PERMISSIONS },
  { name: '运营', description: '维护商品品牌与分类，查看经营数据、员工与审计日志', permissions: OPS_PERMISSIONS },
  { name: '部门经理', description: '管理本部门的客户与报价，审批本部门的费用申请', permissions: MANAGER_PERMISSIONS },
  { name: '财务', description: '处理费用申请与投诉退款', permissions: FINANCE_PERMISSIONS },
];

/** Keeps the permissions table in step with the code's registry; safe to run on every start. */
export async function upsertPermissions(db: Db): Promise<number> {
  await db
    .insert(permissions)
    .values(PERMISSION_REGISTRY.map((p) => ({ code: p.code, scope: p.scope, nameZh: p.zh, nameEn: p.en })))
    .onConflictDoUpdate({
      target: permissions.code,
      set: { scope: sql`excluded.scope`, nameZh: sql`excluded.name_zh`, nameEn: sql`excluded.name_en` },
    });
  return PERMISSION_REGISTRY.length;
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

/**
 * The carriers a shop starts with (ADR 0074): ordinary express refuses flammable and corrosive goods
 * (禁寄物品目录), so hazardous lines go with a dangerous-goods carrier and frozen ones with a cold-chain one.
 * `{no}` in a tracking page is where the number goes. Migration 0024 writes them into a database seeded before.
 */
export const STANDARD_CARRIERS = [
  { code: 'SF', nameZh: '顺丰速运', nameEn: 'SF Express', dangerousGoods: false, coldChain: false, trackingUrl: 'https://www.sf-express.com/chn/sc/waybill/waybill-detail/{no}', sort: 10 },
  { code: 'JD', nameZh: '京东物流', nameEn: 'JD Logistics', dangerousGoods: false, coldChain: false, trackingUrl: 'https://www.jdl.com/orderSearch/?waybillCodes={no}', sort: 20 },
  { code: 'ZTO', nameZh: '中通快递', nameEn: 'ZTO Express', dangerousGoods: false, coldChain: false, trackingUrl: 'https://www.zto.com/express/expressCheck.html?txtBill={no}', sort: 30 },
  { code: 'SF-COLD', nameZh: '顺丰冷运', nameEn: 'SF Cold Chain', dangerousGoods: false, coldChain: true, trackingUrl: 'https://www.sf-express.com/chn/sc/waybill/waybill-detail/{no}', sort: 40 },
  { code: 'SINOTRANS-CHEM', nameZh: '中外运化工物流', nameEn: 'Sinotrans Chemical Logistics', dangerousGoods: true, coldChain: false, trackingUrl: '', sort: 50 },
  { code: 'DG-COLD', nameZh: '危险品冷链专线', nameEn: 'Dangerous goods cold-chain line', dangerousGoods: true, coldChain: true, trackingUrl: '', sort: 60 },
] as const;

async function isEmpty(db: Db, table: typeof menus | typeof staffRoles | typeof carriers): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

/** Writes the reference rows that are missing (all of them on an empty database), in one transaction. */
export async function ensureReferenceData(db: Db): Promise<ReferenceCounts> {
  return db.transaction(async (tx) => {
    const permissionCount = await upsertPermissions(tx);
    const menuCount = (await isEmpty(tx, menus)) ? await seedMenus(tx) : 0;
    let roleCount = 0;
    if (await isEmpty(tx, staffRoles)) {
      const inserted = await tx.insert(staffRoles).values(STANDARD_STAFF_ROLES.map(({ name, description }) => ({ name, description })))
        .returning({ id: staffRoles.id, name: staffRoles.name });
      const idOf = new Map(inserted.map((r) => [r.name, r.id]));
      await tx.insert(staffRolePermissions).values(STANDARD_STAFF_ROLES.flatMap((role) => role.permissions.map((permission) => {
        const roleId = idOf.get(role.name);
        if (roleId === undefined) throw new Error(`Staff role ${role.name} was not inserted`);
        return { roleId, permission };
      })));
      roleCount = inserted.length;
    }
    const carrierCount = (await isEmpty(tx, carriers)) ? (await tx.insert(carriers).values([...STANDARD_CARRIERS]).returning({ id: carriers.id })).length : 0;
    return { permissions: permissionCount, menus: menuCount, staffRoles: roleCount, carriers: carrierCount };
  });
}
