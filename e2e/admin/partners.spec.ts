import type { Page } from '@playwright/test';
import { expect, expectHydrated, loginAs, test } from '../fixtures';

/** Saves go through the server and back; a machine under load answers slowly. */
const SLOW = { timeout: 15_000 };

async function shellReady(page: Page): Promise<void> {
  await expectHydrated(page);
}

const LANGS = [
  { locale: 'zh', prefix: '', add: '添加合作伙伴', edit: '编辑合作伙伴', draft: '草稿', published: '已发布', publish: '发布', withdraw: /撤\s*回/, ok: /确\s*定/, up: '上移' },
  { locale: 'en', prefix: '/en', add: 'Add a partner', edit: 'Edit partner', draft: 'Draft', published: 'Published', publish: 'Publish', withdraw: /Withdraw/, ok: /^OK$/, up: 'Move up' },
] as const;

for (const lang of LANGS) {
  test(`[${lang.locale}] a partner is added as a draft, published to the partners page in the back-office's order, and withdrawn`, async ({ page }) => {
    test.setTimeout(240_000);
    const stamp = `${lang.locale}${Date.now().toString(36)}`;
    const name = { zh: `示例合作伙伴${stamp}`, en: `Example partner ${stamp}` };
    const shown = lang.locale === 'en' ? name.en : name.zh;
    await loginAs(page, 'ops');
    await page.goto(`${lang.prefix}/admin/content/partners`);
    await shellReady(page);
    await expect(page.getByTestId('partners-view')).toBeVisible();

    await page.getByTestId('partner-add').click();
    const dialog = page.getByRole('dialog', { name: lang.add });
    // Both names are required: saving without them names the fields.
    await page.getByTestId('partner-save').click();
    await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await page.getByTestId('partner-name-zh').fill(name.zh);
    await page.getByTestId('partner-name-en').fill(name.en);
    await dialog.getByPlaceholder('https://').fill('https://partner.example.com/');
    await page.getByTestId('partner-save').click();
    await expect(dialog).toBeHidden(SLOW);
    const row = page.locator('tr', { has: page.getByTestId('partner-name').filter({ hasText: shown }) });
    await expect(row.getByText(lang.draft)).toBeVisible(SLOW);

    // A draft is not on the storefront.
    const storefront = await page.context().newPage();
    await storefront.goto(`${lang.prefix}/about/index/partners`);
    await expect(storefront.getByTestId('partners')).toBeVisible();
    await expect(storefront.getByTestId('partners')).not.toContainText(shown);

    await row.getByTestId('partner-publish').click();
    await expect(row.getByText(lang.published, { exact: true })).toBeVisible(SLOW);
    // Moved up one place per click: the arrows wait while a move is saved, so each click moves it exactly
    // one place. The storefront then lists the published partners in the back-office's order.
    const names = () => page.getByTestId('partner-name').allTextContents();
    const place = async () => (await names()).indexOf(shown);
    const start = await place();
    expect(start).toBeGreaterThan(1);
    const up = row.getByRole('button', { name: lang.up });
    for (const at of [start - 1, start - 2]) {
      await expect(up).toBeEnabled(SLOW);
      await up.click();
      await expect.poll(place, SLOW).toBe(at);
    }
    await expect(up).toBeEnabled(SLOW);
    const rows = page.locator('tr', { has: page.getByTestId('partner-name') });
    const published: string[] = [];
    for (const r of await rows.all()) {
      if ((await r.getByText(lang.published, { exact: true }).count()) > 0) published.push((await r.getByTestId('partner-name').innerText()).trim());
    }
    expect(published).toContain(shown);
    await storefront.reload();
    const cards = storefront.getByTestId('partners').locator('li');
    await expect(cards).toHaveCount(published.length);
    const onPage = await cards.allInnerTexts();
    expect(onPage.map((text, i) => text.includes(published[i]!))).toEqual(published.map(() => true));
    await expect(cards.nth(published.indexOf(shown)).getByRole('link')).toHaveAttribute('href', 'https://partner.example.com/');

    await row.getByRole('button', { name: lang.withdraw }).click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: lang.ok }).click();
    await expect(row.getByText(lang.draft)).toBeVisible(SLOW);
    await storefront.reload();
    await expect(storefront.getByTestId('partners')).not.toContainText(shown);
  });
}
