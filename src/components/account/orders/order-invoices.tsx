import { useTranslations } from 'next-intl';
import type { InvoiceDto } from '@/contracts/invoices';

const yuan = (v: string) => `¥${Number(v).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The order's invoices on the buyer's order page (ADR 0074): each one finance recorded — number, date,
 * amount, type, blue or red-letter — with its file to download; before any, what was asked for.
 */
export function OrderInvoices({ invoices, requested }: { invoices: InvoiceDto[]; requested: 'none' | 'ordinary' | 'special' }) {
  const t = useTranslations('orderPages.invoices');
  if (requested === 'none' && invoices.length === 0) return null;
  return (
    <section className="mt-6" aria-labelledby="order-invoices-title" data-testid="order-invoices">
      <h2 id="order-invoices-title" className="mb-3 text-base font-semibold">{t('title')}</h2>
      {invoices.length === 0 ? (
        <p className="text-sm text-muted" data-testid="order-invoices-empty">{requested === 'none' ? t('empty') : t('requested', { type: t(`types.${requested}`) })}</p>
      ) : (
        <ul className="m-0 list-none divide-y divide-line rounded-md border border-line p-0">
          {invoices.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm" data-testid={`order-invoice-${i.id}`}>
              <div className="flex min-w-0 flex-col">
                <span className="flex flex-wrap items-center gap-2">
                  <span className={`rounded px-1.5 text-xs ${i.kind === 'red' ? 'bg-red-50 text-red-700' : 'bg-blue-50 text-blue-700'}`}>{t(`kinds.${i.kind}`)}</span>
                  <span>{t(`types.${i.invoiceType}`)}</span>
                  <span className="font-mono">{i.invoiceNo}</span>
                </span>
                <span className="text-xs text-muted">
                  {t('issuedOn')} {i.issuedOn}{i.kind === 'red' && i.correctsNo ? ` · ${t('corrects', { no: i.correctsNo })}` : ''}
                </span>
              </div>
              <div className="flex items-center gap-3">
                <span className={i.kind === 'red' ? 'text-red-700' : ''}>{i.kind === 'red' ? '−' : ''}{yuan(i.amount)}</span>
                <a href={`/api/app/invoices/${i.id}/file`} download={i.fileName} aria-label={t('downloadOf', { no: i.invoiceNo })} data-testid="order-invoice-download"
                  className="inline-flex items-center rounded-md border border-line px-3 py-1 text-sm hover:border-brand-500 hover:text-brand-600">{t('download')}</a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
