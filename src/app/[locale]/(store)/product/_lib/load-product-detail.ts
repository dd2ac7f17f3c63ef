import 'server-only';
import { cache } from 'react';
import type { ProductDetailAllDto } from '@/contracts/product-detail';
import { messagesFor, type Locale } from '@/i18n/routing';
import type { Lang } from '@/lib/lang';
import { storefrontTags } from '@/server/cache/storefront';
import { getDb } from '@/server/db/client';
import { getProductDetailAll } from '@/server/modules/product-detail/service';
import { sharedCache } from '../../../_lib/shared-cache';

/** The product's page as everyone sees it (list prices, stock, documents): from the shared cache (ADR 0025). */
const loadSharedDetail = sharedCache(
  'product-detail',
  (id: number, _lang: Lang) => [storefrontTags.catalogue, storefrontTags.product(id)],
  async (id: number, lang: Lang): Promise<ProductDetailAllDto | null> => getProductDetailAll(await getDb(), { id, lang }),
);

/** The detail page's data, loaded once per request for both the metadata and the page. */
export const loadProductDetail = cache(async (id: number, locale: Locale): Promise<ProductDetailAllDto | null> =>
  loadSharedDetail(id, messagesFor(locale)),
);
