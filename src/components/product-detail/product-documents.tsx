import { FileDown } from '@/components/ui/icons';
import { getFormatter, getTranslations } from 'next-intl/server';
import type { ProductDocumentItemDto, ProductDocumentsDto } from '@/contracts/product-detail';
import { Link } from '@/i18n/navigation';

function DocumentList({ docs, showLot, emptyText, testId }: { docs: ProductDocumentItemDto[]; showLot: boolean; emptyText: string; testId: string }) {
  return docs.length === 0 ? <p className="text-sm text-muted">{emptyText}</p> : <DocumentRows docs={docs} showLot={showLot} testId={testId} />;
}

async function DocumentRows({ docs, showLot, testId }: { docs: ProductDocumentItemDto[]; showLot: boolean; testId: string }) {
  const t = await getTranslations('productDetail');
  const format = await getFormatter();
  return (
    <ul className="divide-y divide-line" data-testid={testId}>
      {docs.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
          {showLot && <span className="font-mono text-xs" data-testid="coa-lot"><span className="sr-only">{t('lotNo')} </span>{d.lotNo}</span>}
          <span className="min-w-0 flex-1 basis-48">{d.title}</span>
          <span className="text-xs text-muted">{d.lang === 'en' ? 'English' : '中文'}</span>
          {!showLot && <span className="text-xs text-muted" data-testid="document-version">{t('version', { version: d.version })}</span>}
          <time className="text-xs text-muted" dateTime={d.issuedAt}>{format.dateTime(new Date(d.issuedAt), 'day')}</time>
          {d.available ? (
            <a href={d.url} download className="inline-flex items-center gap-1 text-brand-600 hover:underline" aria-label={t('downloadTitle', { title: d.title })} data-testid="document-download">
              <FileDown aria-hidden size={15} />{t('download')}
            </a>
          ) : (
            <span className="text-xs text-muted" data-testid="document-unavailable">{t('documentUnavailable')}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * COAs by lot, safety data sheets and protocols (each said to be missing when there is none), and the data
 * sheets and handbooks a product has; each a download through the files routes, or "unavailable" while
 * its file is missing.
 */
export async function ProductDocuments({ documents }: { documents: ProductDocumentsDto }) {
  const t = await getTranslations('productDetail');
  const groups = [
    { kind: 'coa', title: t('coa'), docs: documents.coa },
    { kind: 'msds', title: t('msds'), docs: documents.msds },
    { kind: 'tds', title: t('tds'), docs: documents.tds },
    { kind: 'protocol', title: t('protocol'), docs: documents.protocol },
    { kind: 'handbook', title: t('handbook'), docs: documents.handbook },
  ].filter((g) => g.docs.length > 0 || g.kind === 'coa' || g.kind === 'msds' || g.kind === 'protocol');
  return (
    <section aria-labelledby="documents-heading" className="rounded-lg border border-line bg-white p-4 sm:p-5" data-testid="documents">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="documents-heading" className="text-lg font-semibold text-ink">{t('documents')}</h2>
        <Link href="/resources/index/coa" className="text-sm text-brand-600 hover:underline">{t('coaLookup')}</Link>
      </div>
      {groups.every((g) => g.docs.length === 0) ? (
        <p className="mt-2 text-sm text-muted" data-testid="documents-none">{t('noProductDocuments')}</p>
      ) : (
        <div className="mt-2 grid gap-4">
          {groups.map((g) => (
            <div key={g.kind}>
              <h3 className="text-sm font-semibold text-ink">{g.title}</h3>
              <DocumentList docs={g.docs} showLot={g.kind === 'coa'} emptyText={t('noDocuments')} testId={`documents-${g.kind}`} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
