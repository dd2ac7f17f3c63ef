import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from './i18n/routing';
import { newNonce, pageContentSecurityPolicy } from './lib/content-security-policy';
import { PAGE_PATH_HEADER } from './lib/return-path';
import { decideLanguage } from './lib/site-language';

const intl = createMiddleware(routing);

/** The English-site address (web setting type 1) as saved, refreshed at most once a minute. */
let englishSite: { setting: string | null; fetchedAt: number } = { setting: null, fetchedAt: 0 };

async function englishSiteSetting(): Promise<string | null> {
  if (Date.now() - englishSite.fetchedAt < 60_000) return englishSite.setting;
  englishSite = { setting: englishSite.setting, fetchedAt: Date.now() };
  try {
    const port = process.env.PORT ?? '3000';
    const res = await fetch(`http://127.0.0.1:${port}/api/web/settingCon/getPage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 100, offset: 1 }),
      signal: AbortSignal.timeout(2000),
    });
    const body = (await res.json()) as { data?: { type: number; content: string }[] };
    englishSite = { setting: body.data?.find((s) => s.type === 1)?.content ?? null, fetchedAt: Date.now() };
  } catch (error) {
    console.error(JSON.stringify({ level: 'warn', event: 'proxy.settings_unavailable', error: String(error) }));
  }
  return englishSite.setting;
}

/**
 * Locale negotiation only (never authorisation): next-intl's prefixes, and an unprefixed address within
 * the English-site address is served in English (`decideLanguage`, docs/requirements/storefront.md#languages). Every page also gets
 * its Content-Security-Policy with a fresh nonce (ADR 0028): set on the request, Next.js puts the
 * nonce on its scripts; set on the response, the browser enforces it. The page's own address goes
 * along too, as the return address of a sign-in the page guards may send the visitor to (ADR 0064).
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
  const { pathname, search } = request.nextUrl;
  // The address as the visitor typed it: the Host header names the host (the proxy's own URL may not).
  const host = request.headers.get('host') ?? request.nextUrl.host;
  let address: URL;
  try {
    address = new URL(`${pathname}${search}`, `http://${host}`);
  } catch {
    return intl(request);
  }
  const { rewrite } = decideLanguage(await englishSiteSetting(), address);
  if (rewrite !== null) {
    // Served in place (no redirect). Layouts and pages set their locale from the path; the
    // header tells next-intl's request config the same for components without params.
    const url = request.nextUrl.clone();
    url.pathname = rewrite;
    const headers = new Headers(request.headers);
    headers.set('X-NEXT-INTL-LOCALE', 'en');
    return NextResponse.rewrite(url, { request: { headers } });
  }
  return intl(request);
}

export const config = {
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)'],
};
