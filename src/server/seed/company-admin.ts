import 'server-only';
import { and, like } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { addresses, companyFiles, departments, rolePermissions, roles, userRoles, users } from '@/server/db/schema';
import { renderPdf } from '@/server/modules/files/pdf';
import type { FileStore } from '@/server/modules/files/store';
import { daysBefore } from './random';

/** The demo company's documents: small PDFs written by `ensureCompanySeedFiles` under these keys. */
const SEED_FILES = [
  {
    kind: 'licence' as const, storageKey: 'company/seed/demo-licence.pdf', fileName: '营业执照.pdf', permitNo: '',
    title: 'Business licence (demo)', lines: ['上海示例生物科技有限公司', 'Unified social credit code 91310104MA1FR8XK3P', 'Demo document — not a real licence'],
  },
  {
    kind: 'permit' as const, storageKey: 'company/seed/demo-permit.pdf', fileName: '易制毒化学品购买许可证.pdf', permitNo: '沪公(易)购备字〔2026〕0412号',
    title: 'Precursor chemical purchase permit (demo)', lines: ['上海示例生物科技有限公司', 'Category 2 and 3 precursor chemicals', 'No. 沪公(易)购备字〔2026〕0412号', 'Demo document — not a real permit'],
  },
];

function seedPdf(file: (typeof SEED_FILES)[number]): Buffer {
  return renderPdf({ title: file.title, lines: [{ text: file.title, size: 16 }, ...file.lines.map((text) => ({ text, gap: 6 }))] });
}

export interface CompanyAdminSeedInput {
  demoCompanyId: number;
  univCompanyId: number;
  adminUserId: number;
  researchDepartmentId: number;
  /** A password hash for the extra demo colleagues (the demo customers' password). */
  passwordHash: string;
}

/**
 * Company administration for the demo (docs/requirements/account.md#company-administration): more departments with people, a role per job, a
 * business licence and a permit on file, and more addresses. (No new approver: the approval journeys
 * of the demo orders keep their people.) The demo accounts of README stay as they are.
 */
