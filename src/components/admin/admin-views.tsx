'use client';

import { Spin } from 'antd';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import { adminPage, type AdminPagePath } from './admin-pages';
import { useAdminUser } from './admin-user';

/** What a tab shows while its view's code loads (the first visit of a page opened from the menu). */
function ViewLoading() {
  const t = useTranslations('admin');
  return (
    <div role="status" aria-live="polite" className="flex min-h-40 items-center justify-center gap-2 text-slate-500" data-testid="admin-view-loading">
      <Spin size="small" />
      <span>{t('viewLoading')}</span>
    </div>
  );
}

/**
 * Each view is its own chunk, loaded when its page is first opened: a back-office page loads the shell and
 * its own view, not every view (the charts, the rich-text editor and the spreadsheet reader among them).
 * The server renders the view of the page asked for, and its chunk is loaded before the page hydrates.
 */
const ApprovalRulesView = dynamic(() => import('./approvals/approval-rules-view').then((m) => m.ApprovalRulesView), { loading: ViewLoading });
const AboutView = dynamic(() => import('./content/about-view').then((m) => m.AboutView), { loading: ViewLoading });
const AuditView = dynamic(() => import('./audit/audit-view').then((m) => m.AuditView), { loading: ViewLoading });
const BannersView = dynamic(() => import('./content/banners-view').then((m) => m.BannersView), { loading: ViewLoading });
const PartnersView = dynamic(() => import('./partners/partners-view').then((m) => m.PartnersView), { loading: ViewLoading });
const BrandsView = dynamic(() => import('./catalog/brands-view').then((m) => m.BrandsView), { loading: ViewLoading });
const CasesView = dynamic(() => import('./cases/cases-view').then((m) => m.CasesView), { loading: ViewLoading });
const QuotationsView = dynamic(() => import('./quotations/quotations-view').then((m) => m.QuotationsView), { loading: ViewLoading });
const PriceAgreementsView = dynamic(() => import('./price-agreements/agreements-view').then((m) => m.PriceAgreementsView), { loading: ViewLoading });
const CategoriesView = dynamic(() => import('./catalog/categories-view').then((m) => m.CategoriesView), { loading: ViewLoading });
const ComplaintsView = dynamic(() => import('./complaints/complaints-view').then((m) => m.ComplaintsView), { loading: ViewLoading });
const ContractsView = dynamic(() => import('./contracts/contracts-view').then((m) => m.ContractsView), { loading: ViewLoading });
const CommentsView = dynamic(() => import('./content/comments-view').then((m) => m.CommentsView), { loading: ViewLoading });
const CustomersView = dynamic(() => import('./customers/customers-view').then((m) => m.CustomersView), { loading: ViewLoading });
const DashboardView = dynamic(() => import('./dashboard/dashboard-view').then((m) => m.DashboardView), { loading: ViewLoading });
const ExpensesView = dynamic(() => import('./expenses/expenses-view').then((m) => m.ExpensesView), { loading: ViewLoading });
const InboxView = dynamic(() => import('./approvals/inbox-view').then((m) => m.InboxView), { loading: ViewLoading });
const ImportsView = dynamic(() => import('./catalog/imports-view').then((m) => m.ImportsView), { loading: ViewLoading });
const OrdersView = dynamic(() => import('./orders/orders-view').then((m) => m.OrdersView), { loading: ViewLoading });
const CarriersView = dynamic(() => import('./orders/carriers-view').then((m) => m.CarriersView), { loading: ViewLoading });
const ToInvoiceView = dynamic(() => import('./orders/to-invoice-view').then((m) => m.ToInvoiceView), { loading: ViewLoading });
const ReceivablesView = dynamic(() => import('./receivables/receivables-view').then((m) => m.ReceivablesView), { loading: ViewLoading });
const MenuEditorView = dynamic(() => import('./menus/menu-editor-view').then((m) => m.MenuEditorView), { loading: ViewLoading });
const ContentItemsView = dynamic(() => import('./content/content-items-view').then((m) => m.ContentItemsView), { loading: ViewLoading });
const ProductsView = dynamic(() => import('./catalog/products-view').then((m) => m.ProductsView), { loading: ViewLoading });
const RequestsView = dynamic(() => import('./requests/requests-view').then((m) => m.RequestsView), { loading: ViewLoading });
const RoleAddView = dynamic(() => import('./staff/role-add-view').then((m) => m.RoleAddView), { loading: ViewLoading });
const RolesView = dynamic(() => import('./staff/roles-view').then((m) => m.RolesView), { loading: ViewLoading });
const StaffAddView = dynamic(() => import('./staff/staff-add-view').then((m) => m.StaffAddView), { loading: ViewLoading });
const StaffListView = dynamic(() => import('./staff/staff-list-view').then((m) => m.StaffListView), { loading: ViewLoading });
const ContentCategoriesView = dynamic(() => import('./content/taxonomy-views').then((m) => m.ContentCategoriesView), { loading: ViewLoading });
const ContentTagsView = dynamic(() => import('./content/taxonomy-views').then((m) => m.ContentTagsView), { loading: ViewLoading });
const SuppliersView = dynamic(() => import('./customers/suppliers-view').then((m) => m.SuppliersView), { loading: ViewLoading });
const TeamsView = dynamic(() => import('./staff/teams-view').then((m) => m.TeamsView), { loading: ViewLoading });
const WebSettingsView = dynamic(() => import('./site-settings/site-settings-view').then((m) => m.WebSettingsView), { loading: ViewLoading });

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
 * The back-office views by page path, one for each page of the registry (`admin-pages.ts`) and no other: the
 * typecheck fails on a page without a view or a view without a page. The shell renders them (alive behind their
 * tabs); the catch-all page (`(shell)/[...rest]/page.tsx`) checks the page's permission on the server, and the API
 * checks every call.
 */
export const ADMIN_VIEWS: Record<AdminPagePath, ComponentType> = {
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
  '/admin/price-agreements': PriceAgreementsView,
  '/admin/complaints': ComplaintsView,
  '/admin/contracts': ContractsView,
  '/admin/orders/list': OrdersView,
  '/admin/orders/carriers': CarriersView,
  '/admin/orders/to-invoice': ToInvoiceView,
  '/admin/orders/receivables': ReceivablesView,
  '/admin/expenses': ExpensesView,
  '/admin/approvals': InboxView,
  '/admin/approval-rules': ApprovalRulesView,
  '/admin/content/comments': CommentsView,
  '/admin/content/categories': ContentCategoriesView,
  '/admin/content/tags': ContentTagsView,
  '/admin/content/about': AboutView,
  '/admin/content/partners': PartnersView,
};

/** The view of the page at this path under /admin, if the registry has the page. */
export function adminView(path: string): ComponentType | undefined {
  const page = adminPage(path);
  return page ? ADMIN_VIEWS[page.path] : undefined;
}
