import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, expectLoaded, gotoHydrated, loginAs, test } from '../fixtures';

/*
 * axe-core on every storefront and account page: no serious or critical violation of WCAG 2.1 A/AA
 * (the rules axe runs by default). Each page is checked once it has rendered and hydrated.
 */

const STOREFRONT = [
  '/', '/product/index', '/product/list?sk=%E4%B9%99%E9%86%87&type=3', '/product/list?sk=%E4%B9%99%E9%86%87&type=3&view=list', '/product/detail?id=1', '/brand?type=1',
  '/promotion/hot?type=1', '/news/index', '/applications', '/citations', '/support', '/resources/index', '/about/index', '/contact/contact', '/privacy',
] as const;

const ACCOUNT = [
  '/sys/profile?default=6', '/sys/profile_pwd', '/order?default=1', '/order/shoppingcart?default=2', '/sys/address', '/sys/approval', '/sys/manage',
] as const;

async function seriousViolations(page: Page, path: string): Promise<string[]> {
  // Checked as a visitor sees it: the shell hydrated and no list still loading.
  await gotoHydrated(page, path);
  await expectLoaded(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path}: ${v.id} (${v.impact}) — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

test.describe('accessibility (axe-core)', () => {
  // Many pages a test: minutes when the machine is busy.
  test.describe.configure({ timeout: 300_000 });

  for (const locale of ['zh', 'en'] as const) {
    test(`storefront pages have no serious or critical violation (${locale})`, async ({ page }) => {
      const found: string[] = [];
      for (const path of STOREFRONT) found.push(...(await seriousViolations(page, `/${locale}${path === '/' ? '' : path}`)));
      expect(found).toEqual([]);
    });

    test(`account pages have no serious or critical violation (${locale})`, async ({ page }) => {
      await loginAs(page, 'buyer');
      const found: string[] = [];
      for (const path of ACCOUNT) found.push(...(await seriousViolations(page, `/${locale}${path}`)));
      expect(found).toEqual([]);
    });
  }
});
