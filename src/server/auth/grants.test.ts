import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import {
  COMPANY_ADMINISTRATOR, effectivePermissions, grantRefusal, heldPermissions, STAFF_ADMINISTRATOR, withAccessChanged,
  type GrantRealm, type GrantSubject, type GrantWorld,
} from './grants';
import { permissionsOfScope, type Permission } from './permissions';

/**
 * The grant rule over random realms, actors and changes, for staff and for a customer company: whatever
 * the rule lets through, nobody gave themselves more, nobody granted or took away a permission they do
 * not hold, and the realm kept an administrator; and it lets through what an administrator may do.
 */

interface Case {
  realm: GrantRealm;
  actor: number;
  before: GrantWorld;
  after: GrantWorld;
  /** Every permission of the realm's pool. */
  pool: readonly string[];
}

const SUBJECT_IDS = [1, 2, 3, 4, 5];
const ROLE_IDS = [11, 12, 13, 14];

function worldArb(pool: readonly string[]): fc.Arbitrary<GrantWorld> {
  const roles = fc.tuple(...ROLE_IDS.map(() => fc.subarray([...pool]))).map((perms) => new Map(ROLE_IDS.map((id, i) => [id, perms[i] ?? []])));
  const subject: fc.Arbitrary<GrantSubject> = fc.record({
    active: fc.boolean(),
    roleIds: fc.subarray(ROLE_IDS),
    bounds: fc.constantFrom('none', '3000.00 on', 'team:1'),
    access: fc.constantFrom('', 'a@example.org'),
  });
  const subjects = fc.tuple(...SUBJECT_IDS.map(() => subject)).map((list) => new Map(SUBJECT_IDS.map((id, i) => [id, list[i]!])));
  return fc.record({ roles, subjects });
}

type Change =
  | { kind: 'rolePermissions'; role: number; permissions: string[] }
  | { kind: 'newRole'; permissions: string[] }
  | { kind: 'deleteRole'; role: number }
  | { kind: 'assign'; subject: number; roleIds: number[] }
  | { kind: 'newSubject'; roleIds: number[] }
  | { kind: 'active'; subject: number; active: boolean }
  | { kind: 'bounds'; subject: number; bounds: string }
  | { kind: 'access'; subject: number };

function changeArb(pool: readonly string[]): fc.Arbitrary<Change> {
  const subject = fc.constantFrom(...SUBJECT_IDS);
  const role = fc.constantFrom(...ROLE_IDS);
  return fc.oneof(
    fc.record({ kind: fc.constant('rolePermissions' as const), role, permissions: fc.subarray([...pool]) }),
    fc.record({ kind: fc.constant('newRole' as const), permissions: fc.subarray([...pool]) }),
    fc.record({ kind: fc.constant('deleteRole' as const), role }),
    fc.record({ kind: fc.constant('assign' as const), subject, roleIds: fc.subarray(ROLE_IDS) }),
    fc.record({ kind: fc.constant('newSubject' as const), roleIds: fc.subarray(ROLE_IDS) }),
    fc.record({ kind: fc.constant('active' as const), subject, active: fc.boolean() }),
    fc.record({ kind: fc.constant('bounds' as const), subject, bounds: fc.constantFrom('none', '9999.00 on', 'team:2') }),
    fc.record({ kind: fc.constant('access' as const), subject }),
  );
}

function apply(world: GrantWorld, changes: readonly Change[]): GrantWorld {
  let roles = new Map(world.roles);
  const subjects = new Map(world.subjects);
  for (const c of changes) {
    if (c.kind === 'rolePermissions' && roles.has(c.role)) roles.set(c.role, c.permissions);
    if (c.kind === 'newRole') roles.set(Math.max(0, ...roles.keys()) + 1, c.permissions);
    if (c.kind === 'deleteRole') {
      // As the routes do: a role still held is not deleted.
      if (![...subjects.values()].some((s) => s.roleIds.includes(c.role))) roles = new Map([...roles].filter(([id]) => id !== c.role));
    }
    const s = 'subject' in c ? subjects.get(c.subject) : undefined;
    if (c.kind === 'assign' && s) subjects.set(c.subject, { ...s, roleIds: c.roleIds.filter((r) => roles.has(r)) });
    if (c.kind === 'newSubject') subjects.set(Math.max(0, ...subjects.keys()) + 1, { active: true, roleIds: c.roleIds.filter((r) => roles.has(r)), bounds: 'none', access: 'new' });
    if (c.kind === 'active' && s) subjects.set(c.subject, { ...s, active: c.active });
    if (c.kind === 'bounds' && s) subjects.set(c.subject, { ...s, bounds: c.bounds });
    if (c.kind === 'access' && s) subjects.set(c.subject, withAccessChanged({ roles, subjects }, c.subject).subjects.get(c.subject)!);
  }
  return { roles, subjects };
}

