import type { MenuItemDto } from '@/contracts/menus';

/** A visited view (tab), docs/requirements/back-office.md#tabs. */
export interface VisitedView {
  path: string;
  fullPath: string;
  name: string;
  title: string;
  meta: MenuItemDto['meta'];
  query: Record<string, string>;
}

/** A route of the back-office menu: its absolute path under /admin and its ancestors (for breadcrumbs). */
export interface AdminRoute {
  path: string;
  item: MenuItemDto;
  parents: MenuItemDto[];
}

export function joinPath(parent: string, path: string): string {
  return path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;
}

/** Every item of the menu tree (hidden ones included) with its /admin path. */
export function flattenRoutes(tree: MenuItemDto[], parent = '', parents: MenuItemDto[] = []): AdminRoute[] {
  return tree.flatMap((item) => {
    const path = joinPath(parent, item.path);
    return [{ path: `/admin${path}`, item, parents }, ...flattenRoutes(item.children, path, [...parents, item])];
  });
}

export type TabAction = 'close' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll';

/** Removes views as the tab menu asks; affix views survive every close. */
export function closeViews(views: VisitedView[], action: TabAction, target: string): VisitedView[] {
  const at = views.findIndex((v) => v.path === target);
  return views.filter((v, i) => {
    if (v.meta.affix) return true;
    switch (action) {
      case 'close': return v.path !== target;
      case 'closeOthers': return v.path === target;
      case 'closeLeft': return i >= at;
      case 'closeRight': return i <= at;
      case 'closeAll': return false;
    }
  });
}

/** Where to go after closing the active view: the last remaining view, else home. */
export function nextPathAfterClose(remaining: VisitedView[]): string {
  return remaining.at(-1)?.fullPath ?? '/admin/dashboard';
}

/** The paths kept alive, most recently used last: the active one moves to the end; past `max` the oldest go. */
export function touchCache(cache: readonly string[], path: string, max: number): string[] {
  const next = [...cache.filter((p) => p !== path), path];
  return next.slice(Math.max(0, next.length - max));
}
