import type { Actor } from '@/server/auth/actor';
import type { InventoryUser } from '@/server/modules/inventory/rules';

/** The signed-in company user as the shelf's module takes them. */
export function inventoryUserOf(actor: Extract<Actor, { kind: 'user' }>): InventoryUser {
  return { userId: actor.userId, companyId: actor.companyId, permissions: actor.permissions };
}
