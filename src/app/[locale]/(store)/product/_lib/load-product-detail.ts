import 'server-only';
import { cache } from 'react';
import type { ApprovalNoteDto, HazardDto } from '@/contracts/hazards';
import type { ProductDetailAllDto } from '@/contracts/product-detail';
import { messagesFor, type Locale } from '@/i18n/routing';
import { currentActor } from '@/server/auth/current-actor';
import type { Lang } from '@/lib/lang';
import { storefrontTags } from '@/server/cache/storefront';
import { getDb } from '@/server/db/client';
import { getProductDetailAll } from '@/server/modules/product-detail/service';
import { approvalPreview } from '@/server/modules/orders/approval-preview';
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

/** Whether a customer is signed in: add-to-cart then calls the cart API instead of opening the login dialog. */
export async function isCustomerSignedIn(): Promise<boolean> {
  return (await currentActor()).kind === 'user';
}

/** For a signed-in customer: what the company's approval rules would hold an order of the product for (none for guests). */
export async function loadApprovalNote(hazard: HazardDto): Promise<ApprovalNoteDto | null> {
  const actor = await currentActor();
  if (actor.kind !== 'user') return null;
  return (await approvalPreview(await getDb(), actor.companyId))(hazard);
}
