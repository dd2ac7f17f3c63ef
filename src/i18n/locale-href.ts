import { DEFAULT_LOCALE, LOCALE_COOKIE, type Locale } from './locales';

/** A link target as the storefront writes it: a path, or a path with its query. */
export type LocaleHref = string | { pathname: string; query?: Record<string, string | number | boolean | readonly (string | number | boolean)[]> };

/**
 * The URL of an internal path in a locale, as next-intl's navigation writes it for our routing
 * (prefix "as-needed"): the default locale without a prefix unless `forcePrefix`, the others with
 * `/<locale>`, and no trailing slash after the prefix (`/en`, `/en?login`). External and relative
 * hrefs are returned as they are.
 */
export function localizePath(path: string, locale: Locale | string, forcePrefix?: boolean): string {
  if (/^[a-z]+:/i.test(path) || !path.startsWith('/')) return path;
  if (!(forcePrefix ?? locale !== DEFAULT_LOCALE)) return path;
  return `/${locale}${/^\/(\?.*)?$/.test(path) ? path.slice(1) : path}`;
}

/** A storefront path in a locale: what `getPathname` and the redirects take. */
export interface PathArgs {
  href: LocaleHref;
  /** One of the routing's locales (a page's `params.locale`). */
  locale: Locale | string;
  /** Prefix the default locale too (a link that names its language). */
  forcePrefix?: boolean;
}

/** The URL of a storefront path in a locale (`/en/product/list?sk=…`), as next-intl's `getPathname` writes it. */
export function getPathname({ href, locale, forcePrefix }: PathArgs): string {
  return localizePath(hrefToString(href), locale, forcePrefix);
}

/** A path with its query as one string (arrays repeat the key). */
export function hrefToString(href: LocaleHref): string {
  if (typeof href === 'string') return href;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(href.query ?? {})) {
    if (Array.isArray(value)) for (const item of value as readonly unknown[]) params.append(key, String(item));
    else params.set(key, String(value));
  }
  return href.query ? `${href.pathname}?${params.toString()}` : href.pathname;
}

/** The path of the page without its locale prefix (`/en/product/list` → `/product/list`). */
export function unprefixPath(pathname: string, locale: Locale): string {
  const prefix = `/${locale}`;
  if (pathname === prefix) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
}

/**
 * Remembers the chosen language in the cookie the API reads it from (the client-side router may
 * show a cached page without asking the server, which would otherwise set it).
 */
export function rememberLocale(from: Locale, to: Locale): void {
  if (from === to) return;
  document.cookie = `${LOCALE_COOKIE.name}=${to};max-age=${LOCALE_COOKIE.maxAge};sameSite=${LOCALE_COOKIE.sameSite};path=/;`;
}
