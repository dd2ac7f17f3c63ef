import 'server-only';
import { centsText, GOODS_VAT_PERCENT, includedTax, toCents } from '@/server/modules/orders/money';
import { eq } from 'drizzle-orm';
import type { ComplaintLineDto, CreditNoteDto } from '@/contracts/complaints';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { companies } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { businessDay } from '@/server/business-time';
import { serverMessages } from '@/server/messages';
import type { Approver } from '@/server/modules/approvals/engine';
import { fillTemplate } from '@/server/modules/mail/templates';
import type { OrderActor } from '@/server/modules/orders/access';
import { loadLetterhead } from '@/server/modules/site-settings/letterhead';
import { renderPdf } from '@/server/pdf/document';
import { getMyComplaint } from './customer';
import { complaintLinesOf, creditNoteOf, loadComplaint, toComplaintRow } from './queries';

export interface CreditNoteDocument {
  note: CreditNoteDto;
  complaintNo: string;
  orderNo: string;
  companyName: string;
  lines: ComplaintLineDto[];
}

const money = (v: string) => {
  const [whole = '0', frac = '00'] = v.split('.');
  return `¥${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
};

/**
 * The credit note as a PDF in one language, like a quotation's (ADR 0066): the seller's letterhead from the
 * site settings, number, date (the business day it was issued), customer, order, complaint, the lines
 * concerned and the amount credited.
 */
export async function creditNotePdf(db: Db, doc: CreditNoteDocument, lang: Lang): Promise<{ bytes: Buffer; name: string }> {
  const t = serverMessages(lang).adminComplaints.creditNoteDoc;
  const bytes = await renderPdf({
    letterhead: await loadLetterhead(db, lang), lang,
    title: t.title, subtitle: fillTemplate(t.subtitle, { creditNo: doc.note.creditNo, complaintNo: doc.complaintNo }), author: 'YouReagent',
    facts: [
      [t.number, doc.note.creditNo],
      [t.date, businessDay(doc.note.createdAt)],
      [t.customer, doc.companyName],
      [t.order, doc.orderNo],
      [t.complaint, doc.complaintNo],
    ],
    columns: [
      { title: t.itemNo, width: 0.16 }, { title: t.product, width: 0.34 }, { title: t.size, width: 0.12 },
      { title: t.unitPrice, width: 0.14, align: 'right' }, { title: t.quantity, width: 0.1, align: 'right' }, { title: t.value, width: 0.14, align: 'right' },
    ],
    rows: doc.lines.map((l) => [l.itemNo, l.name, l.size, money(l.unitPrice), String(l.quantity), money(l.value)]),
    totals: [[t.amount, money(doc.note.amount)], [t.taxIncluded, money(centsText(includedTax(toCents(doc.note.amount), GOODS_VAT_PERCENT)))]],
    paragraphs: [t.footer],
    footer: `${t.title} ${doc.note.creditNo}`,
  });
  return { bytes, name: `${doc.note.creditNo}${lang === 'en' ? '-en' : ''}.pdf` };
}

/** The credit note of a complaint the staff member may see (404 when there is none). */
export async function staffCreditNote(db: Db, me: Approver, complaintId: number, lang: Lang): Promise<CreditNoteDocument> {
  const row = toComplaintRow(await loadComplaint(db, me, complaintId));
  const note = await creditNoteOf(db, complaintId);
  if (!note) throw new AppError(404, 'creditNoteNotFound');
  return { note, complaintNo: row.complaintNo, orderNo: row.orderNo, companyName: row.companyName, lines: await complaintLinesOf(db, complaintId, lang) };
}

/** The credit note of one of the customer's complaints (their company's, in the query). */
export async function customerCreditNote(db: Db, actor: OrderActor, complaintId: number, lang: Lang): Promise<CreditNoteDocument> {
  const mine = await getMyComplaint(db, actor, complaintId, lang);
  if (!mine.creditNote) throw new AppError(404, 'creditNoteNotFound');
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, actor.companyId));
  return { note: mine.creditNote, complaintNo: mine.complaintNo, orderNo: mine.orderNo, companyName: company?.name ?? '', lines: mine.lines };
}
