import 'server-only';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages, SHELL_CLIENT_NAMESPACES, type PageClientNamespace } from './client-messages';

/**
 * Hands the client components below it the frame's messages and a page's own namespaces (ADR 0046 §4):
 * the product pages' order parts, a list's filters, an article's like button travel with those pages
 * only. Only for storefront pages: inside the account area or the back-office it would narrow their
 * providers of every message.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly PageClientNamespace[]; children: ReactNode }) {
  const messages = pickMessages(await getMessages(), [...SHELL_CLIENT_NAMESPACES, ...namespaces]);
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
