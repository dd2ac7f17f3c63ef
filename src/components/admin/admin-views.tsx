'use client';

import type { ComponentType } from 'react';
import { useAdminUser } from './admin-user';
import { ApprovalRulesView } from './views/approval-rules-view';
import { AboutView } from './views/about-view';
import { AuditView } from './views/audit-view';
import { BannersView } from './views/banners-view';
import { PartnersView } from './views/partners-view';
import { BrandsView } from './views/brands-view';
import { CasesView } from './views/cases-view';
import { QuotationsView } from './views/quotations-view';
import { CategoriesView } from './views/categories-view';
import { ComplaintsView } from './views/complaints-view';
import { ContractsView } from './views/contracts-view';
import { CommentsView } from './views/comments-view';
import { CustomersView } from './views/customers-view';
import { DashboardView } from './views/dashboard-view';
import { ExpensesView } from './views/expenses-view';
import { InboxView } from './views/inbox-view';
import { ImportsView } from './views/imports-view';
import { MenuEditorView } from './views/menu-editor-view';
import { ContentItemsView } from './views/content-items-view';
import { ProductsView } from './views/products-view';
import { RequestsView } from './views/requests-view';
import { RoleAddView } from './views/role-add-view';
import { RolesView } from './views/roles-view';
import { StaffAddView } from './views/staff-add-view';
import { StaffListView } from './views/staff-list-view';
import { ContentCategoriesView, ContentTagsView } from './views/taxonomy-views';
import { SuppliersView } from './views/suppliers-view';
import { TeamsView } from './views/teams-view';
import { WebSettingsView } from './views/web-settings-view';

/** The content pages (ADR 0035): one view, parameterised by the section. */
const NewsView = () => <ContentItemsView section="news" />;
const ApplicationsView = () => <ContentItemsView section="applications" />;
const CitationsView = () => <ContentItemsView section="citations" />;
const SupportView = () => <ContentItemsView section="support" />;
const ResourcesView = () => <ContentItemsView section="resources" />;
const BrandArticlesView = () => <ContentItemsView section="brand-articles" />;

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
  '/admin/catalog/imports': ImportsView,
  '/admin/content/news': NewsView,
  '/admin/content/banners': BannersView,
  '/admin/content/applications': ApplicationsView,
  '/admin/content/citations': CitationsView,
  '/admin/content/support': SupportView,
  '/admin/content/resources': ResourcesView,
  '/admin/content/brand-articles': BrandArticlesView,
  '/admin/cases': CasesView,
  '/admin/quotations': QuotationsView,
  '/admin/complaints': ComplaintsView,
  '/admin/contracts': ContractsView,
  '/admin/expenses': ExpensesView,
  '/admin/approvals': InboxView,
  '/admin/approval-rules': ApprovalRulesView,
  '/admin/content/comments': CommentsView,
  '/admin/content/categories': ContentCategoriesView,
  '/admin/content/tags': ContentTagsView,
  '/admin/content/about': AboutView,
  '/admin/content/partners': PartnersView,
};
