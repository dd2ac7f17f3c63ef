import 'server-only';
import { adminSettingsInputSchema, adminSettingsSchema } from '@/contracts/admin';
import { AppError } from '@/server/errors';
import { createRouter } from '@/server/http/router';
import { getStaffSettings, saveStaffSettings } from './settings';

export const adminSettingsRouter = createRouter('/api/admin/settings');

// GET /api/admin/settings — the signed-in staff member's back-office settings (theme, tags view, …)
adminSettingsRouter.endpoint(
  { method: 'get', path: '', tags: ['admin'], summary: 'My back-office settings', output: adminSettingsSchema, audience: 'staff', permissions: ['ADMIN.ACCESS'] },
  async (_input, c) => {
    const actor = c.get('actor');
    if (actor.kind !== 'staff') throw new AppError(401);
    return getStaffSettings(c.get('db'), { staffId: actor.staffId });
  },
);

// PUT /api/admin/settings — change some of my settings; they apply on every device at the next load
adminSettingsRouter.endpoint(
  { method: 'put', path: '', tags: ['admin'], summary: 'Change my back-office settings', input: adminSettingsInputSchema, output: adminSettingsSchema, audience: 'staff', permissions: ['ADMIN.ACCESS'] },
  async (input, c) => {
    const actor = c.get('actor');
    if (actor.kind !== 'staff') throw new AppError(401);
    return saveStaffSettings(c.get('db'), { staffId: actor.staffId, patch: input });
  },
);
