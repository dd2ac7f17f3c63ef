import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InventoryControlClass } from '@/server/db/schema';
import { inventoryDecision, mayInventory, type InventoryAction, type InventoryTarget, type InventoryUser } from './rules';

const PERMS = ['INVENTORY.VIEW', 'INVENTORY.EDIT', 'INVENTORY.CONTROLLED', 'SALE.VIEW', 'SALE.CREATE', 'USER.EDIT'];
const ACTIONS: InventoryAction[] = ['view', 'add', 'edit', 'use', 'move', 'dispose', 'correct'];
const user = fc.record<InventoryUser>({ userId: fc.integer({ min: 1, max: 4 }), companyId: fc.integer({ min: 1, max: 3 }), permissions: fc.subarray(PERMS) });
const target = fc.record<InventoryTarget>({
  companyId: fc.integer({ min: 1, max: 3 }),
  controlClass: fc.constantFrom<InventoryControlClass | null>(null, 'precursor', 'explosive', 'toxic'),
});
const action = fc.constantFrom(...ACTIONS);

describe('inventoryDecision', () => {
  it('never lets anyone see or change another company\'s container: it does not exist for them', () => {
    fc.assert(fc.property(user, target, action, (u, t, a) => {
      if (u.companyId === t.companyId) return;
      expect(inventoryDecision(u, a, t)).toBe('notFound');
    }));
  });

  it('needs INVENTORY.VIEW for everything, and INVENTORY.EDIT for every change', () => {
    fc.assert(fc.property(user, target, action, (u, t, a) => {
      const own = { ...t, companyId: u.companyId };
      if (!u.permissions.includes('INVENTORY.VIEW')) expect(mayInventory(u, a, own)).toBe(false);
      if (a !== 'view' && !u.permissions.includes('INVENTORY.EDIT')) expect(mayInventory(u, a, own)).toBe(false);
      if (a === 'view') expect(mayInventory(u, a, own)).toBe(u.permissions.includes('INVENTORY.VIEW'));
    }));
  });

  it('asks INVENTORY.CONTROLLED exactly for using, moving, disposing and correcting a controlled container', () => {
    fc.assert(fc.property(user, target, action, (u, t, a) => {
      const own = { ...t, companyId: u.companyId };
      const base = u.permissions.includes('INVENTORY.VIEW') && (a === 'view' || u.permissions.includes('INVENTORY.EDIT'));
      const controlled = own.controlClass !== null && ['use', 'move', 'dispose', 'correct'].includes(a);
      expect(mayInventory(u, a, own)).toBe(base && (!controlled || u.permissions.includes('INVENTORY.CONTROLLED')));
    }));
  });

  it('grows with permissions: adding a permission never takes a right away', () => {
    fc.assert(fc.property(user, target, action, fc.constantFrom(...PERMS), (u, t, a, extra) => {
      const more = { ...u, permissions: [...u.permissions, extra] };
      if (mayInventory(u, a, t)) expect(mayInventory(more, a, t)).toBe(true);
    }));
  });

  it('reads as the roles of the demo company: buyer, administrator, employee', () => {
    const buyer: InventoryUser = { userId: 1, companyId: 7, permissions: ['SALE.CREATE', 'INVENTORY.VIEW', 'INVENTORY.EDIT'] };
    const admin: InventoryUser = { userId: 2, companyId: 7, permissions: ['INVENTORY.VIEW', 'INVENTORY.EDIT', 'INVENTORY.CONTROLLED'] };
    const employee: InventoryUser = { userId: 3, companyId: 7, permissions: [] };
    const precursor: InventoryTarget = { companyId: 7, controlClass: 'precursor' };
    const plain: InventoryTarget = { companyId: 7, controlClass: null };
    expect([buyer, admin, employee].map((u) => ACTIONS.map((a) => mayInventory(u, a, precursor)))).toEqual([
      [true, true, true, false, false, false, false],
      [true, true, true, true, true, true, true],
      [false, false, false, false, false, false, false],
    ]);
    expect(ACTIONS.every((a) => mayInventory(buyer, a, plain))).toBe(true);
    expect(inventoryDecision(buyer, 'use', { companyId: 8, controlClass: null })).toBe('notFound');
  });
});
