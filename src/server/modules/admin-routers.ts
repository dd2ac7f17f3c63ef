import 'server-only';
import { authAdminRouter } from './auth/routes';
import { menusAdminRouter } from './menus/routes';

/** Routers under /api/admin (staff back-office). */
export const adminRouters = [authAdminRouter, menusAdminRouter];
