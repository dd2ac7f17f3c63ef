import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { ProfileDto, ProfileUpdateInput } from '@/contracts/company';
import type { Db } from '@/server/db/client';
import { companies, companyFiles, departments, users } from '@/server/db/schema';
import { recordAudit } from '@/server/modules/audit/record';
import { notFound, type CompanyActor } from './context';

/** The signed-in user's basic information (docs/requirements/account.md#profile: name, company, branch, job, userinfoNo, avatar). */
export async function getProfile(db: Db, params: { companyId: number; userId: number }): Promise<ProfileDto> {
  const [row] = await db
    .select({
      id: users.id, loginName: users.loginName, name: users.name, company: companies.name, branch: users.branch, job: users.job,
      userinfoNo: users.userinfoNo, department: departments.name, email: users.email, phone: users.phone, avatarFileId: companyFiles.id,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(companyFiles, and(eq(companyFiles.storageKey, users.avatarPath), eq(companyFiles.companyId, users.companyId), eq(companyFiles.kind, 'avatar')))
    .where(and(eq(users.id, params.userId), eq(users.companyId, params.companyId)));
  if (!row) throw notFound('userNotFound');
  return row;
}

/** The user edits their own name, branch, job, staff number and avatar (an avatar file they uploaded). */
export async function updateProfile(db: Db, actor: CompanyActor, input: ProfileUpdateInput): Promise<ProfileDto> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: users.name, job: users.job, branch: users.branch, userinfoNo: users.userinfoNo, avatarPath: users.avatarPath })
      .from(users)
      .where(and(eq(users.id, actor.userId), eq(users.companyId, actor.companyId)));
    if (!before) throw notFound('userNotFound');
    let avatarPath: string | null | undefined;
    if (input.avatarFileId === null) avatarPath = null;
    else if (input.avatarFileId !== undefined) {
      const [file] = await tx.select({ key: companyFiles.storageKey }).from(companyFiles).where(and(
        eq(companyFiles.id, input.avatarFileId), eq(companyFiles.companyId, actor.companyId),
        eq(companyFiles.userId, actor.userId), eq(companyFiles.kind, 'avatar'),
      ));
      if (!file) throw notFound('fileNotFound');
      avatarPath = file.key;
    }
    const patch = { name: input.name, job: input.job, branch: input.branch, userinfoNo: input.userinfoNo, avatarPath };
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    await tx.update(users).set(set).where(and(eq(users.id, actor.userId), eq(users.companyId, actor.companyId)));
    await recordAudit(tx, actor.audit, { action: 'update', entity: 'user', entityId: actor.userId, companyId: actor.companyId, before, after: patch });
  });
  return getProfile(db, actor);
}
