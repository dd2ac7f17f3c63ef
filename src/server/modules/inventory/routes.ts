import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  containerAddSchema, containerCorrectSchema, containerDetailSchema, containerDisposeSchema, containerEditSchema, containerIdSchema, containerMoveSchema,
  containerPageSchema, containerUseSchema, inventoryChoicesSchema, inventoryListSchema, ledgerInputSchema, ledgerPageSchema, locationAddSchema,
  locationIdSchema, locationMoveSchema, locationRenameSchema, locationTreeSchema,
} from '@/contracts/inventory';
import type { Permission } from '@/server/auth/permissions';
import { AppError } from '@/server/errors';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { addContainer, correctContainer, disposeContainer, editContainer, moveContainer, useContainer, type InventoryActor } from './containers';
import { addLocation, deleteLocation, listLocations, renameLocation, reorderLocation } from './locations';
import { inventoryChoices, ledgerPage, listContainers, readContainer } from './queries';

/**
 * The lab's shelf (库存, ADR 0089): the company's containers, their ledger and locations. Who may do what
 * is `inventoryDecision` (rules.ts), asked by every call; every query is scoped by the company, so another
 * company's container or location answers 404.
 */
export const inventoryAppRouter = createRouter('/api/app/inventory');

const tags = ['inventory'];
const VIEW: Permission[] = ['INVENTORY.VIEW'];
const EDIT: Permission[] = ['INVENTORY.VIEW', 'INVENTORY.EDIT'];
const ok = z.object({ ok: z.boolean() });

function actorOf(c: Context<AppEnv>): InventoryActor {
  const actor = c.get('actor');
  if (actor.kind !== 'user') throw new AppError(401);
  return { userId: actor.userId, companyId: actor.companyId, name: actor.name, permissions: actor.permissions, audit: auditActorOf(actor, clientInfo(c).ip) };
}

// GET /api/app/inventory — one page of the company's containers, filtered, searched and sorted
inventoryAppRouter.endpoint(
  { method: 'get', path: '', tags, summary: 'The company’s containers: filters (location subtree, owner, department, state, hazard, expiry), search, sort, numbered pages', input: inventoryListSchema, output: containerPageSchema, audience: 'user', permissions: VIEW },
  async (input, c) => listContainers(c.get('db'), actorOf(c), input, c.get('lang')),
);

// GET /api/app/inventory/choices — the company's users and departments for the filters and the edit dialog
inventoryAppRouter.endpoint(
  { method: 'get', path: '/choices', tags, summary: 'The company’s users and departments (owners of containers)', output: inventoryChoicesSchema, audience: 'user', permissions: VIEW },
  async (_input, c) => inventoryChoices(c.get('db'), actorOf(c)),
);

// GET /api/app/inventory/locations — the location tree, flat in tree order
inventoryAppRouter.endpoint(
  { method: 'get', path: '/locations', tags, summary: 'The company’s locations (buildings, rooms, cabinets) in tree order, with their containers', output: locationTreeSchema, audience: 'user', permissions: VIEW },
  async (_input, c) => ({ list: await listLocations(c.get('db'), actorOf(c)) }),
);

// POST /api/app/inventory/locations — a building, or a room or cabinet under its parent
inventoryAppRouter.endpoint(
  { method: 'post', path: '/locations', tags, summary: 'Add a location: a building, a room in a building or a cabinet in a room', input: locationAddSchema, output: locationTreeSchema, audience: 'user', permissions: EDIT },
  async (input, c) => {
    const me = actorOf(c);
    await addLocation(c.get('db'), me, me.audit, input);
    return { list: await listLocations(c.get('db'), me) };
  },
);

// POST /api/app/inventory/locations/:id/rename
inventoryAppRouter.endpoint(
  { method: 'post', path: '/locations/:id/rename', tags, summary: 'Rename a location', input: locationRenameSchema, output: locationTreeSchema, audience: 'user', permissions: EDIT },
  async (input, c) => {
    const me = actorOf(c);
    await renameLocation(c.get('db'), me, me.audit, input);
    return { list: await listLocations(c.get('db'), me) };
  },
);

