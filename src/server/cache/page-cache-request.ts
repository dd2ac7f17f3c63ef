// The page cache's rules for requests (src/server/cache/page-cache.ts, ADR 0039): which requests are a
// guest's page requests, the language cookie a kept page sets, and the cache's settings.
// No `import 'server-only'` and no import of other app modules: scripts/serve.mjs loads this file
// outside Next.js, without the react-server condition (ADR 0023).
import type { IncomingMessage, OutgoingHttpHeader } from 'node:http';

/** Cookies that change nothing on a storefront page: the visitor id, the language cookie, the back-office sidebar. */
const HARMLESS_COOKIES = new Set(['reagent_vid', 'NEXT_LOCALE', 'sidebarStatus']);

/** The session cookie (SESSION_COOKIE of src/server/auth/sessions.ts, which this file may not import). */
export const SESSION_COOKIE_NAME = 'reagent_session';

/**
 * The storefront's pages that are the same for every visitor (ADR 0076): home, product lists, searches
 * and pages, brands, content, about, contact, promotions, privacy — the (store) route group. Their
 * render never sees the session: the per-visitor parts are islands filled by the visitor's own answer.
 * The account area (/account, /order, /sys), the back-office and the plain pages are not among them.
 */
export const SHARED_PAGE_SECTIONS: ReadonlySet<string> = new Set(['about', 'applications', 'brand', 'citations', 'contact', 'news', 'privacy', 'product', 'promotion', 'resources', 'substance', 'support']);

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
  const seconds = wholeNumberSetting('PAGE_CACHE_SECONDS', env.PAGE_CACHE_SECONDS, 60);
  const storefrontSeconds = wholeNumberSetting('STOREFRONT_CACHE_SECONDS', env.STOREFRONT_CACHE_SECONDS, 60);
  const maxMb = wholeNumberSetting('PAGE_CACHE_MAX_MB', env.PAGE_CACHE_MAX_MB, 256);
  return { seconds: storefrontSeconds === 0 ? 0 : seconds, maxBytes: maxMb * 1024 * 1024 };
}

/** Whether the page at this path is one of the storefront's shared pages (its locale prefix aside). */
export function isSharedPagePath(path: string): boolean {
  const rest = path.replace(/^\/(?:zh|en)(?=\/|$)/, '');
  if (rest === '' || rest === '/') return true;
  const section = rest.split('/')[1] ?? '';
  return SHARED_PAGE_SECTIONS.has(section);
}

/** A GET or HEAD of a shared storefront page, not a staff preview: rendered for a guest whoever asks. */
export function isSharedPageRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  const path = url.split('?')[0] ?? '/';
  if (!isSharedPagePath(path)) return false;
  const query = url.includes('?') ? new URLSearchParams(url.slice(url.indexOf('?') + 1)) : null;
  return !query?.has('preview');
}

/**
 * Takes the session cookie off a shared storefront page's request before the app sees it (ADR 0076):
 * its render is a guest's whoever asks, so the page a signed-in buyer is given (and the cache keeps)
 * cannot hold anything of them. Other requests are left as they are.
 */
export function renderSharedPageAsGuest(req: IncomingMessage): void {
  const cookie = req.headers.cookie;
  if (!cookie || !isSharedPageRequest(req)) return;
  const kept = cookie.split(';').map((part) => part.trim()).filter((part) => part !== '' && part.split('=')[0]?.trim() !== SESSION_COOKIE_NAME);
  if (kept.length === 0) delete req.headers.cookie;
  else req.headers.cookie = kept.join('; ');
}

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(';').map((part) => part.split('=')[0]?.trim() ?? '').filter(Boolean);
}

/**
 * Whether a request may be answered from, and its answer kept in, the page cache: a guest's, or a
 * signed-in visitor's on a shared storefront page (whose render never sees the session, ADR 0076).
 */
export function isGuestPageRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const h = req.headers;
  if (h.authorization || h['x-token']) return false;
  if (RSC_HEADERS.some((name) => h[name] !== undefined)) return false;
  const shared = isSharedPageRequest(req);
  if (!cookieNames(h.cookie).every((name) => HARMLESS_COOKIES.has(name) || (shared && name === SESSION_COOKIE_NAME))) return false;
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
