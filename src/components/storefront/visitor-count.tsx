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
    const controller = new AbortController();
    fetch('/api/app/web/track/report', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams({ path: window.location.pathname.slice(0, 300) }),
      credentials: 'same-origin',
      signal: controller.signal,
    })
      .then((res) => res.json() as Promise<{ code: number; data: { uv: number; counted: boolean } | null }>)
      .then((body) => {
        if (body.code === 200 && body.data) {
          setUv(body.data.uv);
        }
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return (
    <p data-testid="visitor-count">
      {t('visitors', { count: uv })}
      <span className="sr-only" data-testid="visitor-count-value">{uv}</span>
    </p>
  );
}
