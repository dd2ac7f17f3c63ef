import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DepartmentAddInput, DepartmentDto, DepartmentUpdateInput } from '@/contracts/company';
import type { Db } from '@/server/db/client';
import { departments, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit } from '@/server/modules/audit/record';
import { nameList, notFound, type CompanyActor } from './context';

/** The company's departments (a tree by parentId), in order, with their user counts. */
export async function listDepartments(db: Db, companyId: number): Promise<DepartmentDto[]> {
  const [rows, counts] = await Promise.all([
    db.select({ id: departments.id, parentId: departments.parentId, name: departments.name, sort: departments.sort })
      .from(departments).where(eq(departments.companyId, companyId)).orderBy(asc(departments.sort), asc(departments.id)),
    db.select({ departmentId: users.departmentId, n: sql<number>`count(*)::int` }).from(users)
      .where(eq(users.companyId, companyId)).groupBy(users.departmentId),
  ]);
  return rows.map((r) => ({ ...r, userCount: counts.find((c) => c.departmentId === r.id)?.n ?? 0 }));
}

async function requireParent(tx: Db, companyId: number, parentId: number | null | undefined): Promise<void> {
  if (parentId === null || parentId === undefined) return;
  const [row] = await tx.select({ id: departments.id }).from(departments).where(and(eq(departments.id, parentId), eq(departments.companyId, companyId)));
  if (!row) throw notFound('departmentNotFound');
}

export async function addDepartment(db: Db, actor: CompanyActor, input: DepartmentAddInput): Promise<DepartmentDto> {
  return db.transaction(async (tx) => {
    await requireParent(tx, actor.companyId, input.parentId);
    const [row] = await tx.insert(departments)
      .values({ companyId: actor.companyId, parentId: input.parentId ?? null, name: input.name, sort: input.sort })
      .returning({ id: departments.id, parentId: departments.parentId, name: departments.name, sort: departments.sort });
    if (!row) throw new Error('Department was not inserted');
    await recordAudit(tx, actor.audit, { action: 'create', entity: 'department', entityId: row.id, companyId: actor.companyId, after: { name: row.name, parentId: row.parentId, sort: row.sort } });
    return { ...row, userCount: 0 };
  });
}

/** Renames or moves a department; a move under itself or one of its descendants is refused. */
export async function updateDepartment(db: Db, actor: CompanyActor, input: DepartmentUpdateInput): Promise<DepartmentDto> {
  await db.transaction(async (tx) => {
    const all = await tx.select({ id: departments.id, parentId: departments.parentId, name: departments.name, sort: departments.sort })
      .from(departments).where(eq(departments.companyId, actor.companyId));
    const before = all.find((d) => d.id === input.id);
    if (!before) throw notFound('departmentNotFound');
    if (input.parentId !== undefined && input.parentId !== null) {
      if (!all.some((d) => d.id === input.parentId)) throw notFound('departmentNotFound');
      // Walk up from the new parent: meeting the department itself would make a cycle.
      for (let at: number | null = input.parentId, steps = 0; at !== null && steps <= all.length; steps++) {
        if (at === input.id) throw new AppError(409, 'departmentCycle');
        at = all.find((d) => d.id === at)?.parentId ?? null;
      }
    }
    const patch = { name: input.name, parentId: input.parentId, sort: input.sort };
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length > 0) await tx.update(departments).set(set).where(and(eq(departments.id, input.id), eq(departments.companyId, actor.companyId)));
    await recordAudit(tx, actor.audit, {
      action: 'update', entity: 'department', entityId: input.id, companyId: actor.companyId,
      before: { name: before.name, parentId: before.parentId, sort: before.sort }, after: patch,
    });
  });
  const found = (await listDepartments(db, actor.companyId)).find((d) => d.id === input.id);
  if (!found) throw notFound('departmentNotFound');
  return found;
}

/**
 * Deletes departments. Refused, naming them, when a department still has users, or has
 * sub-departments that are not deleted with it.
 */
export async function deleteDepartments(db: Db, actor: CompanyActor, ids: readonly number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: departments.id, name: departments.name, parentId: departments.parentId, sort: departments.sort })
      .from(departments).where(and(eq(departments.companyId, actor.companyId), inArray(departments.id, unique))).for('update');
    if (rows.length !== unique.length) throw notFound('departmentNotFound');
    const members = await tx.select({ department: departments.name, user: users.name }).from(users)
      .innerJoin(departments, eq(departments.id, users.departmentId))
      .where(and(eq(users.companyId, actor.companyId), inArray(users.departmentId, unique))).orderBy(asc(departments.id), asc(users.name));
    if (members.length > 0) {
      const first = members[0]?.department ?? '';
      throw new AppError(409, 'departmentHasUsers', { department: first, users: nameList(members.filter((m) => m.department === first).map((m) => m.user)) });
    }
    const children = await tx.select({ id: departments.id, name: departments.name, parentId: departments.parentId }).from(departments)
      .where(and(eq(departments.companyId, actor.companyId), inArray(departments.parentId, unique)));
    const kept = children.filter((c) => !unique.includes(c.id));
    if (kept.length > 0) {
      const parent = rows.find((r) => r.id === kept[0]?.parentId);
      throw new AppError(409, 'departmentHasChildren', { department: parent?.name ?? '', children: nameList(kept.filter((c) => c.parentId === parent?.id).map((c) => c.name)) });
    }
    // Children first, so that no row points at a deleted parent midway.
    const depth = (id: number): number => {
      let d = 0;
      for (let at = rows.find((r) => r.id === id)?.parentId ?? null; at !== null && d < rows.length; d++) at = rows.find((r) => r.id === at)?.parentId ?? null;
      return d;
    };
    for (const row of [...rows].sort((a, b) => depth(b.id) - depth(a.id))) {
      await tx.delete(departments).where(and(eq(departments.id, row.id), eq(departments.companyId, actor.companyId)));
      await recordAudit(tx, actor.audit, { action: 'delete', entity: 'department', entityId: row.id, companyId: actor.companyId, before: { name: row.name, parentId: row.parentId, sort: row.sort } });
    }
    return rows.length;
  });
}
