'use client';

import { useEffect, useState } from 'react';

type ErrorTexts = { fallback: string; home: string };

/**
 * The last resort when the error page itself fails (docs/requirements/storefront.md#error-pages). Its two texts come from the message
 * files, loaded only when this page shows, so that no page carries the whole catalogue of messages.
 */
export default function GlobalError() {
  const [shown, setShown] = useState<{ english: boolean; texts: ErrorTexts } | null>(null);
  useEffect(() => {
    const english = /^\/en(\/|$)/.test(window.location.pathname);
    void (english ? import('../../messages/en.json') : import('../../messages/zh.json')).then((m) => setShown({ english, texts: m.default.errors }));
  }, []);
  const english = shown?.english ?? false;
  const texts = shown?.texts;
  return (
    <html lang={english ? 'en-US' : 'zh-CN'}>
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '80px 16px' }}>
        <h1 style={{ minHeight: '1.5em' }}>{texts?.fallback ?? ''}</h1>
        <p><a href={english ? '/en' : '/'}>{texts?.home ?? '⌂'}</a></p>
      </body>
    </html>
  );
}
