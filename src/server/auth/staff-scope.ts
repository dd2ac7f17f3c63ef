import 'server-only';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Permission } from './permissions';

/** The part of a staff actor that decides which owned records they see. */
export interface ScopedStaff {
  staffId: number;
  permissions: readonly string[];
}

/**
 * Who sees a record owned by a staff member (customers, quotations, contracts, cases, complaints),
 * as a condition inside the query itself: its owner, the owner's teammates, the manager of the
 * owner's team, and holders of `CRM.VIEW_ALL` (everything). A record without an owner is seen by
 * `CRM.VIEW_ALL` holders only unless `unowned` says otherwise.
 */
export function ownedRecordVisibleTo(actor: ScopedStaff, owner: AnyColumn, opts: { unowned?: boolean } = {}): SQL {
  const all: Permission = 'CRM.VIEW_ALL';
  if (actor.permissions.includes(all)) return sql`true`;
  const mine = sql`(${owner} = ${actor.staffId}
    or ${owner} in (select m.id from staff m join staff me on me.team_id = m.team_id where me.id = ${actor.staffId})
    or ${owner} in (select m.id from staff m join staff_teams t on t.id = m.team_id where t.manager_id = ${actor.staffId}))`;
  return opts.unowned ? sql`(${owner} is null or ${mine})` : mine;
}
