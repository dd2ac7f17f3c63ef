import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import {
  COMPANY_ADMINISTRATOR, effectivePermissions, grantRefusal, heldPermissions, STAFF_ADMINISTRATOR, withAccessChanged, withinMonthlyLimit, withinSeen,
  type GrantBounds, type GrantRealm, type GrantSubject, type GrantWorld,
} from './grants';
import { permissionsOfScope, type Permission } from './permissions';

/**
 * The grant rule over random realms, actors and changes, for staff and for a customer company: whatever
 * the rule lets through, nobody gave themselves more, nobody granted or took away a permission they do
 * not hold, no account other than the actor ends with bounds outside the actor's, and the realm kept an
 * administrator; and it lets through what an administrator may do.
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

function worldArb(pool: readonly string[], bounds: fc.Arbitrary<GrantBounds>): fc.Arbitrary<GrantWorld> {
  const roles = fc.tuple(...ROLE_IDS.map(() => fc.subarray([...pool]))).map((perms) => new Map(ROLE_IDS.map((id, i) => [id, perms[i] ?? []])));
  const subject: fc.Arbitrary<GrantSubject> = fc.record({
    active: fc.boolean(),
    roleIds: fc.subarray(ROLE_IDS),
    bounds,
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
  | { kind: 'newSubject'; roleIds: number[]; bounds: GrantBounds }
  | { kind: 'active'; subject: number; active: boolean }
  | { kind: 'bounds'; subject: number; bounds: GrantBounds }
  | { kind: 'access'; subject: number };

function changeArb(pool: readonly string[], bounds: fc.Arbitrary<GrantBounds>): fc.Arbitrary<Change> {
  const subject = fc.constantFrom(...SUBJECT_IDS);
  const role = fc.constantFrom(...ROLE_IDS);
  return fc.oneof(
    fc.record({ kind: fc.constant('rolePermissions' as const), role, permissions: fc.subarray([...pool]) }),
    fc.record({ kind: fc.constant('newRole' as const), permissions: fc.subarray([...pool]) }),
    fc.record({ kind: fc.constant('deleteRole' as const), role }),
    fc.record({ kind: fc.constant('assign' as const), subject, roleIds: fc.subarray(ROLE_IDS) }),
    fc.record({ kind: fc.constant('newSubject' as const), roleIds: fc.subarray(ROLE_IDS), bounds }),
    fc.record({ kind: fc.constant('active' as const), subject, active: fc.boolean() }),
    fc.record({ kind: fc.constant('bounds' as const), subject, bounds }),
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
    if (c.kind === 'newSubject') subjects.set(Math.max(0, ...subjects.keys()) + 1, { active: true, roleIds: c.roleIds.filter((r) => roles.has(r)), bounds: c.bounds, access: 'new' });
    if (c.kind === 'active' && s) subjects.set(c.subject, { ...s, active: c.active });
    if (c.kind === 'bounds' && s) subjects.set(c.subject, { ...s, bounds: c.bounds });
    if (c.kind === 'access' && s) subjects.set(c.subject, withAccessChanged({ roles, subjects }, c.subject).subjects.get(c.subject)!);
  }
  return { roles, subjects };
}

/** Staff see some of the staff (new ones among them: id 6 is the first one a change creates), or all. */
const seenArb: fc.Arbitrary<GrantBounds> = fc.oneof(
  fc.constant<GrantBounds>({ kind: 'sees', ids: 'all' }),
  fc.subarray([...SUBJECT_IDS, 6]).map((ids): GrantBounds => ({ kind: 'sees', ids })),
);
/** Customers have no limit or one of a few, applied or not. */
const limitArb: fc.Arbitrary<GrantBounds> = fc.record({
  kind: fc.constant('monthlyLimit' as const),
  cents: fc.constantFrom(null, 1000_00n, 3000_00n, 9999_00n),
  applies: fc.boolean(),
});

/**
 * Whether `target` goes beyond `actor`, spelled out apart from the rule: a staff member who sees someone
 * (not created by the change) the actor does not see; a customer without a limit, or a higher one, than
 * an actor whose limit applies.
 */
