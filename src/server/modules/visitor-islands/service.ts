import 'server-only';
import { inArray } from 'drizzle-orm';
import type { VisitorIslandsDto, VisitorProductDto } from '@/contracts/visitor-islands';
import type { Permission } from '@/server/auth/permissions';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema';
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
 * is to this visitor (today what the company's approval rules would hold an order of it for). A guest
 * gets no user and each asked product without anything of its own (no database read at all); a
 * customer's products are read by id and answered in the order asked, unknown ids left out.
 */
export async function loadVisitorIslands(db: Db, params: { customer: IslandsCustomer | null; productIds: readonly number[] }): Promise<VisitorIslandsDto> {
  const { customer } = params;
  const ids = [...new Set(params.productIds)];
  if (!customer) {
    return { user: null, products: ids.map((id) => ({ id, approval: null })) };
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

async function productsFor(db: Db, companyId: number, ids: number[]): Promise<VisitorProductDto[]> {
  if (ids.length === 0) return [];
  const [rows, preview] = await Promise.all([
    db.select({ id: products.id, ghs: products.ghs, controlClass: products.controlClass }).from(products).where(inArray(products.id, ids)),
    approvalPreview(db, companyId),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id, approval: preview(hazardOf(row)) }] : [];
  });
}
