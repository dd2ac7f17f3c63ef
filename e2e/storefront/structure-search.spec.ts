import { expect, expectHydrated, gotoHydrated, test } from '../fixtures';
import type { Page } from '@playwright/test';

/**
 * Structure search (ADR 0075): the search bar's structure tab, its editor and paste field, the grouped
 * results with the matched fragment coloured, and "search similar" from a product page, in both languages.
 */
const LANGS = [
  { lang: 'zh', prefix: '', tab: '结构', sub: '子结构', sim: '相似结构', exact: '精确结构', similar: '搜索相似结构' },
  { lang: 'en', prefix: '/en', tab: 'Structure', sub: 'Substructure', sim: 'Similar structures', exact: 'Exact structure', similar: 'Search similar structures' },
] as const;

/** The CAS numbers of the substances on the result page. */
async function casNumbers(page: Page): Promise<string[]> {
  return page.getByTestId('substance-cas').allTextContents();
}

async function openStructureTab(page: Page, name: string) {
  const tab = page.getByRole('button', { name, exact: true });
  await expect(tab).toHaveAttribute('aria-expanded', 'false');
  await tab.click();
  await expect(tab).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('structure-panel')).toBeVisible();
}

test.describe('structure search', () => {
  for (const l of LANGS) {
    test(`draws a benzene ring in the editor and finds toluene and phenol by substructure (${l.lang})`, async ({ page }) => {
      await gotoHydrated(page, l.prefix || '/');
      await openStructureTab(page, l.tab);
      await expect(page.getByTestId('structure-editor').locator('canvas').nth(1)).toBeVisible({ timeout: 20_000 });
      await drawBenzene(page);
      await page.getByLabel(l.sub, { exact: true }).check();
      await page.getByTestId('structure-submit').click();
      // A structure search's first page is rendered afresh (never cached): it may take a while on a busy machine.
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/product/list\\?type=5&mode=sub&sk=c1ccccc1$`), { timeout: 30_000 });
      await expect(page.getByTestId('structure-canonical')).toHaveText('c1ccccc1');
      // The ring is coloured in each drawing; the packs of every brand are there to add to the cart.
      await expect(page.getByTestId('structure-drawing').first()).toHaveAttribute('src', /hl=c1ccccc1/);
      await expect(page.getByTestId('substance-group').first().getByTestId('product-row').first()).toBeVisible();
      const found = await casNumbersOfPages(page, 4);
      expect(found).toEqual(expect.arrayContaining(['108-88-3', '108-95-2']));
      expect(found).not.toContain('110-82-7');
    });

    test(`pastes a SMILES on a phone and picks it again from the recent searches (${l.lang}) @mobile`, async ({ page, isMobile }) => {
      test.skip(!isMobile, 'the phone layout');
      await gotoHydrated(page, l.prefix || '/');
      await openStructureTab(page, l.tab);
      // No canvas editor is loaded on a phone unless asked for.
      await expect(page.getByTestId('structure-draw')).toBeVisible();
      await expect(page.getByTestId('structure-editor')).toHaveCount(0);
      await page.getByTestId('structure-paste').fill('CC(C)=O');
      await page.getByLabel(l.sim, { exact: true }).check();
      await page.getByTestId('structure-submit').click();
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/product/list\\?type=5&mode=sim&sk=CC%28C%29%3DO$`));
      const first = page.getByTestId('substance-group').first();
      await expect(first.getByTestId('substance-cas')).toHaveText('67-64-1');
      await expect(first.getByTestId('substance-score')).toContainText('1.00');
      await expectHydrated(page);
      await gotoHydrated(page, l.prefix || '/');
      await openStructureTab(page, l.tab);
      const recent = page.getByTestId('structure-recent').getByRole('button').first();
      await expect(recent).toContainText('CC(C)=O');
      await recent.click();
      await expect(page).toHaveURL(/type=5&mode=sim&sk=CC%28C%29%3DO$/);
    });

    test(`an unreadable structure gets a clear error (${l.lang})`, async ({ page }) => {
      await gotoHydrated(page, `${l.prefix}/product/list?type=5&mode=sub&sk=${encodeURIComponent('C1CC(')}`);
      await expect(page.getByTestId('structure-invalid')).toBeVisible();
      await expect(page.getByTestId('product-rows')).toHaveCount(0);
    });

    test(`a brand of the filter bar narrows a benzene substructure search, with the count it showed (${l.lang})`, async ({ page }) => {
      await gotoHydrated(page, `${l.prefix}/product/list?type=5&mode=sub&sk=c1ccccc1`);
      const facets = page.getByTestId('brand-facet');
      expect(await facets.count()).toBeGreaterThan(1);
      // The brand with the fewest products (the facets come most first).
      const facet = facets.last();
      const brand = ((await facet.getByTestId('brand-facet-name').textContent()) ?? '').trim();
      const count = Number(((await facet.locator('span').last().textContent()) ?? '').replace(/\D/g, ''));
      expect(count).toBeGreaterThan(0);
      await facet.click();
      await expect(page).toHaveURL(/[?&]brand=\d+/, { timeout: 30_000 });
      expect(new URL(page.url()).searchParams.get('sk')).toBe('c1ccccc1');
      await expect(page.locator('[data-testid="brand-facet"][data-active="true"]')).toHaveCount(1);
      await expect(page.getByTestId('structure-count')).toContainText(String(count));
      const rows = page.getByTestId('product-row');
      await expect(rows).toHaveCount(Math.min(count, 20));
      for (const text of await rows.allTextContents()) expect(text).toContain(brand);
      // The other brands stay listed with their counts, and the filter clears.
      expect(await facets.count()).toBeGreaterThan(1);
      await page.getByTestId('clear-filters').click();
      await expect(page).toHaveURL(/type=5&mode=sub&sk=c1ccccc1$/);
    });

    test(`"search similar" from a product page lists the product's structure first (${l.lang})`, async ({ page }) => {
      await gotoHydrated(page, `${l.prefix}/product/list?sk=108-88-3&type=2`);
      await page.getByTestId('product-card').first().click();
      await expect(page.getByTestId('product-detail')).toBeVisible();
      const link = page.getByRole('link', { name: l.similar });
      await expect(link).toHaveAttribute('href', /type=5&mode=sim&sk=Cc1ccccc1/);
      await link.click();
      await expect(page).toHaveURL(/type=5&mode=sim&sk=Cc1ccccc1/);
      const first = page.getByTestId('substance-group').first();
      await expect(first.getByTestId('substance-cas')).toHaveText('108-88-3');
      await expect(first.getByTestId('substance-score')).toContainText('1.00');
    });
  }
});

