import 'server-only';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { GUEST, loadActor } from '@/server/auth/actor';
import { SESSION_COOKIE, extractToken } from '@/server/auth/token';
import type { AppEnv } from '../context';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the actor from the token (Authorization, x-token or the session cookie).
 * A state change authenticated by cookie must come from our own origin (CSRF).
 */
export function authenticate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const found = extractToken({
      authorization: c.req.header('authorization'),
      xToken: c.req.header('x-token'),
      cookie: getCookie(c, SESSION_COOKIE),
    });
    if (found?.via === 'cookie' && !SAFE_METHODS.has(c.req.method) && !isSameOrigin(c.req.header('origin'), c.req.header('sec-fetch-site'), c.req.url, c.req.header('host'))) {
      throw new AppError(403, 'crossOrigin');
    }
    c.set('session', found);
    c.set('actor', found ? await loadActor(c.get('db'), found.token) : GUEST);
    await next();
  };
}

function isSameOrigin(origin: string | undefined, fetchSite: string | undefined, url: string, host: string | undefined): boolean {
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  if (!origin) return true;
  try {
    const o = new URL(origin);
    return o.host === (host ?? new URL(url).host);
  } catch {
    return false;
  }
}
