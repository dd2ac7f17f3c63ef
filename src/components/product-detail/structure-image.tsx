import { FlaskConical } from '@/components/ui/icons';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { DEFAULT_THRESHOLD, structureSearchQuery } from '@/lib/structure-query';

/**
 * The server-drawn structure (an `<img>` of the SVG route), or a plain "no structure" box. A drawn
 * structure links to a similarity search for it (structure search, ADR 0075).
 */
export async function StructureImage({ url, name, smiles = null }: { url: string | null; name: string; smiles?: string | null }) {
  const t = await getTranslations('productDetail');
  return (
    <div className="flex w-full flex-col gap-2 lg:max-w-[320px]">
      <figure className="flex aspect-[16/9] w-full items-center lg:aspect-[4/3] lg:max-w-[320px] justify-center overflow-hidden rounded-lg border border-line bg-white p-2" data-testid="structure">
        {url ? (
          // eslint-disable-next-line @next/next/no-img-element -- an SVG from our own API: next/image would only pass it through
          <img src={url} alt={t('structureAlt', { name })} className="max-h-full max-w-full" width={320} height={240} style={{ width: 'auto', height: 'auto' }} data-testid="structure-image" />
        ) : (
          <figcaption className="flex flex-col items-center gap-2 text-sm text-muted" data-testid="structure-none">
            <FlaskConical aria-hidden size={36} className="text-gray-300" />
            {t('noStructure')}
          </figcaption>
        )}
      </figure>
      {url && smiles && (
        <Link
          href={{ pathname: '/product/list', query: structureSearchQuery({ key: smiles, mode: 'sim', threshold: DEFAULT_THRESHOLD }) }}
          rel="nofollow"
          className="self-start text-sm text-brand-700 hover:underline"
          data-testid="search-similar"
        >
          {t('searchSimilar')}
        </Link>
      )}
    </div>
  );
}
