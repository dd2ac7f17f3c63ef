import 'server-only';
import { authWebRouter, registerWebRouter } from './auth/routes';
import { cartAppRouter, cartWebRouter } from './cart/routes';
import { productDetailWebRouter } from './catalog/detail/routes';
import { brandWebRouter } from './catalog/brand-routes';
import { productFilterAppRouter } from './catalog/filter-routes';
import { productListWebRouter } from './catalog/product-routes';
import { cmsRouter } from './cms/routes';
import { applicationWebRouter } from './content/application-routes';
import { bannerWebRouter } from './content/banner-routes';
import { newsWebRouter } from './content/news-routes';
import { resourceWebRouter } from './content/resource-routes';
import { supportWebRouter } from './content/support-routes';
import { filesWebRouter } from './files/routes';
import { settingsWebRouter } from './settings/routes';
import { subscriptionWebRouter } from './subscriptions/routes';
import { trackingAppRouter, visitorWebRouter } from './tracking/routes';

/** Routers under /api/web, /api/app and /api/cms (the spec's call names). */
export const webRouters = [
  authWebRouter, registerWebRouter, settingsWebRouter, cartWebRouter, cartAppRouter,
  newsWebRouter, applicationWebRouter, supportWebRouter, resourceWebRouter, bannerWebRouter, subscriptionWebRouter,
  visitorWebRouter, filesWebRouter, trackingAppRouter, cmsRouter,
  productDetailWebRouter, productListWebRouter, brandWebRouter, productFilterAppRouter,
];