/** A small pool per realm, so that random roles often hold the administrator's permissions. */
const REALMS: { name: string; administrator: readonly Permission[]; pool: readonly string[]; keeper: boolean }[] = [
  { name: 'staff', administrator: STAFF_ADMINISTRATOR, pool: ['ADMIN.ACCESS', 'AUTHORITY.EDIT', 'STAFF.EDIT', 'CRM.VIEW_ALL', 'SETTINGS.EDIT'], keeper: false },
  { name: 'company', administrator: COMPANY_ADMINISTRATOR, pool: ['USER.EDIT', 'ROLE.EDIT', 'SALE.CREATE', 'ORDER.APPROVE', 'USER.VIEW'], keeper: true },
];

function caseArb(r: (typeof REALMS)[number]): fc.Arbitrary<Case> {
  return fc.record({
    actor: fc.constantFrom(...SUBJECT_IDS, 99),
    keeper: fc.option(fc.constantFrom(...SUBJECT_IDS), { nil: undefined }),
    before: worldArb(r.pool),
    changes: fc.array(changeArb(r.pool), { minLength: 1, maxLength: 3 }),
  }).map(({ actor, keeper, before, changes }) => ({
    realm: { administrator: r.administrator, keepers: r.keeper && keeper !== undefined ? [keeper] : [] },
    actor, before, after: apply(before, changes), pool: r.pool,
  }));
}

const administrators = (realm: GrantRealm, world: GrantWorld) =>
  [...world.subjects.keys()].filter((id) => realm.administrator.every((p) => effectivePermissions(world, id).has(p)));
const same = (a: Iterable<unknown>, b: Iterable<unknown>) => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
};
const RUNS = { numRuns: 3000 };

