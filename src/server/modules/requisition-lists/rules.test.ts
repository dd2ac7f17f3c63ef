import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayEditList, mayViewList, type ListAccess, type ListUser } from './rules';

const perms = fc.subarray(['SALE.VIEW', 'SALE.CREATE', 'ORDER.APPROVE', 'USER.VIEW', 'USER.EDIT', 'ADDRESS.EDIT']);
const user = fc.record<ListUser>({ userId: fc.integer({ min: 1, max: 4 }), companyId: fc.integer({ min: 1, max: 3 }), permissions: perms });
const list = fc.record<ListAccess>({ companyId: fc.integer({ min: 1, max: 3 }), ownerId: fc.integer({ min: 1, max: 4 }), shared: fc.boolean() });
const what = fc.constantFrom<'lines' | 'settings'>('lines', 'settings');

describe('mayEditList', () => {
  it('never lets anyone see or change another company\'s list', () => {
    fc.assert(fc.property(user, list, what, (u, l, w) => {
      if (u.companyId === l.companyId) return;
      expect(mayViewList(u, l)).toBe(false);
      expect(mayEditList(u, l, w)).toBe(false);
    }));
  });

  it('gives a private list to its owner alone, whatever the permissions', () => {
    fc.assert(fc.property(user, list, what, (u, l, w) => {
      const own = { ...l, companyId: u.companyId, shared: false };
      expect(mayEditList(u, own, w)).toBe(own.ownerId === u.userId);
      expect(mayViewList(u, own)).toBe(own.ownerId === u.userId);
    }));
  });

  it('lets the owner always change their list, and no one change a list they cannot see', () => {
    fc.assert(fc.property(user, list, what, (u, l, w) => {
      if (l.ownerId === u.userId && l.companyId === u.companyId) expect(mayEditList(u, l, w)).toBe(true);
      if (!mayViewList(u, l)) expect(mayEditList(u, l, w)).toBe(false);
    }));
  });

  it('follows the company roles on a shared list: SALE.CREATE keeps its lines, USER.EDIT its settings', () => {
    fc.assert(fc.property(user, list, (u, l) => {
      const shared = { ...l, companyId: u.companyId, shared: true, ownerId: u.userId + 10 };
      expect(mayViewList(u, shared)).toBe(true);
      expect(mayEditList(u, shared, 'lines')).toBe(u.permissions.includes('SALE.CREATE'));
      expect(mayEditList(u, shared, 'settings')).toBe(u.permissions.includes('USER.EDIT'));
    }));
  });

  it('reads the permissions for one side only: the same user on a shared list of the company', () => {
    const buyer: ListUser = { userId: 1, companyId: 7, permissions: ['SALE.VIEW', 'SALE.CREATE'] };
    const employee: ListUser = { userId: 2, companyId: 7, permissions: [] };
    const admin: ListUser = { userId: 3, companyId: 7, permissions: ['SALE.CREATE', 'USER.EDIT'] };
    const shared: ListAccess = { companyId: 7, ownerId: 9, shared: true };
    expect([buyer, employee, admin].map((u) => [mayEditList(u, shared, 'lines'), mayEditList(u, shared, 'settings')])).toEqual([[true, false], [false, false], [true, true]]);
  });
});
