import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { PartnerStatus } from '@/contracts/partners';
import type { Db } from '@/server/db/client';
import { partners } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';

/**
 * The one status transition of a partner (ADR 0042): draft → published (it appears on the partners
 * page) and published → draft (it leaves it). Checks the move, writes the row and its audit row in the
 * caller's transaction; the row must be locked by the caller (lockPartner).
 */
const MOVES: Record<PartnerStatus, readonly PartnerStatus[]> = { draft: ['published'], published: ['draft'] };

export type PartnerRow = typeof partners.$inferSelect;

export async function lockPartner(tx: Db, id: number): Promise<PartnerRow> {
  const [row] = await tx.select().from(partners).where(eq(partners.id, id)).for('update');
  if (!row) throw new AppError(404, 'contentPartnerNotFound');
  return row;
}

export async function transitionPartner(tx: Db, actor: AuditActor, partner: PartnerRow, to: PartnerStatus): Promise<void> {
  if (actor.type !== 'staff') throw new AppError(403, 'forbidden');
  if (!MOVES[partner.status].includes(to)) throw new AppError(409, 'contentPartnerTransitionInvalid');
  await tx.update(partners).set({
    status: to,
    publishedAt: to === 'published' ? sql`now()` : partner.publishedAt,
    updatedAt: sql`now()`,
  }).where(eq(partners.id, partner.id));
  await recordAudit(tx, actor, {
    action: to === 'published' ? 'publish' : 'unpublish', entity: 'partner', entityId: partner.id,
    before: { status: partner.status }, after: { status: to },
  });
}
