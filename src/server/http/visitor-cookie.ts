import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from './context';
import { isSecure } from './cookies';

/** The first-party visitor id: random, opaque, kept 400 days (the most browsers allow); it identifies a browser, not a person. */
export const VISITOR_COOKIE = 'reagent_vid';
const VISITOR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 400;
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

export function isVisitorId(value: string | undefined | null): value is string {
  return typeof value === 'string' && VISITOR_ID.test(value);
}

/** The caller's visitor id from its cookie, or null when the browser has none (or a malformed one). */
export function readVisitorId(c: Context<AppEnv>): string | null {
  const value = getCookie(c, VISITOR_COOKIE);
  return isVisitorId(value) ? value : null;
}

/** The caller's visitor id; a new one is issued (and set as a cookie) when there is none. */
export function ensureVisitorId(c: Context<AppEnv>): string {
  const existing = readVisitorId(c);
  if (existing) return existing;
  const id = randomBytes(16).toString('base64url');
  setCookie(c, VISITOR_COOKIE, id, { httpOnly: true, sameSite: 'Lax', secure: isSecure(c), path: '/', maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS });
  return id;
}
