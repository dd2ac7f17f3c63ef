'use client';

import en from '../../messages/en.json';
import zh from '../../messages/zh.json';

/** The last resort when the error page itself fails (spec §8). */
export default function GlobalError() {
  const english = typeof window !== 'undefined' && /^\/en(\/|$)/.test(window.location.pathname);
  const m = english ? en.errors : zh.errors;
  return (
    <html lang={english ? 'en-US' : 'zh-CN'}>
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '80px 16px' }}>
        <h1>{m.fallback}</h1>
        <p><a href={english ? '/en' : '/'}>{m.home}</a></p>
      </body>
    </html>
  );
}
