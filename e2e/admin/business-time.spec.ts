import { expect, expectHydrated, loginAs, test } from '../fixtures';
import { slow } from '../back-office';

test.describe('the dashboard in a browser whose clock is in UTC', () => {
  test.use({ timezoneId: 'UTC' });

  for (const prefix of ['', '/en']) {
    test(`counts its default range up to today in Beijing, not the browser's day (${prefix || 'zh'})`, async ({ page }) => {
      await loginAs(page, 'admin');
      // 17:00 UTC on 2 December is 01:00 on 3 December in Beijing: the browser's own day is still the 2nd.
      await page.clock.setFixedTime(new Date('2026-12-02T17:00:00Z'));
      const figures = page.waitForRequest((r) => r.url().includes('/api/admin/dashboard?'));
      await page.goto(`${prefix}/admin/dashboard`);
      const url = new URL((await figures).url());
      expect(url.searchParams.get('to')).toBe('2026-12-03');
      expect(url.searchParams.get('from')).toBe('2026-11-04');
      await slow(page.getByTestId('admin-dashboard')).toBeVisible();
    });
  }
});

test('the English back office has a proper title', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/en/admin/dashboard');
  await expectHydrated(page);
  await expect(page.locator('[data-admin-shell]')).not.toContainText('Management backend');
  await expect(page.locator('[data-admin-shell]')).toContainText('Back office');
});
