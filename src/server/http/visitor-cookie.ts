import 'server-only';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { isVisitorId, newVisitorId, VISITOR_COOKIE, VISITOR_COOKIE_MAX_AGE_SECONDS } from '@/server/modules/tracking/visitor';
import type { AppEnv } from './context';
import { isSecure } from './cookies';

/** The caller's visitor id from its cookie, or null when the browser has none (or a malformed one). */
export function readVisitorId(c: Context<AppEnv>): string | null {
  const value = getCookie(c, VISITOR_COOKIE);
  return isVisitorId(value) ? value : null;
}

/** The caller's visitor id; a new one is issued (and set as a cookie) when there is none. */
export function ensureVisitorId(c: Context<AppEnv>): { id: string; isNew: boolean } {
  const existing = readVisitorId(c);
  if (existing) return { id: existing, isNew: false };
  const id = newVisitorId();
  setCookie(c, VISITOR_COOKIE, id, { httpOnly: true, sameSite: 'Lax', secure: isSecure(c), path: '/', maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS });
  return { id, isNew: true };
}
