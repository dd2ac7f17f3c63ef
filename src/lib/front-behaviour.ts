/** Pure rules of the storefront's front-end behaviour (docs/requirements/storefront.md#page-behaviour), kept testable. */

export const PROGRESS = { throttleMs: 200, durationMs: 5000, hideDelayMs: 500 } as const;
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

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

/** Whether a failed chunk load may reload the page now: at most once per minute. */
export function mayReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS || now < lastReloadAt;
}

/** Whether an error is a failed load of a script chunk (webpack, Turbopack, or a dynamic import). */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return typeof error === 'string' && /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(error);
  const e = error as { name?: unknown; message?: unknown };
  return e.name === 'ChunkLoadError' || (typeof e.message === 'string' && /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Failed to load chunk/i.test(e.message));
}

/**
 * The bar's width while a navigation runs: eases toward 90% over the nominal duration and never
 * reaches the end until the navigation finishes.
 */
export function progressAt(elapsedMs: number, durationMs: number = PROGRESS.durationMs): number {
  if (elapsedMs <= 0) return 0.08;
  return Math.min(0.9, 0.08 + 0.82 * (1 - Math.exp((-3 * elapsedMs) / durationMs)));
}

/** Whether a click on a link starts an in-app navigation the progress bar should show. */
export function isInAppNavigation(link: { href: string; target: string; download: boolean; origin: string }, current: { href: string; origin: string }, modifiers: ClickModifiers): boolean {
  if (modifiers.button !== 0 || modifiers.meta || modifiers.ctrl || modifiers.shift || modifiers.alt) return false;
  if (link.download || (link.target && link.target !== '_self')) return false;
  if (link.origin !== current.origin) return false;
  let url: URL;
  try {
    url = new URL(link.href);
  } catch {
    return false;
  }
  if (url.pathname.startsWith('/api/')) return false;
  const here = new URL(current.href);
  // A jump within the page is not a navigation.
  return !(url.pathname === here.pathname && url.search === here.search);
}
