import 'server-only';
import { cache } from 'react';
import type { CommentPage, ContentDetail, ContentPage, ContentTypeDto } from '@/contracts/content';
import { messagesFor, type Locale } from '@/i18n/routing';
import { currentActor } from '@/server/auth/current-actor';
import { getDb } from '@/server/db/client';
import type { ContentKind } from '@/server/db/schema';
import { listComments } from '@/server/modules/cms/service';
import { listContentTypes } from '@/server/modules/content/categories';
import { getContentDetail, listContent } from '@/server/modules/content/items';

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
  const db = await getDb();
  const lang = messagesFor(params.locale);
  const types = await listContentTypes(db, { kind: params.kind, lang });
  const activeType = params.typeId === undefined ? null : (types.find((t) => t.id === params.typeId) ?? null);
  if (params.typeId !== undefined && !activeType) return null;
  const limit = LIST_PAGE_SIZE[params.kind];
  const page = await listContent(db, { kind: params.kind, categoryId: params.typeId, keyword: params.keyword, lang, limit, offset: params.page ?? 1 });
  return { types, activeType, page };
}

/** An item for its page's metadata (no view counted); cached for the request. */
export const loadContentMeta = cache(async (kind: ContentKind, id: number, locale: Locale): Promise<ContentDetail | null> =>
  getContentDetail(await getDb(), { id, kind, lang: messagesFor(locale) }),
);

/** An item for its page (one view counted), with its first comments and whether a customer is signed in. */
export async function loadDetailPage(params: { kind: ContentKind; id: number; locale: Locale }): Promise<{ item: ContentDetail; comments: CommentPage; signedIn: boolean } | null> {
  const db = await getDb();
  const item = await getContentDetail(db, { id: params.id, kind: params.kind, lang: messagesFor(params.locale), countView: true });
  if (!item) return null;
  const [comments, actor] = await Promise.all([listComments(db, { contentId: item.id, limit: 10, offset: 1 }), currentActor()]);
  return { item, comments, signedIn: actor.kind === 'user' };
}
