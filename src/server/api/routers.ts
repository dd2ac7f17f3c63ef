import 'server-only';
import { authAdminRouter, authWebRouter, registerWebRouter, userSessionAppRouter } from '@/server/modules/auth/routes';
import { cartAppRouter, cartWebRouter } from '@/server/modules/cart/routes';
import { brandWebRouter } from '@/server/modules/catalog/brand-routes';
import { productFilterAppRouter } from '@/server/modules/catalog/filter-routes';
import { productListWebRouter } from '@/server/modules/catalog/product-routes';
import { commentWebRouter } from '@/server/modules/content/comment-routes';
import { applicationWebRouter } from '@/server/modules/content/application-routes';
import { bannerWebRouter } from '@/server/modules/content/banner-routes';
import { newsWebRouter } from '@/server/modules/content/news-routes';
import { resourceWebRouter } from '@/server/modules/content/resource-routes';
import { supportWebRouter } from '@/server/modules/content/support-routes';
import { filesWebRouter } from '@/server/modules/files/routes';
import { menusAdminRouter } from '@/server/modules/menus/routes';
import { approvalAppRouter, orderApiAppRouter, saleAppRouter } from '@/server/modules/orders/routes';
import { preferencesAdminRouter } from '@/server/modules/preferences/routes';
import { auditAdminRouter } from '@/server/modules/audit/routes';
import { brandLogoAdminRouter } from '@/server/modules/catalog/admin-brand-logo-routes';
import { brandsAdminRouter } from '@/server/modules/catalog/admin-brand-routes';
import { contentAdminRouter } from '@/server/modules/content/admin-routes';
import { editorialAdminRouter } from '@/server/modules/content/editorial-routes';
import { categoriesAdminRouter } from '@/server/modules/catalog/admin-category-routes';
import { lotsAdminRouter } from '@/server/modules/catalog/admin-lot-routes';
import { documentsAdminRouter } from '@/server/modules/catalog/admin-document-routes';
import { productsAdminRouter } from '@/server/modules/catalog/admin-product-routes';
import { catalogImportAdminRouter } from '@/server/modules/catalog-import/routes';
import { enquiryWebRouter, requestsAdminRouter } from '@/server/modules/requests/routes';
import { siteSettingsAdminRouter } from '@/server/modules/site-settings/admin-routes';
import { dashboardAdminRouter } from '@/server/modules/dashboard/routes';
import { menuEditorAdminRouter } from '@/server/modules/menus/admin-routes';
import { rolesAdminRouter } from '@/server/modules/staff/role-routes';
import { staffAdminRouter } from '@/server/modules/staff/staff-routes';
import { productDetailWebRouter } from '@/server/modules/product-detail/routes';
import { siteSettingsWebRouter } from '@/server/modules/site-settings/web-routes';
import { subscriptionWebRouter } from '@/server/modules/subscriptions/routes';
import { operationsRouter } from '@/server/modules/operations/routes';
import { companyUserRouter } from '@/server/modules/company/routes';
import { companySettingsRouter } from '@/server/modules/company/settings-routes';
import { customersAdminRouter } from '@/server/modules/customers/routes';
import { suppliersAdminRouter } from '@/server/modules/customers/supplier-routes';
import { companyFilesRouter } from '@/server/modules/company/file-routes';
import { trackingAppRouter, visitorWebRouter } from '@/server/modules/tracking/routes';
import { approvalsAdminRouter } from '@/server/modules/approvals/routes';
import { caseReportWebRouter, casesAdminRouter } from '@/server/modules/cases/routes';
import { expensesAdminRouter } from '@/server/modules/expenses/routes';
import { quotationsAdminRouter } from '@/server/modules/quotations/admin-routes';
import { priceAgreementsAdminRouter } from '@/server/modules/price-agreements/routes';
import { quotationsAppRouter } from '@/server/modules/quotations/app-routes';
import { complaintsAdminRouter } from '@/server/modules/complaints/routes';
import { contractsAdminRouter } from '@/server/modules/contracts/routes';
import { ordersAdminRouter } from '@/server/modules/orders/admin-routes';
import { orderFulfilmentAdminRouter } from '@/server/modules/orders/fulfilment-routes';
import { carriersAdminRouter, shipmentsAdminRouter, shipmentsAppRouter } from '@/server/modules/orders/shipment-routes';
import { invoicePaymentsAdminRouter, receivablesAdminRouter } from '@/server/modules/receivables/routes';
import { complaintsAppRouter } from '@/server/modules/complaints/customer-routes';
import { partnersAdminRouter, partnersWebRouter } from '@/server/modules/partners/routes';
import { invoicesAdminRouter } from '@/server/modules/invoices/admin-routes';
import { invoicesAppRouter } from '@/server/modules/invoices/customer-routes';
import { toInvoiceAdminRouter } from '@/server/modules/invoices/to-invoice-routes';
import { visitorIslandsWebRouter } from '@/server/modules/visitor-islands/routes';
import { substanceWebRouter } from '@/server/modules/substances/routes';
import { inventoryIoAppRouter } from '@/server/modules/inventory-io/routes';
import { listsAppRouter } from '@/server/modules/requisition-lists/routes';
import { inventoryMinimumsAppRouter, inventoryReorderAppRouter } from '@/server/modules/inventory-alerts/routes';
import { inventoryAppRouter } from '@/server/modules/inventory/routes';

