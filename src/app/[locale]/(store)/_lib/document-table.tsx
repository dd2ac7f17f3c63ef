import { FileDown } from '@/components/ui/icons';
import { getFormatter, getTranslations } from 'next-intl/server';
import type { ProductDocumentDto } from '@/contracts/content';
import { Link } from '@/i18n/navigation';

/** Product documents with a download link each (or "unavailable" while a file is missing); a card list on phones, a table on wider screens. */
export async function DocumentTable({ docs, showLot = false }: { docs: ProductDocumentDto[]; showLot?: boolean }) {
  const t = await getTranslations('resources');
  const format = await getFormatter();
  if (docs.length === 0) return <p className="rounded-lg border border-dashed border-line bg-white p-8 text-center text-muted" data-testid="documents-empty">{t('noDocuments')}</p>;
  const date = (iso: string) => format.dateTime(new Date(iso), 'day');
  return (
    <div className="overflow-hidden rounded-lg border border-line bg-white">
      <table className="w-full text-sm" data-testid="documents">
        <thead className="hidden bg-gray-50 text-left text-xs text-muted sm:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-2">{t('itemNo')}</th>
            <th scope="col" className="px-4 py-2">{t('product')}</th>
            {showLot && <th scope="col" className="px-4 py-2">{t('lotNo')}</th>}
            <th scope="col" className="px-4 py-2">{t('language')}</th>
            <th scope="col" className="px-4 py-2">{t('date')}</th>
            <th scope="col" className="px-4 py-2"><span className="sr-only">{t('download')}</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {docs.map((d) => (
            <tr key={d.id} className="flex flex-wrap items-center gap-x-3 px-4 py-3 sm:table-row sm:p-0">
              <td className="font-mono text-xs sm:px-4 sm:py-3">{d.itemNo}</td>
              <td className="min-w-0 basis-full sm:px-4 sm:py-3">
                <Link href={{ pathname: '/product/detail', query: { id: String(d.productId) } }} className="hover:text-brand-600">{d.productName}</Link>
                <span className="block text-xs text-gray-600">{d.title}</span>
                <span className="block text-xs text-muted">{d.brandName}{d.cas ? ` · CAS ${d.cas}` : ''}</span>
              </td>
              {showLot && <td className="font-mono text-xs sm:px-4 sm:py-3">{d.lotNo}</td>}
              <td className="text-xs sm:px-4 sm:py-3">{d.lang === 'en' ? 'English' : '中文'}</td>
              <td className="text-xs text-muted sm:px-4 sm:py-3"><time dateTime={d.issuedAt}>{date(d.issuedAt)}</time></td>
              <td className="sm:px-4 sm:py-3 sm:text-right">
                {d.available ? (
                  <a href={d.url} download className="inline-flex items-center gap-1 text-brand-600 hover:underline" data-testid="document-download" aria-label={`${t('download')} ${d.title}`}>
                    <FileDown aria-hidden size={15} />{t('download')}
                  </a>
                ) : (
                  <span className="text-xs text-muted" data-testid="document-unavailable">{t('documentUnavailable')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
