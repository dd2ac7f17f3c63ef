import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { minimumIdSchema, minimumSetSchema, minimumsPageSchema, minimumsQuerySchema, reorderResultSchema, reorderSchema } from '@/contracts/inventory-alerts';
import { clientInfo } from '@/server/http/cookies';
import { AppError } from '@/server/errors';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { listMinimums, removeMinimum, setMinimum } from './minimums';
import { reorderContainer } from './reorder';
import type { ShelfUser } from './rules';

/**
 * Minimum stock per substance and reorder from a container (ADR 0091). Who may do what is `rules.ts`; the
 * company is in every query, and another company's minimum or container answers 404.
 */
export const inventoryMinimumsAppRouter = createRouter('/api/app/inventory/minimums');
export const inventoryReorderAppRouter = createRouter('/api/app/inventory/containers');

const tags = ['inventory'];

function userOf(c: Context<AppEnv>): ShelfUser {
  const actor = c.get('actor');
  if (actor.kind !== 'user') throw new AppError(401);
  return { userId: actor.userId, companyId: actor.companyId, permissions: actor.permissions };
}

// GET /api/app/inventory/minimums — the company's minimums with the in-use stock against each
inventoryMinimumsAppRouter.endpoint(
  { method: 'get', path: '', tags, summary: 'Minimum stock per substance, with the in-use containers’ stock against each', input: minimumsQuerySchema, output: minimumsPageSchema, audience: 'user', permissions: ['INVENTORY.VIEW'] },
  async (input, c) => listMinimums(c.get('db'), userOf(c), input, c.get('lang')),
);

// POST /api/app/inventory/minimums — set (create or replace) the minimum of a substance or product
inventoryMinimumsAppRouter.endpoint(
  { method: 'post', path: '', tags, summary: 'Set the minimum stock of a substance (or of a product without one)', input: minimumSetSchema, output: z.object({ id: z.number().int() }), audience: 'user', permissions: ['INVENTORY.EDIT'] },
  async (input, c) => ({ id: await setMinimum(c.get('db'), userOf(c), auditActorOf(c.get('actor'), clientInfo(c).ip), input) }),
);

// POST /api/app/inventory/minimums/:id/delete — remove a minimum
inventoryMinimumsAppRouter.endpoint(
  { method: 'post', path: '/:id/delete', tags, summary: 'Remove a minimum stock', input: minimumIdSchema, output: z.object({ ok: z.boolean() }), audience: 'user', permissions: ['INVENTORY.EDIT'] },
  async (input, c) => {
    await removeMinimum(c.get('db'), userOf(c), auditActorOf(c.get('actor'), clientInfo(c).ip), input.id);
    return { ok: true };
  },
);

// POST /api/app/inventory/containers/:id/reorder — the container's best pack into the cart or a requisition list
inventoryReorderAppRouter.endpoint(
  { method: 'post', path: '/:id/reorder', tags, summary: 'Reorder a container: its pack, or the best pack of its substance at the buyer’s price, into the cart or a list', input: reorderSchema, output: reorderResultSchema, audience: 'user', permissions: ['SALE.CREATE', 'INVENTORY.VIEW'] },
  async (input, c) => reorderContainer(c.get('db'), userOf(c), input),
);
