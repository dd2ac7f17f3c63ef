import 'server-only';
import { centsText } from '@/contracts/quotations';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { serverMessages } from '@/server/messages';
import { fillTemplate } from '@/server/modules/mail/templates';
import { loadLetterhead } from '@/server/modules/site-settings/letterhead';
import { renderPdf } from '@/server/pdf/document';
import { loadQuotation, loadVersions, seenBy, type QuotationViewer } from './queries';
import { businessDay } from '@/server/business-time';

const yuan = (cents: number) => `¥${centsText(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/**
 * A version of a quotation as a PDF in one language, Chinese font embedded: the customer may have the
 * sent versions, staff any version they may see. 404 for a version that is not there.
 */
export async function quotationPdf(db: Db, viewer: QuotationViewer, id: number, version: number | undefined, lang: Lang): Promise<{ bytes: Buffer; name: string }> {
  const row = await loadQuotation(db, seenBy(viewer), id);
  const versions = await loadVersions(db, Number(row.id), viewer.kind === 'customer');
  const v = version === undefined ? versions[0] : versions.find((x) => x.version === version);
  if (!v) throw new AppError(404, 'quotationNotFound');
  const t = serverMessages(lang).accountQuotations.pdfDoc;
  const values = { quoteNo: row.quote_no, version: String(v.version) };
  const name = (l: { nameZh: string; nameEn: string }) => (lang === 'en' ? l.nameEn || l.nameZh : l.nameZh);
  const bytes = await renderPdf({
    letterhead: await loadLetterhead(db, lang), lang,
    title: t.title, subtitle: fillTemplate(t.subtitle, values), author: 'YouReagent',
    facts: [
      [t.customer, row.company_name],
      ...(row.user_name ? [[t.contact, row.user_name] as [string, string]] : []),
      [t.date, businessDay(v.sentAt ?? new Date())],
      [t.validUntil, v.validUntil],
      ...(row.owner_name ? [[t.owner, row.owner_name] as [string, string]] : []),
    ],
    columns: [
      { title: t.no, width: 0.06 }, { title: t.item, width: 0.38 }, { title: t.pack, width: 0.1 }, { title: t.num, width: 0.07, align: 'right' },
      { title: t.unitPrice, width: 0.13, align: 'right' }, { title: t.netPrice, width: 0.13, align: 'right' }, { title: t.lineTotal, width: 0.13, align: 'right' },
    ],
    rows: v.lines.map((l, i) => [
      String(i + 1), `${l.itemNo} ${name(l)}${l.comment ? `\n${l.comment}` : ''}`, l.size, String(l.num), yuan(l.unitCents), yuan(l.netCents), yuan(l.lineCents),
    ]),
    totals: [[t.subtotal, yuan(v.subtotalCents)], [`${t.discount} ${v.discountBp / 100}%`, `-${yuan(v.discountCents)}`], [t.total, yuan(v.totalCents)], [t.tax, yuan(v.taxCents)]],
    paragraphs: [...(v.note ? [v.note] : []), t.binding],
    footer: fillTemplate(t.footer, values),
  });
  return { bytes, name: `${row.quote_no}-v${v.version}${lang === 'en' ? '-en' : ''}.pdf` };
}
