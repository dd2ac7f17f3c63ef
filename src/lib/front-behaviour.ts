/**
 * Pure rules of the storefront's front-end behaviour (docs/requirements/storefront.md#page-behaviour), kept testable.
 * Those of its links are in `link-behaviour.ts`: every page loads them, while these load after the page.
 */
import type { ClickModifiers } from './link-behaviour';

export const PROGRESS = { throttleMs: 200, durationMs: 5000, hideDelayMs: 500 } as const;
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

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
