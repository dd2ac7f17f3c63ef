import 'server-only';
import { adminLayoutSchema, adminSettingsInputSchema, adminSettingsSchema } from '@/contracts/admin';
import { AppError } from '@/server/errors';
import { clientInfo } from '@/server/http/cookies';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { getSiteLayout, getStaffSettings, saveStaffSettings, setSiteLayout } from './preferences';

export const preferencesAdminRouter = createRouter('/api/admin/settings');

// GET /api/admin/settings — the signed-in staff member's back-office settings (theme, tags view, …)
preferencesAdminRouter.endpoint(
  { method: 'get', path: '', tags: ['admin'], summary: 'My back-office settings', output: adminSettingsSchema, audience: 'staff', permissions: ['ADMIN.ACCESS'] },
  async (_input, c) => {
    const actor = c.get('actor');
    if (actor.kind !== 'staff') throw new AppError(401);
    return getStaffSettings(c.get('db'), { staffId: actor.staffId });
  },
);

// PUT /api/admin/settings — change some of my settings; they apply on every device at the next load
preferencesAdminRouter.endpoint(
  { method: 'put', path: '', tags: ['admin'], summary: 'Change my back-office settings', input: adminSettingsInputSchema, output: adminSettingsSchema, audience: 'staff', permissions: ['ADMIN.ACCESS'] },
  async (input, c) => {
    const actor = c.get('actor');
    if (actor.kind !== 'staff') throw new AppError(401);
    return saveStaffSettings(c.get('db'), { staffId: actor.staffId, patch: input });
  },
);

// GET /api/admin/settings/site-layout — the layout staff get until they choose their own
preferencesAdminRouter.endpoint(
  { method: 'get', path: '/site-layout', tags: ['admin'], summary: 'The back-office layout of the site', output: adminLayoutSchema, audience: 'staff', permissions: ['ADMIN.ACCESS'] },
  async (_input, c) => ({ layout: await getSiteLayout(c.get('db')) }),
);

// PUT /api/admin/settings/site-layout — choose the standard layout or the local configuration for every member without their own choice
preferencesAdminRouter.endpoint(
  { method: 'put', path: '/site-layout', tags: ['admin'], summary: 'Choose the back-office layout of the site', input: adminLayoutSchema, output: adminLayoutSchema, audience: 'staff', permissions: ['SETTINGS.EDIT'] },
  async (input, c) => ({ layout: await setSiteLayout(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), layout: input.layout }) }),
);
