'use client';

import {
  BgColorsOutlined, GlobalOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, ShopOutlined,
} from '@ant-design/icons';
import { Breadcrumb, Button, Drawer, Dropdown, Grid, Layout, Menu, Typography, type MenuProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { Activity, useMemo, useState, type ReactNode } from 'react';
import type { AdminLayout } from '@/contracts/admin';
import type { MenuItemDto } from '@/contracts/menus';
import { Link, usePathname, useRouter } from '@/i18n/client-navigation';
import type { PermissionSubject } from '@/lib/permits';
import { PermissionProvider } from '@/components/ui/permitted';
import { useApiMutation } from '@/lib/api/query';
import { useHydrated } from '@/lib/use-hydrated';
import { AdminSettingsProvider, useAdminSettings, type AdminSettings } from './admin-providers';
import { AdminUserContext } from './admin-user';
import { adminView } from './admin-views';
import { menuIcon } from './menu-icon';
import { StaffSessionDialogs } from './staff-session-dialogs';
import { InboxBadge } from './inbox-badge';
import { ThemeDrawer } from './theme-drawer';
import { flattenRoutes, joinPath, touchCache, type AdminRoute, type VisitedView } from './visited-views';
import { VisitedTabs } from './visited-tabs';

type MenuItems = NonNullable<MenuProps['items']>;

/** At most this many pages stay alive behind their tabs (least recently used dropped). */
export const KEEP_ALIVE_MAX = 15;

function toItems(tree: MenuItemDto[], parent = ''): MenuItems {
  return tree
    .filter((m) => !m.hidden)
    .map((m) => {
      const path = joinPath(parent, m.path);
      const children = toItems(m.children, path);
      return children.length > 0 || m.alwaysShow
        ? { key: `/admin${path}`, icon: menuIcon(m.meta.icon), label: m.meta.title, children }
        : { key: `/admin${path}`, icon: menuIcon(m.meta.icon), label: <Link href={`/admin${path}`}>{m.meta.title}</Link> };
    });
}

export interface AdminShellProps {
  menu: MenuItemDto[];
  /** The signed-in member: a sign-in again over the page keeps it only for the same member. */
  staffId: number;
  userName: string;
  subject: PermissionSubject;
  sidebarOpen: boolean;
  /** The site's layout: in the local configuration a closed sidebar has no width at all. */
  layout: AdminLayout;
  settings: AdminSettings;
  children: ReactNode;
}

/** Back-office layout 4 with the staff member's own settings and permissions. */
export function AdminShell(props: AdminShellProps) {
  return (
    <AdminSettingsProvider initial={props.settings}>
      <PermissionProvider subject={props.subject}>
        <AdminUserContext.Provider value={{ name: props.userName, roles: props.subject.roles }}>
          <ShellFrame {...props} />
        </AdminUserContext.Provider>
      </PermissionProvider>
    </AdminSettingsProvider>
  );
}

function ShellFrame({ menu, staffId, userName, sidebarOpen, layout, children }: AdminShellProps) {
  const t = useTranslations('admin');
  const { settings } = useAdminSettings();
  const pathname = usePathname();
  const search = useSearchParams();
  const router = useRouter();
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  const [collapsed, setCollapsed] = useState(!sidebarOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [themeOpen, setThemeOpen] = useState(false);
  const hydrated = useHydrated();
  const items = useMemo(() => toItems(menu), [menu]);
  const routes = useMemo(() => flattenRoutes(menu), [menu]);
  const route = routes.find((r) => r.path === pathname) ?? null;
  const current: VisitedView | null = route
    ? {
        path: route.path, fullPath: `${route.path}${search.size > 0 ? `?${search.toString()}` : ''}`, name: route.item.name,
        title: route.item.meta.title, meta: route.item.meta, query: Object.fromEntries(search.entries()),
      }
    : null;
  const affixViews = useMemo<VisitedView[]>(
    () => routes.filter((r) => r.item.meta.affix).map((r) => ({ path: r.path, fullPath: r.path, name: r.item.name, title: r.item.meta.title, meta: r.item.meta, query: {} })),
    [routes],
  );
  const titles = useMemo(() => Object.fromEntries(routes.map((r) => [r.path, r.item.meta.title])), [routes]);
  const queryClient = useQueryClient();
  const [alive, setAlive] = useState<string[]>([]);
  const [generation, setGeneration] = useState<Record<string, number>>({});
  const View = route ? adminView(route.path) : undefined;

  // On each visit (derived from the path, during render): the page joins the kept ones, or leaves them if noCache.
  const [visited, setVisited] = useState<string | null>(null);
  if (pathname !== visited) {
    setVisited(pathname);
    setDrawerOpen(false);
    if (route && View) setAlive((list) => (route.item.meta.noCache ? list.filter((p) => p !== route.path) : touchCache(list, route.path, KEEP_ALIVE_MAX)));
  }

  function toggleSidebar() {
    if (mobile) {
      setDrawerOpen((o) => !o);
      return;
    }
    const next = !collapsed;
    setCollapsed(next);
    document.cookie = `sidebarStatus=${next ? 0 : 1}; path=/; max-age=31536000; samesite=lax`;
  }

  /** Tabs drop a page from the cache when closed, and remount it on refresh (its queries loading again). */
  const cacheControl = {
    forget: (paths: string[]) => setAlive((list) => list.filter((p) => !paths.includes(p))),
    refresh: (path: string) => {
      setGeneration((g) => ({ ...g, [path]: (g[path] ?? 0) + 1 }));
      void queryClient.invalidateQueries();
      router.refresh();
    },
  };

  // The views, alive behind their tabs: the same elements until the kept set, the page shown or a refresh
  // changes. The shell renders again as it hydrates (its own state); new elements would count as an update
  // to a view whose code is still loading, and React would throw away its server-rendered HTML (and what was
  // typed into it) to render it in the browser. The same elements leave it to hydrate when its code arrives.
  const shownPath = route && View ? route.path : null;
  const views = useMemo(() => shownPath === null ? null : [...new Set([...alive, shownPath])].sort().map((p) => {
    const Kept = adminView(p);
    return Kept ? (
      <Activity key={`${p}#${generation[p] ?? 0}`} mode={p === shownPath ? 'visible' : 'hidden'}><Kept /></Activity>
    ) : null;
  }), [alive, shownPath, generation]);

  const openKeys = route ? route.parents.map((_, i) => routes.find((r) => r.item === route.parents[i])?.path ?? '') : [];
  const selected = route?.item.meta.activeMenu ? `/admin${route.item.meta.activeMenu}` : pathname;
  const sideMenu = (
    <Menu theme="dark" mode="inline" items={items} selectedKeys={[selected]} defaultOpenKeys={openKeys} aria-label={t('menu')} />
  );
  const logo = settings.sidebarLogo && (
    <div className="flex h-14 items-center justify-center gap-2 text-white">
      <span className="grid h-8 w-8 place-items-center rounded-md font-bold" style={{ background: settings.theme }}>优</span>
      {(!collapsed || mobile) && <span className="font-semibold">{t('title')}</span>}
    </div>
  );

  return (
    // `data-hydrated` tells when typed input is the page's own (before hydration it may be reset).
    <Layout style={{ minHeight: '100vh' }} data-admin-shell="" data-hydrated={hydrated ? 'true' : 'false'}>
      {mobile ? (
        <Drawer placement="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} size={240} title={null} closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }} data-testid="admin-sidebar-drawer">
          {logo}
          {sideMenu}
        </Drawer>
      ) : (
        <Layout.Sider collapsible collapsed={collapsed} trigger={null} collapsedWidth={layout === 'local' ? 0 : 64} width={220} theme="dark" data-testid="admin-sidebar"
          style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}>
          {logo}
          {sideMenu}
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, height: 48, lineHeight: '48px',
            background: '#fff', padding: '0 12px', borderBottom: '1px solid #e5e7eb',
            ...(settings.fixedHeader ? { position: 'sticky', top: 0, zIndex: 10 } : {}),
          }}
        >
          <div className="flex min-w-0 items-center gap-2">
            <Button type="text" aria-label={t('toggleMenu')} aria-expanded={mobile ? drawerOpen : !collapsed}
              icon={(mobile ? !drawerOpen : collapsed) ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={toggleSidebar} />
            {route && !mobile ? <Breadcrumbs route={route} routes={routes} /> : <Typography.Text strong ellipsis>{route?.item.meta.title ?? t('title')}</Typography.Text>}
          </div>
          <HeaderActions userName={userName} onTheme={() => setThemeOpen(true)} />
        </Layout.Header>
        {settings.tagsView && <VisitedTabs current={current} affixViews={affixViews} cache={cacheControl} titles={titles} />}
        <Layout.Content style={{ padding: mobile ? 8 : 16, minWidth: 0 }}>
          {route && View ? (
            <>
              {views}
              {children}
            </>
          ) : children}
        </Layout.Content>
      </Layout>
      <ThemeDrawer open={themeOpen} onClose={() => setThemeOpen(false)} layout={layout} />
      <StaffSessionDialogs staffId={staffId} />
    </Layout>
  );
}

/** The header's right side: approvals inbox, back to the shop, language, theme, the member and sign-out. */
function HeaderActions({ userName, onTheme }: { userName: string; onTheme: () => void }) {
  const t = useTranslations('admin');
  const locale = useLocale();
  const pathname = usePathname();
  const search = useSearchParams();
  const router = useRouter();
  const queryClient = useQueryClient();
  // Quiet: the member goes to the sign-in whatever the answer.
  const signOut = useApiMutation('post', '/api/admin/auth/logout', { silent: true });
  async function logout() {
    await signOut.send({});
    // Nothing the member read stays behind for whoever signs in next in this tab.
    queryClient.clear();
    router.push('/admin/login');
  }
  const otherLocale = locale === 'en' ? 'zh-CN' : 'en';
  const fullHref = `${pathname}${search.size > 0 ? `?${search.toString()}` : ''}`;
  return (
    <div className="flex shrink-0 items-center gap-1">
      <InboxBadge />
      <Link href="/" aria-label={t('backToShop')}><Button type="text" icon={<ShopOutlined />}><span className="hidden md:inline">{t('backToShop')}</span></Button></Link>
      <Dropdown menu={{ items: [
        { key: 'zh-CN', label: <Link href={fullHref} locale="zh-CN">中文</Link> },
        { key: 'en', label: <Link href={fullHref} locale="en">English</Link> },
      ], selectedKeys: [locale] }}>
        <Button type="text" icon={<GlobalOutlined />} aria-label={t('language')} data-other-locale={otherLocale} />
      </Dropdown>
      <Button type="text" icon={<BgColorsOutlined />} onClick={onTheme} aria-label={t('theme')} />
      <span className="hidden max-w-40 truncate md:inline" data-testid="admin-user">{userName}</span>
      <Button type="text" icon={<LogoutOutlined />} onClick={logout} aria-label={t('logout')}><span className="hidden md:inline">{t('logout')}</span></Button>
    </div>
  );
}

function Breadcrumbs({ route, routes }: { route: AdminRoute; routes: AdminRoute[] }) {
  const active = route.item.meta.activeMenu ? routes.find((r) => r.path === `/admin${route.item.meta.activeMenu}`) : null;
  const chain = active && active !== route ? [...active.parents, active.item, route.item] : [...route.parents, route.item];
  const pathOf = (item: MenuItemDto) => routes.find((r) => r.item === item)?.path ?? '';
  return (
    <Breadcrumb
      data-testid="admin-breadcrumb"
      items={chain.filter((i) => i.meta.breadcrumb).map((item, i, all) => ({
        key: item.menuId,
        title: i < all.length - 1 && item.children.length === 0 ? <Link href={pathOf(item)}>{item.meta.title}</Link> : item.meta.title,
      }))}
    />
  );
}