/** Routers under /api/web, /api/app and /api/cms (the call names of docs/requirements/api.md#calls). */
export const webRouters = [
  authWebRouter, registerWebRouter, siteSettingsWebRouter, cartWebRouter, cartAppRouter,
  newsWebRouter, applicationWebRouter, supportWebRouter, resourceWebRouter, bannerWebRouter, subscriptionWebRouter,
  visitorWebRouter, filesWebRouter, trackingAppRouter, commentWebRouter,
  productDetailWebRouter, productListWebRouter, brandWebRouter, productFilterAppRouter,
  saleAppRouter, orderApiAppRouter, approvalAppRouter, userSessionAppRouter,
  companyUserRouter, companySettingsRouter, companyFilesRouter, enquiryWebRouter, caseReportWebRouter, partnersWebRouter,
  quotationsAppRouter, complaintsAppRouter, shipmentsAppRouter, invoicesAppRouter, visitorIslandsWebRouter, substanceWebRouter,
  listsAppRouter,
  // Before the shelf's own router: its static paths (/labels, /ledger/export, /import/…) come before `/:id`.
  inventoryIoAppRouter,
  inventoryMinimumsAppRouter,
  inventoryReorderAppRouter,
  inventoryAppRouter,
];

/** Routers under /api/admin (staff back-office). */
export const adminRouters = [
  authAdminRouter, menusAdminRouter,
  rolesAdminRouter, staffAdminRouter, menuEditorAdminRouter, auditAdminRouter, preferencesAdminRouter, dashboardAdminRouter,
  brandsAdminRouter, brandLogoAdminRouter, categoriesAdminRouter, catalogImportAdminRouter, productsAdminRouter, lotsAdminRouter, documentsAdminRouter, siteSettingsAdminRouter, requestsAdminRouter,
  contentAdminRouter, partnersAdminRouter, approvalsAdminRouter, expensesAdminRouter, casesAdminRouter, editorialAdminRouter, customersAdminRouter, suppliersAdminRouter,
  quotationsAdminRouter, priceAgreementsAdminRouter, complaintsAdminRouter, contractsAdminRouter, ordersAdminRouter, orderFulfilmentAdminRouter, shipmentsAdminRouter, carriersAdminRouter, invoicesAdminRouter, toInvoiceAdminRouter,
  invoicePaymentsAdminRouter, receivablesAdminRouter,
];

/** Every router of the API, in mounting order: /api itself (health, ready, the OpenAPI document) first. */
export const apiRouters = [operationsRouter, ...webRouters, ...adminRouters];
