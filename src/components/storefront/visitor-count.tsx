'use client';

import { useTranslations } from 'next-intl';
import type { ApiData } from '@/lib/api/types';
import { useLoaded } from './use-loaded';

/** Reports this page's visit; the server answers the number of visitors. */
function reportVisit(): Promise<ApiData<'post', '/api/app/web/track/report'>> {
  // The API client loads after the page: the report is no part of its first load.
  return import('@/lib/api-client').then(({ apiPost }) =>
    apiPost('/api/app/web/track/report', { path: window.location.pathname.slice(0, 300) }, { silent: true }));
}

/**
 * Reports the visit once per page load (the server counts a visitor once a day by its cookie)
 * and shows the total it answers; until then, or when the report fails, the total the page was
 * rendered with. Leaving does not abort the report.
 */
export function VisitorCount({ initial }: { initial: number }) {
  const t = useTranslations('footer');
  const report = useLoaded('visit', reportVisit);
  const uv = report.status === 'ready' ? report.data.uv : initial;
  return (
    <p data-testid="visitor-count">
      {t('visitors', { count: uv })}
      <span className="sr-only" data-testid="visitor-count-value">{uv}</span>
    </p>
  );
}
