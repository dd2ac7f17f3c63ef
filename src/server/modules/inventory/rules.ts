import 'server-only';
import type { InventoryControlClass } from '@/server/db/schema';

/** A company user as the shelf's rules need them. */
export interface InventoryUser {
  userId: number;
  companyId: number;
  permissions: readonly string[];
}

/** What may be done on the shelf: `view`; `add` a container or location; change one (`edit`), or move its amount or place. */
export type InventoryAction = 'view' | 'add' | 'edit' | 'use' | 'move' | 'dispose' | 'correct';

/** What decides it: the company the container or location belongs to, and the container's control class (null for a location). */
export interface InventoryTarget {
  companyId: number;
  controlClass: InventoryControlClass | null;
}

/** Actions that move a controlled chemical's amount or place: the law's ledger (易制毒, 易制爆, 剧毒). */
const CONTROLLED_ACTIONS: readonly InventoryAction[] = ['use', 'move', 'dispose', 'correct'];

/**
 * The one rule of the shelf (ADR 0089), asked by every route and page: `notFound` for another company's
 * container or location (the queries are scoped as well); viewing needs INVENTORY.VIEW; every change
 * needs INVENTORY.EDIT; using, moving, disposing or correcting a controlled container needs
 * INVENTORY.CONTROLLED as well.
 */
export function inventoryDecision(user: InventoryUser, action: InventoryAction, target?: InventoryTarget): 'allowed' | 'forbidden' | 'notFound' {
  if (target && target.companyId !== user.companyId) return 'notFound';
  if (!user.permissions.includes('INVENTORY.VIEW')) return 'forbidden';
  if (action === 'view') return 'allowed';
  if (!user.permissions.includes('INVENTORY.EDIT')) return 'forbidden';
  if (target?.controlClass && CONTROLLED_ACTIONS.includes(action) && !user.permissions.includes('INVENTORY.CONTROLLED')) return 'forbidden';
  return 'allowed';
}

/** Whether the user may do it (the decision is `allowed`). */
export function mayInventory(user: InventoryUser, action: InventoryAction, target?: InventoryTarget): boolean {
  return inventoryDecision(user, action, target) === 'allowed';
}
