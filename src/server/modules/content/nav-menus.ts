import 'server-only';
import type { NavMenusDto } from '@/contracts/content';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { listApplicationTypes, listContentTypes } from './categories';

/** The navigation bar's resource, support and application menus (docs/requirements/storefront.md#content-menus). */
export async function listNavMenus(db: Db, params: { lang: Lang }): Promise<NavMenusDto> {
  const [resources, support, applications] = await Promise.all([
    listContentTypes(db, { kind: 'resource', lang: params.lang }),
    listContentTypes(db, { kind: 'support', lang: params.lang, limit: 6, offset: 1 }),
    listApplicationTypes(db, { lang: params.lang, casesPerType: 6 }),
  ]);
  return {
    resources: resources.map((r) => ({ id: r.id, name: r.type })),
    support: support.map((s) => ({ id: s.id, name: s.type })),
    applications,
  };
}
