import { createHash } from 'node:crypto';
import { test, expect, type Locator, type Page, type Response } from '@playwright/test';

export const ACCOUNTS = {
  buyer: { loginName: 'buyer@demo.example.com', password: 'Reagent#2026', path: '/api/web/auth/login' },
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
 * Clicks an element of a popup once its position has held for a while. A popup that opens under load can
 * be placed again a few frames after it first looks still (it aligns to its anchor or the pointer), and a
 * click sent to where it was lands on something else.
 */
export async function clickSettled(target: Locator, opts: { timeout?: number } = {}): Promise<void> {
  const timeout = opts.timeout ?? 5_000;
  const key = async () => JSON.stringify(await target.boundingBox({ timeout }));
  let last = await key();
  await expect.poll(async () => {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const now = await key();
    const still = now === last && now !== 'null';
    last = now;
    return still;
  }, { timeout, intervals: [0] }).toBe(true);
  await target.click({ timeout });
}

/**
 * Picks an option of an antd select by its label, until the select shows it. Under load a click can be
 * lost: the options render again (loaded, filtered), or the list moves while it opens. `type` types the
 * label first, for selects that search.
 */
export async function chooseOption(page: Page, field: Locator, option: string, opts: { type?: boolean } = {}): Promise<void> {
  const box = field.locator('xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  const open = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if ((await box.textContent())?.includes(option)) return;
    if (opts.type) {
      await field.click();
      await field.fill(option);
    } else if ((await open.count()) === 0) {
      await field.click();
    }
    await clickSettled(open.getByTitle(option, { exact: true }).first());
    await expect(box).toContainText(option, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

export { expect, test };
