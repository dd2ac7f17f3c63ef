/** The nav-bar entries that open a content dropdown (docs/requirements/storefront.md#content-menus). */
export const CONTENT_MENU_KEYS = ['resources', 'support', 'applications'] as const;
export type ContentMenuKey = (typeof CONTENT_MENU_KEYS)[number];

export function isContentMenuKey(key: string): key is ContentMenuKey {
  return (CONTENT_MENU_KEYS as readonly string[]).includes(key);
}
