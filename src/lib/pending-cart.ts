/**
 * The pack a guest asked to add to the cart, kept in the tab's session storage while the login dialog
 * is open: once the guest signs in (in the dialog, or on the `?login` page that shows the same form),
 * it is added to the buyer's cart through the cart's own add, which merges it with a line of the same
 * pack (quantities added, up to the line's limit). Closing the dialog drops it. One pack at a time:
 * every guest's "add to cart" opens the dialog.
 */

const KEY = 'pendingCartLine';
const MAX_QUANTITY = 9999;

export interface PendingCartLine {
  packId: number;
  num: number;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function isLine(value: unknown): value is PendingCartLine {
  if (typeof value !== 'object' || value === null) return false;
  const { packId, num } = value as Record<string, unknown>;
  return Number.isSafeInteger(packId) && (packId as number) > 0 && Number.isInteger(num) && (num as number) >= 1 && (num as number) <= MAX_QUANTITY;
}

/** Keeps the pack and quantity a guest asked for (the latest ask replaces an earlier one). */
export function keepPendingCartLine(line: PendingCartLine): void {
  if (!isLine(line)) return;
  try {
    storage()?.setItem(KEY, JSON.stringify({ packId: line.packId, num: line.num }));
  } catch {
    // A full or refused storage: the guest adds again after signing in, as before.
  }
}

/** The kept line, removed from the storage (it is added once); null when there is none or it is unreadable. */
export function takePendingCartLine(): PendingCartLine | null {
  const store = storage();
  const raw = store?.getItem(KEY) ?? null;
  if (raw === null) return null;
  store?.removeItem(KEY);
  try {
    const value: unknown = JSON.parse(raw);
    return isLine(value) ? value : null;
  } catch {
    return null;
  }
}

export function dropPendingCartLine(): void {
  storage()?.removeItem(KEY);
}
