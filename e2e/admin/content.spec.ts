import { expect, expectHydrated, loginAs, test } from '../fixtures';

/** Saves go through the server and back; a machine under load answers slowly. */
const SLOW = { timeout: 15_000 };

/** A 4×4 red PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWO4IyICRwzEcQCzQxBBnsE89QAAAABJRU5ErkJggg==';

async function shellReady(page: import('@playwright/test').Page): Promise<void> {
  await expectHydrated(page);
}

test('operations staff write a news item with an image as a draft, preview it, publish it; the storefront shows it in both languages at once', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const title = { zh: `试剂新闻${stamp}`, en: `Reagent news ${stamp}` };
  await loginAs(page, 'ops');
  await page.goto('/admin/dashboard');
  await shellReady(page);
  await expect(page.getByRole('menu')).toContainText('内容管理');
  await page.goto('/admin/content/news');
  await shellReady(page);
  await expect(page.getByTestId('news-view')).toBeVisible();

  await page.getByTestId('news-add').click();
  const drawer = page.getByRole('dialog', { name: '新建新闻' });
  await drawer.getByTestId('news-title-zh').fill(title.zh);
  await drawer.getByTestId('news-title-en').fill(title.en);
  await drawer.getByTestId('news-summary-zh').fill('中文摘要');
  await drawer.getByTestId('news-summary-en').fill('English summary');
  // The Chinese body: a bold line typed in the editor, then an image uploaded through the toolbar's file input.
  const bodyZh = drawer.getByTestId('news-body-zh').locator('.ProseMirror');
  await bodyZh.click();
  await page.keyboard.type('正文第一段');
  await drawer.getByTestId('news-body-zh').getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('重点');
  await drawer.getByTestId('news-body-zh-file').setInputFiles({ name: 'photo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') });
  await expect(page.getByText(/图片须为 PNG、JPEG 或 WebP/).first()).toBeVisible(SLOW);
  await drawer.getByTestId('news-body-zh-file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
  await expect(bodyZh.locator('img[src^="/api/web/files/content-image/"]')).toBeVisible(SLOW);
  await drawer.getByTestId('news-body-en').locator('.ProseMirror').click();
  await page.keyboard.type('First paragraph of the English text');
  await drawer.getByTestId('news-save').click();
  // Saved: the drawer now edits the stored draft.
  const editor = page.getByRole('dialog', { name: '编辑新闻' });
  await expect(editor.getByTestId('news-editor-status')).toHaveText('草稿', SLOW);
  const previewHref = await page.getByTestId('news-preview').getAttribute('href');
  const id = Number(new URL(previewHref ?? '', 'http://x').searchParams.get('id'));
  expect(id).toBeGreaterThan(0);

  // A draft: not on the storefront, but the preview shows it to this member, uncached.
  const storefront = await page.context().newPage();
  await storefront.goto('/news/list');
  await expect(storefront.getByText(title.zh)).toHaveCount(0);
  expect((await storefront.goto(`/news/detail?id=${id}`))?.status()).toBe(404);
  const preview = await storefront.goto(`/news/detail?id=${id}&preview=1`);
  expect(preview?.headers()['cache-control'] ?? '').not.toMatch(/public|s-maxage/);
  await expect(storefront.getByTestId('content-preview')).toContainText('草稿');
  await expect(storefront.getByRole('heading', { name: title.zh })).toBeVisible();

  // Publish from the editor; the storefront lists and shows it at once, in Chinese and in English.
  await editor.getByRole('button', { name: '保存并发布' }).click();
  await expect(editor.getByTestId('news-editor-status')).toHaveText('已发布', SLOW);
  await storefront.goto('/news/list');
  await expect(storefront.getByText(title.zh).first()).toBeVisible();
  await storefront.goto(`/news/detail?id=${id}`);
  await expect(storefront.getByRole('heading', { name: title.zh })).toBeVisible();
  const body = storefront.getByTestId('article').getByTestId('rich-text');
  await expect(body.locator('strong')).toHaveText('重点');
  await expect(body.locator('img[src^="/api/web/files/content-image/"]')).toBeVisible();
  const image = await storefront.request.get((await body.locator('img').first().getAttribute('src')) ?? '');
  expect(image.headers()['x-content-type-options']).toBe('nosniff');
  await storefront.goto('/en/news/list');
  await expect(storefront.getByText(title.en).first()).toBeVisible();
  await storefront.goto(`/en/news/detail?id=${id}`);
  await expect(storefront.getByRole('heading', { name: title.en })).toBeVisible();
  await expect(storefront.getByTestId('article').getByTestId('rich-text')).toContainText('First paragraph of the English text');

  // Back to draft: gone from the storefront again.
  await editor.getByRole('button', { name: 'Close' }).or(editor.getByRole('button', { name: '关闭' })).first().click();
  await expect(editor).toBeHidden();
  await page.getByRole('searchbox', { name: '搜索中文或英文标题' }).fill(stamp);
  await page.getByRole('searchbox', { name: '搜索中文或英文标题' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: title.zh });
  await expect(row.getByTestId('news-status')).toHaveText('已发布');
  await row.getByRole('button', { name: '撤回为草稿' }).click();
  await expect(row.getByTestId('news-status')).toHaveText('草稿', SLOW);
  await storefront.goto('/news/list');
  await expect(storefront.getByText(title.zh)).toHaveCount(0);
  await storefront.close();
});

test('a new home slideshow banner shows on the home page at once, and goes when deleted', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  await loginAs(page, 'ops');
  await page.goto('/admin/content/banners');
  await shellReady(page);
  await expect(page.getByTestId('banners-view')).toBeVisible();
  await page.getByTestId('banner-add').click();
  const dialog = page.getByRole('dialog', { name: '新建横幅' });
  await dialog.getByTestId('banner-title-zh').fill(`横幅${stamp}`);
  await dialog.getByTestId('banner-title-en').fill(`Banner ${stamp}`);
  await dialog.getByLabel('链接').fill('javascript:alert(1)');
  await dialog.getByTestId('banner-save').click();
  await expect(dialog.getByText('链接须为 http(s) 地址或以 / 开头的本站路径')).toBeVisible();
  await dialog.getByLabel('链接').fill('/news/index');
  await dialog.getByTestId('banner-save').click();
  await expect(dialog).toBeHidden(SLOW);
  const row = page.getByRole('row').filter({ hasText: `横幅${stamp}` });
  await expect(row).toBeVisible();

  const home = await page.context().newPage();
  await home.goto('/');
  await expect(home.getByTestId('hero')).toContainText(`横幅${stamp}`);
  await home.goto('/en');
  await expect(home.getByTestId('hero')).toContainText(`Banner ${stamp}`);

  await row.getByRole('button', { name: /删\s*除/ }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
  await expect(row).toHaveCount(0, SLOW);
  await home.goto('/');
  await expect(home.getByTestId('hero')).not.toContainText(`横幅${stamp}`);
  await home.close();
});
