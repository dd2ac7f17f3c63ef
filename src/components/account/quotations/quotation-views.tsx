import { getFormatter, getTranslations } from 'next-intl/server';
import { centsText, type QuotationDetailDto, type QuotationRowDto, type QuotationStateName } from '@/contracts/quotations';
import type { OrderCompanyDto } from '@/contracts/orders';
import { Link } from '@/i18n/navigation';
import { QuotationAnswer } from './quotation-answer';

const TONE: Record<QuotationStateName, string> = {
  requested: 'bg-violet-50 text-violet-700', draft: 'bg-gray-100 text-gray-700', pending_approval: 'bg-gray-100 text-gray-700', approved: 'bg-gray-100 text-gray-700',
  rejected: 'bg-gray-100 text-gray-700', sent: 'bg-blue-50 text-blue-700', accepted: 'bg-indigo-50 text-indigo-700', declined: 'bg-red-50 text-red-700',
  renegotiation: 'bg-amber-50 text-amber-700', expired: 'bg-gray-100 text-gray-500', converted: 'bg-green-50 text-green-700',
};
/** What the customer sees of internal states: a quotation being prepared. */
const SHOWN: Partial<Record<QuotationStateName, QuotationStateName>> = { draft: 'requested', pending_approval: 'requested', approved: 'requested', rejected: 'requested' };
/** States in which the current version is one the customer was sent. */
const OFFERED = new Set<QuotationStateName>(['sent', 'accepted', 'declined', 'renegotiation', 'expired', 'converted']);
const yuan = (cents: number) => `¥${centsText(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

export async function StateBadge({ state }: { state: QuotationStateName }) {
  const t = await getTranslations('accountQuotations');
  const shown = SHOWN[state] ?? state;
  return <span className={`inline-block rounded px-2 py-0.5 text-xs ${TONE[shown]}`} data-testid="quote-state">{t(`status.${shown}`)}</span>;
}

/** The company's quotations, newest first. */
export async function QuotationListView({ items }: { items: QuotationRowDto[] }) {
  const t = await getTranslations('accountQuotations');
  const format = await getFormatter();
  if (items.length === 0) return <p className="rounded-lg border border-dashed border-line py-10 text-center text-sm text-muted" data-testid="quotes-empty">{t('empty')}</p>;
  return (
    <ul className="divide-y divide-line rounded-lg border border-line" data-testid="quotes-list">
      {items.map((q) => (
        <li key={q.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
          <div className="min-w-0">
            <Link href={{ pathname: '/account/quotations', query: { id: q.id, default: '3' } }} className="font-medium text-brand-600 hover:underline">{q.quoteNo}</Link>
            <div className="text-xs text-muted">{format.dateTime(new Date(q.createdAt), 'day')}{q.userName ? ` · ${q.userName}` : ''}</div>
          </div>
          <div className="flex items-center gap-3">
            {OFFERED.has(q.state) && <span>{yuan(q.totalCents)}</span>}
            {q.validUntil && q.state === 'sent' && <span className="text-xs text-muted">{t('validUntil', { date: q.validUntil })}</span>}
            <StateBadge state={q.state} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** One quotation: the customer's request, the sent versions (newest first), the answer and the history; `canAccept`: the account may place orders (SALE.CREATE). */
export async function QuotationDetailView({ q, company, lang, canAccept }: { q: QuotationDetailDto; company: OrderCompanyDto; lang: 'zh' | 'en'; canAccept: boolean }) {
  const t = await getTranslations('accountQuotations');
  const te = await getTranslations('api.errors');
  const format = await getFormatter();
  const name = (l: { nameZh: string; nameEn: string }) => (lang === 'en' ? l.nameEn || l.nameZh : l.nameZh);
  const [offer, ...older] = q.versions;
  return (
    <div className="space-y-5" data-testid="quote-detail">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="m-0 text-lg font-semibold">{q.quoteNo} <StateBadge state={q.state} /></h1>
        <Link href="/account/quotations?default=3" className="text-sm text-brand-600 hover:underline">{t('back')}</Link>
      </div>
      {q.orderNo && q.orderId && (
        <p className="rounded border border-green-200 bg-green-50 p-3 text-sm" data-testid="quote-order">
          <Link href={{ pathname: '/order/detail', query: { id: q.orderId, default: '1' } }} className="text-green-700 underline">{t('orderLink', { no: q.orderNo })}</Link>
        </p>
      )}
      {q.conversionError && q.state === 'accepted' && (
        <div role="alert" className="rounded border border-red-200 bg-red-50 p-3 text-sm text-red-700" data-testid="quote-failure">
          <b>{t('failed', { reason: te.has(q.conversionError.code) ? te(q.conversionError.code) : q.conversionError.code })}</b>
          <div>{t('failedItems', { items: q.conversionError.itemNos.join(', ') })}</div>
          <div className="text-red-600">{t('failedHelp')}</div>
        </div>
      )}
      {offer ? (
        <section className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-base font-semibold">{t('offer', { n: offer.version })}</h2>
            <span className="flex gap-3 text-sm">
              <a href={`/api/app/quotations/${q.id}/pdf?version=${offer.version}&lang=zh`} className="text-brand-600 hover:underline" data-testid="quote-pdf">{t('pdf')} · 中文</a>
              <a href={`/api/app/quotations/${q.id}/pdf?version=${offer.version}&lang=en`} className="text-brand-600 hover:underline">{t('pdf')} · English</a>
            </span>
          </div>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead><tr className="border-b border-line text-left text-muted"><th className="py-1">{t('item')}</th><th>{t('num')}</th><th className="hidden text-right sm:table-cell">{t('unitPrice')}</th><th className="text-right">{t('lineTotal')}</th></tr></thead>
              <tbody>
                {offer.lines.map((l) => (
                  <tr key={l.packId} className="border-b border-line/60">
                    <td className="py-1.5">{l.itemNo} {name(l)} · {l.size}{l.comment ? <div className="text-xs text-muted">{l.comment}</div> : null}</td>
                    <td>{l.num}</td><td className="hidden text-right sm:table-cell">{yuan(l.netCents)}</td><td className="text-right">{yuan(l.lineCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="text-right text-sm">
            {offer.discountBp > 0 && <span className="mr-3 text-muted">{t('discount', { pct: offer.discountBp / 100 })}</span>}
            {t('total')} <b className="text-lg text-accent" data-testid="quote-total">{yuan(offer.totalCents)}</b>
            <div className="text-xs text-muted" data-testid="quote-tax">{t('taxIncluded', { tax: centsText(offer.taxCents) })}</div>
            <div className="text-xs text-muted">{t('validUntil', { date: offer.validUntil })}{offer.note ? ` · ${offer.note}` : ''}</div>
          </div>
          {(q.state === 'sent' || (q.state === 'accepted' && q.conversionError)) && <QuotationAnswer id={q.id} state={q.state} company={company} canAccept={canAccept} delivery={q.delivery ?? []} />}
        </section>
      ) : <p className="rounded border border-dashed border-line p-4 text-sm text-muted">{t('noOffer')}</p>}
      {q.request && (
        <section>
          <h2 className="mb-1 text-base font-semibold">{t('yourRequest')} · {t(`source.${q.request.source}`)}</h2>
          <ul className="space-y-1 text-sm">
            {q.request.lines.map((l) => <li key={`${l.itemNo}-${l.size}`}>{l.itemNo} {name(l)} · {l.size} × {l.num}{l.comment ? <span className="text-muted"> — {l.comment}</span> : null}</li>)}
          </ul>
          {q.request.note && <p className="mt-1 text-sm text-muted">{q.request.note}</p>}
        </section>
      )}
      {older.length > 0 && <p className="text-xs text-muted">{older.map((v) => t('versionSent', { n: v.version })).join(' · ')}</p>}
      {q.events.length > 0 && (
        <section>
          <h2 className="mb-1 text-base font-semibold">{t('timeline')}</h2>
          <ul className="space-y-1 text-sm text-muted">
            {q.events.map((e) => <li key={`${e.at}-${e.to}`}>{format.dateTime(new Date(e.at), 'stamp')} · {e.to ? t(`status.${e.to as QuotationStateName}`) : ''}{e.comment ? ` — ${e.comment}` : ''}</li>)}
          </ul>
        </section>
      )}
    </div>
  );
}
