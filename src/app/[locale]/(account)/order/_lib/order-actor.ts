import 'server-only';
import type { Actor } from '@/server/auth/actor';
import type { OrderActor } from '@/server/modules/orders/access';

/** The order module's view of the signed-in customer. */
export function orderActorOf(actor: Extract<Actor, { kind: 'user' }>): OrderActor {
  return { userId: actor.userId, companyId: actor.companyId, name: actor.name, permissions: actor.permissions };
}
