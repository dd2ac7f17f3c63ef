import 'server-only';
import { cache } from 'react';
import type { SubstancePageDto } from '@/contracts/substances';
import { messagesFor, type Locale } from '@/i18n/routing';
import type { Lang } from '@/lib/lang';
import { storefrontTags } from '@/server/cache/storefront';
import { getDb } from '@/server/db/client';
import { getSubstancePage, resolveSubstanceKey } from '@/server/modules/substances/page';
import { sharedCache } from '../../../_lib/shared-cache';

/** What a substance page's key leads to: the page, a redirect to the InChIKey a CAS number names, or nothing. */
export type SubstanceLoad = { kind: 'page'; data: SubstancePageDto } | { kind: 'redirect'; inchikey: string } | null;

/** The substance's page as everyone sees it (catalogue prices, stock, lots): from the shared cache (ADR 0025, 0086). */
const loadShared = sharedCache(
  'substance',
  (_key: string, _lang: Lang) => [storefrontTags.catalogue],
  async (key: string, lang: Lang): Promise<SubstanceLoad> => {
    const db = await getDb();
    const resolved = await resolveSubstanceKey(db, { key });
    if (!resolved) return null;
    if (resolved.kind === 'redirect') return { kind: 'redirect', inchikey: resolved.inchikey };
    const data = await getSubstancePage(db, resolved, lang);
    return data ? { kind: 'page', data } : null;
  },
);

/** The page's data, loaded once per request for both the metadata and the page. */
export const loadSubstance = cache(async (key: string, locale: Locale): Promise<SubstanceLoad> =>
  key.length > 40 ? null : loadShared(key, messagesFor(locale)),
);
