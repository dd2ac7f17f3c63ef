'use client';

import { BgColorsOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, ShopOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Typography, type MenuProps } from 'antd';
import { useTranslations } from 'next-intl';
import { useMemo, useState, type ReactNode } from 'react';
import type { MenuItemDto } from '@/contracts/menus';
import { Link, usePathname, useRouter } from '@/i18n/navigation';
import { apiPost } from '@/lib/api-client';
import { useAdminSettings } from './admin-providers';
import { menuIcon } from './menu-icon';
import { ThemeDrawer } from './theme-drawer';
import { VisitedTabs, type VisitedView } from './visited-tabs';

type MenuItems = NonNullable<MenuProps['items']>;

function fullPath(parent: string, path: string): string {
  return path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;
}

function toItems(tree: MenuItemDto[], parent = ''): MenuItems {
  return tree
    .filter((m) => !m.hidden)
    .map((m) => {
      const path = fullPath(parent, m.path);
      const children = toItems(m.children, path);
      return children.length > 0
        ? { key: `/admin${path}`, icon: menuIcon(m.meta.icon), label: m.meta.title, children }
        : { key: `/admin${path}`, icon: menuIcon(m.meta.icon), label: <Link href={`/admin${path}`}>{m.meta.title}</Link> };
    });
}

function flatten(tree: MenuItemDto[], parent = ''): VisitedView[] {
  return tree.flatMap((m) => {
    const path = fullPath(parent, m.path);
    return [{ path: `/admin${path}`, title: m.meta.title, affix: m.meta.affix }, ...flatten(m.children, path)];
  });
}

/** Back-office layout: sidebar from the server-filtered menu, header, visited tabs and theme drawer. */
export function AdminShell({ menu, userName, sidebarOpen, children }: { menu: MenuItemDto[]; userName: string; sidebarOpen: boolean; children: ReactNode }) {
  const t = useTranslations('admin');
  const { settings } = useAdminSettings();
  const pathname = usePathname();
  const router = useRouter();
  const [collapsed, setCollapsed] = useState(!sidebarOpen);
  const [narrow, setNarrow] = useState(false);
  const [themeOpen, setThemeOpen] = useState(false);
  const items = useMemo(() => toItems(menu), [menu]);
  const views = useMemo(() => flatten(menu), [menu]);
  const current = views.find((v) => v.path === pathname) ?? null;
  const affixViews = views.filter((v) => v.affix);

  function toggleSidebar() {
    const next = !collapsed;
    setCollapsed(next);
    document.cookie = `sidebarStatus=${next ? 0 : 1}; path=/; max-age=31536000; samesite=lax`;
  }

  async function logout() {
    try {
      await apiPost('/api/admin/auth/logout');
    } finally {
      router.push('/admin/login');
    }
  }

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        trigger={null}
        breakpoint="md"
        collapsedWidth={narrow ? 0 : 64}
        onBreakpoint={(broken) => {
          setNarrow(broken);
          setCollapsed(broken);
        }}
        width={220}
        theme="dark"
      >
        {settings.sidebarLogo && (
          <div className="flex h-14 items-center justify-center gap-2 text-white">
            <span className="grid h-8 w-8 place-items-center rounded-md font-bold" style={{ background: settings.theme }}>优</span>
            {!collapsed && <span className="font-semibold">{t('title')}</span>}
          </div>
        )}
        <Menu theme="dark" mode="inline" items={items} selectedKeys={[pathname]} aria-label={t('menu')} />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8,
            background: '#fff', padding: '0 12px', borderBottom: '1px solid #e5e7eb',
            ...(settings.fixedHeader ? { position: 'sticky', top: 0, zIndex: 10 } : {}),
          }}
        >
          <div className="flex min-w-0 items-center gap-2">
            <Button type="text" aria-label={t('menu')} icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={toggleSidebar} />
            <Typography.Text strong ellipsis>{current?.title ?? t('title')}</Typography.Text>
          </div>
          <div className="flex shrink-0 items-center gap-1">
            <Link href="/" aria-label={t('backToShop')}><Button type="text" icon={<ShopOutlined />}><span className="hidden md:inline">{t('backToShop')}</span></Button></Link>
            <Button type="text" icon={<BgColorsOutlined />} onClick={() => setThemeOpen(true)} aria-label={t('theme')} />
            <span className="hidden max-w-40 truncate md:inline" data-testid="admin-user">{userName}</span>
            <Button type="text" icon={<LogoutOutlined />} onClick={logout} aria-label={t('logout')}><span className="hidden md:inline">{t('logout')}</span></Button>
          </div>
        </Layout.Header>
        {settings.tagsView && <VisitedTabs current={current} affixViews={affixViews} />}
        <Layout.Content style={{ padding: 16 }}>{children}</Layout.Content>
      </Layout>
      <ThemeDrawer open={themeOpen} onClose={() => setThemeOpen(false)} />
    </Layout>
  );
}