/**
 * Picks the benzene tool of the editor's toolbar (OpenChemLib draws its toolbar on a canvas of two
 * columns of 21-pixel buttons: benzene is the right one of the tenth row) and drops a ring in the
 * middle of the drawing area.
 */
async function drawBenzene(page: Page) {
  const canvases = page.getByTestId('structure-editor').locator('canvas');
  await canvases.first().click({ position: { x: 33, y: 199 } });
  const area = canvases.nth(1);
  const box = await area.boundingBox();
  if (!box) throw new Error('the drawing area has no box');
  await area.click({ position: { x: box.width / 2, y: box.height / 2 } });
}

/** The CAS numbers of the substances on the first pages of the results (substructure hits come smallest first, a page of products at a time). */
async function casNumbersOfPages(page: Page, pages: number): Promise<string[]> {
  const found = await casNumbers(page);
  for (let n = 2; n <= pages; n += 1) {
    const next = page.getByTestId('structure-pager').getByTestId('pager-next');
    if ((await next.count()) === 0) break;
    await next.click();
    await expect(page).toHaveURL(new RegExp(`page=${n}`), { timeout: 30_000 });
    await expect(page.getByTestId('structure-pager').getByTestId('pager-current')).toHaveText(String(n));
    found.push(...(await casNumbers(page)));
  }
  return found;
}