function beyond(target: GrantBounds, actor: GrantBounds | undefined, created: ReadonlySet<number>): boolean {
  if (actor === undefined) return true;
  if (target.kind === 'sees' && actor.kind === 'sees') {
    if (actor.ids === 'all') return false;
    const mine = actor.ids;
    return target.ids === 'all' || target.ids.some((id) => !created.has(id) && !mine.includes(id));
  }
  if (target.kind === 'monthlyLimit' && actor.kind === 'monthlyLimit') {
    return actor.cents !== null && actor.applies && (target.cents === null || target.cents > actor.cents);
  }
  return true;
}

/** Bounds as comparable text, leaving out the accounts created by the change. */
function boundsKey(bounds: GrantBounds | undefined, created: ReadonlySet<number>): string {
  if (bounds === undefined) return 'none';
  if (bounds.kind === 'monthlyLimit') return `${bounds.cents}:${bounds.applies}`;
  return bounds.ids === 'all' ? 'all' : bounds.ids.filter((id) => !created.has(id)).sort((a, b) => a - b).join(',');
}

const createdBy = (before: GrantWorld, after: GrantWorld): Set<number> => new Set([...after.subjects.keys()].filter((id) => !before.subjects.has(id)));

/** A small pool per realm, so that random roles often hold the administrator's permissions. */
const REALMS: {
  name: string; administrator: readonly Permission[]; pool: readonly string[]; keeper: boolean;
  within: GrantRealm['within']; bounds: fc.Arbitrary<GrantBounds>;
}[] = [
  { name: 'staff', administrator: STAFF_ADMINISTRATOR, pool: ['ADMIN.ACCESS', 'AUTHORITY.EDIT', 'STAFF.EDIT', 'CRM.VIEW_ALL', 'SETTINGS.EDIT'], keeper: false, within: withinSeen, bounds: seenArb },
  { name: 'company', administrator: COMPANY_ADMINISTRATOR, pool: ['USER.EDIT', 'ROLE.EDIT', 'SALE.CREATE', 'ORDER.APPROVE', 'USER.VIEW'], keeper: true, within: withinMonthlyLimit, bounds: limitArb },
];

