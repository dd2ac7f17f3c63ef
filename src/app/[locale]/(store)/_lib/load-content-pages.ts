import 'server-only';
import { cache } from 'react';
import type { CommentPage, ContentDetail, ContentPage, ContentTypeDto } from '@/contracts/content';
import { messagesFor, type Locale } from '@/i18n/routing';
import type { Lang } from '@/lib/lang';
import { currentActor } from '@/server/auth/current-actor';
import { storefrontTags } from '@/server/cache/storefront';
import { getDb } from '@/server/db/client';
import type { ContentKind, ContentStatus } from '@/server/db/schema';
import { listComments } from '@/server/modules/content/comments';
import { listContentTypes } from '@/server/modules/content/categories';
import { countContentView, getContentDetail, getContentStatus, listContent } from '@/server/modules/content/items';
import { sharedCache } from '../../_lib/shared-cache';

export const LIST_PAGE_SIZE = { news: 10, application: 15, citation: 10, support: 10, resource: 10 } as const;

export interface ListPageData {
  types: ContentTypeDto[];
  activeType: ContentTypeDto | null;
  page: ContentPage;
}

/**
 * What a list page shows: the kind's types, the chosen one, and one page of items.
 * null when a type id is given but unknown (the page answers 404).
 */
export async function loadListPage(params: { kind: ContentKind; locale: Locale; typeId?: number; page?: number; keyword?: string }): Promise<ListPageData | null> {
  const lang = messagesFor(params.locale);
  const request = { kind: params.kind, typeId: params.typeId, page: params.page, keyword: params.keyword };
  // Keyword searches are read afresh (unbounded keys); the lists are the same for everyone (ADR 0025).
  return params.keyword ? readListPage(request, lang) : loadSharedListPage(request, lang);
}

async function readListPage(params: { kind: ContentKind; typeId?: number; page?: number; keyword?: string }, lang: Lang): Promise<ListPageData | null> {
  const db = await getDb();
  const types = await listContentTypes(db, { kind: params.kind, lang });
  const activeType = params.typeId === undefined ? null : (types.find((t) => t.id === params.typeId) ?? null);
  if (params.typeId !== undefined && !activeType) return null;
  const limit = LIST_PAGE_SIZE[params.kind];
  const page = await listContent(db, { kind: params.kind, categoryId: params.typeId, keyword: params.keyword, lang, limit, offset: params.page ?? 1 });
  return { types, activeType, page };
}

const loadSharedListPage = sharedCache('content-list', [storefrontTags.content], readListPage);

/** An item as everyone sees it, without counting a view: from the shared cache. */
const loadSharedItem = sharedCache('content-item', [storefrontTags.content, storefrontTags.catalogue], async (kind: ContentKind, id: number, lang: Lang): Promise<ContentDetail | null> =>
  getContentDetail(await getDb(), { id, kind, lang }),
);

/** An item for its page's metadata (no view counted); cached for the request. */
export const loadContentMeta = cache(async (kind: ContentKind, id: number, locale: Locale): Promise<ContentDetail | null> =>
  loadSharedItem(kind, id, messagesFor(locale)),
);

/**
 * A staff preview (ADR 0033): `?preview=1` on a detail page shows the item — a draft too — to a staff
 * session holding CONTENT.EDIT, read afresh (never from the shared cache) and without counting a view.
 * null for anyone else, who gets the ordinary page (a draft is then 404).
 */
export const loadPreviewPage = cache(async (kind: ContentKind, id: number, locale: Locale): Promise<{ item: ContentDetail; comments: CommentPage; status: ContentStatus } | null> => {
  const actor = await currentActor();
  if (actor.kind !== 'staff' || !actor.permissions.includes('CONTENT.EDIT')) return null;
  const db = await getDb();
  const [item, status] = await Promise.all([getContentDetail(db, { id, kind, lang: messagesFor(locale), includeDrafts: true }), getContentStatus(db, { id })]);
  if (!item || !status) return null;
  return { item, comments: { list: [], total: 0, limit: 10, offset: 1 }, status };
});

/** An item for its page (one view counted), with its first comments: the same for every visitor (ADR 0076). */
export async function loadDetailPage(params: { kind: ContentKind; id: number; locale: Locale }): Promise<{ item: ContentDetail; comments: CommentPage } | null> {
  const db = await getDb();
  const item = await loadContentMeta(params.kind, params.id, params.locale);
  if (!item) return null;
  // The view is counted on every request; the cached copy shows the count it was cached with, plus this one.
  const [comments] = await Promise.all([
    listComments(db, { contentId: item.id, limit: 10, offset: 1 }),
    countContentView(db, { id: item.id }),
  ]);
  return { item: { ...item, views: item.views + 1 }, comments };
}
