/**
 * The messages the storefront's browser code reads (ADR 0046). The locale layout hands the client
 * provider the frame's namespaces (`SHELL_CLIENT_NAMESPACES`: the search bar, the menus, the sign-in
 * dialogs, the footer, the API client's toasts, the error page); a page whose own client components
 * read more wraps them in `ClientMessages` with those (`PAGE_CLIENT_NAMESPACES`), so that only that
 * page carries them. The account area does the same with its own frame (`ACCOUNT_FRAME_NAMESPACES`) and
 * `AccountMessages` (`ACCOUNT_PAGE_NAMESPACES`, ADR 0099); the back-office, whose client components read
 * namespaces named at run time, hands its pages every message. `client-messages.test.ts` follows the
 * imports of every storefront and account route to the client components it renders and fails when one
 * of them reads a namespace that neither its frame nor its page hands over.
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
 * The account area's frame (its menu, the storefront's header and footer around it): the account layout
 * hands these to everything inside it (ADR 0099).
 */
export const ACCOUNT_FRAME_NAMESPACES = [...SHELL_CLIENT_NAMESPACES, 'account'] as const;

/**
 * Namespaces that only some account pages' client components read: each page hands over its own with
 * `AccountMessages`, so that the checkout does not carry the shelf's or the complaint form's text
 * (ADR 0099, narrowing ADR 0095 §3). The back-office's namespaces, the e-mails' and the pages' server-only
 * text stay on the server.
 */
export const ACCOUNT_PAGE_NAMESPACES = [
  'accountComplaints',
  'accountQuotations',
  'api.errors',
  'availability',
  'cartPage',
  'catalog.hazard',
  'catalog.own',
  'company',
  'complaintCategories',
  'dataState',
  'inventory',
  'inventoryIo.export',
  'inventoryIo.importPage',
  'inventoryIo.scan',
  'inventoryMinimums',
  'inventoryReorder',
  'lists',
  'listsIsland',
  'orderPages',
  'orders',
  'password',
] as const;

type AccountPageListed = (typeof ACCOUNT_PAGE_NAMESPACES)[number];
/** A listed namespace, or a part of one (`orders.invoice`): a page hands over no more than it reads. */
export type AccountPageNamespace = AccountPageListed | `${AccountPageListed}.${string}`;

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
