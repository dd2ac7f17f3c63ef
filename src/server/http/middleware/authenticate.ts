import 'server-only';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { GUEST, loadActor } from '@/server/auth/actor';
import { SESSION_COOKIE, extractToken } from '@/server/auth/token';
import type { AppEnv } from '../context';
import { AppError } from '@/server/errors';
import { requestOriginVerdict } from '../request-origin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the actor from the token (Authorization, x-token or the session cookie).
 * CSRF: a state change authenticated by the cookie must show that it comes from this site
 * (Sec-Fetch-Site, Origin or Referer); one without a token (sign-in, registration, codes, likes)
 * is refused when a browser header names another site. Token clients are not browsers'
 * ambient credentials and pass.
 */
export function authenticate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const found = extractToken({
      authorization: c.req.header('authorization'),
      xToken: c.req.header('x-token'),
      cookie: getCookie(c, SESSION_COOKIE),
    });
    if (found?.via !== 'header' && !SAFE_METHODS.has(c.req.method)) {
      const verdict = requestOriginVerdict(c);
      if (verdict === 'cross' || (found?.via === 'cookie' && verdict !== 'same')) throw new AppError(403, 'crossOrigin');
    }
    c.set('session', found);
    c.set('actor', found ? await loadActor(c.get('db'), found.token) : GUEST);
    await next();
  };
}
