import type { Metadata } from 'next';
import { Award, BadgeCheck, ChevronLeft, ChevronRight, FlaskConical, Pause, Play, ShieldCheck, Truck } from '@/components/ui/icons';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { RichText } from '@/components/content/rich-text';
import { ProductCard } from '@/components/storefront/product-card';
import { SectionHeading } from '@/components/storefront/section-heading';
import { Slideshow } from '@/components/storefront/slideshow';
import { ClientMessages } from '@/i18n/client-messages-provider';
import { Link } from '@/i18n/navigation';
import { messagesFor, type Locale } from '@/i18n/routing';
import { jsonLd, pageMetadata, siteUrl } from '@/lib/seo';
import type { ProductFlag } from '@/server/modules/catalog/queries';
import { BrandLogo } from '@/components/catalog/brand-logo';
import { loadHome } from './_lib/load-home';
import { ExampleLabel } from '@/components/content/example-label';

const SECTIONS: { flag: ProductFlag; href: string }[] = [
  { flag: 'hot', href: '/product/index/hot' },
  { flag: 'new', href: '/product/index/new' },
  { flag: 'special', href: '/product/index/special' },
];

const WHY_ICONS = [BadgeCheck, Truck, ShieldCheck, FlaskConical];

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'meta' });
  return { ...pageMetadata({ locale, path: '/', title: t('siteTitle'), description: t('siteDescription') }), title: { absolute: t('siteTitle') } };
}

/** Home: slideshow, hot/new/special products, literature, why us, news and recommended brands. */
export default async function HomePage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const lang = messagesFor(locale as Locale);
  const [t, tm, format, home] = await Promise.all([getTranslations('home'), getTranslations('meta'), getFormatter(), loadHome(lang)]);
  const { slides, why, intro, products, brands, news, literature, stats, contact } = home;
  const date = (iso: string) => format.dateTime(new Date(iso), 'day');
  const organisation = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: tm('siteName'),
    url: siteUrl(),
    description: tm('siteDescription'),
    email: contact.salesEmail ?? undefined,
    address: contact.address ?? undefined,
    contactPoint: contact.hotlines.map((telephone) => ({ '@type': 'ContactPoint', telephone, contactType: 'customer service', availableLanguage: ['zh-CN', 'en'] })),
  };

  return (
    <div className="container-page space-y-10 py-6">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(organisation) }} />
      <h1 className="sr-only">{tm('siteTitle')}</h1>
      <ClientMessages namespaces={['home']}>
        <Slideshow
          slides={slides}
          icons={{ previous: <ChevronLeft aria-hidden size={18} />, next: <ChevronRight aria-hidden size={18} />, play: <Play aria-hidden size={16} />, pause: <Pause aria-hidden size={16} /> }}
          footer={<span data-testid="catalogue-stats">{t('stats', { products: format.number(stats.products), brands: format.number(stats.brands), authorised: format.number(stats.authorisedBrands) })}</span>}
        />
      </ClientMessages>

      {intro && (
        <section className="rounded-lg border border-line bg-white p-5" data-testid="home-intro">
          <h2 className="text-lg font-semibold">{intro.title}</h2>
          <RichText html={intro.content} className="text-sm text-gray-600" />
        </section>
      )}

      {SECTIONS.map(({ flag, href }) => (
        <section key={flag} aria-labelledby={`section-${flag}`} data-testid={`section-${flag}`}>
          <SectionHeading id={`section-${flag}`} title={t(flag)} action={<Link href={href} className="text-sm text-brand-600 hover:underline">{t('more')}<span className="sr-only"> · {t(flag)}</span></Link>} />
          {products[flag].length === 0 ? (
            <p className="text-muted">{t('empty')}</p>
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4 max-sm:[&>li:nth-child(n+5)]:hidden">
              <ClientMessages namespaces={['catalog.own']}>
                {products[flag].map((p) => (
                  <li key={p.id}><ProductCard product={p} /></li>
                ))}
              </ClientMessages>
            </ul>
          )}
        </section>
      ))}

      {/* Editorial points kept in the back-office: a shop that has written none shows no heading for them. */}
      {why.length > 0 && (<section aria-labelledby="section-why-title" data-testid="section-why">
        <SectionHeading id="section-why-title" title={t('why')} />
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {why.map((w, i) => {
            const Icon = WHY_ICONS[i % WHY_ICONS.length] ?? Award;
            return (
              <li key={w.id}>
                <Link href={w.link || '/'} className="flex h-full gap-3 rounded-lg border border-line bg-white p-4 hover:border-brand-500">
                  <Icon aria-hidden className="shrink-0 text-brand-500" size={28} />
                  <span><span className="block font-semibold">{w.title}</span><span className="mt-1 block text-sm text-muted">{w.subtitle}</span></span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>)}

      <div className="grid grid-cols-1 gap-10 lg:grid-cols-2">
        <section className="min-w-0" aria-labelledby="section-news-title" data-testid="section-news">
          <SectionHeading id="section-news-title" title={t('news')} action={<Link href="/news/index" className="text-sm text-brand-600 hover:underline">{t('more')}<span className="sr-only"> · {t('news')}</span></Link>} />
          {news.length === 0 ? <p className="text-muted">{t('empty')}</p> : (<ul className="divide-y divide-line rounded-lg border border-line bg-white">
            {news.map((n) => (
              <li key={n.id}>
                <Link href={{ pathname: '/news/detail', query: { id: String(n.id) } }} className="flex items-baseline justify-between gap-4 px-4 py-3 hover:bg-brand-50">
                  <span className="truncate">{n.title}</span>
                  <time className="shrink-0 text-xs text-muted" dateTime={n.publishedAt}>{date(n.publishedAt)}</time>
                </Link>
              </li>
            ))}
          </ul>)}
        </section>
        <section className="min-w-0" aria-labelledby="section-literature-title" data-testid="section-literature">
          <SectionHeading id="section-literature-title" title={t('literature')} action={<Link href="/citations/list" className="text-sm text-brand-600 hover:underline">{t('more')}<span className="sr-only"> · {t('literature')}</span></Link>} />
          {literature.length === 0 ? <p className="text-muted">{t('empty')}</p> : (<ul className="divide-y divide-line rounded-lg border border-line bg-white">
            {literature.map((c) => (
              <li key={c.id} className="px-4 py-3">
                <Link href={{ pathname: '/citations/detail', query: { id: String(c.id) } }} className="block truncate hover:text-brand-600">{c.title}</Link>
                <span className="flex min-w-0 items-center gap-2 text-xs italic text-muted"><span className="truncate">{c.source}</span><ExampleLabel example={c.example} /></span>
              </li>
            ))}
          </ul>)}
        </section>
      </div>

      <section aria-labelledby="section-brands-title" data-testid="section-brands">
        <SectionHeading id="section-brands-title" title={t('brands')} action={<Link href="/brand?type=0" className="text-sm text-brand-600 hover:underline">{t('more')}<span className="sr-only"> · {t('brands')}</span></Link>} />
        {brands.length === 0 ? <p className="text-muted">{t('empty')}</p> : (<ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {brands.map((b) => (
            <li key={b.id}>
              <Link href={{ pathname: '/brand/detail', query: { id: String(b.id) } }} className="flex h-16 min-w-0 flex-col items-center justify-center rounded-lg border border-line bg-white px-2 text-center hover:border-brand-500">
                <BrandLogo brand={b} className="h-8 font-semibold text-brand-700" />
                <span className="w-full truncate text-xs text-muted">{b.name}</span>
              </Link>
            </li>
          ))}
        </ul>)}
      </section>
    </div>
  );
}
