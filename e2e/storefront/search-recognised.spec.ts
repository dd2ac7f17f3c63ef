import { expect, test } from '../fixtures';

/**
 * The home page's search type defaults to the item number. A buyer who pastes a CAS number there,
 * typed with a Chinese input method's full-width hyphens, gets the substance's products, and the
 * results say that the key was searched as a CAS number.
 */
const LANGS = [
  { lang: 'zh', prefix: '', said: '按 CAS 号搜索 64-17-5' },
  { lang: 'en', prefix: '/en', said: 'Searched by CAS number: 64-17-5' },
] as const;

test.describe('a CAS number in the default search type', () => {
  for (const { lang, prefix, said } of LANGS) {
    test(`finds the ethanol products from the home page (${lang}) @mobile`, async ({ page }) => {
      await page.goto(prefix || '/');
      const bar = page.getByRole('search');
      await expect(bar).toHaveAttribute('data-ready', 'true');
      await expect(bar.locator('#search-type')).toHaveValue('1');
      await bar.locator('#search-key').fill('64－17－5');
      await bar.locator('#search-key').press('Enter');
      await expect(page).toHaveURL(new RegExp(`${prefix}/product/list\\?sk=64-17-5&type=1$`));
      await expect(page.getByTestId('searched-by')).toHaveText(said);
      await expect(page.getByTestId('searched-by')).toHaveAttribute('data-by', 'cas');
      await expect(page.getByTestId('list-empty')).toHaveCount(0);
      const cas = page.getByTestId('product-cas');
      await expect(cas.first()).toHaveText('64-17-5');
      expect(new Set(await cas.allTextContents())).toEqual(new Set(['64-17-5']));
    });
  }
});
