import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CompanyOverviewDto } from '@/contracts/company';
import type { Db } from '@/server/db/client';
import { addresses, approvalRules, companyFiles, departments, roles, users } from '@/server/db/schema';
import { subAccountUsage } from './users';

const count = sql<number>`count(*)::int`;

/** The counts of the system-settings hub (/sys/manage). */
export async function getCompanyOverview(db: Db, companyId: number): Promise<CompanyOverviewDto> {
  const [u, r, d, a, rules, docs, subAccounts] = await Promise.all([
    db.select({ n: count }).from(users).where(eq(users.companyId, companyId)),
    db.select({ n: count }).from(roles).where(eq(roles.companyId, companyId)),
    db.select({ n: count }).from(departments).where(eq(departments.companyId, companyId)),
    db.select({ n: count }).from(addresses).where(eq(addresses.companyId, companyId)),
    db.select({ n: count }).from(approvalRules).where(and(eq(approvalRules.companyId, companyId), eq(approvalRules.active, true))),
    db.select({ n: count }).from(companyFiles).where(and(eq(companyFiles.companyId, companyId), inArray(companyFiles.kind, ['licence', 'permit']))),
    subAccountUsage(db, companyId),
  ]);
  return {
    users: u[0]?.n ?? 0, roles: r[0]?.n ?? 0, departments: d[0]?.n ?? 0, addresses: a[0]?.n ?? 0,
    activeRules: rules[0]?.n ?? 0, documents: docs[0]?.n ?? 0, subAccounts,
  };
}
