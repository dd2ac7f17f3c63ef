import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  listAddResultSchema, listAddSchema, listCopySchema, listCreateSchema, listDetailSchema, listExportInputSchema, listIdParamSchema, listIndexSchema,
  listLineSchema, listLinesInputSchema, listLinesRemoveSchema, listLineUpdateSchema, listSummarySchema, listToCartResultSchema, listToCartSchema, listUpdateSchema,
} from '@/contracts/requisition-lists';
import { AppError } from '@/server/errors';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { xlsxExport } from '@/server/modules/exports/xlsx-routes';
import { exportList } from './export';
import { addLines, readList, removeLines, updateLine } from './lines';
import { copyList, createList, deleteList, listLists, updateList } from './lists';
import type { ListUser } from './rules';
import { addListToCart } from './to-cart';

/**
 * Requisition lists (采购清单, ADR 0085): any signed-in customer keeps lists; who may see and change one is
 * `mayEditList` (rules.ts), with the company in every query. Another company's list answers 404.
 */
export const listsAppRouter = createRouter('/api/app/lists');

const tags = ['lists'];

function userOf(c: Context<AppEnv>): ListUser {
  const actor = c.get('actor');
  if (actor.kind !== 'user') throw new AppError(401);
  return { userId: actor.userId, companyId: actor.companyId, permissions: actor.permissions };
}

// GET /api/app/lists — the caller's own lists and the company's shared lists, with their line counts
listsAppRouter.endpoint(
  { method: 'get', path: '', tags, summary: 'My requisition lists and the company’s shared ones, with line counts', output: listIndexSchema, audience: 'user' },
  async (_input, c) => ({ items: await listLists(c.get('db'), userOf(c)) }),
);

// POST /api/app/lists — a new empty list
listsAppRouter.endpoint(
  { method: 'post', path: '', tags, summary: 'Create a requisition list (private or shared with the company)', input: listCreateSchema, output: listSummarySchema, audience: 'user' },
  async (input, c) => createList(c.get('db'), userOf(c), input),
);

// GET /api/app/lists/:id — one list with a page of its lines: the buyer's price, stock, lead time and flags
listsAppRouter.endpoint(
  { method: 'get', path: '/:id', tags, summary: 'A requisition list with one page of its lines (buyer price, stock, lead time, flags)', input: listLinesInputSchema, output: listDetailSchema, audience: 'user' },
  async (input, c) => readList(c.get('db'), userOf(c), input, c.get('lang')),
);

// POST /api/app/lists/:id/update — rename, share or unshare
listsAppRouter.endpoint(
  { method: 'post', path: '/:id/update', tags, summary: 'Rename a requisition list, or share or unshare it', input: listUpdateSchema, output: listSummarySchema, audience: 'user' },
  async (input, c) => updateList(c.get('db'), userOf(c), input),
);

// POST /api/app/lists/:id/delete — delete a list with its lines
listsAppRouter.endpoint(
  { method: 'post', path: '/:id/delete', tags, summary: 'Delete a requisition list with its lines', input: listIdParamSchema, output: z.object({ ok: z.boolean() }), audience: 'user' },
  async (input, c) => {
    await deleteList(c.get('db'), userOf(c), input.id);
    return { ok: true };
  },
);

// POST /api/app/lists/:id/copy — a copy as a new list of the caller's
listsAppRouter.endpoint(
  { method: 'post', path: '/:id/copy', tags, summary: 'Copy a requisition list one sees into a new list of one’s own', input: listCopySchema, output: listSummarySchema, audience: 'user' },
  async (input, c) => copyList(c.get('db'), userOf(c), input),
);

// POST /api/app/lists/:id/lines — add packs, the cart's lines or an order's lines (the same pack again: its quantity rises)
listsAppRouter.endpoint(
  { method: 'post', path: '/:id/lines', tags, summary: 'Add lines to a requisition list: packs, the cart or an order', input: listAddSchema, output: listAddResultSchema, audience: 'user' },
  async (input, c) => addLines(c.get('db'), userOf(c), input),
);

// POST /api/app/lists/:id/lines/update — a line's quantity or note
listsAppRouter.endpoint(
  { method: 'post', path: '/:id/lines/update', tags, summary: 'Set the quantity or note of a requisition list line', input: listLineUpdateSchema, output: listLineSchema, audience: 'user' },
  async (input, c) => updateLine(c.get('db'), userOf(c), input, c.get('lang')),
);

// POST /api/app/lists/:id/lines/delete — remove lines by id
listsAppRouter.endpoint(
  { method: 'post', path: '/:id/lines/delete', tags, summary: 'Remove lines of a requisition list (lineIds)', input: listLinesRemoveSchema, output: z.object({ removed: z.number().int(), lineCount: z.number().int() }), audience: 'user' },
  async (input, c) => removeLines(c.get('db'), userOf(c), input),
);

// POST /api/app/lists/:id/cart — chosen lines at chosen quantities into the cart, skipping what cannot be bought
listsAppRouter.endpoint(
  { method: 'post', path: '/:id/cart', tags, summary: 'Add chosen lines of a requisition list to the cart; unavailable lines are skipped and named', input: listToCartSchema, output: listToCartResultSchema, audience: 'user' },
  async (input, c) => addListToCart(c.get('db'), userOf(c), input),
);

// GET /api/app/lists/:id/export — the list as an Excel workbook (at most 500 lines)
xlsxExport(listsAppRouter, {
  path: '/:id/export', tags, audience: 'user', permissions: [], input: listExportInputSchema, file: (c) => `requisition-list-${c.req.param('id') ?? ''}`,
  summary: 'Export a requisition list as an Excel workbook (.xlsx, at most 500 lines)',
}, async (input, c) => (await exportList(c.get('db'), userOf(c), input.id, input.lang ?? c.get('lang'))).body);
