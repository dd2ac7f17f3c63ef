import 'server-only';
import { etag } from 'hono/etag';
import { visitorIslandsInputSchema, visitorIslandsSchema } from '@/contracts/visitor-islands';
import { createRouter } from '@/server/http/router';
import { loadVisitorIslands } from './service';

export const visitorIslandsWebRouter = createRouter('/api/web/islands');

// An unchanged answer is a 304 for the browser that already has it (the header's count after a reload).
visitorIslandsWebRouter.app.use('/visitor', etag());

// GET /api/web/islands/visitor — the per-visitor parts of a kept storefront page, in one call (ADR 0076)
visitorIslandsWebRouter.endpoint(
  {
    method: 'get', path: '/visitor', tags: ['storefront'], input: visitorIslandsInputSchema, output: visitorIslandsSchema,
    summary: 'The visitor\'s parts of a storefront page: account, cart count, per-product facts',
    description: 'Storefront pages are the same HTML for every visitor; this answer fills their islands. Cached per user by the browser only (private, revalidated each time, Vary: Cookie).',
  },
  async (input, c) => {
    // Per user: never in a shared cache; the browser keeps it and revalidates it with its ETag.
    c.header('cache-control', 'private, no-cache');
    c.header('vary', 'Cookie, Authorization');
    const actor = c.get('actor');
    const customer = actor.kind === 'user'
      ? { userId: actor.userId, companyId: actor.companyId, name: actor.name, companyName: actor.companyName, permissions: actor.permissions }
      : null;
    return loadVisitorIslands(c.get('db'), { customer, productIds: input.products ?? [] });
  },
);
