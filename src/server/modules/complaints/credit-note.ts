import 'server-only';
import { centsText, GOODS_VAT_PERCENT, includedTax, toCents } from '@/server/modules/orders/money';
import { eq } from 'drizzle-orm';
import type { ComplaintLineDto, CreditNoteDto } from '@/contracts/complaints';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { companies } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { serverMessages } from '@/server/messages';
import type { Approver } from '@/server/modules/approvals/engine';
import type { OrderActor } from '@/server/modules/orders/access';
import { getMyComplaint } from './customer';
import { complaintLinesOf, creditNoteOf, loadComplaint, toComplaintRow } from './queries';

export interface CreditNoteDocument {
  note: CreditNoteDto;
  complaintNo: string;
  orderNo: string;
  companyName: string;
  lines: ComplaintLineDto[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const money = (v: string) => {
  const [whole = '0', frac = '00'] = v.split('.');
  return `¥${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
};

/**
 * The credit note as one self-contained, printable HTML document (no scripts, inline styles only):
 * number, date, customer, order, complaint, the lines concerned and the amount credited.
 */
export function creditNoteHtml(doc: CreditNoteDocument, lang: Lang): string {
  const t = serverMessages(lang).adminComplaints.creditNoteDoc;
  const date = doc.note.createdAt.slice(0, 10);
  const rows = doc.lines.map((l) => `<tr><td>${escapeHtml(l.itemNo)}</td><td>${escapeHtml(l.name)}</td><td>${escapeHtml(l.size)}</td>`
    + `<td class="n">${money(l.unitPrice)}</td><td class="n">${l.quantity}</td><td class="n">${money(l.value)}</td></tr>`).join('');
  return `<!doctype html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><title>${escapeHtml(`${t.title} ${doc.note.creditNo}`)}</title>
<style>body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;color:#1e293b;max-width:760px;margin:32px auto;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}table{border-collapse:collapse;width:100%;margin:16px 0}th,td{border:1px solid #cbd5e1;padding:6px 8px;font-size:13px;text-align:left}
th{background:#f1f5f9}.n{text-align:right;white-space:nowrap}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:16px 0}dt{color:#64748b}
.total{font-size:18px;font-weight:600;text-align:right}.muted{color:#64748b;font-size:12px}@media print{body{margin:0}}</style></head>
<body><h1>${escapeHtml(t.title)}</h1><div class="muted">${escapeHtml(t.printHint)}</div>
<dl><dt>${escapeHtml(t.number)}</dt><dd>${escapeHtml(doc.note.creditNo)}</dd><dt>${escapeHtml(t.date)}</dt><dd>${date}</dd>
<dt>${escapeHtml(t.customer)}</dt><dd>${escapeHtml(doc.companyName)}</dd><dt>${escapeHtml(t.order)}</dt><dd>${escapeHtml(doc.orderNo)}</dd>
<dt>${escapeHtml(t.complaint)}</dt><dd>${escapeHtml(doc.complaintNo)}</dd></dl>
<table><thead><tr><th>${escapeHtml(t.itemNo)}</th><th>${escapeHtml(t.product)}</th><th>${escapeHtml(t.size)}</th><th class="n">${escapeHtml(t.unitPrice)}</th>`
    + `<th class="n">${escapeHtml(t.quantity)}</th><th class="n">${escapeHtml(t.value)}</th></tr></thead><tbody>${rows}</tbody></table>
<p class="total">${escapeHtml(t.amount)} ${money(doc.note.amount)}</p><p class="muted" style="text-align:right">${escapeHtml(t.taxIncluded)} ${money(centsText(includedTax(toCents(doc.note.amount), GOODS_VAT_PERCENT)))}</p><p class="muted">${escapeHtml(t.footer)}</p></body></html>`;
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
