import type { Page, Route } from '@playwright/test';
import { expect, expectHydrated, loginAs, test, type AccountName } from '../fixtures';
import { slow } from '../back-office';

/**
 * A back-office search field keeps what a member types before the page's scripts have run (a slow connection):
 * the server-rendered field takes the text, and once the page hydrates the text is still in the box and the
 * list shows what it finds.
 */

/** Holds every script of the page until the answered function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/_next/static/**/*.js', async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

const LISTS: { name: string; who: AccountName; path: string; api: string; view: string; key: string; filters: string }[] = [
  { name: 'customers', who: 'sales', path: '/admin/customers', api: '/api/admin/customers', view: 'customers-view', key: '上海示例', filters: 'scope=all&sort=name&limit=20' },
  { name: 'products', who: 'ops', path: '/admin/catalog/products', api: '/api/admin/catalog/products', view: 'products-view', key: '乙腈', filters: 'active=all&limit=20' },
  { name: 'orders', who: 'ops', path: '/admin/orders/list', api: '/api/admin/orders', view: 'orders-view', key: '上海示例', filters: 'limit=20' },
];

// With and without the reduced-motion preference (the suite's own): the preference is read in the browser's
// first render, so it never changes the motion context above a view that has not hydrated yet.
for (const motion of ['reduce', 'no-preference'] as const) for (const list of LISTS) test.describe(`motion: ${motion}`, () => {
  test.use({ reducedMotion: motion });
  test(`text typed into the ${list.name} search before the page hydrates is kept and searched`, async ({ page }) => {
    test.setTimeout(90_000);
    await loginAs(page, list.who);
    // What the list finds for the key, with the view's other filters as it starts: its first page.
    const found = await page.request.get(`${list.api}?key=${encodeURIComponent(list.key)}&${list.filters}`);
    expect(found.status()).toBe(200);
    const ids = ((await found.json()) as { data: { items: { id: number }[] } }).data.items.map((row) => String(row.id)).sort();
    expect(ids.length).toBeGreaterThan(0);

    const release = await holdScripts(page);
    await page.goto(list.path, { waitUntil: 'domcontentloaded' });
    const view = page.getByTestId(list.view);
    const search = view.locator('.ant-input-search input').first();
    await expect(search).toBeVisible();
    // The page has not hydrated: its scripts are held.
    await expect(page.locator('[data-admin-shell]')).not.toHaveAttribute('data-hydrated', 'true');
    await search.fill(list.key);

    const searched = page.waitForResponse((r) => r.url().includes(`${list.api}?`) && new URL(r.url()).searchParams.get('key') === list.key);
    release();
    await expectHydrated(page);
    // The view has shown rows since it hydrated: the render that used to empty the field is behind us.
    const rows = view.locator('.ant-table-row');
    await slow(rows.first()).toBeVisible();
    await expect(search).toHaveValue(list.key);
    expect((await searched).status()).toBe(200);
    await expect.poll(async () => (await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-row-key') ?? ''))).sort(), { timeout: 20_000 }).toEqual(ids);
    await expect(page).toHaveURL(/[?&]key=/);
    await expect(search).toHaveValue(list.key);
  });
});
