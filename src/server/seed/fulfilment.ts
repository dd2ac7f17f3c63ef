import 'server-only';
import { eq } from 'drizzle-orm';
import { shipmentInputSchema } from '@/contracts/shipments';
import { shipmentHandling } from '@/lib/shipment-handling';
import type { Db } from '@/server/db/client';
import { carriers, staff, staffRoleAssignments, staffRolePermissions, users } from '@/server/db/schema';
import type { AuditActor } from '@/server/modules/audit/record';
import { createShipment, deliverShipment, getOrderShipments, staffOrder } from '@/server/modules/orders/shipments';
import type { DemoOrders } from './orders';
import { daysBefore } from './random';

/** A demo staff member as the back office's modules take them: their scope (their roles' permissions), name and audit identity. */
export interface DemoStaffActor { staffId: number; permissions: string[]; name: string; audit: AuditActor }

export async function demoStaff(tx: Db, loginName: string): Promise<DemoStaffActor> {
  const [member] = await tx.select({ id: staff.id, name: staff.name }).from(staff).where(eq(staff.loginName, loginName));
  if (!member) throw new Error(`Demo staff ${loginName} is missing`);
  const granted = await tx.selectDistinct({ permission: staffRolePermissions.permission }).from(staffRoleAssignments)
    .innerJoin(staffRolePermissions, eq(staffRolePermissions.roleId, staffRoleAssignments.roleId)).where(eq(staffRoleAssignments.staffId, member.id));
  return { staffId: member.id, permissions: granted.map((g) => g.permission), name: member.name, audit: { type: 'staff', id: member.id, name: member.name, ip: '' } };
}

/** The carrier the lines need (the desk's one rule): dangerous goods, cold chain, both, or ordinary express. */
function carrierCode(handling: { dangerousGoods: boolean; coldChain: boolean }): string {
  if (handling.dangerousGoods && handling.coldChain) return 'DG-COLD';
  if (handling.dangerousGoods) return 'SINOTRANS-CHEM';
  if (handling.coldChain) return 'SF-COLD';
  return 'SF';
}

/**
 * The demo's warehouse work (ADR 0074), through the order desk's own shipment functions and dated on the demo's
 * calendar: the oldest order of the demo buyer shipped in full and received by the buyer, the next shipped in full,
 * the university's order of twelve days ago shipped in part. The orders placed with stock were allocated when they
 * were placed; those without wait for stock (backordered).
 */
export async function seedShipments(tx: Db, demo: DemoOrders): Promise<{ shipments: number }> {
  const ops = await demoStaff(tx, 'ops');
  const all = await tx.select({ id: carriers.id, code: carriers.code }).from(carriers);
  let made = 0;
  /** Ships `share` of each allocation still to ship (at least one unit), on `daysAgo`. */
  const ship = async (orderId: number, daysAgo: number, trackingNo: string, share: 'all' | 'part') => {
    const view = await getOrderShipments(tx, ops, orderId, 'zh');
    if (view.shippable.length === 0) return null;
    const lines = share === 'all' ? view.shippable : view.shippable.slice(0, 1);
    const carrier = all.find((c) => c.code === carrierCode(shipmentHandling(lines)));
    if (!carrier) throw new Error('Demo carriers are missing');
    const input = shipmentInputSchema.parse({
      id: orderId, carrierId: carrier.id, trackingNo,
      lines: lines.map((l) => ({ allocationId: l.allocationId, quantity: share === 'all' ? l.remaining : Math.max(1, Math.floor(l.remaining / 2)) })),
    });
    const done = await createShipment(tx, ops, input, 'zh', daysBefore(daysAgo, 300));
    made += 1;
    return done;
  };
  const delivered = await ship(demo.delivered, 55, 'SF1402260803', 'all');
  if (delivered) {
    const [buyer] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
    if (buyer) {
      const order = await staffOrder(tx, ops, demo.delivered);
      await deliverShipment(tx, order, delivered.shipment.id, { kind: 'user', userId: buyer.id, name: buyer.name, audit: { type: 'user', id: buyer.id, name: buyer.name, ip: '' } }, 'zh', daysBefore(53, 600));
    }
  }
  await ship(demo.shipped, 31, 'SF1402260831', 'all');
  await ship(demo.partlyShipped, 10, 'SF1402260921', 'part');
  return { shipments: made };
}