// POST /api/app/inventory/locations/:id/reorder — one place up or down among its siblings
inventoryAppRouter.endpoint(
  { method: 'post', path: '/locations/:id/reorder', tags, summary: 'Move a location up or down among its siblings', input: locationMoveSchema, output: locationTreeSchema, audience: 'user', permissions: EDIT },
  async (input, c) => {
    const me = actorOf(c);
    await reorderLocation(c.get('db'), me, me.audit, input);
    return { list: await listLocations(c.get('db'), me) };
  },
);

// POST /api/app/inventory/locations/:id/delete — only an empty location without children
inventoryAppRouter.endpoint(
  { method: 'post', path: '/locations/:id/delete', tags, summary: 'Delete a location that holds no container and no other location', input: locationIdSchema, output: ok, audience: 'user', permissions: EDIT },
  async (input, c) => {
    const me = actorOf(c);
    await deleteLocation(c.get('db'), me, me.audit, input.id);
    return { ok: true };
  },
);

// POST /api/app/inventory — a container added by hand (a catalogue pack, or free text)
inventoryAppRouter.endpoint(
  { method: 'post', path: '', tags, summary: 'Add a container by hand: a pack of the catalogue, or a name, CAS, amount and unit', input: containerAddSchema, output: containerDetailSchema, audience: 'user', permissions: EDIT },
  async (input, c) => {
    const me = actorOf(c);
    const id = await addContainer(c.get('db'), me, input);
    return readContainer(c.get('db'), me, id, c.get('lang'));
  },
);

// GET /api/app/inventory/:id — a container with its ledger's first page, COA and order
inventoryAppRouter.endpoint(
  { method: 'get', path: '/:id', tags, summary: 'A container with the first page of its ledger, its lot’s COA, its order and its location', input: containerIdSchema, output: containerDetailSchema, audience: 'user', permissions: VIEW },
  async (input, c) => readContainer(c.get('db'), actorOf(c), input.id, c.get('lang')),
);

// GET /api/app/inventory/:id/ledger — a page of the ledger, newest first
inventoryAppRouter.endpoint(
  { method: 'get', path: '/:id/ledger', tags, summary: 'A page of a container’s ledger, newest first', input: ledgerInputSchema, output: ledgerPageSchema, audience: 'user', permissions: VIEW },
  async (input, c) => ledgerPage(c.get('db'), actorOf(c), input),
);

const change = <S extends z.ZodType<{ id: number }>>(path: string, summary: string, input: S, run: (c: Context<AppEnv>, me: InventoryActor, input: z.infer<S>) => Promise<void>) => {
  inventoryAppRouter.endpoint(
    { method: 'post', path: `/:id/${path}`, tags, summary, input, output: containerDetailSchema, audience: 'user', permissions: EDIT },
    async (parsed, c) => {
      const me = actorOf(c);
      await run(c, me, parsed as z.infer<S>);
      return readContainer(c.get('db'), me, (parsed as { id: number }).id, c.get('lang'));
    },
  );
};

// POST /api/app/inventory/:id/edit — owner, department, expiry and retest days, note
change('edit', 'Change a container’s owner, department, expiry or retest day, or note', containerEditSchema, (c, me, input) => editContainer(c.get('db'), me, input));
// POST /api/app/inventory/:id/use — take an amount (controlled: INVENTORY.CONTROLLED)
change('use', 'Take an amount out of a container, with its purpose and day (a controlled chemical needs INVENTORY.CONTROLLED)', containerUseSchema, (c, me, input) => useContainer(c.get('db'), me, input));
// POST /api/app/inventory/:id/move — another location, or none
change('move', 'Move a container to another location (a controlled chemical needs INVENTORY.CONTROLLED)', containerMoveSchema, (c, me, input) => moveContainer(c.get('db'), me, input));
// POST /api/app/inventory/:id/dispose — dispose of it with what is left
change('dispose', 'Dispose of a container with what is left in it (a controlled chemical needs INVENTORY.CONTROLLED)', containerDisposeSchema, (c, me, input) => disposeContainer(c.get('db'), me, input));
// POST /api/app/inventory/:id/correct — a correction row pointing at a ledger row
change('correct', 'Correct a ledger row: a new row pointing at it changes the balance (a controlled chemical needs INVENTORY.CONTROLLED)', containerCorrectSchema, (c, me, input) => correctContainer(c.get('db'), me, input));
