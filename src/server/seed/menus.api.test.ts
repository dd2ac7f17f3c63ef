import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PAGES, adminMenuGroup, type AdminMenuData, type AdminMenuGroupEntry, type AdminPageEntry,
} from '@/components/admin/admin-pages';
import { menus, type Menu } from '@/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';

let database: TestDatabase;
let rows: Menu[];
beforeAll(async () => {
  database = await createTestDatabase();
  rows = await database.db.select().from(menus).orderBy(asc(menus.id));
});
afterAll(async () => {
  await database.destroy();
});

/** A row as the registry describes it: its path under /admin, its parent's, and the menu data. */
interface Described {
  path: string;
  parent: string | null;
  permission: string | null;
  redirect: string | null;
  menu: Required<Omit<AdminMenuData, 'activeMenu'>> & { activeMenu: string | null };
}

function describedMenu(menu: AdminMenuData): Described['menu'] {
  return {
    component: menu.component, name: menu.name, titleZh: menu.titleZh, titleEn: menu.titleEn, icon: menu.icon, sort: menu.sort,
    hidden: menu.hidden ?? false, alwaysShow: menu.alwaysShow ?? false, noCache: menu.noCache ?? false,
    activeMenu: menu.activeMenu ?? null, affix: menu.affix ?? false,
  };
}

/** The registry's rows in the order the seed writes them: a group's row before its first child's. */
function registryRows(): Described[] {
  const out: Described[] = [];
  const groups = new Set<string>();
  const group = (g: AdminMenuGroupEntry): Described => ({ path: g.path, parent: null, permission: null, redirect: g.redirect, menu: describedMenu(g.menu) });
  const page = (p: AdminPageEntry): Described => ({ path: p.path, parent: p.parent ?? null, permission: p.permission, redirect: null, menu: describedMenu(p.menu) });
  for (const p of ADMIN_PAGES) {
    const parent = 'parent' in p ? adminMenuGroup(p.parent) : undefined;
    if (parent && !groups.has(parent.path)) {
      groups.add(parent.path);
      out.push(group(parent));
    }
    out.push(page(p));
  }
  return out;
}

/** The seeded rows, their paths resolved under /admin as the shell does (a child's path is relative to its parent's). */
function seededRows(): Described[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const absolute = (r: Menu): string => {
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    return parent ? `${absolute(parent)}/${r.path}` : `/admin${r.path}`;
  };
  return rows.map((r) => {
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    return {
      path: absolute(r), parent: parent ? absolute(parent) : null, permission: r.permission, redirect: r.redirect,
      menu: {
        component: r.component, name: r.name, titleZh: r.titleZh, titleEn: r.titleEn, icon: r.icon, sort: r.sort,
        hidden: r.hidden, alwaysShow: r.alwaysShow, noCache: r.noCache, activeMenu: r.activeMenu, affix: r.affix,
      },
    };
  });
}

describe('the seeded back-office menu', () => {
  it('is the registry of back-office pages: a row per page and per group, in the registry’s order', () => {
    expect(seededRows()).toEqual(registryRows());
  });

  it('numbers the rows in the registry’s order, each group before its children', () => {
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual(ids.map((_, i) => ids[0]! + i));
    for (const r of rows) if (r.parentId !== null) expect(r.parentId).toBeLessThan(r.id);
    expect(rows.every((r) => r.breadcrumb)).toBe(true);
  });
});
