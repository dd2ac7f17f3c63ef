import { FlaskConical } from '@/components/ui/icons';
import { getTranslations } from 'next-intl/server';

/** The server-drawn structure (an `<img>` of the SVG route), or a plain "no structure" box. */
export async function StructureImage({ url, name }: { url: string | null; name: string }) {
  const t = await getTranslations('productDetail');
  return (
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
  );
}
