/** An item of the account area's left menu (docs/requirements/account.md#account-menu). */
export interface AccountMenuItem {
  id: '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8';
  labelKey: 'orders' | 'cart' | 'lists' | 'inventory' | 'quotations' | 'complaints' | 'system' | 'profile';
  href: string;
  /** The path prefixes of the item's pages; the longest match of the current path wins. */
  paths: readonly string[];
}

function holds(prefix: string, path: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The active item: the one `?default=` names when it is shown, else the item with the longest path
 * prefix that holds the current path (without its locale prefix), else none.
 */
export function activeAccountItem(items: readonly AccountMenuItem[], pathname: string, requested: string | null): AccountMenuItem['id'] | null {
  if (requested && items.some((i) => i.id === requested)) return requested as AccountMenuItem['id'];
  let best: { id: AccountMenuItem['id']; length: number } | null = null;
  for (const item of items) {
    for (const prefix of item.paths) {
      if (holds(prefix, pathname) && (!best || prefix.length > best.length)) best = { id: item.id, length: prefix.length };
    }
  }
  return best?.id ?? null;
}
