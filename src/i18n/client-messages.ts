/**
 * The messages the storefront's browser code reads (ADR 0046). The locale layout hands the client
 * provider these namespaces only; the account area and the back-office, whose client components use
 * many more, wrap their pages in a provider of every message. Every page used to carry all messages
 * (about 128 KB of its HTML) for the handful of client components a storefront page runs.
 * `client-messages.test.ts` follows the imports of every storefront route to the client components it
 * renders and fails when one of them reads a namespace that is not listed here.
 */
export const STOREFRONT_CLIENT_NAMESPACES = [
  'accountQuotations',
  'apiClient',
  'auth',
  'behaviour',
  'catalog',
  'contact.enquiry',
  'content',
  'errors',
  'footer',
  'home',
  'mobileNav',
  'nav',
  'navBar',
  'productDetail',
  'search',
  'subscriptionConfirm',
] as const;

type Tree = { [key: string]: unknown };

/** The given namespaces (dotted paths) of a message tree, in a tree of the same shape; missing ones are left out. */
export function pickMessages<T extends Tree>(messages: T, namespaces: readonly string[]): Tree {
  const out: Tree = {};
  for (const namespace of namespaces) {
    const path = namespace.split('.');
    let from: unknown = messages;
    for (const key of path) from = from !== null && typeof from === 'object' ? (from as Tree)[key] : undefined;
    if (from === undefined) continue;
    let to = out;
    for (const key of path.slice(0, -1)) {
      const next = to[key];
      to = (next !== null && typeof next === 'object' ? next : (to[key] = {})) as Tree;
    }
    to[path[path.length - 1] as string] = from;
  }
  return out;
}
