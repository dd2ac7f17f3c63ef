import { expect, expectHydrated, loginAs, test } from '../fixtures';

/**
 * Whole pages kept for guests (ADR 0039): a guest's second request is answered from the cache with a
 * fresh nonce that every script carries, and the page works in the browser under it. A signed-in
 * customer gets the same kept storefront page (ADR 0076), never a kept page of the account area.
 */

function nonceOf(policy: string | undefined): string {
  return /'nonce-([^']+)'/.exec(policy ?? '')?.[1] ?? '';
}

test('a guest gets a kept page with a nonce of its own, and the page works under it', async ({ page, request }) => {
  const path = `/product/index/list?view=list&kept=${Date.now().toString(36)}`;
  const first = await request.get(path);
  const second = await request.get(path);
  expect(first.headers()['x-page-cache']).toBeUndefined();
  expect(second.headers()['x-page-cache']).toBe('hit');
  const nonce = nonceOf(second.headers()['content-security-policy']);
  expect(nonce).not.toBe('');
  expect(nonce).not.toBe(nonceOf(first.headers()['content-security-policy']));
  const html = await second.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '').filter((attrs) => !/type="application\/(ld\+)?json"/.test(attrs));
  expect(scripts.length).toBeGreaterThan(0);
  for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
  expect(html).not.toContain(nonceOf(first.headers()['content-security-policy']));

  // In the browser: no script refused, and the page's client parts run.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const answer = await page.goto(path);
  expect(answer?.headers()['x-page-cache']).toBe('hit');
  // The dialog opens only once the page's scripts run: the shell says when they have.
  await expectHydrated(page);
  await page.getByTestId('add-to-cart').first().click();
  await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
  expect(refused).toEqual([]);
});

test('a signed-in customer gets the kept storefront page with their own header, and never a kept cart', async ({ page, request }) => {
  const path = `/product/index/list?kept=${Date.now().toString(36)}s`;
  await request.get(path);
  expect((await request.get(path)).headers()['x-page-cache']).toBe('hit');
  await loginAs(page, 'buyer');
  const answer = await page.goto(path);
  expect(answer?.headers()['x-page-cache']).toBe('hit');
  await expect(page.getByTestId('header-username')).toContainText('李娜');
  // The account area stays per user: rendered for each request, never kept.
  for (let i = 0; i < 2; i += 1) expect((await page.goto('/order/shoppingcart?default=2'))?.headers()['x-page-cache']).toBeUndefined();
});
