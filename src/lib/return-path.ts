/**
 * The return address of a sign-in (`/admin/login?redirect=…`, `/?login&redirect=…`): where a member whose
 * session ended goes back to once signed in again — the same page, with its query (a view's filters and page, the tab's
 * address). Only a path of this site inside the area that asked for it is accepted, so that a link to
 * the sign-in can never send anyone elsewhere (no open redirect): anything else gives null, and the
 * sign-in goes to its default page.
 */

/**
 * The request header in which the proxy hands the page's own address (path and query, as the browser
 * shows it) to the page guards, which have no other way to know it. The proxy always overwrites it.
 */
export const PAGE_PATH_HEADER = 'x-page-path';

/**
 * The areas a return address may lead into, each a path under an optional language prefix: the
 * back-office, and the account area (the signed-in paths of docs/requirements/account.md#route-guard).
 */
const AREAS = {
  admin: /^(?:\/(?:zh|en))?\/admin(?:\/|$)/,
  account: /^(?:\/(?:zh|en))?\/(?:sys|order|profile|account)(?:\/|$)/,
} as const;

export type ReturnArea = keyof typeof AREAS;

/** The sign-in pages themselves are never a place to return to. */
const SIGN_IN = /^(?:\/(?:zh|en))?\/admin\/login(?:\/|$)/;

const MAX_LENGTH = 2000;
const BASE = 'http://return.invalid';

/**
 * The return address as a normalised same-site path and query (no fragment), or null when it is none:
 * not a string, too long, not starting with a single `/`, holding a backslash or a control character
 * (the URL parser would drop or reinterpret them), or leading outside `area` once resolved.
 */
export function safeReturnPath(value: unknown, area: ReturnArea): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Backslashes count as slashes and tabs and newlines vanish when a browser parses a URL.
  if (/[\\\s\p{Cc}]/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // Encoded slashes or dots could mean another path to a server that decodes them.
  if (/%2f|%5c|%2e/i.test(url.pathname)) return null;
  if (!AREAS[area].test(url.pathname) || SIGN_IN.test(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}

/** The address of the page on screen, as the return address of a sign-in. */
export function currentReturnPath(location: { pathname: string; search: string }, area: ReturnArea): string | null {
  return safeReturnPath(`${location.pathname}${location.search}`, area);
}

/**
 * Where a sign-in leads: the account page the route guard sent the visitor from (`redirect`, only a signed-in
 * path of this site), else the page itself without its `login` flag.
 */
export function afterSignIn(href: string): string {
  const url = new URL(href);
  const back = safeReturnPath(url.searchParams.get('redirect'), 'account');
  if (back) return new URL(back, url.origin).toString();
  url.searchParams.delete('login');
  url.searchParams.delete('redirect');
  return url.toString();
}
