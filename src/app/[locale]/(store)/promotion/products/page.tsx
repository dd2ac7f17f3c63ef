import { Link } from '@/i18n/navigation';
import { messagesFor, type Locale } from '@/i18n/routing';
import { getDb } from '@/server/db/client';
import { listBanners } from '@/server/modules/content/banners';
import { promotionProductsList } from '../../product/_lib/product-pages';

/** The current offers (promotion banners), shown above the special-offer list. */
async function offers(locale: Locale) {
  const banners = await listBanners(await getDb(), { position: 'promotion', lang: messagesFor(locale) });
  if (banners.length === 0) return null;
  return (
    <ul className="mt-4 grid gap-3 md:grid-cols-2" data-testid="promotion-banners">
      {banners.map((b) => (
        <li key={b.id}>
          <Link href={b.link || '/promotion/products'} className="block h-full rounded-xl bg-gradient-to-r from-brand-700 to-brand-500 p-5 text-white hover:opacity-95">
            <span className="block text-lg font-semibold">{b.title}</span>
            <span className="mt-1 block text-sm text-brand-100">{b.subtitle}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

const { generateMetadata, Page } = promotionProductsList(offers);
export { generateMetadata };
export default Page;
