import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import type { MenuItemInput, MenuRowDto } from '@/contracts/admin';
import { isPermission } from '@/server/auth/permissions';
import type { Db } from '@/server/db/client';
import { menus, type Menu } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor, type AuditRecord } from '@/server/modules/audit/record';

/** Every menu row as a tree, both languages, for the editor (docs/requirements/back-office.md#menu). */
export async function listMenuRows(db: Db): Promise<MenuRowDto[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  const build = (parentId: number | null): MenuRowDto[] =>
    rows.filter((r) => r.parentId === parentId).map((r) => ({ ...r, children: build(r.id) }));
  return build(null);
}

function auditable(row: Omit<Menu, 'id'>): AuditRecord {
  const { parentId, path, component, name, redirect, hidden, alwaysShow, titleZh, titleEn, icon, noCache, breadcrumb, activeMenu, affix, permission, sort } = row;
  return { parentId, path, component, name, redirect, hidden, alwaysShow, titleZh, titleEn, icon, noCache, breadcrumb, activeMenu, affix, permission, sort };
}

function checkPermission(permission: string | null): void {
  if (permission !== null && !isPermission(permission)) {
    throw new AppError(400, 'validation', [{ field: 'permission', message: 'adminPermissionUnknown' }]);
  }
}

async function checkParent(db: Db, parentId: number | null, selfId?: number): Promise<void> {
  if (parentId === null) return;
  const rows = await db.select({ id: menus.id, parentId: menus.parentId }).from(menus);
  const byId = new Map(rows.map((r) => [r.id, r.parentId]));
  if (!byId.has(parentId)) throw new AppError(400, 'validation', [{ field: 'parentId', message: 'adminMenuParentInvalid' }]);
  // Walking up from the new parent must not meet the item itself (no cycles).
  for (let at: number | null | undefined = parentId, steps = 0; at != null && steps < 100; at = byId.get(at), steps++) {
    if (at === selfId) throw new AppError(400, 'validation', [{ field: 'parentId', message: 'adminMenuParentInvalid' }]);
  }
}

export async function createMenuItem(db: Db, params: { actor: AuditActor; item: MenuItemInput }): Promise<MenuRowDto> {
  checkPermission(params.item.permission);
  return db.transaction(async (tx) => {
    await checkParent(tx, params.item.parentId);
    const siblings = await tx.select({ sort: menus.sort }).from(menus)
      .where(params.item.parentId === null ? undefined : eq(menus.parentId, params.item.parentId));
    const sort = Math.max(0, ...siblings.map((s) => s.sort)) + 10;
    const [row] = await tx.insert(menus).values({ ...params.item, sort }).returning();
    if (!row) throw new AppError(500);
    await recordAudit(tx, params.actor, { action: 'create', entity: 'menu', entityId: row.id, after: auditable(row) });
    return { ...row, children: [] };
  });
}

export async function updateMenuItem(db: Db, params: { actor: AuditActor; id: number; item: MenuItemInput }): Promise<MenuRowDto> {
  checkPermission(params.item.permission);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(menus).where(eq(menus.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'adminMenuNotFound');
    await checkParent(tx, params.item.parentId, params.id);
    const [row] = await tx.update(menus).set(params.item).where(eq(menus.id, params.id)).returning();
    if (!row) throw new AppError(500);
    await recordAudit(tx, params.actor, { action: 'update', entity: 'menu', entityId: row.id, before: auditable(before), after: auditable(row) });
    return { ...row, children: [] };
  });
}

/** Deletes a menu item without children; one with children is refused (409). */
export async function deleteMenuItem(db: Db, params: { actor: AuditActor; id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(menus).where(eq(menus.id, params.id)).for('update');
    if (!before) throw new AppError(404, 'adminMenuNotFound');
    const [child] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.parentId, params.id)).limit(1);
    if (child) throw new AppError(409, 'adminMenuHasChildren');
    await tx.delete(menus).where(eq(menus.id, params.id));
    await recordAudit(tx, params.actor, { action: 'delete', entity: 'menu', entityId: params.id, before: auditable(before) });
  });
}

/**
 * A drag in the tree: moves an item under a parent (or to the top level) and renumbers that parent's
 * children in the given order, in one transaction with one audit row per changed item.
 */
export async function moveMenuItem(
  db: Db,
  params: { actor: AuditActor; id: number; parentId: number | null; order: readonly number[] },
): Promise<MenuRowDto[]> {
  if (!params.order.includes(params.id) || new Set(params.order).size !== params.order.length) {
    throw new AppError(400, 'validation', [{ field: 'order', message: 'adminMenuOrderInvalid' }]);
  }
  await db.transaction(async (tx) => {
    const [moved] = await tx.select().from(menus).where(eq(menus.id, params.id)).for('update');
    if (!moved) throw new AppError(404, 'adminMenuNotFound');
    await checkParent(tx, params.parentId, params.id);
    const rows = await tx.select().from(menus).where(inArray(menus.id, [...params.order]));
    const current = await tx.select({ id: menus.id }).from(menus)
      .where(params.parentId === null ? undefined : eq(menus.parentId, params.parentId));
    const siblings = params.parentId === null
      ? (await tx.select({ id: menus.id, parentId: menus.parentId }).from(menus)).filter((r) => r.parentId === null).map((r) => r.id)
      : current.map((r) => r.id);
    const expected = new Set([...siblings.filter((id) => id !== params.id), params.id]);
    if (rows.length !== params.order.length || expected.size !== params.order.length || params.order.some((id) => !expected.has(id))) {
      throw new AppError(400, 'validation', [{ field: 'order', message: 'adminMenuOrderInvalid' }]);
    }
    for (const [index, id] of params.order.entries()) {
      const before = rows.find((r) => r.id === id);
      if (!before) continue;
      const next = { parentId: id === params.id ? params.parentId : before.parentId, sort: (index + 1) * 10 };
      if (next.parentId === before.parentId && next.sort === before.sort) continue;
      await tx.update(menus).set(next).where(eq(menus.id, id));
      await recordAudit(tx, params.actor, {
        action: id === params.id ? 'move' : 'update', entity: 'menu', entityId: id,
        before: { parentId: before.parentId, sort: before.sort }, after: next,
      });
    }
  });
  return listMenuRows(db);
}
