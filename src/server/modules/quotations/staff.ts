import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import {
  centsText, QUOTE_VALID_DAYS_MAX, type QuotationDetailDto, type QuotationDraftInput, type QuotationListInput, type QuotationStateName,
} from '@/contracts/quotations';
import type { Lang } from '@/lib/lang';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import { rowsOf, type Db } from '@/server/db/client';
import { quotationVersions, quotations, quoteRequestLines } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { approverOf, openApproval, withdrawApproval } from '@/server/modules/approvals/engine';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { assertCustomerVisible } from '@/server/modules/customers/access';
import { mailSentVersion } from './mail';
import { priceVersion } from './pricing';
import { listQuotationsWhere, loadQuotation, quotationDetail, staffSees, type QuotationRow } from './queries';
import { transitionQuotation } from './status';
import { addDays, currentVersion, factsOf, newVersion, shopToday, writeVersion } from './versions';
import { numberDaySql } from '@/server/business-time';

export type StaffActor = ScopedStaff & { name: string; audit: AuditActor };

export const QUOTE_DEFAULT_VALID_DAYS = 30;

/** One keyset page of the quotations the member sees. */
export const listQuotations = (db: Db, actor: ScopedStaff, input: QuotationListInput) => listQuotationsWhere(db, staffSees(actor), input);

export async function getQuotation(db: Db, actor: ScopedStaff, id: number): Promise<QuotationDetailDto> {
  return quotationDetail(db, await loadQuotation(db, staffSees(actor), id), 'staff');
}