describe.each(REALMS)('the grant rule of the $name realm', (r) => {
  it('pool and administrator permissions are permissions of the realm', () => {
    const scope = permissionsOfScope(r.name as 'staff' | 'company') as string[];
    expect(r.pool.filter((p) => !scope.includes(p))).toEqual([]);
    expect(r.administrator.filter((p) => !r.pool.includes(p))).toEqual([]);
  });

  it('lets nobody change their own roles, the permissions of a role they hold, or their own bounds', () => {
    fc.assert(fc.property(caseArb(r), ({ realm, actor, before, after }) => {
      if (grantRefusal(realm, actor, before, after) !== null) return;
      const was = before.subjects.get(actor);
      const now = after.subjects.get(actor);
      expect(same(was?.roleIds ?? [], now?.roleIds ?? [])).toBe(true);
      for (const role of was?.roleIds ?? []) expect(same(before.roles.get(role) ?? [], after.roles.get(role) ?? [])).toBe(true);
      expect(now?.bounds).toBe(was?.bounds);
    }), RUNS);
  });

  it('lets nobody give or take away a permission they do not hold, to anyone, or manage an account holding more than they do', () => {
    fc.assert(fc.property(caseArb(r), ({ realm, actor, before, after }) => {
      if (grantRefusal(realm, actor, before, after) !== null) return;
      const mine = effectivePermissions(before, actor);
      const ids = new Set([...before.subjects.keys(), ...after.subjects.keys()]);
      for (const id of ids) {
        const had = heldPermissions(before, id);
        const has = heldPermissions(after, id);
        const changed = [...had].filter((p) => !has.has(p)).concat([...has].filter((p) => !had.has(p)));
        expect(changed.filter((p) => !mine.has(p)), `account ${id}`).toEqual([]);
        const was = before.subjects.get(id);
        const now = after.subjects.get(id);
        if (id !== actor && was && now && (was.active !== now.active || was.access !== now.access)) {
          expect([...had, ...has].filter((p) => !mine.has(p)), `account ${id}`).toEqual([]);
        }
      }
      // A role whose permissions changed (made, edited, deleted) held only permissions of the actor.
      const roles = new Set([...before.roles.keys(), ...after.roles.keys()]);
      for (const role of roles) {
        if (same(before.roles.get(role) ?? [], after.roles.get(role) ?? [])) continue;
        expect([...(before.roles.get(role) ?? []), ...(after.roles.get(role) ?? [])].filter((p) => !mine.has(p)), `role ${role}`).toEqual([]);
      }
    }), RUNS);
  });

  it('keeps an administrator of the realm, and the keepers keep what they held of it', () => {
    fc.assert(fc.property(caseArb(r), ({ realm, actor, before, after }) => {
      if (grantRefusal(realm, actor, before, after) !== null) return;
      if (administrators(realm, before).length > 0) expect(administrators(realm, after).length).toBeGreaterThan(0);
      for (const keeper of realm.keepers) {
        const lost = realm.administrator.filter((p) => effectivePermissions(before, keeper).has(p) && !effectivePermissions(after, keeper).has(p));
        expect(lost).toEqual([]);
      }
    }), RUNS);
  });

  it('refuses with a 403 or 409 and a grant message, never anything else', () => {
    const keys = new Set(['grantOwnRoles', 'grantOwnRolePermissions', 'grantOwnLimits', 'grantNotHeld', 'grantAccountNotHeld', 'grantKeeperKeepsAdministration', 'grantLastAdministrator']);
    fc.assert(fc.property(caseArb(r), ({ realm, actor, before, after }) => {
      const refusal = grantRefusal(realm, actor, before, after);
      if (refusal === null) return;
      expect(refusal).toBeInstanceOf(AppError);
      expect([403, 409]).toContain(refusal.code);
      expect(keys.has(refusal.messageKey)).toBe(true);
    }), RUNS);
  });

  it('lets an active holder of every permission change anyone else, as long as an administrator and the keepers remain', () => {
    fc.assert(fc.property(caseArb(r), ({ realm, actor, before, after, pool }) => {
      const me = before.subjects.get(actor);
      if (!me?.active || !pool.every((p) => heldPermissions(before, actor).has(p))) return;
      const now = after.subjects.get(actor);
      const untouched = now !== undefined && now.active && same(me.roleIds, now.roleIds) && now.bounds === me.bounds
        && me.roleIds.every((role) => same(before.roles.get(role) ?? [], after.roles.get(role) ?? []));
      const keepersKept = realm.keepers.every((k) => realm.administrator.every((p) => !effectivePermissions(before, k).has(p) || effectivePermissions(after, k).has(p)));
      if (untouched && keepersKept) expect(grantRefusal(realm, actor, before, after)).toBeNull();
    }), RUNS);
  });

  it('lets anyone leave everything as it is', () => {
    fc.assert(fc.property(caseArb(r), ({ realm, actor, before }) => {
      expect(grantRefusal(realm, actor, before, before)).toBeNull();
    }), { numRuns: 500 });
  });
});

describe('the last administrator', () => {
  it('cannot disable themselves or lose the administrator permissions through any route', () => {
    const realm: GrantRealm = { administrator: STAFF_ADMINISTRATOR, keepers: [] };
    const before: GrantWorld = {
      roles: new Map([[1, [...STAFF_ADMINISTRATOR, 'STAFF.EDIT']], [2, ['ADMIN.ACCESS']]]),
      subjects: new Map([[1, { active: true, roleIds: [1], bounds: 'all', access: 'it@example.org' }], [2, { active: true, roleIds: [2], bounds: '2', access: '' }]]),
    };
    const after: GrantWorld = { roles: before.roles, subjects: new Map(before.subjects).set(1, { active: false, roleIds: [1], bounds: 'all', access: 'it@example.org' }) };
    expect(grantRefusal(realm, 1, before, after)?.messageKey).toBe('grantLastAdministrator');
    // Emptying their own role is refused before it could lock everyone out.
    const emptied: GrantWorld = { roles: new Map(before.roles).set(1, []), subjects: before.subjects };
    expect(grantRefusal(realm, 1, before, emptied)?.messageKey).toBe('grantOwnRolePermissions');
  });
});
