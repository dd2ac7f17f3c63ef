import { Info } from '@/components/ui/icons';
import { getTranslations } from 'next-intl/server';
import type { CategoryNode, ProductPageDto } from '@/contracts/catalog-browse';
import { Link } from '@/i18n/navigation';
import { categoryHref } from '@/lib/category-links';

/** What the list says about itself: what a search searched for, the type it fell back to, a CAS number whose check digit is wrong, a reset cursor. */
export async function ProductListNotices({ page, search, cursorReset }: {
  page: ProductPageDto;
  search: { key: string } | null;
  cursorReset?: boolean;
}) {
  const t = await getTranslations('catalog');
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      {page.searched && search && page.notice !== 'casCheckDigit' && (
        <p className="text-sm text-muted" data-testid="searched-by" data-by={page.searched.by}>{t(`searchedBy.${page.searched.by}`, { key: page.searched.key })}</p>
      )}
      {page.typeFallback && <Warning testId="type-fallback-note">{t('typeFallback')}</Warning>}
      {page.notice === 'casCheckDigit' && search && <Warning testId="cas-notice">{t('casCheckDigit', { cas: search.key })}</Warning>}
      {cursorReset && <p className="text-sm text-muted" data-testid="cursor-reset">{t('cursorReset')}</p>}
    </div>
  );
}

function Warning({ testId, children }: { testId: string; children: string }) {
  return (
    <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid={testId}>
      <Info aria-hidden size={16} className="mt-0.5 shrink-0" />{children}
    </p>
  );
}

/** A category's children, as links above its list. */
export async function SubcategoryLinks({ subcategories }: { subcategories?: CategoryNode[] }) {
  if (!subcategories || subcategories.length === 0) return null;
  const t = await getTranslations('catalog');
  return (
    <nav aria-label={t('subcategories')} className="mt-2 mb-4">
      <ul className="flex flex-wrap gap-2">
        {subcategories.map((c) => (
          <li key={c.id}>
            <Link href={categoryHref(c)} className="block rounded-full border border-line bg-white px-3 py-1 text-sm hover:border-brand-500 hover:text-brand-700">{c.classify}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
