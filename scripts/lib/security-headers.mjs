// Headers of every response the HTTP server sends (scripts/serve.mjs), whatever answers it: pages,
// the API, built assets, the 404 of a path no route knows. Next.js and the API replace the
// Content-Security-Policy with their own (a nonce for pages, `default-src 'none'` for the API);
// this one covers the rest.

/** The policy of anything that sets none of its own: no inline script at all. */
export const BASELINE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** One year, subdomains included: sent only when the site is served over https. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers, as [name, value] pairs. `https`: the site is served over TLS (COOKIE_SECURE=1 says
 * a TLS-terminating proxy is in front), so browsers are told to use https only.
 * @param {{ https: boolean }} options
 * @returns {[string, string][]}
 */
export function baselineHeaders({ https }) {
  return [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['Content-Security-Policy', BASELINE_CSP],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ...(https ? [['Strict-Transport-Security', HSTS]] : []),
  ];
}

/** No page may use the camera, microphone, location or payments… */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';
/** …but the inventory's scan page reads label QR codes with this origin's camera (ADR 0090). */
export const SCAN_PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=()';

/** The scan page in each language variant (`/`, `/zh`, `/en`), with or without a trailing slash. */
const SCAN_PAGE = /^(\/(zh|en))?\/account\/inventory\/scan\/?$/;

/**
 * The Permissions-Policy of an answer by its path: the camera for the scan page only, none elsewhere.
 * @param {string} pathname
 */
export function permissionsPolicyFor(pathname) {
  return SCAN_PAGE.test(pathname) ? SCAN_PERMISSIONS_POLICY : PERMISSIONS_POLICY;
}

/** Paths never served, whatever a build or a folder holds: dot-files and source maps. */
export function isForbiddenPath(pathname) {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return /(^|\/)\.(?!well-known(\/|$))/.test(path) || /\.map$/i.test(path);
}
