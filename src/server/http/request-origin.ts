import 'server-only';
import type { Context } from 'hono';
import { configuredProxyTrust, isTrustedProxyPeer } from '@/server/auth/client-address';
import type { AppEnv } from './context';

/**
 * The header in which scripts/serve.mjs tells the scheme of the connection it took (it always sets it,
 * replacing whatever a client sent). Next.js builds the request URL's scheme from X-Forwarded-Proto,
 * whoever sent that, so the URL alone is not to be believed.
 */
export const CONNECTION_SCHEME_HEADER = 'x-reagent-scheme';

const schemeOf = (value: string | undefined): 'http' | 'https' | null => {
  const text = value?.trim().toLowerCase();
  return text === 'https' || text === 'http' ? text : null;
};

/**
 * The scheme the browser used: https when COOKIE_SECURE=1 (TLS ends at a proxy); what X-Forwarded-Proto
 * says when the direct peer is a proxy TRUST_PROXY believes (the entry that proxy wrote, the last);
 * otherwise the connection's own (from scripts/serve.mjs, else the request URL's, as in tests).
 */
export function requestScheme(c: Context<AppEnv>): 'http' | 'https' {
  if (process.env.COOKIE_SECURE === '1') return 'https';
  if (isTrustedProxyPeer(c.req.header('x-forwarded-for'), configuredProxyTrust())) {
    const forwarded = schemeOf(c.req.header('x-forwarded-proto')?.split(',').at(-1));
    if (forwarded) return forwarded;
  }
  const connection = schemeOf(c.req.header(CONNECTION_SCHEME_HEADER));
  if (connection) return connection;
  return new URL(c.req.url).protocol === 'https:' ? 'https' : 'http';
}

/** This site's origin as the browser sees it: scheme, host and port (`http://localhost:3000`). */
export function siteOrigin(c: Context<AppEnv>): string {
  const host = (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
  return `${requestScheme(c)}://${host}`;
}

/** What a request's browser headers say about where it was sent from. */
export type OriginVerdict = 'same' | 'cross' | 'unknown';

export interface OriginHeaders {
  origin?: string | null;
  referer?: string | null;
  secFetchSite?: string | null;
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? `${parsed.protocol}//${parsed.host}`.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * `same` when a browser header names this site (Sec-Fetch-Site `same-origin`, or an Origin or
 * Referer of exactly this scheme, host and port), `cross` when any of them names another site
 * (`Origin: null` included), `unknown` when none is sent (scripts and API clients).
 */
export function originVerdict(headers: OriginHeaders, site: string): OriginVerdict {
  const verdicts: OriginVerdict[] = [];
  const fetchSite = headers.secFetchSite?.trim().toLowerCase();
  if (fetchSite === 'same-origin') verdicts.push('same');
  else if (fetchSite === 'same-site' || fetchSite === 'cross-site') verdicts.push('cross');
  if (headers.origin !== undefined && headers.origin !== null) verdicts.push(originOf(headers.origin) === site ? 'same' : 'cross');
  else if (headers.referer) verdicts.push(originOf(headers.referer) === site ? 'same' : 'cross');
  if (verdicts.includes('cross')) return 'cross';
  return verdicts.includes('same') ? 'same' : 'unknown';
}

export function requestOriginVerdict(c: Context<AppEnv>): OriginVerdict {
  return originVerdict(
    { origin: c.req.header('origin'), referer: c.req.header('referer'), secFetchSite: c.req.header('sec-fetch-site') },
    siteOrigin(c),
  );
}