export async function seedCompanyAdministration(db: Db, input: CompanyAdminSeedInput): Promise<{ departments: number; roles: number; users: number; addresses: number }> {
  const [quality, admin] = await db
    .insert(departments)
    .values([
      { companyId: input.demoCompanyId, parentId: null, name: '质量部', sort: 30 },
      { companyId: input.demoCompanyId, parentId: null, name: '行政部', sort: 40 },
    ])
    .returning({ id: departments.id });
  const [qc] = await db.insert(departments).values({ companyId: input.demoCompanyId, parentId: quality?.id ?? null, name: '质检组', sort: 10 }).returning({ id: departments.id });

  const [researcher, warehouse, manager] = await db
    .insert(roles)
    .values([
      { companyId: input.demoCompanyId, name: '研究员', description: '查看订单并下单' },
      { companyId: input.demoCompanyId, name: '仓库管理员', description: '查看订单并维护收货地址' },
      { companyId: input.demoCompanyId, name: '部门经理', description: '查看订单与系统设置' },
    ])
    .returning({ id: roles.id });
  if (!researcher || !warehouse || !manager) throw new Error('Roles were not inserted');
  await db.insert(rolePermissions).values([
    ...['SALE.VIEW', 'SALE.CREATE', 'INVENTORY.VIEW', 'INVENTORY.EDIT'].map((permission) => ({ roleId: researcher.id, permission })),
    ...['SALE.VIEW', 'ADDRESS.EDIT'].map((permission) => ({ roleId: warehouse.id, permission })),
    ...['SALE.VIEW', 'USER.VIEW'].map((permission) => ({ roleId: manager.id, permission })),
  ]);

  const colleagues = await db
    .insert(users)
    .values([
      { companyId: input.demoCompanyId, departmentId: qc?.id ?? null, loginName: 'qc@demo.example.com', email: 'qc@demo.example.com', phone: '13800138005', passwordHash: input.passwordHash, name: '黄芳', job: '质检员', branch: '张江研发中心', userinfoNo: 'SH-0044', accountType: 'sub', monthlyLimit: '3000.00', createdAt: daysBefore(200) },
      { companyId: input.demoCompanyId, departmentId: quality?.id ?? null, loginName: 'quality.lead@demo.example.com', email: 'quality.lead@demo.example.com', phone: '13800138006', passwordHash: input.passwordHash, name: '吴刚', job: '质量部经理', branch: '总部', userinfoNo: 'SH-0021', accountType: 'sub', createdAt: daysBefore(260) },
      { companyId: input.demoCompanyId, departmentId: admin?.id ?? null, loginName: 'store@demo.example.com', email: 'store@demo.example.com', phone: '13800138007', passwordHash: input.passwordHash, name: '郑洁', job: '仓库管理员', branch: '总部', userinfoNo: 'SH-0052', accountType: 'employee', createdAt: daysBefore(150) },
      { companyId: input.demoCompanyId, departmentId: input.researchDepartmentId, loginName: 'former@demo.example.com', email: 'former@demo.example.com', phone: null, passwordHash: input.passwordHash, name: '冯涛', job: '合成研究员', branch: '张江研发中心', userinfoNo: 'SH-0019', accountType: 'employee', active: false, createdAt: daysBefore(500) },
    ])
    .returning({ id: users.id, loginName: users.loginName });
  const idOf = (login: string) => colleagues.find((u) => u.loginName === login)?.id ?? 0;
  await db.insert(userRoles).values([
    { userId: idOf('qc@demo.example.com'), roleId: researcher.id },
    { userId: idOf('quality.lead@demo.example.com'), roleId: manager.id },
    { userId: idOf('store@demo.example.com'), roleId: warehouse.id },
    { userId: idOf('former@demo.example.com'), roleId: researcher.id },
  ]);

  // The approval rules and the demo buyer's monthly limit are seeded with the demo orders (seed/orders.ts),
  // after the orders placed "before the company set its rules".
  const validUntil = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 11, 31));
  await db.insert(companyFiles).values(SEED_FILES.map((f) => ({
    companyId: input.demoCompanyId, userId: input.adminUserId, kind: f.kind, storageKey: f.storageKey, fileName: f.fileName,
    mime: 'application/pdf', size: seedPdf(f).byteLength, validUntil: f.kind === 'permit' ? validUntil : null, permitNo: f.permitNo, createdAt: daysBefore(30),
  })));

  const extra = [
    { companyId: input.demoCompanyId, userId: input.adminUserId, receiver: '王敏', phone: '021-6432-8800', region: '上海市 徐汇区', detail: '桂平路 418 号 3 号楼 5 层 实验室主任办公室', isDefault: false },
    { companyId: input.demoCompanyId, userId: idOf('store@demo.example.com'), receiver: '郑洁', phone: '13800138007', region: '上海市 闵行区', detail: '紫星路 588 号 2 号库房（危化品仓库）', isDefault: false },
    { companyId: input.demoCompanyId, userId: idOf('qc@demo.example.com'), receiver: '黄芳', phone: '13800138005', region: '江苏省 苏州市 工业园区', detail: '星湖街 218 号 生物纳米园 B3 栋 4 楼 质检实验室', isDefault: false },
    { companyId: input.univCompanyId, userId: null, receiver: '刘洋', phone: '010-8231-6600', region: '北京市 海淀区', detail: '学院路 37 号化学楼 105 室 试剂库', isDefault: false },
  ];
  await db.insert(addresses).values(extra);
  return { departments: 3, roles: 3, users: colleagues.length, addresses: extra.length };
}

/** Writes the demo company's seeded documents that are missing from the store; safe on every start. */
export async function ensureCompanySeedFiles(db: Db, store: FileStore): Promise<{ written: number; checked: number }> {
  const rows = await db.select({ storageKey: companyFiles.storageKey }).from(companyFiles).where(and(like(companyFiles.storageKey, 'company/seed/%')));
  let written = 0;
  for (const row of rows) {
    const file = SEED_FILES.find((f) => f.storageKey === row.storageKey);
    if (!file || (await store.exists(file.storageKey))) continue;
    await store.write(file.storageKey, seedPdf(file));
    written += 1;
  }
  return { written, checked: rows.length };
}
