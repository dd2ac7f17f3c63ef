import 'server-only';
import { eq } from 'drizzle-orm';
import { sha256Hex } from '@/lib/sha256';
import { hashPassword } from '@/server/auth/passwords';
import { permissionsOfScope } from '@/server/auth/permissions';
import type { Db } from '@/server/db/client';
import { addresses, companies, departments, rolePermissions, roles, userRoles, users } from '@/server/db/schema';
import { daysBefore } from './random';
import { seedCompanyAdministration } from './company-admin';

export const DEMO_CUSTOMER_PASSWORD = 'Reagent#2026';
/** Added by the demo company's administrator, not yet activated (registers as an employee). */
export const INVITED_EMPLOYEE = 'new.hire@demo.example.com';
const DEMO_COMPANY = '上海示例生物科技有限公司';
const UNIVERSITY = '北京示例大学化学学院';

export interface DemoCustomer {
  loginName: string;
  password: string;
  /** Company role name, or null for an employee account without a role. */
  role: string | null;
  companyName: string;
}

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  { loginName: 'admin@demo.example.com', password: DEMO_CUSTOMER_PASSWORD, role: '管理员', companyName: DEMO_COMPANY },
  { loginName: 'buyer@demo.example.com', password: DEMO_CUSTOMER_PASSWORD, role: '采购员', companyName: DEMO_COMPANY },
  { loginName: 'approver@demo.example.com', password: DEMO_CUSTOMER_PASSWORD, role: '审批人', companyName: DEMO_COMPANY },
  { loginName: 'employee@demo.example.com', password: DEMO_CUSTOMER_PASSWORD, role: null, companyName: DEMO_COMPANY },
  { loginName: 'buyer@univ.example.com', password: DEMO_CUSTOMER_PASSWORD, role: '采购员', companyName: UNIVERSITY },
];

/** argon2 is slow on purpose, so hash before the transaction opens rather than inside it. */
export async function hashCustomerPasswords(): Promise<Map<string, string>> {
  const digest = await sha256Hex(DEMO_CUSTOMER_PASSWORD);
  const out = new Map<string, string>();
  for (const c of DEMO_CUSTOMERS) out.set(c.loginName, await hashPassword(digest));
  return out;
}

const BUYER_PERMISSIONS = ['SALE.VIEW', 'SALE.CREATE', 'ADDRESS.EDIT', 'INVENTORY.VIEW', 'INVENTORY.EDIT'];

export interface AccountCounts {
  companies: number;
  departments: number;
  roles: number;
  users: number;
  addresses: number;
}

