import 'server-only';
import { SESSION_COOKIE } from './sessions';

export interface TokenSource {
  authorization?: string | null;
  xToken?: string | null;
  cookie?: string | null;
}

/** The session token from `Authorization` (bare or Bearer), `x-token`, or the session cookie — in that order. */
export function extractToken(source: TokenSource): { token: string; via: 'cookie' | 'header' } | null {
  const auth = source.authorization?.trim();
  if (auth) {
    const token = /^bearer(\s|$)/i.test(auth) ? auth.slice(6).trim() : auth;
    if (token) return { token, via: 'header' };
  }
  const x = source.xToken?.trim();
  if (x) return { token: x, via: 'header' };
  const fromCookie = source.cookie?.trim();
  if (fromCookie) return { token: fromCookie, via: 'cookie' };
  return null;
}

export { SESSION_COOKIE };
