import type { Metadata } from 'next';
import { parseIdText } from './id-text';

/** The three language variants of a page (docs/requirements/storefront.md#languages): no prefix (zh-CN, default), /zh and /en. */
export const VARIANTS = [
  { locale: 'zh-CN', prefix: '', hreflang: 'zh-CN' },
  { locale: 'zh', prefix: '/zh', hreflang: 'zh' },
  { locale: 'en', prefix: '/en', hreflang: 'en-US' },
] as const;

/** The public origin of the site, for absolute URLs (canonical, sitemap, JSON-LD). */
export function siteUrl(): string {
  const configured = process.env.SITE_URL?.replace(/\/+$/, '');
  return configured || `http://localhost:${process.env.PORT ?? '3000'}`;
}

/** The path of a page in one variant: `/news/list?typeId=2` → `/en/news/list?typeId=2`. */
export function localisedPath(locale: string, path: string): string {
  const prefix = VARIANTS.find((v) => v.locale === locale)?.prefix ?? '';
  if (path === '/' || path === '') return prefix || '/';
  return `${prefix}${path}`;
}

function withQuery(path: string, query?: Record<string, string | number | undefined>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Title, description, the canonical URL of this variant and hreflang alternates for all three
 * (x-default is the unprefixed Chinese page). Query parameters that select content are kept.
 */
export function pageMetadata(params: {
  locale: string;
  path: string;
  query?: Record<string, string | number | undefined>;
  title: string;
  description: string;
  type?: 'website' | 'article';
  noIndex?: boolean;
}): Metadata {
  const base = siteUrl();
  const path = withQuery(params.path, params.query);
  const languages: Record<string, string> = {};
  for (const v of VARIANTS) languages[v.hreflang] = `${base}${localisedPath(v.locale, path)}`;
  languages['x-default'] = `${base}${localisedPath('zh-CN', path)}`;
  const canonical = `${base}${localisedPath(params.locale, path)}`;
  return {
    title: params.title,
    description: params.description.slice(0, 160),
    alternates: { canonical, languages },
    openGraph: { title: params.title, description: params.description.slice(0, 200), url: canonical, type: params.type ?? 'website' },
    ...(params.noIndex ? { robots: { index: false, follow: true } } : {}),
  };
}

/** A JSON-LD script body; `<` is escaped so the text can never close the script element. */
export function jsonLd(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** Reads a positive integer query parameter by the rule of ids (no leading zero); anything else is undefined. */
export function positiveInt(value: string | string[] | undefined): number | undefined {
  return parseIdText(Array.isArray(value) ? value[0] : value);
}

export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
