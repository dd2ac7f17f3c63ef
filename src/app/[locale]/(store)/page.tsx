import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { ProductCard } from '@/components/storefront/product-card';
import { SectionHeading } from '@/components/storefront/section-heading';
import { Link } from '@/i18n/navigation';
import { messagesFor, type Locale } from '@/i18n/routing';
import { getDb } from '@/server/db/client';
import { countCatalogue, listFlaggedProducts, listRecommendedBrands, type ProductFlag } from '@/server/modules/catalog/queries';
import { listBanners, listLatestContent } from '@/server/modules/content/queries';

const SECTIONS: { flag: ProductFlag; href: string }[] = [
  { flag: 'hot', href: '/product/index/hot' },
  { flag: 'new', href: '/product/index/new' },
  { flag: 'special', href: '/product/index/special' },
];

export default async function HomePage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const lang = messagesFor(locale as Locale);
  const db = await getDb();
  const [t, format, slides, hot, fresh, special, brands, news, stats] = await Promise.all([
    getTranslations('home'),
    getFormatter(),
    listBanners(db, { position: 'home-slideshow', lang }),
    listFlaggedProducts(db, { flag: 'hot', limit: 8, lang }),
    listFlaggedProducts(db, { flag: 'new', limit: 8, lang }),
    listFlaggedProducts(db, { flag: 'special', limit: 8, lang }),
    listRecommendedBrands(db, { limit: 12, lang }),
    listLatestContent(db, { kind: 'news', limit: 6, lang }),
    countCatalogue(db),
  ]);
  const products = { hot, new: fresh, special };
  const hero = slides[0];

  return (
    <div className="container-page space-y-10 py-6">
      <section className="overflow-hidden rounded-xl bg-gradient-to-r from-brand-700 to-brand-500 px-6 py-10 text-white md:px-12" data-testid="hero">
        <h1 className="text-2xl font-bold md:text-3xl">{hero?.title ?? t('heroTitle')}</h1>
        <p className="mt-2 max-w-2xl text-brand-100">{hero?.subtitle ?? t('heroSubtitle')}</p>
        <p className="mt-4 text-sm text-brand-100" data-testid="catalogue-stats">
          {t('stats', { products: format.number(stats.products), brands: format.number(stats.brands) })}
        </p>
        {slides.length > 1 && (
          <ul className="mt-6 flex flex-wrap gap-2">
            {slides.slice(1).map((s) => (
              <li key={s.id}>
                <Link href={s.link || '/'} className="inline-block rounded-full bg-white/15 px-3 py-1 text-sm hover:bg-white/25">{s.title}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      {SECTIONS.map(({ flag, href }) => (
        <section key={flag} aria-labelledby={`section-${flag}`} data-testid={`section-${flag}`}>
          <SectionHeading title={t(flag)} action={<Link href={href} className="text-sm text-brand-600 hover:underline">{t('more')}</Link>} />
          {products[flag].length === 0 ? (
            <p className="text-muted">{t('empty')}</p>
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {products[flag].map((p) => (
                <li key={p.id}><ProductCard product={p} /></li>
              ))}
            </ul>
          )}
        </section>
      ))}

      <div className="grid grid-cols-1 gap-10 lg:grid-cols-2">
        <section className="min-w-0" data-testid="section-brands">
          <SectionHeading title={t('brands')} action={<Link href="/brand?type=0" className="text-sm text-brand-600 hover:underline">{t('more')}</Link>} />
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {brands.map((b) => (
              <li key={b.id}>
                <Link href={{ pathname: '/brand/detail', query: { id: b.id } }} className="flex h-16 min-w-0 flex-col items-center justify-center rounded-lg border border-line bg-white px-2 text-center hover:border-brand-500">
                  <span className="font-semibold text-brand-700">{b.logoText || b.name}</span>
                  <span className="w-full truncate text-xs text-muted">{b.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section className="min-w-0" data-testid="section-news">
          <SectionHeading title={t('news')} action={<Link href="/news/index" className="text-sm text-brand-600 hover:underline">{t('more')}</Link>} />
          <ul className="divide-y divide-line rounded-lg border border-line bg-white">
            {news.map((n) => (
              <li key={n.id}>
                <Link href={{ pathname: '/news/detail', query: { id: n.id } }} className="flex items-baseline justify-between gap-4 px-4 py-3 hover:bg-brand-50">
                  <span className="truncate">{n.title}</span>
                  <time className="shrink-0 text-xs text-muted" dateTime={n.publishedAt.toISOString()}>{format.dateTime(n.publishedAt, { year: 'numeric', month: '2-digit', day: '2-digit' })}</time>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
