import 'server-only';
import { pageQuerySchema, webSettingListSchema } from '@/contracts/site-settings';
import { createRouter } from '@/server/http/router';
import { listWebSettings } from './queries';

export const siteSettingsWebRouter = createRouter('/api/web/settingCon');

// POST /api/web/settingCon/getPage — web settings (language, contact and link items)
siteSettingsWebRouter.endpoint(
  {
    method: 'post',
    path: '/getPage',
    summary: 'Web settings, one page (limit 10, offset 1 = first page)',
    tags: ['settings'],
    input: pageQuerySchema,
    output: webSettingListSchema,
  },
  (input, c) => listWebSettings(c.get('db'), input),
);
