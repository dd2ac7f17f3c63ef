'use client';

import type { ComponentType } from 'react';
import { useAdminUser } from './admin-user';
import { AuditView } from './views/audit-view';
import { BannersView } from './views/banners-view';
import { BrandsView } from './views/brands-view';
import { CategoriesView } from './views/categories-view';
import { CustomersView } from './views/customers-view';
import { DashboardView } from './views/dashboard-view';
import { MenuEditorView } from './views/menu-editor-view';
import { NewsView } from './views/news-view';
import { ProductsView } from './views/products-view';
import { RequestsView } from './views/requests-view';
import { RoleAddView } from './views/role-add-view';
import { RolesView } from './views/roles-view';
import { StaffAddView } from './views/staff-add-view';
import { StaffListView } from './views/staff-list-view';
import { SuppliersView } from './views/suppliers-view';
import { TeamsView } from './views/teams-view';
import { WebSettingsView } from './views/web-settings-view';

function Dashboard() {
  const user = useAdminUser();
  return <DashboardView userName={user.name} roles={[...user.roles]} />;
}

/**
 * The back-office views by route path. The shell renders them (alive behind their tabs); each route's
 * page.tsx checks the permission on the server, and the API checks every call.
 */
export const ADMIN_VIEWS: Record<string, ComponentType | undefined> = {
  '/admin/dashboard': Dashboard,
  '/admin/system-setting/auth': RolesView,
  '/admin/system-setting/authadd': RoleAddView,
  '/admin/system-setting/stafflist': StaffListView,
  '/admin/system-setting/staffadd': StaffAddView,
  '/admin/system-setting/menu': MenuEditorView,
  '/admin/system-setting/teams': TeamsView,
  '/admin/system-setting/web-settings': WebSettingsView,
  '/admin/requests': RequestsView,
  '/admin/customers': CustomersView,
  '/admin/suppliers': SuppliersView,
  '/admin/audit': AuditView,
  '/admin/catalog/products': ProductsView,
  '/admin/catalog/brands': BrandsView,
  '/admin/catalog/categories': CategoriesView,
  '/admin/content/news': NewsView,
  '/admin/content/banners': BannersView,
};
