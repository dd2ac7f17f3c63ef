/**
 * Pure rules of the storefront's links (docs/requirements/storefront.md#page-behaviour), kept testable and apart
 * from the rest of the front-end behaviour (`front-behaviour.ts`), which loads after the page: the links'
 * code is part of every page's first load.
 */

/** The subset of the Network Information API we read. */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

/** Link prefetching is skipped on 2g connections and when the user asked to save data. */
export function shouldSkipPrefetch(connection: ConnectionInfo | undefined | null): boolean {
  if (!connection) return false;
  return connection.saveData === true || connection.effectiveType === '2g' || connection.effectiveType === 'slow-2g';
}

/** The keys and button of a click, as a link's click handler reads them. */
export interface ClickModifiers {
  meta: boolean;
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
  button: number;
}

/**
 * Whether a click on a link is the router's to follow (in the page, without reloading it) rather than
 * the browser's: the main button without a modifier key (a new tab or window, a download), a link
 * that opens in this window and downloads nothing, to an address of this site. `link.href` is the
 * anchor's resolved (absolute) address.
 */
export function routesLinkClick(link: { href: string; target: string; download: boolean }, origin: string, modifiers: ClickModifiers): boolean {
  if (modifiers.button !== 0 || modifiers.meta || modifiers.ctrl || modifiers.shift || modifiers.alt) return false;
  if (link.download || (link.target && link.target !== '_self')) return false;
  try {
    return new URL(link.href).origin === origin;
  } catch {
    return false;
  }
}
