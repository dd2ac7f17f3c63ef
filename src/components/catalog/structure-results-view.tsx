import { getFormatter, getTranslations } from 'next-intl/server';
import type { ProductCardDto } from '@/contracts/catalog';
import type { BrandFacetDto, CategoryNode, ProductListRowDto } from '@/contracts/catalog-browse';
import { PageTitle } from '@/components/content/page-title';
import { Formula } from '@/components/product-detail/formula';
import { ChevronLeft, ChevronRight, Info } from '@/components/ui/icons';
import { Link } from '@/i18n/navigation';
import { pagerNumbers, type ListParams } from '@/lib/product-list-params';
import type { StructureMode } from '@/lib/structure-query';
import { ProductListFilters } from './product-list-filters';
import { listHref, type ListHref } from './product-list-href';
import { SubstanceItemRows } from './product-list-rows';
import { ProductThumb } from './product-thumb';

/** One substance of a structure search's answer: the structure the engine matched and its products. */
export interface StructureResultGroup {
  substance: { id: number; smiles: string; inchikey: string | null; formula: string | null; weight: number | null };
  /** Tanimoto similarity to the query, in `sim` mode; null otherwise. */
  similarity: number | null;
  /** The substance's products, best first (the list page's cards). */
  products: ProductCardDto[];
}

/** What the structure search page shows: the answer, or why there is none. */
export type StructureResultState =
  | { kind: 'results'; canonicalSmiles: string; groups: StructureResultGroup[]; count: number; countCapped: boolean; partial: boolean; facets: BrandFacetDto[]; rows: ProductListRowDto[] }
  /** The structure does not parse (or is over a cap): the engine's message in the page's language. */
  | { kind: 'invalid'; message: string }
  /** The page was opened without a structure. */
  | { kind: 'noKey' };

export interface StructureResultsViewProps {
  pathname: string;
  /** type, mode, sk (and threshold): kept by every link. */
  baseQuery: Record<string, string>;
  mode: StructureMode;
  threshold: number;
  /** The structure as the address has it (shown when it cannot be read). */
  structureKey: string;
  list: ListParams;
  page: number;
  pageSize: number;
  state: StructureResultState;
  categoryFilter: CategoryNode[];
  homeLabel: string;
  productCrumb: { label: string; href: string };
}

/**
 * Structure search's results as chemists read them (`/product/list?type=5`): one block per substance —
 * the drawing (the matched fragment coloured in substructure mode), name, CAS, formula, molecular
 * weight and, in similarity mode, the score — and under it every brand's item with its packs, prices,
 * stock and add-to-cart, as the list view has them. The list's filters and numbered pages; an empty
 * answer, a partial one (the engine's time budget ran out) and a structure that cannot be read each say so.
 */
