/**
 * The messages the storefront's browser code reads (ADR 0046). The locale layout hands the client
 * provider the frame's namespaces (`SHELL_CLIENT_NAMESPACES`: the search bar, the menus, the sign-in
 * dialogs, the footer, the API client's toasts, the error page); a page whose own client components
 * read more wraps them in `ClientMessages` with those (`PAGE_CLIENT_NAMESPACES`), so that only that
 * page carries them. The account area hands its pages the namespaces its browser code reads
 * (`ACCOUNT_CLIENT_NAMESPACES`); the back-office, whose client components read namespaces named at run
 * time, hands its pages every message. `client-messages.test.ts` follows the imports of every
 * storefront and account route to the client components it renders and fails when one of them reads a
 * namespace that neither the frame nor a `ClientMessages` of that page (nor, in the account area, the
 * account list) hands over.
 */
export const SHELL_CLIENT_NAMESPACES = [
  'apiClient',
  'auth',
  'behaviour',
  'errors',
  'footer',
  'header',
  'mobileNav',
  'nav',
  'navBar',
  'search',
] as const;

/** Namespaces that only some pages' client components read: handed over by those pages (`ClientMessages`). */
export const PAGE_CLIENT_NAMESPACES = [
  'accountQuotations',
  'catalog',
  'catalog.hazard',
  'catalog.own',
  'contact.enquiry',
  'content',
  'home',
  'listsIsland',
  'productDetail',
  'subscriptionConfirm',
  'substance',
] as const;

export type PageClientNamespace = (typeof PAGE_CLIENT_NAMESPACES)[number];

/** Every namespace storefront browser code reads. */
export const STOREFRONT_CLIENT_NAMESPACES = [...SHELL_CLIENT_NAMESPACES, ...PAGE_CLIENT_NAMESPACES] as const;

/**
 * Every namespace the account area's browser code reads (its frame included): the account layout hands
 * its pages these and no others (ADR 0046 §5). The back-office's namespaces, the e-mails' and the pages'
 * server-only text stay on the server: an account page's HTML no longer carries the whole catalogue of
 * messages.
 */
export const ACCOUNT_CLIENT_NAMESPACES = [
  'account',
  'accountComplaints',
  'accountQuotations',
  'api.errors',
  'apiClient',
  'auth',
  'availability',
  'behaviour',
  'cartPage',
  'catalog.hazard',
  'catalog.own',
  'company',
  'complaintCategories',
  'dataState',
  'footer',
  'header',
  'inventory',
  'inventoryIo.export',
  'inventoryIo.importPage',
  'inventoryIo.scan',
  'inventoryMinimums',
  'inventoryReorder',
  'lists',
  'listsIsland',
  'mobileNav',
  'nav',
  'navBar',
  'orderPages',
  'orders',
  'password',
  'search',
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
