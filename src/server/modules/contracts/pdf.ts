import 'server-only';
import { centsText } from '@/contracts/quotations';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { serverMessages } from '@/server/messages';
import type { Approver } from '@/server/modules/approvals/engine';
import { fillTemplate } from '@/server/modules/mail/templates';
import { loadVersions } from '@/server/modules/quotations/queries';
import { renderPdf } from '@/server/pdf/document';
import { loadContract } from './queries';

const yuan = (cents: number) => `¥${centsText(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/**
 * A contract the member may see as a PDF in one language, Chinese font embedded: its facts, the lines
 * of the quotation version it was made from (or one line, its title, when made new), the amount, the
 * notes and the signature block.
 */
export async function contractPdf(db: Db, me: Approver, id: number, lang: Lang): Promise<{ bytes: Buffer; name: string }> {
  const row = await loadContract(db, me, id);
  const t = serverMessages(lang).adminContracts.pdf;
  const amount = Number(row.amount_cents);
  const versions = row.quotation_id === null ? [] : await loadVersions(db, Number(row.quotation_id), false);
  const version = versions.find((v) => v.version === Number(row.quotation_version));
  const name = (l: { nameZh: string; nameEn: string }) => (lang === 'en' ? l.nameEn || l.nameZh : l.nameZh);
  const rows = version
    ? version.lines.map((l, i) => [String(i + 1), `${l.itemNo} ${name(l)}`, `${l.size} × ${l.num}`, yuan(l.netCents), yuan(l.lineCents)])
    : [['1', row.title, '', yuan(amount), yuan(amount)]];
  const values = { contractNo: row.contract_no };
  const bytes = await renderPdf({
    title: t.title, subtitle: fillTemplate(t.subtitle, values), author: 'YouReagent',
    facts: [
      [t.contractNo, row.contract_no],
      [t.subject, row.title],
      [t.partyA, row.company_name],
      [t.partyB, t.seller],
      ...(row.quote_no ? [[t.quotation, `${row.quote_no} v${row.quotation_version ?? ''}`] as [string, string]] : []),
      [t.signingDate, row.signing_date ?? '—'],
      [t.endDate, row.end_date ?? '—'],
      ...(row.owner_name ? [[t.owner, row.owner_name] as [string, string]] : []),
    ],
    columns: [
      { title: t.no, width: 0.06 }, { title: t.item, width: 0.44 }, { title: t.quantity, width: 0.18 },
      { title: t.unitPrice, width: 0.16, align: 'right' }, { title: t.lineTotal, width: 0.16, align: 'right' },
    ],
    rows,
    totals: [[t.total, yuan(amount)]],
    paragraphs: [...(row.notes ? [row.notes] : []), t.terms, t.signatures],
    footer: fillTemplate(t.footer, values),
  });
  return { bytes, name: `${row.contract_no}${lang === 'en' ? '-en' : ''}.pdf` };
}
