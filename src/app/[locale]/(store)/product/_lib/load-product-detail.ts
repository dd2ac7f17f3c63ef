import 'server-only';
import { cache } from 'react';
import type { ProductDetailAllDto } from '@/contracts/product-detail';
import { messagesFor, type Locale } from '@/i18n/routing';
import { currentActor } from '@/server/auth/current-actor';
import { getDb } from '@/server/db/client';
import { getProductDetailAll } from '@/server/modules/product-detail/service';

/** The detail page's data, loaded once per request for both the metadata and the page. */
export const loadProductDetail = cache(async (id: number, locale: Locale): Promise<ProductDetailAllDto | null> =>
  getProductDetailAll(await getDb(), { id, lang: messagesFor(locale) }),
);

/** Whether a customer is signed in: add-to-cart then calls the cart API instead of opening the login dialog. */
export async function isCustomerSignedIn(): Promise<boolean> {
  return (await currentActor()).kind === 'user';
}
