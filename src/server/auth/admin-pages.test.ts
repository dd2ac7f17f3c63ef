import { describe, expect, it } from 'vitest';
import { ADMIN_MENU_GROUPS, ADMIN_PAGES, adminMenuGroup, adminPage, menuPathOf } from '@/components/admin/admin-pages';
import { ADMIN_VIEWS } from '@/components/admin/admin-views';
import { permissionsOfScope } from './permissions';

/** The registry of back-office pages (components/admin/admin-pages.ts) against the views, the permissions and itself. */
describe('the back-office pages', () => {
  it('each have a view, and each view a page', () => {
    expect(Object.keys(ADMIN_VIEWS).sort()).toEqual(ADMIN_PAGES.map((p) => p.path).sort());
    for (const page of ADMIN_PAGES) expect(typeof ADMIN_VIEWS[page.path], page.path).not.toBe('undefined');
  });

  it('are each opened by a staff permission of the catalogue', () => {
    const staff = new Set<string>(permissionsOfScope('staff'));
    for (const page of ADMIN_PAGES) expect(staff.has(page.permission), `${page.path}: ${page.permission}`).toBe(true);
  });

  it('have distinct paths, none a group’s, and distinct menu names', () => {
    const paths = [...ADMIN_PAGES, ...ADMIN_MENU_GROUPS].map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
    const names = [...ADMIN_PAGES, ...ADMIN_MENU_GROUPS].map((e) => e.menu.name);
    expect(new Set(names).size).toBe(names.length);
    for (const path of paths) expect(path, path).toMatch(/^\/admin(\/[a-z0-9-]+)+$/);
  });

  it('each have a menu entry: titles in both languages, under their group when they have one', () => {
    for (const page of ADMIN_PAGES) {
      const { menu } = page;
      expect(menu.titleZh.length > 0 && menu.titleEn.length > 0 && menu.component.length > 0, page.path).toBe(true);
      expect(Number.isInteger(menu.sort), page.path).toBe(true);
      const parent = 'parent' in page ? adminMenuGroup(page.parent) : undefined;
      if (parent) {
        expect(page.path.startsWith(`${parent.path}/`), page.path).toBe(true);
        expect(menuPathOf(page)).not.toContain('/');
      } else {
        expect(menuPathOf(page), page.path).toBe(page.path.slice('/admin'.length));
      }
      if ('activeMenu' in menu) expect(adminPage(`/admin${menu.activeMenu}`), page.path).toBeDefined();
    }
  });

  it('fill every menu group, whose path redirects to one of its own pages', () => {
    for (const group of ADMIN_MENU_GROUPS) {
      const children = ADMIN_PAGES.filter((p) => 'parent' in p && p.parent === group.path);
      expect(children.length, group.path).toBeGreaterThan(0);
      expect(children.map((p) => p.path), group.path).toContain(`/admin${group.redirect}`);
    }
  });

  it('are found by path, and nothing else is', () => {
    expect(adminPage('/admin/catalog/brands')?.permission).toBe('CATALOG.EDIT');
    expect(adminPage('/admin/catalog')).toBeUndefined();
    expect(adminMenuGroup('/admin/catalog')?.redirect).toBe('/catalog/brands');
    expect(adminPage('/admin/nothing-here')).toBeUndefined();
    expect(adminMenuGroup('/admin/nothing-here')).toBeUndefined();
  });
});
