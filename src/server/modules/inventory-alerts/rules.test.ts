import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayEditMinimums, mayReorder, mayViewMinimums } from './rules';

const PERMS = ['INVENTORY.VIEW', 'INVENTORY.EDIT', 'INVENTORY.CONTROLLED', 'SALE.CREATE', 'ORDER.APPROVE', 'USER.EDIT'];
const user = fc.record({ userId: fc.integer({ min: 1, max: 50 }), companyId: fc.integer({ min: 1, max: 4 }), permissions: fc.subarray(PERMS) });

describe('shelf rules', () => {
  it('reorders only from the own company’s containers, with VIEW and SALE.CREATE', () => {
    fc.assert(fc.property(user, fc.integer({ min: 1, max: 4 }), (u, companyId) => {
      const expected = u.companyId === companyId && u.permissions.includes('INVENTORY.VIEW') && u.permissions.includes('SALE.CREATE');
      expect(mayReorder(u, { companyId })).toBe(expected);
      // Another company's container never, whatever the permissions.
      expect(mayReorder({ ...u, permissions: PERMS }, { companyId: u.companyId + 1 })).toBe(false);
    }));
  });

  it('reads minimums with VIEW and changes them with EDIT only', () => {
    fc.assert(fc.property(user, (u) => {
      expect(mayViewMinimums(u)).toBe(u.permissions.includes('INVENTORY.VIEW'));
      expect(mayEditMinimums(u)).toBe(u.permissions.includes('INVENTORY.EDIT'));
    }));
  });
});
