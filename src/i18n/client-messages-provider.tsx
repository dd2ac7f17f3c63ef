import 'server-only';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { DrawnInBrowser } from '@/components/account/drawn-in-browser';
import { ACCOUNT_FRAME_NAMESPACES, pickMessages, SHELL_CLIENT_NAMESPACES, type AccountPageNamespace, type PageClientNamespace } from './client-messages';

async function Provider({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  return <NextIntlClientProvider messages={pickMessages(await getMessages(), namespaces)}>{children}</NextIntlClientProvider>;
}

/**
 * Hands the client components below it the frame's messages and a storefront page's own namespaces
 * (ADR 0046 §4): the product pages' order parts, a list's filters, an article's like button travel with
 * those pages only. Not for the account area (`AccountMessages`) or the back-office (every message).
 */
export function ClientMessages({ namespaces, children }: { namespaces: readonly PageClientNamespace[]; children: ReactNode }) {
  return <Provider namespaces={[...SHELL_CLIENT_NAMESPACES, ...namespaces]}>{children}</Provider>;
}

/**
 * The same for an account page: the account frame's messages and the page's own namespaces (ADR 0099),
 * so that the checkout carries neither the shelf's nor the complaint form's text. What it wraps, the
 * page's content, is drawn in the browser (ADR 0110): the page's function has run by then, so its
 * guard's redirect and its "not found" are still answered by the server.
 */
export async function AccountMessages({ namespaces, children }: { namespaces: readonly AccountPageNamespace[]; children: ReactNode }) {
  const t = await getTranslations('account');
  return <Provider namespaces={[...ACCOUNT_FRAME_NAMESPACES, ...namespaces]}><DrawnInBrowser pending={t('pageLoading')}>{children}</DrawnInBrowser></Provider>;
}
