import 'server-only';
import type { AuditAction, AuditEntity } from '@/contracts/audit-vocabulary';
import type { Actor } from '@/server/auth/actor';
import type { Db } from '@/server/db/client';
import { auditLog } from '@/server/db/schema';

/** Who made a change, as the audit log keeps it. */
export interface AuditActor {
  type: 'user' | 'staff' | 'system';
  id: number | null;
  name: string;
  /** The client address ('' for the system). */
  ip: string;
}

export const SYSTEM_ACTOR: AuditActor = { type: 'system', id: null, name: 'system', ip: '' };

/** The audit actor of a signed-in user or staff member, with the request's client address. */
export function auditActorOf(actor: Actor, ip: string): AuditActor {
  if (actor.kind === 'user') return { type: 'user', id: actor.userId, name: actor.name, ip };
  if (actor.kind === 'staff') return { type: 'staff', id: actor.staffId, name: actor.name, ip };
  return { ...SYSTEM_ACTOR, ip };
}

export type AuditValue = string | number | boolean | null | readonly (string | number)[];
export type AuditRecord = Readonly<Record<string, AuditValue | undefined>>;
export type AuditChanges = Record<string, { from: AuditValue; to: AuditValue }>;

function same(a: AuditValue, b: AuditValue): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
}

/**
 * The fields that differ between two states of an entity, each with its value before and after.
 * A field missing on one side counts as null; `undefined` fields of `after` are left out (not changed).
 */
export function changedFields(before: AuditRecord | null, after: AuditRecord | null): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (after && key in after && after[key] === undefined) continue;
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (!same(from, to)) changes[key] = { from, to };
  }
  return changes;
}

export interface AuditEntryInput {
  /** What was done: 'create', 'update', 'delete', or a transition's name ('disable', 'approve', …); one of the vocabulary's. */
  action: AuditAction;
  /** The kind of record ('user', 'role', 'staff', 'menu', …); one of the vocabulary's. */
  entity: AuditEntity;
  entityId: number | string;
  /** The customer company the record belongs to; null or absent for the shop's own data. */
  companyId?: number | null;
  before?: AuditRecord | null;
  after?: AuditRecord | null;
  /** Extra facts of a transition (a reason, a quantity change) kept beside the changes. */
  note?: Readonly<Record<string, AuditValue>>;
}

/**
 * Writes one audit row. Call it with the transaction of the change itself, so that a failed change
 * leaves no row and a written change always has one. An update that compared two states and found
 * no field changed writes nothing and answers false, whatever its note (the note is context); an
 * update told by its note alone (a file added) is written.
 */
export async function recordAudit(tx: Db, actor: AuditActor, entry: AuditEntryInput): Promise<boolean> {
  const changes = changedFields(entry.before ?? null, entry.after ?? null);
  const hasChanges = Object.keys(changes).length > 0;
  const compared = entry.before !== undefined || entry.after !== undefined;
  if (entry.action === 'update' && !hasChanges && (compared || !entry.note)) return false;
  await tx.insert(auditLog).values({
    actorType: actor.type,
    actorId: actor.id,
    actorName: actor.name.slice(0, 100),
    ip: actor.ip.slice(0, 64),
    companyId: entry.companyId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    data: { changes, ...(entry.note ? { note: entry.note } : {}) },
  });
  return true;
}
