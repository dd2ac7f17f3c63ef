import 'server-only';
import { authAdminRouter, authWebRouter, registerWebRouter } from '@/server/modules/auth/routes';
import { cartAppRouter, cartWebRouter } from '@/server/modules/cart/routes';
import { brandWebRouter } from '@/server/modules/catalog/brand-routes';
import { productFilterAppRouter } from '@/server/modules/catalog/filter-routes';
import { productListWebRouter } from '@/server/modules/catalog/product-routes';
import { cmsRouter } from '@/server/modules/cms/routes';
import { applicationWebRouter } from '@/server/modules/content/application-routes';
import { bannerWebRouter } from '@/server/modules/content/banner-routes';
import { newsWebRouter } from '@/server/modules/content/news-routes';
import { resourceWebRouter } from '@/server/modules/content/resource-routes';
import { supportWebRouter } from '@/server/modules/content/support-routes';
import { filesWebRouter } from '@/server/modules/files/routes';
import { menusAdminRouter } from '@/server/modules/menus/routes';
import { productDetailWebRouter } from '@/server/modules/product-detail/routes';
import { settingsWebRouter } from '@/server/modules/settings/routes';
import { subscriptionWebRouter } from '@/server/modules/subscriptions/routes';
import { systemRouter } from '@/server/modules/system/routes';
import { trackingAppRouter, visitorWebRouter } from '@/server/modules/tracking/routes';

/** Routers under /api/web, /api/app and /api/cms (the spec's call names). */
export const webRouters = [
  authWebRouter, registerWebRouter, settingsWebRouter, cartWebRouter, cartAppRouter,
  newsWebRouter, applicationWebRouter, supportWebRouter, resourceWebRouter, bannerWebRouter, subscriptionWebRouter,
  visitorWebRouter, filesWebRouter, trackingAppRouter, cmsRouter,
  productDetailWebRouter, productListWebRouter, brandWebRouter, productFilterAppRouter,
];

/** Routers under /api/admin (staff back-office). */
export const adminRouters = [authAdminRouter, menusAdminRouter];

/** Every router of the API, in mounting order: /api itself (health, ready, the OpenAPI document) first. */
export const apiRouters = [systemRouter, ...webRouters, ...adminRouters];
