import 'server-only';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { configuredProxyTrust, resolveClientAddress } from '@/server/auth/client-address';
import { SESSION_COOKIE } from '@/server/auth/sessions';
import type { AppEnv } from './context';
import { requestScheme } from './request-origin';

/** Secure behind TLS: the request is https, or a trusted proxy said so (`requestScheme`). */
export function isSecure(c: Context<AppEnv>): boolean {
  return requestScheme(c) === 'https';
}

export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: 'Lax', secure: isSecure(c), path: '/', expires: expiresAt });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isSecure(c) });
}

/**
 * The client's address and user agent. The address comes from X-Forwarded-For as far as
 * TRUST_PROXY allows (src/server/auth/client-address.ts); its last entry is the TCP peer,
 * appended by scripts/serve.mjs.
 */
export function clientInfo(c: Context<AppEnv>): { ip: string; userAgent: string } {
  const ip = resolveClientAddress(c.req.header('x-forwarded-for'), configuredProxyTrust());
  return { ip: ip.slice(0, 64), userAgent: c.req.header('user-agent') ?? '' };
}
