import 'server-only';
import type { MiddlewareHandler } from 'hono';
import { PERMISSION_REGISTRY, type Permission } from '@/server/auth/permissions';
import { sessionNeedsRenewal } from '@/server/auth/sessions';
import type { AppEnv } from '../context';
import { AppError } from '@/server/errors';

/** public: anyone; user: a signed-in customer; staff: a signed-in staff member. */
export type Audience = 'public' | 'user' | 'staff';

/**
 * 401 when nobody (or the wrong kind of account) is signed in, 402 when the token is in its
 * last day and a renewal can extend it (the client renews it silently and repeats the call),
 * 403 when a permission is missing.
 */
export function requireAuth(audience: Audience, permissions: Permission[] = []): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (audience !== 'public') {
      const actor = c.get('actor');
      if (actor.kind !== audience) throw new AppError(401);
      if (sessionNeedsRenewal({ expiresAt: actor.sessionExpiresAt, hardEnd: actor.sessionHardEnd })) throw new AppError(402);
      const missing = permissions.filter((p) => !actor.permissions.includes(p));
      if (missing.length > 0) throw new AppError(403, 'forbidden', { missing });
    }
    await next();
  };
}

/**
 * A guard for routes written without `endpoint()`: the permissions' scope says whether a
 * customer user or a staff member must be signed in.
 */
export function requirePermission(...permissions: [Permission, ...Permission[]]): MiddlewareHandler<AppEnv> {
  const scope = PERMISSION_REGISTRY.find((p) => p.code === permissions[0])?.scope;
  return requireAuth(scope === 'company' ? 'user' : 'staff', permissions);
}
