import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { wholeNumber } from '@/contracts/numbers';
import { cartAddSchema, cartDeleteSchema, cartSchema, cartSummarySchema, cartUpdateSchema } from '@/contracts/cart';
import type { AppEnv } from '@/server/http/context';
import { AppError } from '@/server/errors';
import { createRouter } from '@/server/http/router';
import { addCartItem, cleanCart, countCartItems, deleteCartItems, getCart, updateCartItem, type CartOwner } from './service';

function ownerOf(c: Context<AppEnv>): CartOwner {
  const actor = c.get('actor');
  if (actor.kind !== 'user') throw new AppError(401);
  return { companyId: actor.companyId, userId: actor.userId };
}

export const cartAppRouter = createRouter('/api/app/api/order/shopcart');

// POST /api/app/api/order/shopcart/items — the signed-in customer's cart with server-computed totals
cartAppRouter.endpoint(
  { method: 'post', path: '/items', tags: ['cart'], summary: 'Cart lines, count and total', output: cartSchema, audience: 'user' },
  async (_input, c) => getCart(c.get('db'), ownerOf(c), c.get('lang')),
);

// POST /api/app/api/order/shopcart/item/add — add a pack (again: its quantity rises)
cartAppRouter.endpoint(
  { method: 'post', path: '/item/add', tags: ['cart'], summary: 'Add a pack to the cart', input: cartAddSchema, output: cartSummarySchema, audience: 'user' },
  async (input, c) => {
    const owner = ownerOf(c);
    await addCartItem(c.get('db'), owner, input);
    return { count: await countCartItems(c.get('db'), owner) };
  },
);

// POST /api/app/api/order/shopcart/item/update — set one line's quantity; answers the repriced cart
cartAppRouter.endpoint(
  { method: 'post', path: '/item/update', tags: ['cart'], summary: 'Set the quantity of a cart line', input: cartUpdateSchema, output: cartSchema, audience: 'user' },
  async (input, c) => {
    const owner = ownerOf(c);
    await updateCartItem(c.get('db'), owner, input);
    return getCart(c.get('db'), owner, c.get('lang'));
  },
);

// POST /api/app/api/order/shopcart/item/delete — remove lines by id
cartAppRouter.endpoint(
  { method: 'post', path: '/item/delete', tags: ['cart'], summary: 'Remove cart lines (ids)', input: cartDeleteSchema, output: cartSummarySchema, audience: 'user' },
  async (input, c) => {
    const owner = ownerOf(c);
    await deleteCartItems(c.get('db'), owner, input.ids);
    return { count: await countCartItems(c.get('db'), owner) };
  },
);

// POST /api/app/api/order/shopcart/clean — empty the cart
cartAppRouter.endpoint(
  { method: 'post', path: '/clean', tags: ['cart'], summary: 'Empty the cart', output: cartSummarySchema, audience: 'user' },
  async (_input, c) => {
    await cleanCart(c.get('db'), ownerOf(c));
    return { count: 0 };
  },
);

export const cartWebRouter = createRouter('/api/web/cart');

// POST /api/web/cart/summary — the header's cart count; 0 for guests
cartWebRouter.endpoint(
  { method: 'post', path: '/summary', tags: ['cart'], summary: 'Cart count of the signed-in customer (0 for guests)', input: z.object({ uid: wholeNumber(z.number().int()).optional() }), output: cartSummarySchema },
  async (_input, c) => {
    const actor = c.get('actor');
    if (actor.kind !== 'user') return { count: 0 };
    return { count: await countCartItems(c.get('db'), { companyId: actor.companyId, userId: actor.userId }) };
  },
);
