import type { Page } from '@playwright/test';
import { chooseOption, expect, expectHydrated, expectNoHorizontalOverflow, loginAs, test } from '../fixtures';

/** Saves go through the server and back; a machine under load answers slowly. */
const SLOW = { timeout: 15_000 };

async function shellReady(page: Page): Promise<void> {
  await expectHydrated(page);
}

async function supportItems(page: Page): Promise<{ id: number; title: string }[]> {
  const res = await page.request.post('/api/cms/getContentList', { data: { channel: 'support', limit: 10, offset: 1 }, headers: { 'accept-language': 'en' } });
  return ((await res.json()) as { data: { list: { id: number; title: string }[] } }).data.list;
}

test('a visitor comment waits for approval; staff approve and answer it, the storefront shows both in either language; hiding takes it away', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const [qa] = (await supportItems(page)).slice(3, 4);
  expect(qa).toBeDefined();
  const text = `请问这个方法适用于细胞裂解液吗 ${stamp}`;

  // A visitor comments: told it waits for approval, and it is not shown after a reload.
  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  await v.goto(`/support/detail?id=${qa!.id}`);
  await v.getByLabel('昵称').fill('课题组小陈');
  await v.getByLabel('您的评论').fill(text);
  await v.getByTestId('comment-submit').click();
  await expect(v.getByTestId('comments').getByRole('status')).toHaveText('评论已提交，审核通过后显示', SLOW);
  await v.reload();
  await expect(v.getByTestId('comments')).not.toContainText(stamp);

  // Operations staff find it in the queue, approve it and reply.
  await loginAs(page, 'ops');
  await page.goto('/admin/content/comments');
  await shellReady(page);
  await expect(page.getByRole('menu', { name: '菜单' })).toContainText('评论审核');
  const view = page.getByTestId('comments-view');
  await view.getByTestId('comments-search').locator('input').fill(stamp);
  await view.getByTestId('comments-search').locator('input').press('Enter');
  const row = view.getByRole('row').filter({ hasText: stamp });
  await expect(row.getByTestId('comment-status')).toHaveText('待审核', SLOW);
  await row.getByTestId('comment-approve').click();
  // The queue shows pending comments: the approved one leaves it.
  await expect(view.getByRole('row').filter({ hasText: stamp })).toHaveCount(0, SLOW);
  await chooseOption(page, view.getByTestId('comments-status'), '全部状态');
  await expect(row.getByTestId('comment-status')).toHaveText('已通过', SLOW);
  await row.getByTestId('comment-reply-open').click();
  const modal = page.getByRole('dialog', { name: '回复评论' });
  await modal.getByTestId('comment-reply-send').click();
  await expect(modal.getByText('请输入回复内容')).toBeVisible();
  await modal.getByTestId('comment-reply-body').fill('适用，建议先离心去除碎片。');
  await modal.getByTestId('comment-reply-send').click();
  await expect(modal).toBeHidden(SLOW);
  await expect(row.getByTestId('comment-reply')).toContainText('适用，建议先离心去除碎片。', SLOW);

  // The storefront shows the comment and the reply, in Chinese and in English.
  await v.goto(`/support/detail?id=${qa!.id}`);
  const shown = v.getByTestId('comment-list').locator('li').filter({ hasText: stamp });
  await expect(shown).toContainText('课题组小陈', SLOW);
  await expect(shown.getByTestId('comment-reply')).toContainText('适用，建议先离心去除碎片。');
  await v.goto(`/en/support/detail?id=${qa!.id}`);
  await expect(v.getByTestId('comment-list').locator('li').filter({ hasText: stamp }).getByTestId('comment-reply')).toContainText('Reply from', SLOW);

  // Hidden after a confirmation: gone from the storefront.
  await row.getByTestId('comment-hide').click();
  await page.locator('.ant-popconfirm:visible .ant-popconfirm-buttons .ant-btn-primary').click();
  await expect(row.getByTestId('comment-status')).toHaveText('已隐藏', SLOW);
  await v.goto(`/support/detail?id=${qa!.id}`);
  await expect(v.getByTestId('comments')).not.toContainText(stamp);
  await visitor.close();
});