export async function StructureResultsView(props: StructureResultsViewProps) {
  const { state, mode, list } = props;
  const t = await getTranslations('structureSearch');
  const ts = await getTranslations('search.structure');
  const tc = await getTranslations('catalog');
  const format = await getFormatter();
  const href = listHref(props.pathname, props.baseQuery, list);
  const filtered = list.brandIds.length > 0 || list.inStock || list.cat !== undefined;
  const modeName = ts(`modes.${mode}`);
  const crumbs = [props.productCrumb, { label: t('crumb') }];

  return (
    <div className="container-page py-6" data-testid="structure-results" data-structure-results="">
      <PageTitle homeLabel={props.homeLabel} crumbs={crumbs} title={t('title')} />
      <div className="mt-1 flex flex-col gap-3" aria-live="polite">
        <p className="text-sm text-muted" data-testid="structure-searched">
          {t('searchedFor', { mode: modeName })}{mode === 'sim' ? ` · ≥ ${props.threshold.toFixed(2)}` : ''}
          {state.kind === 'results' && <> · {t('canonical')} <code className="break-all font-mono text-ink" data-testid="structure-canonical">{state.canonicalSmiles}</code></>}
        </p>
        {state.kind === 'results' && state.partial && <Notice testId="structure-partial">{t('partial')}</Notice>}
      </div>

      {state.kind === 'invalid' ? (
        <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-6" data-testid="structure-invalid">
          <p className="font-medium text-red-800">{t('invalidTitle')}</p>
          <p className="mt-1 text-sm text-red-800">{state.message}</p>
          <p className="mt-2 break-all text-sm text-muted"><code className="font-mono">{props.structureKey}</code></p>
          <p className="mt-2 text-sm text-muted">{t('invalidHelp')}</p>
        </div>
      ) : state.kind === 'noKey' ? (
        <p className="mt-4 rounded-lg border border-dashed border-line bg-white p-6 text-center text-muted" data-testid="structure-no-key">{t('noKey')}</p>
      ) : (
        <div className="mt-4 flex flex-col gap-6 lg:flex-row">
          <ProductListFilters pathname={props.pathname} baseQuery={props.baseQuery} list={list} facets={state.facets} categoryFilter={props.categoryFilter} filtered={filtered} href={href} />
          <section className="min-w-0 flex-1" aria-labelledby="structure-count">
            <p id="structure-count" className="mb-3 text-sm text-muted" data-testid="structure-count">
              {state.countCapped ? t('countCapped', { count: format.number(state.count) }) : t('count', { count: state.count })}
              {mode === 'sub' && state.groups.length > 0 && <> · <span className="text-[#ff8000]">{t('highlightNote')}</span></>}
            </p>
            {state.groups.length === 0 ? (
              <div className="rounded-lg border border-dashed border-line bg-white p-8 text-center" data-testid="list-empty">
                <p className="font-medium text-ink">{mode === 'sim' ? t('emptySim', { threshold: props.threshold.toFixed(2) }) : t('empty')}</p>
                {filtered && <p className="mt-1 text-sm text-muted">{tc('noResultsFiltered')}</p>}
              </div>
            ) : (
              <ul className="flex flex-col gap-4" data-testid="product-rows">
                {state.groups.map((group) => (
                  <SubstanceBlock key={group.substance.id} group={group} mode={mode} highlight={state.canonicalSmiles} rows={state.rows} />
                ))}
              </ul>
            )}
            <PagePager current={props.page} count={state.count} capped={state.countCapped} pageSize={props.pageSize} href={href} labels={{ pagination: tc('pagination'), previous: tc('previous'), next: tc('next'), pageN: (n) => tc('pageN', { n }), gap: tc('pageGap') }} />
          </section>
        </div>
      )}
    </div>
  );
}

