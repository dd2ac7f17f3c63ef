import type { Page } from '@playwright/test';
import { expect, expectLoaded, gotoHydrated, loginAs, test } from '../fixtures';

/**
 * Starts recording the classes antd puts on a popup while it moves in (`ant-zoom-enter-start`, then
 * `…-enter-active` while the animation runs), on every element of the page from now on. A dialog without
 * motion still passes through `…-enter-prepare`, where it is measured at its final size and does not move.
 */
async function recordMotion(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { motionSeen: string[] }).motionSeen = seen;
    const note = (el: Element) => {
      for (const name of Array.from(el.classList)) if (/-(appear|enter)-(start|active)$/.test(name)) seen.push(name);
    };
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes' && r.target instanceof Element) note(r.target);
        r.addedNodes.forEach((n) => { if (n instanceof Element) [n, ...Array.from(n.querySelectorAll('*'))].forEach(note); });
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
}

const motionSeen = (page: Page) => page.evaluate(() => (window as unknown as { motionSeen: string[] }).motionSeen);

/** Opens the new-tag dialog of the tags page and answers the motion classes seen while it opened. */
async function openDialog(page: Page): Promise<string[]> {
  await loginAs(page, 'ops');
  await gotoHydrated(page, '/en/admin/content/tags');
  await expectLoaded(page);
  await recordMotion(page);
  await page.getByTestId('tag-add').click();
  await expect(page.getByRole('dialog', { name: 'Add tag' })).toBeVisible();
  // The ripple of a click starts in the next frames; two frames later it has, if it is to.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return motionSeen(page);
}

// The suite runs as a visitor who asked for reduced motion (playwright.config.ts).
test('a visitor who asked for reduced motion gets dialogs without their opening motion, and no ripple on a click', async ({ page }) => {
  expect(await openDialog(page)).toEqual([]);
});

test.describe('without that preference', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('a dialog zooms in and a clicked button ripples', async ({ page }) => {
    await openDialog(page);
    await expect.poll(() => motionSeen(page)).toEqual(expect.arrayContaining(['ant-zoom-enter-start', 'wave-motion-appear-start']));
  });
});
