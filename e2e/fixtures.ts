import { createHash } from 'node:crypto';
import { test, expect, type Locator, type Page, type Response } from '@playwright/test';

export const ACCOUNTS = {
  buyer: { loginName: 'buyer@demo.example.com', password: 'Reagent#2026', path: '/api/web/auth/login' },
  /** The university's buyer: their company has no approval rules, so their orders pass at once. */
  univ: { loginName: 'buyer@univ.example.com', password: 'Reagent#2026', path: '/api/web/auth/login' },
  admin: { loginName: 'admin', password: 'Admin#2026', path: '/api/admin/auth/login' },
  sales: { loginName: 'sales', password: 'Sales#2026', path: '/api/admin/auth/login' },
  ops: { loginName: 'ops', password: 'Ops#2026', path: '/api/admin/auth/login' },
  manager: { loginName: 'manager', password: 'Manager#2026', path: '/api/admin/auth/login' },
  finance: { loginName: 'finance', password: 'Finance#2026', path: '/api/admin/auth/login' },
  sales2: { loginName: 'sales2', password: 'Sales2#2026', path: '/api/admin/auth/login' },
} as const;

export type AccountName = keyof typeof ACCOUNTS;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The header a browser's own fetch sends with a write: the site's origin. The API refuses writes
 * made with the session cookie that do not show where they come from (docs/api.md, CSRF).
 */
export function fromSite(): { origin: string } {
  return { origin: new URL(test.info().project.use.baseURL ?? 'http://localhost').origin };
}

/** Signs in through the API from the page's own origin, so the session cookie lands in the browser. */
export async function loginAs(page: Page, who: AccountName): Promise<void> {
  const account = ACCOUNTS[who];
  const res = await page.request.post(account.path, {
    form: { loginName: account.loginName, password: sha256(account.password) },
    headers: fromSite(),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * The page's shell (storefront, account area or back-office) has hydrated: its root carries
 * `data-hydrated="true"`, set by a client effect. Before that a click may be lost and typed text reset.
 */
export async function expectHydrated(page: Page): Promise<void> {
  await expect(page.locator('[data-store-shell], [data-admin-shell]').first()).toHaveAttribute('data-hydrated', 'true', { timeout: 30_000 });
}

/** Opens a page and waits until its shell has hydrated. */
export async function gotoHydrated(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await expectHydrated(page);
  return response;
}

/**
 * The page is not wider than the viewport (no sideways scrolling). Asked until the layout settles:
 * right after a resize, components that measure the window lay out again.
 */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { timeout: 5_000 }).toBeLessThanOrEqual(1);
}

/**
 * A popup (menu, select list, confirmation, dialog) once its opening motion has ended: antd marks a popup
 * with `…-appear`/`…-enter` classes while it moves in (it is first measured at full size, then shrinks to start
 * the animation) and `…-leave` while it goes. A click on a popup that is still moving lands on a moving
 * target; a locator inside this one waits until the popup holds still.
 */
export function still(popup: Locator): Locator {
  return popup.locator('xpath=self::*[not(contains(@class, "-appear")) and not(contains(@class, "-enter")) and not(contains(@class, "-leave"))]');
}

/**
 * The view on screen has its data: no loading spinner shows. A view whose data comes late lays itself out
 * again, and a popup opened over it meanwhile may be closed or moved by that.
 */
export async function expectLoaded(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, [data-testid="admin-view-loading"]').filter({ visible: true })).toHaveCount(0, { timeout: 30_000 });
}

/** The select lists open at the moment, once they hold still. */
const openOptions = (page: Page) => still(page.locator('.ant-select-dropdown:visible'));

/**
 * Picks an option of an antd select by its label and waits until the select shows it. `type` types the
 * label first, for selects that search.
 */
export async function chooseOption(page: Page, field: Locator, option: string, opts: { type?: boolean } = {}): Promise<void> {
  const box = field.locator('xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await field.click();
  if (opts.type) await field.fill(option);
  await openOptions(page).getByTitle(option, { exact: true }).first().click();
  await expect(box).toContainText(option);
}

export { expect, test };
