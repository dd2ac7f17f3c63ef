import 'server-only';
import type { Db } from '@/server/db/client';
import { cleanKey } from './key';
import { clampLimit, listProducts } from './products';
import type { Lang } from '@/lib/lang';

export interface Suggestion {
  id: number;
  itemNo: string;
  name: string;
  cas: string | null;
}

export const MAX_SUGGESTIONS = 20;

/**
 * Top-N products while the user types: exact and prefix item numbers and CAS numbers first,
 * then names, closest first — the first page of the relevance order, so the suggestions and the
 * result list agree (and the same capped, index-walked plans keep it fast).
 */
export async function suggestProducts(db: Db, q: { key: string; lang: Lang; limit: number }): Promise<Suggestion[]> {
  if (!cleanKey(q.key)) return [];
  const limit = clampLimit(q.limit, MAX_SUGGESTIONS);
  const page = await listProducts(db, { key: q.key, lang: q.lang, limit, sort: 'relevance' });
  return page.items.map((i) => ({ id: i.id, itemNo: i.itemNo, name: i.name, cas: i.cas }));
}
