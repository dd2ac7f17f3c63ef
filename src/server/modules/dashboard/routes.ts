import 'server-only';
import { dashboardInputSchema, dashboardSchema, gettingStartedSchema } from '@/contracts/admin';
import { createRouter } from '@/server/http/router';
import { loadDashboard } from './figures';
import { loadGettingStarted } from './getting-started';

export const dashboardAdminRouter = createRouter('/api/admin/dashboard');

// GET /api/admin/dashboard — the dashboard's figures for a range of days (from, to: YYYY-MM-DD, at most 367 days)
dashboardAdminRouter.endpoint(
  { method: 'get', path: '', tags: ['admin'], summary: 'Dashboard figures for a range of days', input: dashboardInputSchema, output: dashboardSchema, audience: 'staff', permissions: ['DASHBOARD.VIEW'] },
  async (input, c) => loadDashboard(c.get('db'), input),
);

// GET /api/admin/dashboard/getting-started — a new shop's first steps and which are done
dashboardAdminRouter.endpoint(
  { method: 'get', path: '/getting-started', tags: ['admin'], summary: 'A new shop\'s first steps, each done or not', output: gettingStartedSchema, audience: 'staff', permissions: ['ADMIN.ACCESS'] },
  async (_input, c) => loadGettingStarted(c.get('db')),
);
