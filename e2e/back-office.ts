import type { Page } from '@playwright/test';
import { expect, fromSite, loginAs, type AccountName } from './fixtures';

/** The back-office answers slowly on a loaded machine: a longer wait for each expectation. */
export const slow = expect.configure({ timeout: 20_000 });

/** The smallest PDF the upload checks accept (a report, a receipt). */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/**
 * Signs out of the browser and in again as another member. The page is left first, as signing out
 * leaves it: a request of the page still under way (a list loading again after a change) would otherwise
 * meet the ended session and send the browser to the sign-in over the test's next navigation.
 */
export async function switchTo(page: Page, who: AccountName): Promise<void> {
  await page.goto('about:blank');
  await page.context().clearCookies();
  await loginAs(page, who);
}

/**
 * A product in the first leaf category under the first brand by code, made through the API as the signed-in
 * staff member; answers its id.
 */
export async function newProduct(page: Page, product: { itemNo: string; nameZh: string; nameEn: string; packs: Record<string, unknown>[] }): Promise<number> {
  const tree = (await (await page.request.get('/api/admin/catalog/categories')).json()).data as { id: number; leaf: boolean; children: unknown[] }[];
  const leaves: number[] = [];
  const walk = (nodes: typeof tree) => nodes.forEach((n) => { if (n.leaf) leaves.push(n.id); walk(n.children as typeof tree); });
  walk(tree);
  const brands = (await (await page.request.get('/api/admin/catalog/brands?limit=1&sort=code')).json()).data.items as { id: number }[];
  const res = await page.request.post('/api/admin/catalog/products', {
    headers: fromSite(), data: { ...product, brandId: brands[0]!.id, categoryId: leaves[0]! },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data.id;
}
