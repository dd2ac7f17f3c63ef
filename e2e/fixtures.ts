import { createHash } from 'node:crypto';
import { test, expect, type Page } from '@playwright/test';

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

/** The page is not wider than the viewport (no sideways scrolling). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

export { expect, test };
