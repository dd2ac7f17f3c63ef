'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

/**
 * Reports the visit once per page load (the server counts a visitor once a day by its cookie)
 * and shows the total it answers; until then, the total the page was rendered with.
 */
export function VisitorCount({ initial }: { initial: number }) {
  const t = useTranslations('footer');
  const [uv, setUv] = useState(initial);
  useEffect(() => {
    let live = true;
    // The API client loads after the page: the report is no part of its first load.
    import('@/lib/api-client')
      .then(({ apiPost }) => apiPost('/api/app/web/track/report', { path: window.location.pathname.slice(0, 300) }, { silent: true }))
      .then((data) => {
        if (live) setUv(data.uv);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <p data-testid="visitor-count">
      {t('visitors', { count: uv })}
      <span className="sr-only" data-testid="visitor-count-value">{uv}</span>
    </p>
  );
}
