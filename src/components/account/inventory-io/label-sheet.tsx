import { useTranslations } from 'next-intl';
import type { LabelDto } from '@/contracts/inventory-io';
import { Link } from '@/i18n/navigation';
import { PrintButton } from './print-button';

/** The QR code's SVG as an image address (the page's policy allows `data:` images; no script runs in it). */
function qrSrc(svg: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

const CONTROL_MARK = { precursor: { zh: '易制毒', en: 'Precursor' }, explosive: { zh: '易制爆', en: 'Explosive precursor' }, toxic: { zh: '剧毒', en: 'Highly toxic' } } as const;

/** One label, 70 × 37 mm: the QR code with the label code under it, and the container's facts beside it. */
export function InventoryLabel({ label }: { label: LabelDto }) {
  const t = useTranslations('inventoryIo.labels');
  const marks = [
    ...(label.controlClass ? [`${CONTROL_MARK[label.controlClass].zh} ${CONTROL_MARK[label.controlClass].en}`] : []),
    ...(label.hazardous ? [`${t('hazardousZh')} ${t('hazardousEn')}`] : []),
  ];
  return (
    <article className="inventory-label flex h-[37mm] w-[70mm] shrink-0 gap-[2mm] overflow-hidden rounded-sm border border-line bg-white p-[2mm] text-[6.5pt] leading-[1.25] text-black print:rounded-none print:border-dashed" data-testid="inventory-label" data-code={label.code}>
      <div className="flex w-[23mm] shrink-0 flex-col items-center">
        {/* eslint-disable-next-line @next/next/no-img-element -- a data: SVG made on the server, printed at its size */}
        <img src={qrSrc(label.qrSvg)} alt={t('qrAlt', { code: label.code })} className="h-[23mm] w-[23mm]" data-testid="label-qr" />
        <span className="mt-[1mm] font-mono text-[7.5pt] font-semibold tracking-wide" data-testid="label-code">{label.code}</span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="truncate text-[7.5pt] font-semibold" data-testid="label-name-zh">{label.nameZh}</p>
        <p className="truncate" data-testid="label-name-en">{label.nameEn}</p>
        <p className="truncate">{label.cas ? `CAS ${label.cas}` : label.itemNo}{label.lotNo ? ` · ${t('lot')} ${label.lotNo}` : ''}</p>
        <p className="truncate">{`${label.amount} ${label.unit} · ${t('received')} ${label.receivedOn}`}</p>
        {label.expiresOn || label.retestOn ? (
          <p className="truncate">{label.expiresOn ? `${t('expires')} ${label.expiresOn}` : `${t('retest')} ${label.retestOn}`}</p>
        ) : null}
        {label.location ? <p className="truncate">{label.location}</p> : null}
        {marks.length ? (
          <p className="mt-auto flex flex-wrap gap-[1mm]">
            {marks.map((m) => <span key={m} className="rounded-sm border border-black px-[1mm] font-semibold">{m}</span>)}
          </p>
        ) : null}
      </div>
    </article>
  );
}

/**
 * Labels to print: A4 sheets of 24 (3 × 8 labels of 70 × 37 mm) or one label per page for a label printer.
 * On screen the labels wrap to the window; printing shows nothing but them.
 */
export function LabelSheet({ labels, layout, english }: { labels: LabelDto[]; layout: 'sheet' | 'single'; english: boolean }) {
  const t = useTranslations('inventoryIo.labels');
  const ids = labels.map((l) => l.id).join(',');
  const tab = (value: 'sheet' | 'single') => (
    <Link
      href={`/account/inventory/labels?ids=${ids}&layout=${value}`}
      aria-current={layout === value ? 'page' : undefined}
      className={`rounded px-3 py-1.5 text-sm ${layout === value ? 'bg-brand-600 text-white' : 'border border-line text-ink hover:bg-brand-50'}`}
      data-testid={`labels-layout-${value}`}
    >
      {t(value === 'sheet' ? 'layoutSheet' : 'layoutSingle')}
    </Link>
  );
  return (
    <section className="min-w-0 rounded-lg border border-line bg-white p-4 sm:p-6 print:border-0 print:p-0">
      <div className="mb-4 print:hidden">
        <h1 className="mb-1 text-lg font-semibold">{t('title')}</h1>
        <p className="mb-3 text-sm text-muted">{t('intro', { count: labels.length })}</p>
        <div className="flex flex-wrap items-center gap-2">
          {tab('sheet')}
          {tab('single')}
          <PrintButton label={t('print')} />
          {labels.length === 1 ? (
            <Link href={`/account/inventory/${labels[0]?.id ?? ''}`} className="text-sm text-brand-600 hover:underline">{t('backToContainer')}</Link>
          ) : (
            <Link href="/account/inventory" className="text-sm text-brand-600 hover:underline">{t('back')}</Link>
          )}
        </div>
        <p className="mt-2 text-xs text-muted">{t(layout === 'sheet' ? 'sheetHint' : 'singleHint')}</p>
      </div>
      <div className={`inventory-labels ${layout === 'single' ? 'inventory-labels-single' : 'inventory-labels-sheet'} flex flex-wrap gap-3`} data-layout={layout} lang={english ? 'en' : 'zh'} data-testid="inventory-labels">
        {labels.map((label) => <InventoryLabel key={label.id} label={label} />)}
      </div>
    </section>
  );
}
