import type { Page } from '@playwright/test';
import { expect, loginAs, type AccountName } from './fixtures';

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
