import { asc, eq } from 'drizzle-orm';
import { addresses, productPacks, products, users } from '@/server/db/schema';
import type { ApiHarness } from './api';

/** Fixtures of the order tests: packs, the demo addresses, and a cart filled through the API. */
export async function firstPacks(h: ApiHarness, n: number): Promise<{ id: number; price: string; productId: number; itemNo: string }[]> {
  return h.db.db
    .select({ id: productPacks.id, price: productPacks.price, productId: productPacks.productId, itemNo: products.itemNo })
    .from(productPacks)
    .innerJoin(products, eq(products.id, productPacks.productId))
    .where(eq(products.active, true))
    .orderBy(asc(productPacks.id))
    .limit(n);
}

export async function addressOf(h: ApiHarness, loginName: string): Promise<number> {
  const [row] = await h.db.db
    .select({ id: addresses.id })
    .from(addresses)
    .innerJoin(users, eq(users.companyId, addresses.companyId))
    .where(eq(users.loginName, loginName))
    .orderBy(asc(addresses.id))
    .limit(1);
  if (!row) throw new Error(`no address for ${loginName}`);
  return row.id;
}

export async function fillCart(h: ApiHarness, token: string, lines: readonly { packId: number; num: number }[]): Promise<void> {
  await h.call('POST', '/api/app/api/order/shopcart/clean', { token });
  for (const line of lines) {
    const res = await h.call('POST', '/api/app/api/order/shopcart/item/add', { token, json: line });
    if (res.status !== 200) throw new Error(`cart add failed: ${JSON.stringify(res.body)}`);
  }
}

let keySeq = 0;
export const newKey = (): string => `k${Date.now().toString(36)}${(keySeq++).toString(36)}xx`;

export interface Submitted {
  id: number;
  orderNo: string;
  status: string;
  total: string;
  matches: { kind: string; text: string }[];
}