function caseArb(r: (typeof REALMS)[number]): fc.Arbitrary<Case> {
  return fc.record({
    actor: fc.constantFrom(...SUBJECT_IDS, 99),
    keeper: fc.option(fc.constantFrom(...SUBJECT_IDS), { nil: undefined }),
    before: worldArb(r.pool, r.bounds),
    changes: fc.array(changeArb(r.pool, r.bounds), { minLength: 1, maxLength: 3 }),
  }).map(({ actor, keeper, before, changes }) => ({
    realm: { administrator: r.administrator, keepers: r.keeper && keeper !== undefined ? [keeper] : [], within: r.within },
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
      const created = createdBy(before, after);
      expect(boundsKey(now?.bounds, created)).toBe(boundsKey(was?.bounds, created));
    }), RUNS);
  });

  it('lets no account other than the actor end with bounds outside the actor\'s, when the change creates it or changes its bounds', () => {
    fc.assert(fc.property(caseArb(r), ({ realm, actor, before, after }) => {
      if (grantRefusal(realm, actor, before, after) !== null) return;
      const created = createdBy(before, after);
      const mine = before.subjects.get(actor)?.bounds;
      for (const [id, now] of after.subjects) {
        if (id === actor) continue;
        if (!created.has(id) && boundsKey(before.subjects.get(id)?.bounds, created) === boundsKey(now.bounds, created)) continue;
        expect(beyond(now.bounds, mine, created), `account ${id}`).toBe(false);
      }
    }), RUNS);
  });

  it('lets an actor give bounds within their own, and refuses bounds beyond them', () => {
    fc.assert(fc.property(caseArb(r), r.bounds, fc.constantFrom(...SUBJECT_IDS), ({ realm, before }, bounds, actor) => {
      const other = SUBJECT_IDS.find((id) => id !== actor)!;
      const subject = before.subjects.get(other)!;
      const after: GrantWorld = { roles: before.roles, subjects: new Map(before.subjects).set(other, { ...subject, bounds }) };
      const refusal = grantRefusal(realm, actor, before, after);
      const mine = before.subjects.get(actor)!.bounds;
      if (boundsKey(bounds, new Set()) === boundsKey(subject.bounds, new Set())) expect(refusal).toBeNull();
      else if (beyond(bounds, mine, new Set())) expect(refusal?.messageKey).toBe('grantBoundsNotHeld');
      else expect(refusal).toBeNull();
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
    const keys = new Set(['grantOwnRoles', 'grantOwnRolePermissions', 'grantOwnLimits', 'grantBoundsNotHeld', 'grantNotHeld', 'grantAccountNotHeld', 'grantKeeperKeepsAdministration', 'grantLastAdministrator']);
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
      const created = createdBy(before, after);
      const untouched = now !== undefined && now.active && same(me.roleIds, now.roleIds) && boundsKey(now.bounds, created) === boundsKey(me.bounds, created)
        && me.roleIds.every((role) => same(before.roles.get(role) ?? [], after.roles.get(role) ?? []));
      // … and gives nobody bounds beyond their own.
      const withinMine = [...after.subjects].every(([id, s]) => id === actor
        || (!created.has(id) && boundsKey(before.subjects.get(id)?.bounds, created) === boundsKey(s.bounds, created))
        || !beyond(s.bounds, me.bounds, created));
      const keepersKept = realm.keepers.every((k) => realm.administrator.every((p) => !effectivePermissions(before, k).has(p) || effectivePermissions(after, k).has(p)));
      if (untouched && keepersKept && withinMine) expect(grantRefusal(realm, actor, before, after)).toBeNull();
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
    const realm: GrantRealm = { administrator: STAFF_ADMINISTRATOR, keepers: [], within: withinSeen };
    const all: GrantBounds = { kind: 'sees', ids: 'all' };
    const before: GrantWorld = {
      roles: new Map([[1, [...STAFF_ADMINISTRATOR, 'STAFF.EDIT']], [2, ['ADMIN.ACCESS']]]),
      subjects: new Map([[1, { active: true, roleIds: [1], bounds: all, access: 'it@example.org' }], [2, { active: true, roleIds: [2], bounds: { kind: 'sees', ids: [2] }, access: '' }]]),
    };
    const after: GrantWorld = { roles: before.roles, subjects: new Map(before.subjects).set(1, { active: false, roleIds: [1], bounds: all, access: 'it@example.org' }) };
    expect(grantRefusal(realm, 1, before, after)?.messageKey).toBe('grantLastAdministrator');
    // Emptying their own role is refused before it could lock everyone out.
    const emptied: GrantWorld = { roles: new Map(before.roles).set(1, []), subjects: before.subjects };
    expect(grantRefusal(realm, 1, before, emptied)?.messageKey).toBe('grantOwnRolePermissions');
  });
});

describe('bounds given to others', () => {
  const sees = (...ids: number[]): GrantBounds => ({ kind: 'sees', ids });
  const staffRealm: GrantRealm = { administrator: STAFF_ADMINISTRATOR, keepers: [], within: withinSeen };
  const staffBefore: GrantWorld = {
    roles: new Map([[1, [...STAFF_ADMINISTRATOR, 'STAFF.EDIT', 'CRM.VIEW_ALL']], [2, ['ADMIN.ACCESS', 'STAFF.EDIT']]]),
    subjects: new Map<number, GrantSubject>([
      [1, { active: true, roleIds: [1], bounds: { kind: 'sees', ids: 'all' }, access: '' }],
      // 2 manages the team of 2 and 3; 4 is in another team.
      [2, { active: true, roleIds: [2], bounds: sees(2, 3), access: '' }],
      [3, { active: true, roleIds: [2], bounds: sees(2, 3), access: '' }],
      [4, { active: true, roleIds: [2], bounds: sees(4), access: '' }],
    ]),
  };
  const staffAfter = (changes: [number, GrantSubject][]): GrantWorld => ({ roles: staffBefore.roles, subjects: new Map([...staffBefore.subjects, ...changes]) });

  it('lets a manager add a new hire to their own team', () => {
    const after = staffAfter([[2, { ...staffBefore.subjects.get(2)!, bounds: sees(2, 3, 5) }], [3, { ...staffBefore.subjects.get(3)!, bounds: sees(2, 3, 5) }],
      [5, { active: true, roleIds: [2], bounds: sees(2, 3, 5), access: 'new' }]]);
    expect(grantRefusal(staffRealm, 2, staffBefore, after)).toBeNull();
  });

  it('refuses a member a new account, or a colleague moved, into a team they do not see', () => {
    const hired = staffAfter([[4, { ...staffBefore.subjects.get(4)!, bounds: sees(4, 5) }], [5, { active: true, roleIds: [2], bounds: sees(4, 5), access: 'new' }]]);
    expect(grantRefusal(staffRealm, 2, staffBefore, hired)?.messageKey).toBe('grantBoundsNotHeld');
    const moved = staffAfter([[3, { ...staffBefore.subjects.get(3)!, bounds: sees(3, 4) }], [4, { ...staffBefore.subjects.get(4)!, bounds: sees(3, 4) }],
      [2, { ...staffBefore.subjects.get(2)!, bounds: sees(2) }]]);
    expect(grantRefusal(staffRealm, 2, staffBefore, moved)?.messageKey).toBe('grantOwnLimits');
    expect(grantRefusal(staffRealm, 1, staffBefore, moved)).toBeNull();
  });

  it('refuses a manager moving an existing colleague into their own team: that widens what they see', () => {
    const after = staffAfter([[2, { ...staffBefore.subjects.get(2)!, bounds: sees(2, 3, 4) }], [3, { ...staffBefore.subjects.get(3)!, bounds: sees(2, 3, 4) }],
      [4, { ...staffBefore.subjects.get(4)!, bounds: sees(2, 3, 4) }]]);
    expect(grantRefusal(staffRealm, 2, staffBefore, after)?.messageKey).toBe('grantOwnLimits');
  });

  it('refuses a buyer whose limit applies a colleague without a limit or with a higher one', () => {
    const limit = (cents: bigint | null, applies = true): GrantBounds => ({ kind: 'monthlyLimit', cents, applies });
    const realm: GrantRealm = { administrator: COMPANY_ADMINISTRATOR, keepers: [], within: withinMonthlyLimit };
    const before: GrantWorld = {
      roles: new Map([[1, ['USER.EDIT', 'ROLE.EDIT', 'SALE.CREATE']], [2, ['USER.EDIT', 'SALE.CREATE']]]),
      subjects: new Map<number, GrantSubject>([
        [1, { active: true, roleIds: [1], bounds: limit(null), access: '' }],
        [2, { active: true, roleIds: [2], bounds: limit(3000_00n), access: '' }],
        [3, { active: true, roleIds: [2], bounds: limit(1000_00n), access: '' }],
      ]),
    };
    const add = (bounds: GrantBounds, id = 4): GrantWorld => ({ roles: before.roles, subjects: new Map(before.subjects).set(id, { active: true, roleIds: [2], bounds, access: 'new' }) });
    expect(grantRefusal(realm, 2, before, add(limit(null)))?.messageKey).toBe('grantBoundsNotHeld');
    expect(grantRefusal(realm, 2, before, add(limit(3000_01n)))?.messageKey).toBe('grantBoundsNotHeld');
    expect(grantRefusal(realm, 2, before, add(limit(3000_00n)))).toBeNull();
    expect(grantRefusal(realm, 2, before, add(limit(5000_00n), 3))?.messageKey).toBe('grantBoundsNotHeld');
    expect(grantRefusal(realm, 2, before, add(limit(2000_00n), 3))).toBeNull();
    // Without an applying limit, anything.
    expect(grantRefusal(realm, 1, before, add(limit(null), 3))).toBeNull();
    const off: GrantWorld = { roles: before.roles, subjects: new Map([...before.subjects].map(([id, s]) => [id, { ...s, bounds: { ...s.bounds, applies: false } as GrantBounds }])) };
    expect(grantRefusal(realm, 2, off, { roles: off.roles, subjects: new Map(off.subjects).set(4, { active: true, roleIds: [2], bounds: limit(null, false), access: '' }) })).toBeNull();
  });
});
