import 'server-only';
import { dashboardInputSchema, dashboardSchema } from '@/contracts/admin';
import { createRouter } from '@/server/http/router';
import { loadDashboard } from './figures';

export const dashboardAdminRouter = createRouter('/api/admin/dashboard');

// GET /api/admin/dashboard — the dashboard's figures for a range of days (from, to: YYYY-MM-DD, at most 367 days)
dashboardAdminRouter.endpoint(
  { method: 'get', path: '', tags: ['admin'], summary: 'Dashboard figures for a range of days', input: dashboardInputSchema, output: dashboardSchema, audience: 'staff', permissions: ['DASHBOARD.VIEW'] },
  async (input, c) => loadDashboard(c.get('db'), input),
);
