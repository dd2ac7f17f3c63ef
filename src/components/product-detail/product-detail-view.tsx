import { FileText, ListPlus, ShoppingCart } from '@/components/ui/icons';
import { getTranslations } from 'next-intl/server';
import { PageTitle } from '@/components/content/page-title';
import { Link } from '@/i18n/navigation';
import type { CategoryCrumbDto, ProductDetailAllDto } from '@/contracts/product-detail';
import { GhsBlock } from './ghs-block';
import { LinkedContent } from './linked-content';
import { PackLots } from './pack-lots';
import { PackTable } from './pack-table';
import { ProductDocuments } from './product-documents';
import { ProductFacts } from './product-facts';
import { StructureImage } from './structure-image';
import { RequestQuoteButton } from '@/components/account/quotations/request-quote-button';
import { AddToListButton } from '@/components/account/lists/add-to-list-button';
import { ProductHazardIsland } from './product-hazard-island';

/** Where a category of the breadcrumb leads (docs/requirements/storefront.md#product-menu): a leaf to its product list, others to their subcategories. */
function categoryHref(c: CategoryCrumbDto, parent: CategoryCrumbDto | undefined): string {
  if (!c.leaf) return `/product/children/cat_list_2nd?catId=${c.id}`;
  const query = new URLSearchParams({ typeId: String(c.id), ...(parent ? { fatherId: String(parent.id) } : {}), classify: c.name });
  return `/product/index/list?${query.toString()}`;
}

/** The product detail page: facts and structure, hazards, packs with add-to-cart, documents and linked content. */
export async function ProductDetailView({ data }: { data: ProductDetailAllDto }) {
  const [t, tn, ts] = [await getTranslations('productDetail'), await getTranslations('nav'), await getTranslations('substance')];
  const p = data.product;
  const crumbs = [
    { label: tn('product'), href: '/product/index' },
    ...p.categories.map((c, i) => ({ label: c.name, href: categoryHref(c, p.categories[i - 1]) })),
  ];
  const badges = [p.isHot && t('hot'), p.isNew && t('new'), p.isSpecial && t('special'), p.brand.authorised && t('authorised')].filter((b): b is string => Boolean(b));
  return (
    <div className="container-page py-6" data-testid="product-detail">
      <PageTitle homeLabel={tn('home')} crumbs={crumbs} title="" />
      <div className="grid gap-6 lg:grid-cols-[320px_minmax(0,1fr)]">
        <StructureImage url={p.structureUrl} name={p.name} smiles={p.smiles} />
        <div className="min-w-0">
          <p className="text-sm text-muted">{p.brand.name}</p>
          <h1 className="mt-1 text-2xl font-bold leading-snug text-ink" data-testid="page-title">{p.name}</h1>
          {p.otherName && p.otherName !== p.name && <p className="mt-1 text-sm text-muted" lang={/[\u4e00-\u9fff]/.test(p.otherName) ? 'zh-CN' : 'en'}>{p.otherName}</p>}
          {badges.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2">
              {badges.map((b) => <li key={b} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs text-brand-700">{b}</li>)}
            </ul>
          )}
          {/* The same for every visitor; the buyer's approval note comes with the visitor's answer (ADR 0076). */}
          <ProductHazardIsland productId={p.id} hazard={p.hazard} />
          <div className="mt-4 rounded-lg border border-line bg-white px-4 py-2">
            <h2 className="sr-only">{t('properties')}</h2>
            <ProductFacts product={p} />
          </div>
          {p.substanceKey && (
            <Link href={`/substance/${p.substanceKey}`} className="mt-3 inline-block text-sm text-brand-700 hover:underline" data-testid="substance-page-link">
              {ts('allBrands')}
            </Link>
          )}
        </div>
      </div>

      <section aria-labelledby="packs-heading" className="mt-8">
        <h2 id="packs-heading" className="mb-3 text-lg font-semibold text-ink">{t('packs')}</h2>
        <PackTable productId={p.id} packs={data.packs} icons={{ cart: <ShoppingCart aria-hidden size={15} /> }} lots={(pack) => <PackLots pack={pack} coaIcon={<FileText aria-hidden size={13} />} />} />
        {data.packs.length > 0 && <p className="mt-2 text-xs text-muted">{t('priceNote')}</p>}
        <div className="mt-3 flex flex-wrap gap-2">
          <RequestQuoteButton source="product" icon={<FileText aria-hidden size={16} />} candidates={data.packs.map((k) => ({ packId: k.id, num: 1, label: `${p.itemNo} · ${k.size}` }))} />
          {/* A visitor island: only a signed-in customer sees it, and their lists load when it opens (ADR 0085). */}
          <AddToListButton where="product" icon={<ListPlus aria-hidden size={16} />} candidates={data.packs.map((k) => ({ packId: k.id, num: 1, label: `${p.itemNo} · ${k.size}` }))} />
        </div>
      </section>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <GhsBlock ghs={p.ghs} />
        <ProductDocuments documents={data.documents} />
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <LinkedContent title={t('articles')} items={data.articles} total={data.articleTotal} emptyText={t('noArticles')} testId="linked-articles" />
        <LinkedContent title={t('citations')} items={data.citations} total={data.citationTotal} emptyText={t('noCitations')} testId="linked-citations" />
      </div>
    </div>
  );
}
