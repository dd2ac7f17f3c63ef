import 'server-only';
import { authWebRouter, registerWebRouter } from './auth/routes';
import { cartAppRouter, cartWebRouter } from './cart/routes';
import { settingsWebRouter } from './settings/routes';

/** Routers under /api/web, /api/app and /api/cms (the spec's call names). */
export const webRouters = [authWebRouter, registerWebRouter, settingsWebRouter, cartWebRouter, cartAppRouter];
