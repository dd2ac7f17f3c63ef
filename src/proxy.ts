import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from './i18n/routing';
import { newNonce, pageContentSecurityPolicy } from './lib/content-security-policy';
import { PAGE_PATH_HEADER } from './lib/return-path';

const intl = createMiddleware(routing);

/** The English-site address (web setting type 1), refreshed at most once a minute. */
let englishSite: { host: string | null; fetchedAt: number } = { host: null, fetchedAt: 0 };

async function englishSiteHost(): Promise<string | null> {
  if (Date.now() - englishSite.fetchedAt < 60_000) return englishSite.host;
  englishSite = { host: englishSite.host, fetchedAt: Date.now() };
  try {
    const port = process.env.PORT ?? '3000';
    const res = await fetch(`http://127.0.0.1:${port}/api/web/settingCon/getPage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 100, offset: 1 }),
      signal: AbortSignal.timeout(2000),
    });
    const body = (await res.json()) as { data?: { type: number; content: string }[] };
    const site = body.data?.find((s) => s.type === 1)?.content ?? null;
    // Only a bare host names an English host; an address with a path names this site's /en pages.
    const bareHost = site && !/\/./.test(site.trim().replace(/^https?:\/\//i, ''));
    englishSite = { host: bareHost ? site.replace(/^https?:\/\//i, '').replace(/[/:].*$/, '').toLowerCase() : null, fetchedAt: Date.now() };
  } catch (error) {
    console.error(JSON.stringify({ level: 'warn', event: 'proxy.settings_unavailable', error: String(error) }));
  }
  return englishSite.host;
}

function hasLocalePrefix(pathname: string): boolean {
  return routing.locales.some((l) => l !== routing.defaultLocale && (pathname === `/${l}` || pathname.startsWith(`/${l}/`)));
}

/**
 * Locale negotiation only (never authorisation): next-intl's prefixes, and on the English
 * site's host an unprefixed path is served in English (docs/requirements/storefront.md#languages). Every page also gets
 * its Content-Security-Policy with a fresh nonce (ADR 0028): set on the request, Next.js puts the
 * nonce on its scripts; set on the response, the browser enforces it. The page's own address goes
 * along too, as the return address of a sign-in the page guards may send the visitor to (ADR 0063).
 */
export default async function proxy(request: NextRequest) {
  const policy = pageContentSecurityPolicy({ nonce: newNonce(), dev: process.env.NODE_ENV === 'development' });
  request.headers.set('content-security-policy', policy);
  request.headers.set(PAGE_PATH_HEADER, pagePath(request));
  const response = await negotiate(request);
  response.headers.set('content-security-policy', policy);
  return response;
}

/** The address the browser shows, without Next.js's own cache-busting parameter of a client navigation. */
function pagePath(request: NextRequest): string {
  const params = new URLSearchParams(request.nextUrl.search);
  params.delete('_rsc');
  const query = params.toString();
  return `${request.nextUrl.pathname}${query ? `?${query}` : ''}`;
}

async function negotiate(request: NextRequest): Promise<NextResponse> {
  const { pathname } = request.nextUrl;
  if (!hasLocalePrefix(pathname)) {
    const host = (request.headers.get('host') ?? '').split(':')[0]?.toLowerCase() ?? '';
    const english = await englishSiteHost();
    if (english && host === english) {
      // Served in place (no redirect). Layouts and pages set their locale from the path; the
      // header tells next-intl's request config the same for components without params.
      const url = request.nextUrl.clone();
      url.pathname = `/en${pathname === '/' ? '' : pathname}`;
      const headers = new Headers(request.headers);
      headers.set('X-NEXT-INTL-LOCALE', 'en');
      return NextResponse.rewrite(url, { request: { headers } });
    }
  }
  return intl(request);
}

export const config = {
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)'],
};
