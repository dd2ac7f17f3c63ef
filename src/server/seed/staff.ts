import 'server-only';
import { eq } from 'drizzle-orm';
import { sha256Hex } from '@/lib/sha256';
import { hashPassword } from '@/server/auth/passwords';
import type { Db } from '@/server/db/client';
import { staff, staffRoleAssignments, staffRoles, staffTeams } from '@/server/db/schema';
import { daysBefore } from './random';
import { STANDARD_STAFF_ROLES } from '@/server/setup/reference-data';

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

/** Demo staff and teams; the standard roles they hold are reference data (reference-data.ts), found by name. */
export async function seedStaff(db: Db, hashes: ReadonlyMap<string, string>): Promise<{ staff: number }> {
  const roles = new Map((await db.select({ id: staffRoles.id, name: staffRoles.name }).from(staffRoles)).map((r) => [r.name, r.id]));
  const roleId = (name: string): number => {
    const id = roles.get(name);
    if (id === undefined) throw new Error(`The standard staff role ${name} is missing`);
    return id;
  };
  const [superRole, salesRole, opsRole, managerRole, financeRole] = STANDARD_STAFF_ROLES.map((r) => ({ id: roleId(r.name) }));
  if (!superRole || !salesRole || !opsRole || !managerRole || !financeRole) throw new Error('Staff roles are missing');
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
      { loginName: 'admin', passwordHash: hashOf('admin'), name: '系统管理员', email: 'it@reagent.example.com', phone: '021-0000-0001', createdAt: daysBefore(500) },
      { loginName: 'sales', passwordHash: hashOf('sales'), name: '周洁', email: 'zhou.jie@reagent.example.com', phone: '13900139088', teamId: east.id, createdAt: daysBefore(360) },
      { loginName: 'ops', passwordHash: hashOf('ops'), name: '陈立', email: 'chen.li@reagent.example.com', phone: '13900139166', teamId: operations.id, createdAt: daysBefore(200) },
      { loginName: 'manager', passwordHash: hashOf('manager'), name: '李明', email: 'li.ming@reagent.example.com', phone: '13900139010', teamId: east.id, createdAt: daysBefore(420) },
      { loginName: 'sales2', passwordHash: hashOf('sales2'), name: '王磊', email: 'wang.lei@reagent.example.com', phone: '13900139236', teamId: north.id, createdAt: daysBefore(150) },
      { loginName: 'finance', passwordHash: hashOf('finance'), name: '赵敏', email: 'zhao.min@reagent.example.com', phone: '021-0000-0030', teamId: finance.id, createdAt: daysBefore(300) },
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
  return { staff: 6 };
}
