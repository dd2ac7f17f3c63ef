/**
 * The one rule for a link staff save and the site renders as an `href` (web settings, banners,
 * partners): an absolute http(s) URL with a host, or a path of this site starting with exactly one
 * `/`. Browsers read `//host` and `/\host` as another site, so a path never starts with either;
 * backslashes, white space and control characters are refused anywhere (browsers drop or rewrite
 * them), as are credentials in an absolute URL (`https://shop.example.com@evil.example`).
 */
export type LinkUrlKind = 'absolute' | 'path';

/** The longest link accepted. */
export const LINK_URL_MAX = 2000;

const UNSAFE_CHARACTER = /[\s\\\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/;
const ORIGIN_PROBE = 'http://site.invalid';

/** What a link is under the rule: `absolute`, `path`, or null when it fails it. */
export function linkUrlKind(value: string): LinkUrlKind | null {
  if (value === '' || value.length > LINK_URL_MAX || UNSAFE_CHARACTER.test(value)) return null;
  if (value.startsWith('/')) {
    if (value.startsWith('//')) return null;
    try {
      // A path must stay on this site whatever the parser makes of it.
      return new URL(value, ORIGIN_PROBE).origin === ORIGIN_PROBE ? 'path' : null;
    } catch {
      return null;
    }
  }
  if (!/^https?:\/\/[^/]/i.test(value)) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
    return 'absolute';
  } catch {
    return null;
  }
}

/** Whether a link passes the rule (see `linkUrlKind`). */
export function isLinkUrl(value: string): boolean {
  return linkUrlKind(value) !== null;
}

/**
 * The `href` of a web-setting address as the storefront renders it, or null when it fails the rule
 * (a stored value may predate it): a path or an absolute URL as it is; a bare host written before
 * addresses needed a scheme (`en.example.com`) as `https://` that host.
 */
export function settingHref(address: string | null | undefined): string | null {
  const value = (address ?? '').trim();
  if (value === '') return null;
  if (isLinkUrl(value)) return value;
  if (/^[a-z0-9.-]+(?::\d+)?$/i.test(value) && value.includes('.')) {
    const href = `https://${value}`;
    return linkUrlKind(href) === 'absolute' ? href : null;
  }
  return null;
}
