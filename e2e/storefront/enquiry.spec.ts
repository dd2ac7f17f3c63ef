import { expect, expectHydrated, expectNoHorizontalOverflow, loginAs, test } from '../fixtures';

const SLOW = { timeout: 15_000 };

const TEXT = {
  zh: { path: '/contact/contact', name: '姓名', email: '电子邮箱', message: '留言内容', submit: '提交留言', nameRequired: '请填写姓名', contactRequired: '请至少填写电子邮箱或电话中的一项', sent: '留言已收到' },
  en: { path: '/en/contact/contact', name: 'Name', email: 'E-mail', message: 'Message', submit: 'Send', nameRequired: 'Enter your name', contactRequired: 'Enter an e-mail address or a phone number', sent: 'we have your message' },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`a visitor sends an enquiry from the contact page (${lang}) @mobile`, async ({ page }) => {
    const t = TEXT[lang];
    const stamp = Date.now().toString(36);
    await page.goto(t.path);
    const form = page.getByTestId('enquiry-form');
    await expect(form).toBeVisible();
    await expect(form.getByRole('button', { name: t.submit })).toBeEnabled();
    await expectNoHorizontalOverflow(page);

    // Sent empty: every problem is named beside its field, and the first field has the focus.
    await form.getByRole('button', { name: t.submit }).click();
    await expect(form.getByTestId('enquiry-error-name')).toHaveText(t.nameRequired);
    await expect(form.getByTestId('enquiry-error-email')).toContainText(t.contactRequired);
    await expect(form.getByLabel(t.name)).toBeFocused();

    // Filled in with the keyboard only, and sent with Enter.
    await page.keyboard.type(`E2E ${lang} ${stamp}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Test Lab');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`e2e-${stamp}@lab.example.org`);
    await form.getByLabel(t.message).fill(`Need 5 kg of tris, ${stamp}`);
    await form.getByLabel(t.email).press('Enter');
    await expect(page.getByTestId('enquiry-sent')).toContainText(t.sent, SLOW);
    await expectNoHorizontalOverflow(page);
  });
}

test('sales staff find an enquiry in the list and reply to it by mail', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  await page.goto('/contact/contact');
  const form = page.getByTestId('enquiry-form');
  await form.getByLabel('姓名').fill(`李老师 ${stamp}`);
  await form.getByLabel('单位').fill('华东理工大学');
  await form.getByLabel('电子邮箱').fill(`li-${stamp}@univ.example.edu`);
  await form.getByLabel('留言内容').fill(`请问 ${stamp} 有现货吗？`);
  await form.getByRole('button', { name: '提交留言' }).click();
  await expect(page.getByTestId('enquiry-sent')).toBeVisible(SLOW);

  await loginAs(page, 'sales');
  await page.goto('/admin/requests');
  await expectHydrated(page);
  const view = page.getByTestId('requests-view');
  await view.getByRole('searchbox').fill(stamp);
  await view.getByRole('searchbox').press('Enter');
  const row = view.getByRole('row').filter({ hasText: `李老师 ${stamp}` });
  await expect(row).toContainText('联系留言');
  await expect(row).toContainText('新留言');
  await row.getByRole('button', { name: /查\s*看/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('request-detail-message')).toHaveText(`请问 ${stamp} 有现货吗？`);
  await expect(drawer.getByTestId('reply-mail-note')).toContainText(`回复将发送到 li-${stamp}@univ.example.edu`);
  await drawer.getByTestId('reply-body').fill('有现货，今天即可发货。');
  await drawer.getByTestId('reply-send').click();
  await expect(drawer.getByTestId('request-replies')).toContainText('有现货，今天即可发货。', SLOW);
  await expect(drawer.getByTestId('request-replies')).toContainText(`已发送至 li-${stamp}@univ.example.edu`);
  await expect(drawer.getByTestId('request-detail-status')).toHaveText('已回复');
  await expect(row).toContainText('已回复', SLOW);
});