test('staff link a Q&A entry to a product from the product editor; the product page lists it in both languages; removing it takes it away', async ({ page }) => {
  test.setTimeout(150_000);
  const [qa] = (await supportItems(page)).slice(5, 6);
  expect(qa).toBeDefined();
  await loginAs(page, 'ops');
  const found = (await (await page.request.get('/api/admin/catalog/products?active=true&limit=1')).json()).data.items as { id: number; itemNo: string }[];
  const product = found[0]!;

  await page.goto(`/en/admin/catalog/products?key=${product.itemNo}`);
  await shellReady(page);
  await page.getByTestId('products-view').getByRole('row').filter({ hasText: product.itemNo }).getByRole('button', { name: 'Edit' }).click();
  const drawer = page.getByRole('dialog', { name: `Edit product ${product.itemNo}` });
  const panel = drawer.getByTestId('linked-items-product');
  await expect(panel).toBeVisible(SLOW);
  const picker = panel.getByLabel('Search cases, Q&A or articles by title to add');
  await picker.click();
  await picker.fill(qa!.title.slice(0, 12));
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: qa!.title }).first().click(SLOW);
  await expect(panel.getByTestId(`linked-content-${qa!.id}`)).toContainText('Q&A', SLOW);

  await page.goto(`/en/product/detail?id=${product.id}`);
  await expect(page.getByTestId('linked-articles')).toContainText(qa!.title, SLOW);
  await page.goto(`/product/detail?id=${product.id}`);
  await expect(page.getByTestId('linked-articles').getByTestId('linked-item').first()).toBeVisible();
  await expect(page.getByTestId('linked-articles')).toContainText('技术问答');
  // The Q&A page lists the product.
  await page.goto(`/en/support/detail?id=${qa!.id}`);
  await expect(page.getByTestId('linked-products')).toContainText(product.itemNo, SLOW);

  // Removed from the Q&A's side of the API: the product page no longer lists it.
  await page.goto(`/en/admin/catalog/products?key=${product.itemNo}`);
  await shellReady(page);
  await page.getByTestId('products-view').getByRole('row').filter({ hasText: product.itemNo }).getByRole('button', { name: 'Edit' }).click();
  const again = page.getByRole('dialog', { name: `Edit product ${product.itemNo}` }).getByTestId('linked-items-product');
  await again.getByRole('button', { name: `Remove: ${qa!.title}` }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).last().click();
  await expect(again.getByTestId(`linked-content-${qa!.id}`)).toHaveCount(0, SLOW);
  await page.goto(`/en/product/detail?id=${product.id}`);
  await expect(page.getByTestId('linked-articles')).not.toContainText(qa!.title, SLOW);
});

test('the moderation queue fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'ops');
  await page.goto('/en/admin/content/comments?status=');
  await shellReady(page);
  await expect(page.getByTestId('comments-view').getByTestId('comment-status').first()).toBeVisible(SLOW);
  await expectNoHorizontalOverflow(page);
});

test('staff edit the about page with a preview, and keep tags: a tag in use cannot be deleted, a new one can', async ({ page }) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  await loginAs(page, 'ops');
  await page.goto('/en/admin/content/about');
  await shellReady(page);
  const view = page.getByTestId('about-view');
  await expect(view.getByTestId('about-title-en')).not.toHaveValue('', SLOW);
  await view.getByTestId('about-title-en').fill(`About us ${stamp}`);
  await view.getByTestId('about-body-en').locator('.ProseMirror').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(` Updated ${stamp}`);
  await view.getByTestId('about-preview').click();
  await expect(page.getByTestId('about-preview-zh')).toBeVisible(SLOW);
  await page.getByRole('tab', { name: 'English' }).click();
  await expect(page.getByTestId('about-preview-en')).toContainText(`Updated ${stamp}`);
  await page.keyboard.press('Escape');
  await view.getByTestId('about-save').click();
  await expect(page.getByText('Saved: the storefront shows it now')).toBeVisible(SLOW);
  await page.goto('/en/about/index');
  await expect(page.locator('body')).toContainText(`Updated ${stamp}`, SLOW);

  await page.goto('/admin/content/tags');
  await shellReady(page);
  const tags = page.getByTestId('content-tags-view');
  await expect(tags.getByRole('row').nth(1)).toBeVisible(SLOW);
  await expect(tags.getByRole('button', { name: /^删除/ }).first()).toBeDisabled();
  await tags.getByTestId('tag-add').click();
  const modal = page.getByRole('dialog', { name: '新增标签' });
  await modal.getByLabel('标识').fill(`t-${stamp}`);
  await modal.getByLabel('中文名称').fill(`标签${stamp}`);
  await modal.getByLabel('英文名称').fill(`Tag ${stamp}`);
  await modal.getByRole('button', { name: /保\s*存/ }).click();
  const row = tags.getByRole('row').filter({ hasText: `t-${stamp}` });
  await expect(row).toContainText(`标签${stamp}`, SLOW);
  await row.getByRole('button', { name: `删除: 标签${stamp}` }).click();
  await page.locator('.ant-popconfirm:visible .ant-popconfirm-buttons .ant-btn-primary').click();
  await expect(row).toHaveCount(0, SLOW);
});