/** The next quotation number: QT, the date in the business time zone (of `at`, else today) and the id. */
export async function nextQuoteNo(tx: Db, at?: Date): Promise<{ id: number; quoteNo: string }> {
  const [next] = rowsOf<{ id: number; d: string }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('quotations', 'id'))::int as id,
    ${numberDaySql(at)} as d`));
  if (!next) throw new AppError(500);
  return { id: Number(next.id), quoteNo: `QT${next.d}${String(next.id).padStart(5, '0')}` };
}

/**
 * A quotation staff start for a customer company they see (optionally for one of its accounts): a draft
 * owned by the caller, version 1 empty. A customer or an account out of reach answers the customer read's 404.
 */
export async function createQuotation(db: Db, actor: StaffActor, input: { companyId: number; userId?: number | undefined }): Promise<QuotationDetailDto> {
  const id = await db.transaction(async (tx) => {
    await assertCustomerVisible(tx, actor, input.companyId, input.userId);
    const { id, quoteNo } = await nextQuoteNo(tx);
    await tx.insert(quotations).values({ id, quoteNo, companyId: input.companyId, userId: input.userId ?? null, ownerId: actor.staffId, state: 'draft', currentVersion: 1 });
    await tx.insert(quotationVersions).values({ quotationId: id, version: 1, validUntil: addDays(await shopToday(tx), QUOTE_DEFAULT_VALID_DAYS) });
    await recordAudit(tx, actor.audit, { action: 'create', entity: 'quotation', entityId: id, companyId: input.companyId, after: { quoteNo, state: 'draft' } });
    return id;
  });
  return getQuotation(db, actor, id);
}

/**
 * Saves the current draft version: lines priced on the server, discount, validity (today to 180 days
 * on). A net price below the floor needs QUOTATION.PRICE_OVERRIDE (403 without it, nothing saved).
 */
export async function saveDraft(db: Db, actor: StaffActor, input: QuotationDraftInput): Promise<QuotationDetailDto> {
  const today = await shopToday(db);
  if (input.validUntil < today || input.validUntil > addDays(today, QUOTE_VALID_DAYS_MAX)) {
    throw new AppError(400, 'validation', [{ field: 'validUntil', message: 'quoteValidityInvalid' }]);
  }
  const head = await loadQuotation(db, staffSees(actor), input.id);
  const priced = await priceVersion(db, Number(head.company_id), input.lines, input.discountBp);
  if (priced.belowFloor && !actor.permissions.includes('QUOTATION.PRICE_OVERRIDE')) {
    throw new AppError(403, 'quotationBelowFloor', { itemNos: priced.lines.filter((l) => l.belowFloor).map((l) => l.itemNo) });
  }
  await db.transaction(async (tx) => {
    const row = await loadQuotation(tx, staffSees(actor), input.id, true);
    if (row.state !== 'draft') throw new AppError(409, 'quotationNotDraft');
    const version = await currentVersion(tx, input.id, row.current_version);
    if (!version) throw new AppError(409, 'quotationNotDraft');
    await writeVersion(tx, input.id, version.id, priced, { discountBp: input.discountBp, validUntil: input.validUntil, note: input.note });
    await recordAudit(tx, actor.audit, {
      action: 'update', entity: 'quotation', entityId: input.id, companyId: Number(row.company_id),
      before: { total: centsText(version.totalCents), discountBp: version.discountBp, validUntil: version.validUntil },
      after: { total: centsText(priced.totalCents), discountBp: input.discountBp, validUntil: input.validUntil },
      note: { version: version.version, lines: priced.lines.length, belowFloor: priced.belowFloor },
    });
  });
  return getQuotation(db, actor, input.id);
}

/** Version 1 of a requested quotation: the request's lines at list prices, valid for 30 days. */
async function draftFromRequest(tx: Db, row: QuotationRow): Promise<void> {
  const lines = row.request_id === null ? [] : await tx.select({ packId: quoteRequestLines.packId, num: quoteRequestLines.num, comment: quoteRequestLines.comment })
    .from(quoteRequestLines).where(eq(quoteRequestLines.requestId, row.request_id)).orderBy(quoteRequestLines.id);
  const versionId = await newVersion(tx, Number(row.id), 0, addDays(await shopToday(tx), QUOTE_DEFAULT_VALID_DAYS));
  const companyId = Number(row.company_id);
  const priced = await priceVersion(tx, companyId, lines, 0).catch(() => priceVersion(tx, companyId, [], 0));
  await writeVersion(tx, Number(row.id), versionId, priced, { discountBp: 0, validUntil: addDays(await shopToday(tx), QUOTE_DEFAULT_VALID_DAYS), note: '' });
}

/**
 * A staff member's move, through the transition function: taking a request (version 1 from its lines,
 * the caller becomes the owner when nobody is), a renegotiation (a new version copied from the sent
 * one), withdrawing or reopening, asking for approval (the engine's request), sending (the version
 * becomes binding and read-only; the customer is mailed after the commit).
 */
export async function moveQuotation(db: Db, actor: StaffActor, id: number, to: QuotationStateName, comment: string, mail: { lang: Lang }): Promise<QuotationDetailDto> {
  let sent = false;
  await db.transaction(async (tx) => {
    const row = await loadQuotation(tx, staffSees(actor), id, true);
    const qid = Number(row.id);
    const from = row.state;
    const set: Partial<typeof quotations.$inferInsert> = {};
    if (row.owner_id === null) {
      // A backstop: loadQuotation already read the quotation through staffSees; the customer is checked again before taking it.
      await assertCustomerVisible(tx, actor, Number(row.company_id));
      set.ownerId = actor.staffId;
    }
    const facts = await factsOf(tx, qid, row.current_version);
    const base = { id: qid, from, to, kind: 'staff' as const, actor: actor.audit, facts, comment, set };
    if (to === 'draft' && (from === 'requested' || from === 'renegotiation')) {
      await transitionQuotation(tx, base);
      if (from === 'requested') await draftFromRequest(tx, row);
      else await newVersion(tx, qid, row.current_version, addDays(await shopToday(tx), QUOTE_DEFAULT_VALID_DAYS));
      await tx.update(quotations).set({ currentVersion: row.current_version + 1, conversionError: null }).where(eq(quotations.id, qid));
      return;
    }
    await transitionQuotation(tx, base);
    if (from === 'pending_approval' && to === 'draft') await withdrawApproval(tx, actor.audit, 'quotation', qid);
    if (to === 'pending_approval') {
      const version = await currentVersion(tx, qid, row.current_version);
      const me = await approverOf(tx, actor);
      await openApproval(tx, {
        actor: actor.audit, entityType: 'quotation', entityId: qid, applicantId: actor.staffId, teamId: me.teamId,
        amount: centsText(version?.totalCents ?? 0), category: null, subject: `${row.quote_no} ${row.company_name}`,
      });
    }
    if (to === 'sent') {
      await tx.update(quotationVersions).set({ sentAt: new Date(), sentBy: actor.staffId })
        .where(and(eq(quotationVersions.quotationId, qid), eq(quotationVersions.version, row.current_version)));
      sent = true;
    }
  });
  if (sent) await mailSentVersion(db, id, mail.lang);
  return getQuotation(db, actor, id);
}
