import { FileText, ShoppingCart } from '@/components/ui/icons';
import { getTranslations } from 'next-intl/server';
import { PageTitle } from '@/components/content/page-title';
import { HazardMarks } from '@/components/catalog/hazard-marks';
import { Formula } from '@/components/product-detail/formula';
import { FactRow } from '@/components/product-detail/product-facts';
import { GhsBlock } from '@/components/product-detail/ghs-block';
import { StructureImage } from '@/components/product-detail/structure-image';
import type { SubstancePageDto } from '@/contracts/substances';
import { SUBSTANCE_PACKS_SHOWN } from '@/contracts/substances';
import { CheapestMixPart } from './substance-parts';
import { SubstancePacks } from './substance-packs';


/**
 * One substance across brands (ADR 0086): structure, names and identifiers, the GHS block, every brand's packs
 * with the price per gram or millilitre, and the cheapest mix for an amount. The same HTML for every visitor:
 * the packs' rows name their products for the visitor's answer (`data-visitor-product`), add-to-cart and the
 * mix's prices run in the browser.
 */
export async function SubstanceView({ data }: { data: SubstancePageDto }) {
  const [t, tn] = [await getTranslations('substance'), await getTranslations('nav')];
  const dash = <span className="text-muted">—</span>;
  return (
    <div className="container-page py-6" data-testid="substance-page">
      <PageTitle homeLabel={tn('home')} crumbs={[{ label: tn('product'), href: '/product/index' }]} title="" />
      <div className="grid gap-6 lg:grid-cols-[320px_minmax(0,1fr)]">
        <StructureImage url={data.structureUrl} name={data.name} smiles={data.smiles} />
        <div className="min-w-0">
          <p className="text-sm text-muted">{t('heading')}</p>
          <h1 className="mt-1 break-words text-2xl font-bold leading-snug text-ink" data-testid="page-title">{data.name}</h1>
          {data.otherName && data.otherName !== data.name && <p className="mt-1 text-sm text-muted" lang={/[\u4e00-\u9fff]/.test(data.otherName) ? 'zh-CN' : 'en'}>{data.otherName}</p>}
          <div className="mt-2"><HazardMarks hazard={data.hazard} approval={null} /></div>
          <dl className="mt-4 divide-y divide-line rounded-lg border border-line bg-white px-4 py-2 text-sm" data-testid="substance-facts">
            <FactRow label={t('cas')} testId="fact-cas">{data.cas.length > 0 ? <span className="font-mono">{data.cas.join(', ')}</span> : dash}</FactRow>
            {data.inchikey && <FactRow label={t('inchikey')} testId="fact-inchikey"><span className="break-all font-mono">{data.inchikey}</span></FactRow>}
            <FactRow label={t('formula')} testId="fact-formula">{data.formula ? <Formula value={data.formula} /> : dash}</FactRow>
            <FactRow label={t('weight')} testId="fact-mw">{data.molecularWeight ? `${data.molecularWeight} g/mol` : dash}</FactRow>
            {data.synonyms.length > 0 && <FactRow label={t('synonyms')}>{data.synonyms.join('; ')}</FactRow>}
          </dl>
        </div>
      </div>

      <section aria-labelledby="cheapest-heading" className="mt-8 rounded-lg border border-line bg-white p-4 sm:p-5" data-testid="cheapest">
        <h2 id="cheapest-heading" className="text-lg font-semibold text-ink">{t('cheapestTitle')}</h2>
        <p className="mt-1 text-sm text-muted">{t('cheapestHelp')}</p>
        <CheapestMixPart substanceKey={data.key} grades={data.grades} />
      </section>

      <section aria-labelledby="packs-heading" className="mt-8">
        <h2 id="packs-heading" className="mb-3 text-lg font-semibold text-ink">{t('packs', { count: data.packs.length })}</h2>
        <SubstancePacks packs={data.packs} icons={{ cart: <ShoppingCart aria-hidden size={15} />, coa: <FileText aria-hidden size={13} /> }} />
        {data.truncated && <p className="mt-2 text-sm text-amber-800" data-testid="packs-truncated">{t('truncated', { count: SUBSTANCE_PACKS_SHOWN })}</p>}
        {data.packs.length > 0 && <p className="mt-2 text-xs text-muted">{t('priceNote')}</p>}
      </section>

      <div className="mt-8"><GhsBlock ghs={data.ghs} /></div>
    </div>
  );
}
