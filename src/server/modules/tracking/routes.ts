import 'server-only';
import { trackReportInputSchema, trackReportSchema, trackSummaryInputSchema, trackSummarySchema } from '@/contracts/tracking';
import { uvSchema } from '@/contracts/content';
import { createRouter } from '@/server/http/router';
import { countVisitors, recordVisit, summariseVisits } from './service';
import { ensureVisitorId } from '@/server/http/visitor-cookie';
import { isBot } from './bots';

export const trackingAppRouter = createRouter('/api/app/web/track');

// POST /api/app/web/track/report — record a page view; a visitor (cookie) counts once a day
trackingAppRouter.endpoint(
  {
    method: 'post', path: '/report', tags: ['tracking'], input: trackReportInputSchema, output: trackReportSchema,
    summary: 'Record a page view (sets the first-party visitor cookie)',
    description: 'Unique visitors are counted once per visitor id and day (China time); crawlers are not counted.',
  },
  async (input, c) => {
    const db = c.get('db');
    if (isBot(c.req.header('user-agent'))) return { counted: false, uv: await countVisitors(db) };
    const { counted } = await recordVisit(db, { visitorId: ensureVisitorId(c), path: input.path ?? '/', now: new Date() });
    return { counted, uv: await countVisitors(db) };
  },
);

// POST /api/app/web/track/summary — visitor totals and the last days (staff)
trackingAppRouter.endpoint(
  {
    method: 'post', path: '/summary', tags: ['tracking'], input: trackSummaryInputSchema, output: trackSummarySchema,
    summary: 'Visitor totals (uv, pv) and per-day figures', audience: 'staff', permissions: ['TRACKING.VIEW'],
  },
  async (input, c) => summariseVisits(c.get('db'), { days: input.days, now: new Date() }),
);

export const visitorWebRouter = createRouter('/api/web/visitor');

// POST /api/web/visitor/getUv — the visitor count the footer shows
visitorWebRouter.endpoint(
  { method: 'post', path: '/getUv', tags: ['tracking'], output: uvSchema, summary: 'Visitor count (uv) for the footer' },
  async (_input, c) => ({ uv: await countVisitors(c.get('db')) }),
);
