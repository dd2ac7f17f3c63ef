import type { APIResponse, Page } from '@playwright/test';
import { expect, expectHydrated, loginAs, test } from '../fixtures';

/**
 * Security headers on every face (docs/requirements/quality.md#s10-headers, ADR 0028): pages with a fresh CSP nonce that their
 * scripts carry, the API, built assets and unknown paths; no X-Powered-By; no dot-files, source
 * maps or .env served; and no page of any face trips its own policy in the browser.
 */

function expectCommonHeaders(res: APIResponse, label: string): void {
  const h = res.headers();
  expect(h['x-content-type-options'], label).toBe('nosniff');
  expect(h['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(h['x-powered-by'], label).toBeUndefined();
  expect(h['content-security-policy'], label).toMatch(/frame-ancestors '(self|none)'/);
  // Plain http here: HSTS is sent only behind TLS (COOKIE_SECURE=1).
  expect(h['strict-transport-security'], label).toBeUndefined();
}

function nonceOf(res: APIResponse): string {
  const policy = res.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce, policy).toBeTruthy();
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  return nonce ?? '';
}

const PAGES = ['/', '/en', '/zh/product/index', '/product/list?sk=%E4%B9%99%E9%86%87&type=3', '/product/detail?id=1', '/news/index', '/contact/contact', '/admin/login', '/no/such/page'];

test('every page has its own CSP nonce, and every inline script of the page carries it', async ({ request }) => {
  for (const path of PAGES) {
    const first = await request.get(path, { maxRedirects: 0 });
    expectCommonHeaders(first, path);
    const nonce = nonceOf(first);
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    const executable = scripts.filter((attrs) => !/type="application\/(ld\+)?json"/.test(attrs));
    expect(executable.length, path).toBeGreaterThan(0);
    for (const attrs of executable) expect(attrs, `${path}: <script${attrs}>`).toContain(`nonce="${nonce}"`);
    const second = await request.get(path, { maxRedirects: 0 });
    expect(nonceOf(second), `${path}: a fresh nonce per response`).not.toBe(nonce);
  }
});

test('the API, built assets and unknown files have the headers too, and no X-Powered-By', async ({ request }) => {
  const home = await (await request.get('/')).text();
  const asset = /\/_next\/static\/[^"']+\.js/.exec(home)?.[0];
  expect(asset).toBeTruthy();
  for (const path of ['/api/health', '/api/openapi.json', '/api/docs', '/api/no/such/route', asset ?? '', '/robots.txt', '/sitemap.xml', '/no-such-file.txt']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expectCommonHeaders(res, path);
  }
  const api = await request.get('/api/health');
  expect(api.headers()['content-security-policy']).toContain("default-src 'none'");
});

test('no dot-file, .env, .git or source map is served', async ({ request }) => {
  const home = await (await request.get('/')).text();
  const assets = [...home.matchAll(/\/_next\/static\/[^"']+\.js/g)].map((m) => m[0]).slice(0, 5);
  const paths = [
    '/.env', '/.env.local', '/.env.production', '/.git/config', '/.git/HEAD', '/.gitignore', '/.data/pglite/PG_VERSION',
    '/.next/BUILD_ID', '/.npmrc', '/%2eenv', '/en/.env', '/_next/../.env', '/package.json', '/next.config.ts',
    ...assets.map((a) => `${a}.map`),
  ];
  for (const path of paths) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect([404, 400, 308, 307], `${path} answered ${res.status()}`).toContain(res.status());
    const body = await res.text();
    expect(body, path).not.toMatch(/DATABASE_URL|\[core\]|repositoryformatversion|"mappings"|"version":\s*3/);
  }
});

async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
}

async function expectNoViolations(page: Page, path: string): Promise<void> {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) messages.push(m.text());
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const violations = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  expect([...violations, ...messages], path).toEqual([]);
}

test('storefront pages run under their policy without a violation', async ({ page }) => {
  test.setTimeout(120_000);
  await recordViolations(page);
  for (const path of ['/', '/en', '/product/detail?id=1', '/product/list?sk=%E4%B9%99%E9%86%87&type=3']) await expectNoViolations(page, path);
});

test('customer pages (antd) run under their policy without a violation', async ({ page }) => {
  test.setTimeout(120_000);
  await recordViolations(page);
  await loginAs(page, 'buyer');
  for (const path of ['/order/shoppingcart?default=2', '/order', '/sys/profile?default=6']) await expectNoViolations(page, path);
});

test('the back-office (antd, charts) runs under its policy without a violation, and hydrates', async ({ page }) => {
  test.setTimeout(120_000);
  await recordViolations(page);
  await loginAs(page, 'admin');
  await expectNoViolations(page, '/admin/dashboard');
  await expectHydrated(page);
  // echarts draws with its SVG renderer into a role="img" box; drawn means its scripts ran.
  await expect(page.getByTestId('admin-dashboard').locator('[role="img"] svg').first()).toBeVisible();
});