async function SubstanceBlock({ group, mode, highlight, rows }: { group: StructureResultGroup; mode: StructureMode; highlight: string; rows: ProductListRowDto[] }) {
  const t = await getTranslations('structureSearch');
  const ts = await getTranslations('substance');
  const format = await getFormatter();
  const lead = group.products[0];
  if (!lead) return null;
  const cas = group.products.find((p) => p.cas)?.cas ?? null;
  const rowOf = new Map(rows.map((r) => [r.productId, r]));
  const items = group.products.map((card) => ({ card, row: rowOf.get(card.id) }));
  const drawing = mode === 'sub' && highlight
    ? `/api/web/product/structure/${lead.id}?hl=${encodeURIComponent(highlight)}`
    : null;
  return (
    <li className="overflow-hidden rounded-lg border border-line bg-white" data-testid="substance-group" data-substance={group.substance.id}>
      <div className="flex flex-col gap-3 border-b border-line bg-gray-50 p-3 sm:flex-row sm:items-center">
        <span className="flex h-32 w-full shrink-0 items-center justify-center overflow-hidden rounded border border-line bg-white sm:w-44">
          {drawing ? (
            // eslint-disable-next-line @next/next/no-img-element -- a server-drawn SVG (ADR 0017), the fragment coloured by the structure workers
            <img src={drawing} alt={t('structureOf', { name: lead.name })} width={176} height={128} loading="lazy" className="h-full w-full object-contain" data-testid="structure-drawing" />
          ) : (
            <ProductThumb productId={lead.id} hasStructure={lead.hasStructure} alt={t('structureOf', { name: lead.name })} />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-ink" data-testid="substance-name">
            {group.substance.inchikey
              ? <Link href={`/substance/${group.substance.inchikey}`} className="hover:text-brand-700 hover:underline" title={ts('allBrandsOf', { name: lead.name })} data-testid="substance-link">{lead.name}</Link>
              : lead.name}
          </h2>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            {cas && <><dt className="text-muted">{t('cas')}</dt><dd className="font-mono" data-testid="substance-cas">{cas}</dd></>}
            {group.substance.formula && <><dt className="text-muted">{t('formula')}</dt><dd data-testid="substance-formula"><Formula value={group.substance.formula} /></dd></>}
            {group.substance.weight !== null && <><dt className="text-muted">{t('weight')}</dt><dd>{format.number(group.substance.weight, { maximumFractionDigits: 2 })}</dd></>}
          </dl>
        </div>
        <div className="flex shrink-0 flex-row items-center gap-2 sm:flex-col sm:items-end">
          {group.similarity !== null && (
            <span className="rounded bg-brand-50 px-2 py-0.5 text-sm font-medium text-brand-700" data-testid="substance-score">{t('score', { score: group.similarity.toFixed(2) })}</span>
          )}
          <span className="text-xs text-muted">{t('products', { count: group.products.length })}</span>
        </div>
      </div>
      <SubstanceItemRows items={items} leadName={lead.name} />
    </li>
  );
}

function Notice({ testId, children }: { testId: string; children: string }) {
  return (
    <p role="status" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid={testId}>
      <Info aria-hidden size={16} className="mt-0.5 shrink-0" />{children}
    </p>
  );
}

interface PagerLabels { pagination: string; previous: string; next: string; pageN: (n: number) => string; gap: string }

/** Numbered pages of a structure search (no cursors: the engine pages by number within its counted matches). */
function PagePager({ current, count, capped, pageSize, href, labels }: { current: number; count: number; capped: boolean; pageSize: number; href: ListHref; labels: PagerLabels }) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1 && current <= 1) return null;
  const numbers = pagerNumbers(current, Math.max(pages, current), !capped);
  const box = 'flex h-9 min-w-9 items-center justify-center gap-1 rounded-md border px-2 text-sm sm:px-3';
  const to = (n: number) => href({ page: n > 1 ? n : undefined });
  return (
    <nav aria-label={labels.pagination} className="mt-6 flex flex-wrap items-center justify-center gap-1.5 sm:gap-2" data-testid="structure-pager">
      {current > 1 && (
        <Link href={to(current - 1)} rel="prev nofollow" className={`${box} border-line bg-white hover:border-brand-500`} data-testid="pager-prev">
          <ChevronLeft aria-hidden size={16} /><span className="max-sm:sr-only">{labels.previous}</span>
        </Link>
      )}
      {numbers.map((n, i) => (n === null
        ? <span key={`gap-${i}`} className="px-1 text-muted" aria-label={labels.gap}>…</span>
        : n === current
          ? <span key={n} aria-current="page" className={`${box} border-brand-500 bg-brand-500 font-medium text-white`} data-testid="pager-current">{n}</span>
          : <Link key={n} href={to(n)} rel="nofollow" aria-label={labels.pageN(n)} className={`${box} border-line bg-white hover:border-brand-500`} data-testid="pager-page">{n}</Link>))}
      {(current < pages || capped) && (
        <Link href={to(current + 1)} rel="next nofollow" className={`${box} border-line bg-white hover:border-brand-500`} data-testid="pager-next">
          <span className="max-sm:sr-only">{labels.next}</span><ChevronRight aria-hidden size={16} />
        </Link>
      )}
    </nav>
  );
}
