import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectHydrated, expectLoaded, expectNoHorizontalOverflow, loginAs, test } from '../fixtures';

/**
 * Waits until the back-office shell has hydrated and the view has its data: the view is loaded on its own, so a
 * file given to its input before then may reach an input that React has not taken over yet, and be lost.
 */
async function shellReady(page: Page): Promise<void> {
  await expectHydrated(page);
  await expectLoaded(page);
}

test('operations staff import a small file, watch the progress finish, keep it after a reload, and download the error report', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  await loginAs(page, 'ops');
  const brands = (await (await page.request.get('/api/admin/catalog/brands?limit=1&sort=code')).json()).data.items as { code: string }[];
  const tree = (await (await page.request.get('/api/admin/catalog/categories')).json()).data as { id: number; leaf: boolean; children: unknown[] }[];
  const leaves: number[] = [];
  const walk = (nodes: typeof tree) => nodes.forEach((n) => { if (n.leaf) leaves.push(n.id); walk(n.children as typeof tree); });
  walk(tree);
  const csv = [
    'item_no,name_zh,name_en,brand,category,cas,pack_size,price',
    `E2E-IM-${stamp}-1,导入试剂一,Imported reagent one,${brands[0]!.code},${leaves[0]},64-17-5,500 mL,38.5`,
    `E2E-IM-${stamp}-2,导入试剂二,Imported reagent two,${brands[0]!.code},${leaves[0]},64-17-6,1 g,12`,
  ].join('\n');

  // The product list offers the import and the export.
  await page.goto('/admin/catalog/products');
  await shellReady(page);
  await expect(page.getByTestId('products-export')).toBeVisible();
  await expect(page.getByTestId('import-upload')).toBeVisible();

  await page.goto('/admin/catalog/imports');
  await shellReady(page);
  const view = page.getByTestId('imports-view');
  await view.locator('input[type=file]').setInputFiles({ name: `import-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const row = view.locator('tr', { hasText: `import-${stamp}.csv` });
  await expect(row.getByTestId('import-status')).toHaveText('已完成', { timeout: 30_000 });
  await expect(row.getByTestId('import-progress')).toHaveAttribute('aria-valuenow', '100');
  await expect(row.getByTestId('import-counts')).toContainText('新增 1');
  await expect(row.getByTestId('import-counts')).toContainText('失败 1');

  await page.reload();
  await shellReady(page);
  await expect(view.locator('tr', { hasText: `import-${stamp}.csv` }).getByTestId('import-status')).toHaveText('已完成');

  const [download] = await Promise.all([page.waitForEvent('download'), view.locator('tr', { hasText: `import-${stamp}.csv` }).getByTestId('import-error-report').click()]);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text).toContain('行号,列,原因,内容');
  expect(text).toContain('3,CAS号,CAS 号校验位错误,64-17-6');

  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoHorizontalOverflow(page);
});