export async function seedAccounts(db: Db, hashes: ReadonlyMap<string, string>): Promise<AccountCounts> {
  const hashOf = (login: string): string => {
    const h = hashes.get(login);
    if (!h) throw new Error(`No password hash prepared for ${login}`);
    return h;
  };
  const [demo, univ] = await db
    .insert(companies)
    .values([
      { name: DEMO_COMPANY, taxNo: '91310104MA1FR8XK3P', address: '上海市徐汇区桂平路 418 号 3 号楼 5 层', phone: '021-6432-8800', subAccountLimit: 20, createdAt: daysBefore(420) },
      { name: UNIVERSITY, taxNo: '12110000400017625X', address: '北京市海淀区学院路 37 号化学楼 201 室', phone: '010-8231-6600', subAccountLimit: 50, createdAt: daysBefore(380) },
    ])
    .returning({ id: companies.id });
  if (!demo || !univ) throw new Error('Companies were not inserted');

  const [purchasing, research] = await db
    .insert(departments)
    .values([
      { companyId: demo.id, parentId: null, name: '采购部', sort: 10 },
      { companyId: demo.id, parentId: null, name: '研发中心', sort: 20 },
    ])
    .returning({ id: departments.id });
  if (!purchasing || !research) throw new Error('Departments were not inserted');
  const [synthesis] = await db
    .insert(departments)
    .values([
      { companyId: demo.id, parentId: research.id, name: '合成组', sort: 10 },
      { companyId: demo.id, parentId: research.id, name: '分析组', sort: 20 },
    ])
    .returning({ id: departments.id });

  const [adminRole, buyerRole, approverRole, univBuyerRole] = await db
    .insert(roles)
    .values([
      { companyId: demo.id, name: '管理员', description: '管理本单位的用户、角色、部门与地址，可查看全部订单' },
      { companyId: demo.id, name: '采购员', description: '查看订单、下单并维护收货地址' },
      { companyId: demo.id, name: '审批人', description: '查看并审批本单位的订单' },
      { companyId: univ.id, name: '采购员', description: '查看订单、下单并维护收货地址' },
    ])
    .returning({ id: roles.id });
  if (!adminRole || !buyerRole || !approverRole || !univBuyerRole) throw new Error('Roles were not inserted');
  await db.insert(rolePermissions).values([
    ...permissionsOfScope('company').map((permission) => ({ roleId: adminRole.id, permission })),
    ...BUYER_PERMISSIONS.map((permission) => ({ roleId: buyerRole.id, permission })),
    ...['SALE.VIEW', 'ORDER.APPROVE'].map((permission) => ({ roleId: approverRole.id, permission })),
    ...BUYER_PERMISSIONS.map((permission) => ({ roleId: univBuyerRole.id, permission })),
  ]);

  const userRows = await db
    .insert(users)
    .values([
      { companyId: demo.id, departmentId: null, loginName: 'admin@demo.example.com', email: 'admin@demo.example.com', phone: '13800138001', passwordHash: hashOf('admin@demo.example.com'), name: '王敏', job: '实验室主任', branch: '总部', userinfoNo: 'SH-0001', accountType: 'user', createdAt: daysBefore(420) },
      { companyId: demo.id, departmentId: purchasing.id, loginName: 'buyer@demo.example.com', email: 'buyer@demo.example.com', phone: '13800138002', passwordHash: hashOf('buyer@demo.example.com'), name: '李娜', job: '采购专员', branch: '总部', userinfoNo: 'SH-0012', accountType: 'sub', createdAt: daysBefore(400) },
      { companyId: demo.id, departmentId: research.id, loginName: 'approver@demo.example.com', email: 'approver@demo.example.com', phone: '13800138003', passwordHash: hashOf('approver@demo.example.com'), name: '张伟', job: '研发中心主任', branch: '张江研发中心', userinfoNo: 'SH-0005', accountType: 'sub', createdAt: daysBefore(400) },
      { companyId: demo.id, departmentId: synthesis?.id ?? research.id, loginName: 'employee@demo.example.com', email: 'employee@demo.example.com', phone: '13800138004', passwordHash: hashOf('employee@demo.example.com'), name: '陈晨', job: '合成研究员', branch: '张江研发中心', userinfoNo: 'SH-0031', accountType: 'employee', createdAt: daysBefore(300) },
      // An employee the administrator has added but who has not registered yet: no password until
      // "register as employee" with a code activates it (docs/decisions/0011-registration.md).
      { companyId: demo.id, departmentId: purchasing.id, loginName: INVITED_EMPLOYEE, email: INVITED_EMPLOYEE, phone: null, passwordHash: '', name: '赵磊', job: '采购助理', branch: '总部', userinfoNo: 'SH-0040', accountType: 'employee', createdAt: daysBefore(2) },
      { companyId: univ.id, departmentId: null, loginName: 'buyer@univ.example.com', email: 'buyer@univ.example.com', phone: '13900139001', passwordHash: hashOf('buyer@univ.example.com'), name: '刘洋', job: '课题组秘书', branch: '有机化学研究所', userinfoNo: 'BJ-0101', accountType: 'user', createdAt: daysBefore(380) },
    ])
    .returning({ id: users.id, loginName: users.loginName });
  const userId = (login: string): number => {
    const row = userRows.find((u) => u.loginName === login);
    if (!row) throw new Error(`User ${login} was not inserted`);
    return row.id;
  };
  await db.update(companies).set({ adminUserId: userId('admin@demo.example.com') }).where(eq(companies.id, demo.id));
  await db.update(companies).set({ adminUserId: userId('buyer@univ.example.com') }).where(eq(companies.id, univ.id));
  await db.insert(userRoles).values([
    { userId: userId('admin@demo.example.com'), roleId: adminRole.id },
    { userId: userId('buyer@demo.example.com'), roleId: buyerRole.id },
    { userId: userId('approver@demo.example.com'), roleId: approverRole.id },
    { userId: userId('buyer@univ.example.com'), roleId: univBuyerRole.id },
  ]);

  const addressRows = [
    { companyId: demo.id, userId: userId('buyer@demo.example.com'), receiver: '李娜', phone: '13800138002', region: '上海市 徐汇区', detail: '桂平路 418 号 3 号楼 5 层 前台', isDefault: true },
    { companyId: demo.id, userId: userId('approver@demo.example.com'), receiver: '张伟', phone: '13800138003', region: '上海市 浦东新区', detail: '张江高科技园区蔡伦路 88 号 研发中心 2 楼', isDefault: false },
    { companyId: univ.id, userId: userId('buyer@univ.example.com'), receiver: '刘洋', phone: '13900139001', region: '北京市 海淀区', detail: '学院路 37 号化学楼 201 室', isDefault: true },
  ];
  await db.insert(addresses).values(addressRows);
  const extra = await seedCompanyAdministration(db, {
    demoCompanyId: demo.id, univCompanyId: univ.id, adminUserId: userId('admin@demo.example.com'),
    researchDepartmentId: research.id, passwordHash: hashOf('employee@demo.example.com'),
  });
  return {
    companies: 2, departments: 4 + extra.departments, roles: 4 + extra.roles, users: userRows.length + extra.users,
    addresses: addressRows.length + extra.addresses,
  };
}
