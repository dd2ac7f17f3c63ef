import 'server-only';
import { asc } from 'drizzle-orm';
import type { MenuItemDto } from '@/contracts/menus';
import type { Db } from '@/server/db/client';
import { menus, type Menu } from '@/server/db/schema';
import { localised, type Lang } from '@/lib/lang';

/**
 * The back-office menu of an actor: items whose permission the actor lacks are dropped with
 * their children; parents left without visible children are dropped too.
 */
export async function listMenuTree(db: Db, params: { permissions: readonly string[]; lang: Lang }): Promise<MenuItemDto[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  return buildMenuTree(rows, params.permissions, params.lang);
}

export function buildMenuTree(rows: Menu[], permissions: readonly string[], lang: Lang): MenuItemDto[] {
  const allowed = rows.filter((r) => !r.permission || permissions.includes(r.permission));
  const byParent = new Map<number | null, Menu[]>();
  for (const row of allowed) {
    const list = byParent.get(row.parentId) ?? [];
    list.push(row);
    byParent.set(row.parentId, list);
  }
  const build = (parentId: number | null): MenuItemDto[] =>
    (byParent.get(parentId) ?? []).flatMap((row) => {
      const children = build(row.id);
      const isGroup = rows.some((r) => r.parentId === row.id);
      if (isGroup && children.length === 0) return [];
      return [toDto(row, children, lang)];
    });
  return build(null);
}

function toDto(row: Menu, children: MenuItemDto[], lang: Lang): MenuItemDto {
  return {
    menuId: row.id,
    parentId: row.parentId,
    path: row.path,
    component: row.component,
    name: row.name,
    redirect: row.redirect,
    hidden: row.hidden,
    alwaysShow: row.alwaysShow,
    meta: {
      title: localised(row, 'title', lang),
      icon: row.icon,
      noCache: row.noCache,
      breadcrumb: row.breadcrumb,
      activeMenu: row.activeMenu,
      affix: row.affix,
    },
    children,
  };
}
