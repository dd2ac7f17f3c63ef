// The page cache's rules for requests (src/server/cache/page-cache.ts, ADR 0039): which requests are a
// guest's page requests, the language cookie a kept page sets, and the cache's settings.
// No `import 'server-only'` and no import of other app modules: scripts/serve.mjs loads this file
// outside Next.js, without the react-server condition (ADR 0023).
import type { IncomingMessage, OutgoingHttpHeader } from 'node:http';

/** Cookies that change nothing on a storefront page: the visitor id, the language cookie, the back-office sidebar. */
const HARMLESS_COOKIES = new Set(['reagent_vid', 'NEXT_LOCALE', 'sidebarStatus']);

/** Request headers of React Server Components requests (client navigations, prefetches, actions). */
const RSC_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-action'];

/**
 * The language cookie, as next-intl sets it on a page whose language the browser's cookie does not
 * name yet (src/i18n/routing.ts `localeCookie`; the API answers in that language). Its value follows
 * from the page's address alone, so a kept page sets it as the render would have.
 */
export const LOCALE_COOKIE = { name: 'NEXT_LOCALE', maxAgeSeconds: 60 * 60 * 24 * 365, sameSite: 'lax' } as const;

export function localeCookieHeader(locale: string, nowMs: number): string {
  const expires = new Date(nowMs + LOCALE_COOKIE.maxAgeSeconds * 1000).toUTCString();
  return `${LOCALE_COOKIE.name}=${locale}; Path=/; Expires=${expires}; Max-Age=${LOCALE_COOKIE.maxAgeSeconds}; SameSite=${LOCALE_COOKIE.sameSite}`;
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.split('=');
    if (key?.trim() === name) return rest.join('=').trim();
  }
  return undefined;
}

/** The storefront's locales as a page's address names them (src/i18n/locales.ts, prefix "as-needed"). */
export const PAGE_LOCALES: { readonly default: string; readonly prefixed: readonly string[] } = { default: 'zh-CN', prefixed: ['zh', 'en'] };

/** The language of the page at this path: its first segment when that names a locale, else the default. */
export function localeOfPath(path: string): string {
  const first = path.split('/')[1] ?? '';
  return PAGE_LOCALES.prefixed.includes(first) ? first : PAGE_LOCALES.default;
}

/** The language a page sets in its Set-Cookie, when that is all it sets; null when it sets anything else. */
export function localeFromSetCookie(setCookie: OutgoingHttpHeader | undefined): string | null | undefined {
  if (setCookie === undefined) return undefined;
  const all = Array.isArray(setCookie) ? setCookie : [String(setCookie)];
  let locale: string | undefined;
  for (const cookie of all) {
    const match = new RegExp(`^${LOCALE_COOKIE.name}=([A-Za-z-]{2,16});`).exec(String(cookie));
    if (!match) return null;
    locale = match[1];
  }
  return locale;
}

/** A whole number ≥ 0 from the environment, or the default; anything else is a configuration error. */
export function wholeNumberSetting(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number ≥ 0, got ${value}`);
  return n;
}

/** The page cache's settings from the environment. */
export function pageCacheSettings(env: Record<string, string | undefined> = process.env): { seconds: number; maxBytes: number } {
  const seconds = wholeNumberSetting('PAGE_CACHE_SECONDS', env.PAGE_CACHE_SECONDS, 10);
  const storefrontSeconds = wholeNumberSetting('STOREFRONT_CACHE_SECONDS', env.STOREFRONT_CACHE_SECONDS, 60);
  const maxMb = wholeNumberSetting('PAGE_CACHE_MAX_MB', env.PAGE_CACHE_MAX_MB, 64);
  return { seconds: storefrontSeconds === 0 ? 0 : seconds, maxBytes: maxMb * 1024 * 1024 };
}

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(';').map((part) => part.split('=')[0]?.trim() ?? '').filter(Boolean);
}

/** Whether a request may be answered from, and its answer kept in, the page cache. */
export function isGuestPageRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const h = req.headers;
  if (h.authorization || h['x-token']) return false;
  if (RSC_HEADERS.some((name) => h[name] !== undefined)) return false;
  if (!cookieNames(h.cookie).every((name) => HARMLESS_COOKIES.has(name))) return false;
  const url = req.url ?? '/';
  const query = url.includes('?') ? new URLSearchParams(url.slice(url.indexOf('?') + 1)) : null;
  if (query && (query.has('_rsc') || query.has('preview'))) return false;
  const path = url.split('?')[0] ?? '/';
  return !/^\/(?:en\/)?admin(?:\/|$)/.test(path);
}

/** Whether the client takes a gzipped answer (and did not refuse gzip with q=0). */
export function acceptsGzip(req: IncomingMessage): boolean {
  const accept = req.headers['accept-encoding'];
  return typeof accept === 'string' && /\bgzip\b/.test(accept) && !/\bgzip\s*;\s*q=0(?:\.0*)?\b/.test(accept);
}
