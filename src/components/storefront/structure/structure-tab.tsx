import { getTranslations } from 'next-intl/server';
import { STRUCTURE_PANEL_ID } from '@/lib/structure-query';

/**
 * The search bar's structure tab (ADR 0075), rendered on the server so that none of it is in a page's
 * first-load JavaScript: the behaviours loaded after hydration answer its clicks and keep its
 * `aria-expanded` (`StructureTabHost`); globals.css marks it while its panel is open and on a
 * structure search's results.
 */
export async function StructureTab() {
  const t = await getTranslations('search.structure');
  return (
    <button type="button" aria-expanded="false" aria-controls={STRUCTURE_PANEL_ID} data-structure-tab=""
      className="h-10 shrink-0 rounded-md border border-line px-2 text-sm font-medium text-ink hover:border-brand-500 sm:px-3" data-testid="structure-tab">
      {t('tab')}
    </button>
  );
}
