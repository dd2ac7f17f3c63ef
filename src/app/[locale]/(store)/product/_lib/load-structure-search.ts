import 'server-only';
import type { StructureResultState } from '@/components/catalog/structure-results-view';
import { messagesFor, type Locale } from '@/i18n/routing';
import type { ListParams } from '@/lib/product-list-params';
import type { StructureQuery } from '@/lib/structure-query';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { serverMessages } from '@/server/messages';
import { findListRows } from '@/server/modules/catalog/browse';
import { searchByStructure } from '@/server/modules/structure-search/search';

/** Substances per page of a structure search. */
export const STRUCTURE_PAGE_SIZE = 20;

/**
 * A structure search's page (`/product/list?type=5`): the engine's groups for the query and the list's
 * filters, with the packs of every product shown (the list view's rows). Never cached: keys are
 * unbounded. A structure the engine cannot read (a 400) is the page's error state, in its language.
 */
export async function loadStructureSearch(params: { locale: Locale; query: StructureQuery; list: ListParams; page: number }): Promise<StructureResultState> {
  if (!params.query.key) return { kind: 'noKey' };
  const lang = messagesFor(params.locale);
  const db = await getDb();
  try {
    const found = await searchByStructure(db, {
      key: params.query.key, mode: params.query.mode, threshold: params.query.threshold, lang,
      brandIds: params.list.brandIds.length > 0 ? params.list.brandIds : undefined, categoryId: params.list.cat, inStock: params.list.inStock || undefined,
      page: params.page, limit: STRUCTURE_PAGE_SIZE, facets: true,
    });
    const rows = await findListRows(db, found.groups.flatMap((g) => g.products.map((p) => p.id)), lang);
    return { kind: 'results', canonicalSmiles: found.canonicalSmiles, groups: found.groups, count: found.count, countCapped: found.countCapped, partial: found.partial, facets: found.facets ?? [], rows };
  } catch (error) {
    if (error instanceof AppError && error.code === 400) return { kind: 'invalid', message: errorText(lang, error) };
    throw error;
  }
}

/** The engine's message of a refused structure, in the page's language, with its details filled in. */
function errorText(lang: 'zh' | 'en', error: AppError): string {
  const table = serverMessages(lang).api.errors as Record<string, string>;
  const details = error.details && !Array.isArray(error.details) ? error.details : {};
  const template = table[error.messageKey] ?? table.badRequest ?? error.messageKey;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = (details as Record<string, unknown>)[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}
