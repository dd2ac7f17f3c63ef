import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';
import { quotationLines, quotationVersions, quotations } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { QuotationFacts } from './status';
import type { PricedVersion } from './pricing';
import { businessNowSql, businessToday } from '@/server/business-time';

/** Today's date in the business time zone, YYYY-MM-DD (the database's clock). */
export async function shopToday(db: Db): Promise<string> {
  const [row] = rowsOf<{ d: string }>(await db.execute(sql`select to_char(${businessNowSql()}, 'YYYY-MM-DD') as d`));
  return row?.d ?? businessToday();
}

export function addDays(isoDay: string, days: number): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The current version of a quotation (null before the first draft). */
export async function currentVersion(db: Db, quotationId: number, version: number) {
  if (version === 0) return null;
  const [v] = await db.select().from(quotationVersions).where(and(eq(quotationVersions.quotationId, quotationId), eq(quotationVersions.version, version)));
  return v ?? null;
}

/** The facts the transition table's conditions read, from the current version. */
export async function factsOf(db: Db, quotationId: number, version: number): Promise<QuotationFacts> {
  const v = await currentVersion(db, quotationId, version);
  if (!v) return { belowFloor: false, hasLines: false, expired: false };
  const [n] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from quotation_lines where version_id = ${v.id}`));
  return { belowFloor: v.belowFloor, hasLines: Number(n?.n ?? 0) > 0, expired: v.validUntil < (await shopToday(db)) };
}

/** Writes a priced version's lines and totals over a version not yet sent (its lines replaced), and the quotation's total. */
export async function writeVersion(tx: Db, quotationId: number, versionId: number, priced: PricedVersion, head: { discountBp: number; validUntil: string; note: string }): Promise<void> {
  const [v] = await tx.select({ sentAt: quotationVersions.sentAt }).from(quotationVersions).where(eq(quotationVersions.id, versionId));
  if (!v) throw new AppError(404, 'quotationNotFound');
  if (v.sentAt) throw new AppError(409, 'quotationVersionSent');
  await tx.delete(quotationLines).where(eq(quotationLines.versionId, versionId));
  if (priced.lines.length) {
    await tx.insert(quotationLines).values(priced.lines.map((l, i) => ({
      versionId, seq: i + 1, productId: l.productId, packId: l.packId, itemNo: l.itemNo, nameZh: l.nameZh, nameEn: l.nameEn, size: l.size, num: l.num,
      listCents: l.listCents, unitCents: l.unitCents, netCents: l.netCents, lineCents: l.lineCents, comment: l.comment,
    })));
  }
  await tx.update(quotationVersions).set({
    ...head, subtotalCents: priced.subtotalCents, discountCents: priced.discountCents, totalCents: priced.totalCents, belowFloor: priced.belowFloor,
  }).where(eq(quotationVersions.id, versionId));
  await tx.update(quotations).set({ totalCents: priced.totalCents, updatedAt: new Date() }).where(eq(quotations.id, quotationId));
}

/** A new unsent version numbered after `from`, copying its lines and terms (a renegotiation), or empty. */
export async function newVersion(tx: Db, quotationId: number, from: number, validUntil: string): Promise<number> {
  const prev = await currentVersion(tx, quotationId, from);
  const [row] = await tx.insert(quotationVersions).values({
    quotationId, version: from + 1, discountBp: prev?.discountBp ?? 0, validUntil, note: prev?.note ?? '',
    subtotalCents: prev?.subtotalCents ?? 0, discountCents: prev?.discountCents ?? 0, totalCents: prev?.totalCents ?? 0, belowFloor: prev?.belowFloor ?? false,
  }).returning({ id: quotationVersions.id });
  if (!row) throw new AppError(500);
  if (prev) {
    const lines = await tx.select().from(quotationLines).where(eq(quotationLines.versionId, prev.id)).orderBy(asc(quotationLines.seq));
    if (lines.length) await tx.insert(quotationLines).values(lines.map(({ id: _id, versionId: _v, ...l }) => ({ ...l, versionId: row.id })));
  }
  return row.id;
}
