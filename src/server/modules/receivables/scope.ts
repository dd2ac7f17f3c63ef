import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import { companies } from '@/server/db/schema';
import { customerVisibleTo } from '@/server/modules/customers/access';
import type { AuditActor } from '@/server/modules/audit/record';

/** A staff member as receivables read them: the scope's facts, and the audit log's actor for changes. */
export interface ReceivablesStaff extends ScopedStaff {
  audit: AuditActor;
}

/**
 * Whose receivables a member sees (ADR 0074): the order desk's rule (`orderVisibleToStaff`) over a company id —
 * every customer with `ORDER.VIEW_ALL`, otherwise the customers the member sees in the CRM (`customerVisibleTo`).
 */
export function receivablesVisibleTo(actor: ScopedStaff, companyId: SQL): SQL {
  if (actor.permissions.includes('ORDER.VIEW_ALL')) return sql`true`;
  return sql`${companyId} in (select ${companies.id} from ${companies} where ${customerVisibleTo(actor)})`;
}
