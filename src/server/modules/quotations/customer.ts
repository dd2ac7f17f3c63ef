import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { QuotationAcceptInput, QuotationDetailDto, QuotationListInput, QuoteRequestInput } from '@/contracts/quotations';
import type { Db } from '@/server/db/client';
import { companies, productPacks, quotations, quoteRequestLines, quoteRequests } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, SYSTEM_ACTOR, type AuditActor } from '@/server/modules/audit/record';
import type { OrderActor } from '@/server/modules/orders/access';
import { convertQuotation, type ConversionResult } from './convert';
import { assertAcceptable, quotationDelivery } from './delivery';
import { customerSees, listQuotationsWhere, loadQuotation, quotationDetail } from './queries';
import { nextQuoteNo } from './staff';
import { transitionQuotation } from './status';
import { factsOf } from './versions';
import { businessNowSql } from '@/server/business-time';

export type CustomerActor = OrderActor & { audit: AuditActor };

export const listMyQuotations = (db: Db, actor: OrderActor, input: QuotationListInput) => listQuotationsWhere(db, customerSees(actor), input);

/** One of the customer's quotations; while it may be accepted (or converted again), with its order's delivery options. */
export async function getMyQuotation(db: Db, actor: OrderActor, id: number): Promise<QuotationDetailDto> {
  const row = await loadQuotation(db, customerSees(actor), id);
  const detail = await quotationDetail(db, row, 'customer');
  const open = row.state === 'sent' || (row.state === 'accepted' && row.order_id === null);
  return open && row.current_version > 0 ? { ...detail, delivery: await quotationDelivery(db, id, Number(row.current_version)) } : detail;
}

/**
 * A request for a quote from the cart or a product page: the request with its lines and comments, and
 * a quotation in `requested` owned by the company's sales member (or the shared queue when nobody owns it).
 */
export async function requestQuote(db: Db, actor: CustomerActor, input: QuoteRequestInput): Promise<QuotationDetailDto> {
  const packIds = [...new Set(input.lines.map((l) => l.packId))];
  if (packIds.length !== input.lines.length) throw new AppError(400, 'validation', [{ field: 'lines', message: 'quoteDuplicatePack' }]);
  const packs = await db.select({ id: productPacks.id, productId: productPacks.productId }).from(productPacks).where(inArray(productPacks.id, packIds));
  if (packs.length !== packIds.length) throw new AppError(400, 'validation', [{ field: 'lines', message: 'quotePackUnavailable' }]);
  const id = await db.transaction(async (tx) => {
    const [company] = await tx.select({ ownerId: companies.ownerStaffId }).from(companies).where(eq(companies.id, actor.companyId));
    const [request] = await tx.insert(quoteRequests).values({ companyId: actor.companyId, userId: actor.userId, source: input.source, note: input.note }).returning({ id: quoteRequests.id });
    if (!request) throw new AppError(500);
    await tx.insert(quoteRequestLines).values(input.lines.map((l) => ({
      requestId: request.id, packId: l.packId, productId: packs.find((p) => p.id === l.packId)!.productId, num: l.num, comment: l.comment,
    })));
    const { id, quoteNo } = await nextQuoteNo(tx);
    await tx.insert(quotations).values({ id, quoteNo, companyId: actor.companyId, userId: actor.userId, requestId: request.id, ownerId: company?.ownerId ?? null, state: 'requested' });
    await recordAudit(tx, actor.audit, { action: 'request', entity: 'quotation', entityId: id, companyId: actor.companyId, after: { quoteNo, state: 'requested' }, note: { source: input.source, lines: input.lines.length } });
    return id;
  });
  return getMyQuotation(db, actor, id);
}

/** Declines, or asks to renegotiate, the sent version (a passed validity expires it instead: 409 `quotationExpired`). */
export async function answerQuotation(db: Db, actor: CustomerActor, id: number, to: 'declined' | 'renegotiation', comment: string): Promise<QuotationDetailDto> {
  await expireOr(db, actor, id, async (tx, row, facts) => {
    await transitionQuotation(tx, { id, from: row.state, to, kind: 'customer', actor: actor.audit, facts, comment, set: { customerComment: comment } });
  });
  return getMyQuotation(db, actor, id);
}

type Row = Awaited<ReturnType<typeof loadQuotation>>;

/** Runs a customer's answer on the locked quotation, or — when its validity has passed — expires it and refuses. */
async function expireOr(db: Db, actor: CustomerActor, id: number, answer: (tx: Db, row: Row, facts: Awaited<ReturnType<typeof factsOf>>) => Promise<void>): Promise<void> {
  const expired = await db.transaction(async (tx) => {
    const row = await loadQuotation(tx, customerSees(actor), id, true);
    const facts = await factsOf(tx, id, row.current_version);
    if (row.state === 'sent' && facts.expired) {
      await transitionQuotation(tx, { id, from: 'sent', to: 'expired', kind: 'system', actor: SYSTEM_ACTOR, facts });
      return true;
    }
    await answer(tx, row, facts);
    return false;
  });
  if (expired) throw new AppError(409, 'quotationExpired');
}

/**
 * Accepts the sent version and converts it into an order in the same call: two parallel acceptances
 * make one order (the quotation row is locked; the second finds it accepted and is refused). When the
 * conversion fails the quotation stays accepted with the reason; `retry` converts it again later.
 */
export async function acceptQuotation(db: Db, actor: CustomerActor, input: QuotationAcceptInput, retry = false): Promise<{ detail: QuotationDetailDto; conversion: ConversionResult }> {
  const { id, ...orderInput } = input;
  if (!retry) {
    await expireOr(db, actor, id, async (tx, row, facts) => {
      // A bad address or delivery refuses the acceptance itself: the quotation stays as it was.
      if (row.state === 'sent') await assertAcceptable(tx, actor.companyId, { id, version: Number(row.current_version) }, orderInput);
      await transitionQuotation(tx, { id, from: row.state, to: 'accepted', kind: 'customer', actor: actor.audit, facts, set: { userId: row.user_id ?? actor.userId } });
    });
  }
  const conversion = await convertQuotation(db, actor, id, orderInput);
  return { detail: await getMyQuotation(db, actor, id), conversion };
}

/** Expires sent quotations whose validity passed (the list calls it before reading, so states read true). */
export async function expireDueQuotations(db: Db): Promise<number> {
  const due = await db.select({ id: quotations.id }).from(quotations).where(and(eq(quotations.state, 'sent'), sql`exists (select 1 from quotation_versions v
    where v.quotation_id = ${quotations.id} and v.version = ${quotations.currentVersion} and v.valid_until < ${businessNowSql()}::date)`)).limit(200);
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [row] = await tx.select({ state: quotations.state, version: quotations.currentVersion }).from(quotations).where(eq(quotations.id, id)).for('update');
      if (row?.state !== 'sent') return;
      await transitionQuotation(tx, { id, from: 'sent', to: 'expired', kind: 'system', actor: SYSTEM_ACTOR, facts: await factsOf(tx, id, row.version) });
    });
  }
  return due.length;
}
