import 'server-only';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '@/server/auth/sessions';
import type { AppEnv } from './context';

/** Secure behind TLS: the request is https, or a trusted proxy said so (COOKIE_SECURE=1). */
function isSecure(c: Context<AppEnv>): boolean {
  return process.env.COOKIE_SECURE === '1' || new URL(c.req.url).protocol === 'https:';
}

export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: 'Lax', secure: isSecure(c), path: '/', expires: expiresAt });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isSecure(c) });
}

/** Client address headers are believed only when a trusted proxy in front sets them (TRUST_PROXY=1). */
export function clientInfo(c: Context<AppEnv>): { ip: string; userAgent: string } {
  const trusted = process.env.TRUST_PROXY === '1';
  const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
  const ip = trusted ? (c.req.header('x-real-ip') ?? forwarded ?? '') : '';
  return { ip: ip.slice(0, 64), userAgent: c.req.header('user-agent') ?? '' };
}
