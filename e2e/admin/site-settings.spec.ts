import { expect, expectHydrated, fromSite, loginAs, test } from '../fixtures';

/** Saves go through the server and back; a machine under load answers slowly. */
const SLOW = { timeout: 15_000 };
const HOTLINE = '400-000-0000';

async function shellReady(page: import('@playwright/test').Page): Promise<void> {
  await expectHydrated(page);
}

test('an administrator changes the hotline in Chinese; the storefront shows it without a restart; a bad address is refused', async ({ page }) => {
  test.setTimeout(90_000);
  const hotline = `400-${String(Date.now() % 1000).padStart(3, '0')}-${String(Math.floor(Math.random() * 9000) + 1000)}`;
  await loginAs(page, 'admin');
  try {
    await page.goto('/admin/system-setting/web-settings');
    await shellReady(page);
    // The menu group opens on its page and names it.
    await expect(page.getByRole('menuitem', { name: '网站设置' })).toBeVisible();
    const view = page.getByTestId('web-settings-view');
    await expect(view).toContainText('页头和客服浮窗显示的第一个电话号码');

    await view.getByTestId('web-setting-edit-hotline').click();
    const dialog = page.getByRole('dialog', { name: '编辑：服务热线' });
    await dialog.getByTestId('web-setting-input').fill('call us');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('须为电话号码')).toBeVisible();
    await dialog.getByTestId('web-setting-input').fill(hotline);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden(SLOW);
    await expect(view.getByTestId('web-setting-hotline')).toHaveText(hotline);

    // A chat link that is not an http(s) address is refused with a message, in the form and by the server.
    await view.getByTestId('web-setting-edit-chatLink').click();
    const chat = page.getByRole('dialog', { name: '编辑：在线客服链接' });
    await chat.getByTestId('web-setting-input').fill('chat.example.com');
    await chat.getByRole('button', { name: /保\s*存/ }).click();
    await expect(chat.getByText('须为以 http:// 或 https:// 开头的完整网址')).toBeVisible();
    await chat.getByRole('button', { name: /取\s*消/ }).click();
    const refused = await page.request.put('/api/admin/web-settings/types/6', { data: { content: 'javascript:alert(1)' }, headers: fromSite() });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).data).toEqual([{ field: 'content', message: '须为以 http:// 或 https:// 开头的完整网址' }]);

    // The storefront's header shows the new number at once.
    await page.goto('/');
    await expect(page.getByTestId('header-hotline')).toHaveText(hotline);
    await page.goto('/contact/contact');
    await expect(page.getByTestId('contact-details')).toContainText(hotline);
    await expect(page.getByTestId('site-footer')).toContainText('累计访客');

    // The footer's visitor count is hidden from the same page, and the storefront follows at once.
    await page.goto('/admin/system-setting/web-settings');
    await shellReady(page);
    await page.getByTestId('visitor-count-switch').click();
    await expect(page.getByText('页脚将隐藏访问人数')).toBeVisible(SLOW);
    await page.goto('/');
    await expect(page.getByTestId('site-footer')).toBeVisible();
    await expect(page.getByTestId('site-footer')).not.toContainText('累计访客');
  } finally {
    const res = await page.request.put('/api/admin/web-settings/types/2', { data: { content: HOTLINE }, headers: fromSite() });
    expect(res.status()).toBe(200);
    const shown = await page.request.put('/api/admin/web-settings/visitor-count', { data: { show: true }, headers: fromSite() });
    expect(shown.status()).toBe(200);
  }
});

/** A 4 × 3 PNG (its bytes decide its type; the server re-encodes it). */
const SCAN_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWN49uwOHDHg5AAAbk0f4RbpfXAAAAAASUVORK5CYII=', 'base64');

test('an administrator sets the ICP number and a licence scan in English; the footer and the about page show them; the privacy policy sits beside the about page', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  try {
    await page.goto('/en/admin/system-setting/web-settings');
    await shellReady(page);
    const view = page.getByTestId('web-settings-view');
    await view.getByTestId('web-setting-edit-icpNumber').click();
    const dialog = page.getByRole('dialog', { name: 'Edit: ICP filing number' });
    await dialog.getByTestId('web-setting-input').fill('ICP 12345678');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Must be an ICP filing number')).toBeVisible();
    await dialog.getByTestId('web-setting-input').fill('沪ICP备12345678号-2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden(SLOW);
    await expect(view.getByTestId('web-setting-icpNumber')).toHaveText('沪ICP备12345678号-2');

    const scan = page.getByTestId('licence-scan-businessLicence');
    await scan.locator('input[type=file]').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: SCAN_PNG });
    await expect(page.getByText('Scan uploaded: the storefront shows it now')).toBeVisible(SLOW);
    await expect(scan.getByRole('img', { name: 'Scan of the Business licence' })).toBeVisible(SLOW);

    await page.goto('/en/about/index/about');
    await expect(page.getByTestId('footer-icp')).toHaveText('沪ICP备12345678号-2');
    await expect(page.getByTestId('footer-businessLicence').getByRole('link', { name: 'View the scan of the Business licence' })).toHaveAttribute('href', /^\/api\/web\/files\/licence\/businessLicence\//);
    const image = page.getByTestId('about-businessLicence').getByRole('img', { name: 'Scan of the Business licence' });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(4);

    await page.goto('/en/admin/content/about');
    await shellReady(page);
    await page.getByRole('tab', { name: 'Privacy policy' }).click();
    await expect(page.getByTestId('privacy-title-en')).toHaveValue('Privacy policy (example)', SLOW);
  } finally {
    const icp = await page.request.put('/api/admin/web-settings/types/10', { data: { content: '沪ICP备00000000号-1' }, headers: fromSite() });
    expect(icp.status()).toBe(200);
    const removed = await page.request.delete('/api/admin/web-settings/licence-scans/businessLicence', { headers: fromSite() });
    expect(removed.status()).toBe(200);
  }
});
