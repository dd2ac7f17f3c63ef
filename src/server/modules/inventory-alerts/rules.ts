import 'server-only';

/** The signed-in customer as the shelf's minimums and reorders need them. */
export interface ShelfUser {
  userId: number;
  companyId: number;
  permissions: readonly string[];
}

/** Who reads the minimums and their stock: the company's members who see the shelf (INVENTORY.VIEW). */
export const mayViewMinimums = (user: Pick<ShelfUser, 'permissions'>): boolean => user.permissions.includes('INVENTORY.VIEW');

/** Who sets and removes minimums: the company's members who keep the shelf (INVENTORY.EDIT). */
export const mayEditMinimums = (user: Pick<ShelfUser, 'permissions'>): boolean => user.permissions.includes('INVENTORY.EDIT');

/**
 * Who may reorder from a container (ADR 0091): a member who sees the shelf (INVENTORY.VIEW) and may place
 * orders (SALE.CREATE), for a container of their own company only. A requisition list is further guarded by
 * the lists' own rule (`mayEditList`).
 */
export function mayReorder(user: ShelfUser, container: { companyId: number }): boolean {
  return user.companyId === container.companyId && user.permissions.includes('INVENTORY.VIEW') && user.permissions.includes('SALE.CREATE');
}
