import { LOCALES, DEFAULT_LOCALE } from '@/i18n/locales';
import { settingHref } from './link-url';

/**
 * The language rule of docs/requirements/storefront.md#languages, in one place for the proxy (which serves the
 * page) and the browser (which stores the choice under `lang`): a page is English when its address lies
 * within the English-site address (web setting type 1), otherwise `cn`. No redirect ever follows from it.
 */
export type SiteLanguage = 'en' | 'cn';

/** The browser-storage key of the chosen language. */
export const LANG_STORAGE_KEY = 'lang';

export interface LanguageDecision {
  lang: SiteLanguage;
  /**
   * The path the English page is rendered from (`/en/...`) when the English-site address, not the page's
   * own `/en` prefix, made the page English; null when the page is served as addressed.
   */
  rewrite: string | null;
}

/** The English site as a host (null for a path of this site, which any host serves) and a path prefix without a trailing `/`. */
interface EnglishSite {
  hostname: string | null;
  path: string;
}

/**
 * Web setting 1 under the settings' URL rule (`settingHref`: an absolute http(s) URL, a path of this site,
 * or a bare host saved before addresses needed a scheme); null when empty or failing the rule.
 */
function englishSiteOf(setting: string | null | undefined): EnglishSite | null {
  const href = settingHref(setting);
  if (href === null) return null;
  const url = new URL(href, 'http://site.invalid');
  return {
    hostname: href.startsWith('/') ? null : url.hostname.toLowerCase(),
    path: url.pathname.replace(/\/+$/, ''),
  };
}

/** The page's locale prefix (`zh`, `en`), or null for the unprefixed default (`cn`). */
function prefixOf(pathname: string): string | null {
  const first = pathname.split('/')[1] ?? '';
  return LOCALES.some((l) => l !== DEFAULT_LOCALE && l === first) ? first : null;
}

/**
 * The language of a page address. The page's own prefix comes first (ADR 0002: `/en/...` is English and
 * `/zh/...` Chinese, whatever the setting). An unprefixed address is English when it lies within the
 * English-site address: the same host (port and scheme aside, since a proxy in front may change them) when the
 * setting is absolute, and a path that is the setting's path or continues it after a `/` (a bare substring
 * test would make `/product/enzymes` English for `/en`). The English page is then rendered from `/en` plus
 * the rest of the path (`https://en.example.com/product/list` → `/en/product/list`).
 */
export function decideLanguage(setting: string | null | undefined, address: URL): LanguageDecision {
  const prefix = prefixOf(address.pathname);
  if (prefix !== null) return { lang: prefix === 'en' ? 'en' : 'cn', rewrite: null };
  const site = englishSiteOf(setting);
  if (site === null) return { lang: 'cn', rewrite: null };
  if (site.hostname !== null && site.hostname !== address.hostname.toLowerCase()) return { lang: 'cn', rewrite: null };
  const path = address.pathname;
  if (site.path !== '' && path !== site.path && !path.startsWith(`${site.path}/`)) return { lang: 'cn', rewrite: null };
  const rest = path.slice(site.path.length).replace(/\/+$/, '');
  return { lang: 'en', rewrite: `/en${rest.startsWith('/') ? rest : `/${rest}`}`.replace(/\/$/, '') };
}

/** Stores the language under `lang`; storage that is missing or refuses (private mode, quota) changes nothing. */
export function rememberLanguage(storage: Pick<Storage, 'getItem' | 'setItem'> | null, lang: SiteLanguage): void {
  try {
    if (storage && storage.getItem(LANG_STORAGE_KEY) !== lang) storage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // The language still follows from the address; only the stored copy is missing.
  }
}

