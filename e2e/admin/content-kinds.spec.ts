import type { Page } from '@playwright/test';
import { chooseOption, expect, expectHydrated, expectNoHorizontalOverflow, loginAs, test } from '../fixtures';

/** Saves go through the server and back; a machine under load answers slowly. */
const SLOW = { timeout: 15_000 };

/** A small PDF as its bytes say. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

async function shellReady(page: Page): Promise<void> {
  await expectHydrated(page);
}

const LANGS = [
  {
    locale: 'zh', prefix: '', addTitle: '新建问答', editTitle: '编辑问答', draft: '草稿', published: '已发布', publish: '保存并发布',
    type: { name: '订购指南', other: 'Ordering guide' }, preview: '草稿',
  },
  {
    locale: 'en', prefix: '/en', addTitle: 'New question', editTitle: 'Edit question', draft: 'Draft', published: 'Published', publish: 'Save and publish',
    type: { name: 'Ordering guide', other: '订购指南' }, preview: 'draft',
  },
] as const;

for (const lang of LANGS) {
  test(`[${lang.locale}] a support question is written as a draft, previewed, published and shown on the storefront`, async ({ page }) => {
    test.setTimeout(120_000);
    const stamp = `${lang.locale}${Date.now().toString(36)}`;
    const title = { zh: `如何查询订单进度${stamp}`, en: `How do I follow an order ${stamp}` };
    await loginAs(page, 'ops');
    await page.goto(`${lang.prefix}/admin/content/support`);
    await shellReady(page);
    await expect(page.getByTestId('support-view')).toBeVisible();

    await page.getByTestId('support-add').click();
    const drawer = page.getByRole('dialog', { name: lang.addTitle });
    // Both languages side by side: saving without titles names the missing fields.
    await drawer.getByTestId('support-save').click();
    await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await drawer.getByTestId('support-title-zh').fill(title.zh);
    await drawer.getByTestId('support-title-en').fill(title.en);
    await drawer.getByTestId('support-summary-zh').fill('登录后在订单页查看');
    await drawer.getByTestId('support-summary-en').fill('Sign in and open your orders');
    await drawer.getByTestId('support-body-zh').locator('.ProseMirror').click();
    await page.keyboard.type('登录账户后，在“我的订单”中查看每个订单的状态。');
    await drawer.getByTestId('support-body-en').locator('.ProseMirror').click();
    await page.keyboard.type('Sign in and open My orders to see each order’s status.');
    await chooseOption(page, drawer.getByTestId('support-category'), lang.type.name);
    await drawer.getByTestId('support-save').click();
    const editor = page.getByRole('dialog', { name: lang.editTitle });
    await expect(editor.getByTestId('support-editor-status')).toHaveText(lang.draft, SLOW);
    const previewHref = await editor.getByTestId('support-preview').getAttribute('href');
    const url = new URL(previewHref ?? '', 'http://x');
    const id = Number(url.searchParams.get('id'));
    expect(url.pathname).toMatch(/\/support\/detail$/);
    expect(id).toBeGreaterThan(0);

    // A draft: a 404 for the storefront, shown to this member by the preview.
    const storefront = await page.context().newPage();
    expect((await storefront.goto(`${lang.prefix}/support/detail?id=${id}`))?.status()).toBe(404);
    await storefront.goto(previewHref ?? '');
    await expect(storefront.getByTestId('content-preview')).toContainText(lang.preview);
    await expect(storefront.getByRole('heading', { name: lang.locale === 'en' ? title.en : title.zh })).toBeVisible();

    await editor.getByRole('button', { name: lang.publish }).click();
    await expect(editor.getByTestId('support-editor-status')).toHaveText(lang.published, SLOW);
    await storefront.goto(`${lang.prefix}/support/detail?id=${id}`);
    await expect(storefront.getByRole('heading', { name: lang.locale === 'en' ? title.en : title.zh })).toBeVisible();
    await expect(storefront.getByTestId('article').getByTestId('rich-text')).toContainText(lang.locale === 'en' ? 'My orders' : '我的订单');
    // And in its type's list, in the other language too.
    const typeHref = await storefront.getByRole('link', { name: lang.type.name }).first().getAttribute('href');
    await storefront.goto(typeHref ?? '');
    await expect(storefront.getByText(lang.locale === 'en' ? title.en : title.zh).first()).toBeVisible();
    await storefront.goto(`${lang.locale === 'en' ? '' : '/en'}/support/detail?id=${id}`);
    await expect(storefront.getByRole('heading', { name: lang.locale === 'en' ? title.zh : title.en })).toBeVisible();
    await storefront.close();
  });
}

test('a resource with an uploaded PDF is downloaded from the storefront once published; a non-PDF is refused', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const title = `实验手册${stamp}`;
  await loginAs(page, 'ops');
  await page.goto('/admin/content/resources');
  await shellReady(page);
  await page.getByTestId('resources-add').click();
  const drawer = page.getByRole('dialog', { name: '新建资料' });
  await drawer.getByTestId('resources-title-zh').fill(title);
  await drawer.getByTestId('resources-title-en').fill(`Lab handbook ${stamp}`);
  await chooseOption(page, drawer.getByTestId('resources-category'), '产品手册');
  await expect(drawer.getByText('请先保存资料，再上传 PDF')).toBeVisible();
  await drawer.getByTestId('resources-save').click();
  const editor = page.getByRole('dialog', { name: '编辑资料' });
  await expect(editor.getByTestId('resources-editor-status')).toHaveText('草稿', SLOW);

  const input = editor.getByTestId('resources-file-field').locator('input[type=file]');
  await input.setInputFiles({ name: 'handbook.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<!doctype html><html><script>alert(1)</script></html>') });
  await expect(page.getByText(/只能上传 PDF 文件/).first()).toBeVisible(SLOW);
  await input.setInputFiles({ name: 'handbook.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(editor.getByTestId('resources-file-name')).toHaveText('handbook.pdf', SLOW);
  await editor.getByRole('button', { name: '保存并发布' }).click();
  await expect(editor.getByTestId('resources-editor-status')).toHaveText('已发布', SLOW);

  const previewHref = await editor.getByTestId('resources-preview').getAttribute('href');
  const id = new URL(previewHref ?? '', 'http://x').searchParams.get('id');
  const type = new URL(previewHref ?? '', 'http://x').searchParams.get('type');
  const storefront = await page.context().newPage();
  await storefront.goto(`/resources/index/detail?type=${type}&id=${id}`);
  await expect(storefront.getByTestId('resource-item')).toBeVisible();
  const download = storefront.waitForEvent('download');
  await storefront.getByTestId('resource-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('handbook.pdf');
  const res = await storefront.request.get((await storefront.getByTestId('resource-download').getAttribute('href')) ?? '');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await res.body()).equals(PDF)).toBe(true);
  await storefront.close();
});

test('a category in use is not deleted; a new one is added, renamed and deleted', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  await loginAs(page, 'ops');
  await page.goto('/admin/content/applications');
  await shellReady(page);
  await page.getByTestId('applications-types').click();
  const drawer = page.getByRole('dialog', { name: '应用分类' });
  const used = drawer.getByRole('row').filter({ hasText: '有机合成' });
  await used.getByTestId('applications-type-delete').click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(/仍有内容使用这个分类/).first()).toBeVisible(SLOW);
  await expect(used).toBeVisible();

  await drawer.getByTestId('applications-type-add').click();
  const modal = page.getByRole('dialog', { name: '新建分类' });
  await modal.getByTestId('applications-type-name-zh').fill(`色谱${stamp}`);
  await modal.getByTestId('applications-type-name-en').fill(`Chromatography ${stamp}`);
  await modal.getByRole('button', { name: /保\s*存/ }).click();
  const made = drawer.getByRole('row').filter({ hasText: `色谱${stamp}` });
  await expect(made).toBeVisible(SLOW);
  await made.getByTestId('applications-type-rename').click();
  const rename = page.getByRole('dialog', { name: '重命名分类' });
  await rename.getByTestId('applications-type-name-en').fill(`Chromatography notes ${stamp}`);
  await rename.getByRole('button', { name: /保\s*存/ }).click();
  await expect(made).toContainText(`Chromatography notes ${stamp}`, SLOW);
  await made.getByTestId('applications-type-delete').click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定/ }).click();
  await expect(made).toHaveCount(0, SLOW);
});

test('example citations are labelled on the storefront; content pages fit a phone', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/citations/list');
  await expect(page.getByTestId('example-label').first()).toBeVisible();
  await page.goto('/en/citations/list');
  await expect(page.getByTestId('example-label').first()).toHaveText(/Example/);
  await loginAs(page, 'ops');
  await page.setViewportSize({ width: 390, height: 844 });
  for (const section of ['applications', 'citations', 'support', 'resources', 'brand-articles']) {
    await page.goto(`/admin/content/${section}`);
    await shellReady(page);
    await expect(page.getByTestId(`${section}-view`)).toBeVisible();
    await expectNoHorizontalOverflow(page);
  }
  await expect(page.getByTestId('brand-articles-view').getByRole('row').nth(1)).toBeVisible(SLOW);
});
