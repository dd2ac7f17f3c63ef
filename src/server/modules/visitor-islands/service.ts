import 'server-only';
import { asc } from 'drizzle-orm';
import type { VisitorIslandsDto, VisitorProductDto } from '@/contracts/visitor-islands';
import type { Permission } from '@/server/auth/permissions';
import type { Db } from '@/server/db/client';
import { isAnyOf, preparedPerHandle } from '@/server/db/prepared';
import { productPacks, products } from '@/server/db/schema';
import { centsText } from '@/contracts/quotations';
import { buyerBreaks, buyerPrices } from '@/server/modules/pricing/buyer-prices';
import { countCartItems } from '@/server/modules/cart/service';
import { hazardOf } from '@/server/modules/catalog/hazards';
import { approvalPreview } from '@/server/modules/orders/approval-preview';
import { countAwaitingApproval } from '@/server/modules/orders/queries';

/** The signed-in customer a kept page asks about (null for a guest or a staff session). */
export interface IslandsCustomer {
  userId: number;
  companyId: number;
  name: string;
  companyName: string;
  permissions: Permission[];
}

/**
 * Everything of a storefront page that depends on who looks at it, in one answer (ADR 0076): the
 * header's account (greeting, cart count, orders to approve) and, per product the page shows, what it
 * is to this visitor (what the company's approval rules would hold an order of it for, and the buyer's
 * own prices of its packs where their agreement differs from the catalogue, ADR 0083). A guest
 * gets no user and each asked product without anything of its own (no database read at all); a
 * customer's products are read by id and answered in the order asked, unknown ids left out.
 */
export async function loadVisitorIslands(db: Db, params: { customer: IslandsCustomer | null; productIds: readonly number[] }): Promise<VisitorIslandsDto> {
  const { customer } = params;
  const ids = [...new Set(params.productIds)];
  if (!customer) {
    return { user: null, products: ids.map((id) => ({ id, approval: null, prices: [], minPrice: null, breaks: [] })) };
  }
  const [cartCount, toApprove, productFacts] = await Promise.all([
    countCartItems(db, { companyId: customer.companyId, userId: customer.userId }),
    customer.permissions.includes('SALE.VIEW')
      ? countAwaitingApproval(db, { userId: customer.userId, companyId: customer.companyId, name: customer.name, permissions: customer.permissions })
      : 0,
    productsFor(db, customer.companyId, ids),
  ]);
  return {
    user: { id: customer.userId, name: customer.name, companyName: customer.companyName, cartCount, toApprove },
    products: productFacts,
  };
}

// One statement text for any number of products (an array, not a list of parameters), so it is prepared once.
const productHazards = preparedPerHandle((db: Db) => db
  .select({ id: products.id, ghs: products.ghs, controlClass: products.controlClass })
  .from(products)
  .where(isAnyOf(products.id, 'ids'))
  .prepare('islands_product_hazards'));

const packsOfProducts = preparedPerHandle((db: Db) => db
  .select({ id: productPacks.id, productId: productPacks.productId })
  .from(productPacks)
  .where(isAnyOf(productPacks.productId, 'ids'))
  .orderBy(asc(productPacks.productId), asc(productPacks.sort), asc(productPacks.id))
  .prepare('islands_product_packs'));

async function productsFor(db: Db, companyId: number, ids: number[]): Promise<VisitorProductDto[]> {
  if (ids.length === 0) return [];
  const [rows, preview, prices] = await Promise.all([
    productHazards(db).execute({ ids }),
    approvalPreview(db, companyId),
    ownPrices(db, companyId, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id, approval: preview(hazardOf(row)), ...(prices.get(id) ?? NOTHING_OWN) }] : [];
  });
}

type OwnPrices = Pick<VisitorProductDto, 'prices' | 'minPrice' | 'breaks'>;
const NOTHING_OWN: OwnPrices = { prices: [], minPrice: null, breaks: [] };

/**
 * The company's own prices of the products' packs at one unit (`buyerPrices`, ADR 0083), kept small: only
 * the packs whose price differs from the catalogue's, and the product's lowest only when it differs; and the
 * packs' quantity breaks (`buyerBreaks`, ADR 0092), which the product page shows under the pack's price.
 */
async function ownPrices(db: Db, companyId: number, ids: number[]): Promise<Map<number, OwnPrices>> {
  const packs = await packsOfProducts(db).execute({ ids });
  const [priced, breaks] = await Promise.all([
    buyerPrices(db, companyId, packs.map((k) => ({ packId: k.id, num: 1 }))),
    buyerBreaks(db, companyId, packs.map((k) => k.id)),
  ]);
  const answer = new Map<number, OwnPrices>();
  for (const id of ids) {
    const own = priced.filter((p, i) => packs[i]!.productId === id);
    const differing = own.filter((p) => p.cents !== p.listCents);
    const ladders = packs.filter((k) => k.productId === id).flatMap((k) => (breaks.get(k.id) ?? []).map((step) => ({ packId: k.id, minQty: step.minQty, price: centsText(step.cents) })));
    if (differing.length === 0 && ladders.length === 0) continue;
    const min = Math.min(...own.map((p) => p.cents));
    answer.set(id, {
      prices: differing.map((p) => ({ packId: p.packId, price: centsText(p.cents) })),
      minPrice: differing.length > 0 && min !== Math.min(...own.map((p) => p.listCents)) ? centsText(min) : null,
      breaks: ladders,
    });
  }
  return answer;
}
