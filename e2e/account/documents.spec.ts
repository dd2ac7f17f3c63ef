import { createHash } from 'node:crypto';
import { expect as baseExpect, chooseOption, expectNoHorizontalOverflow, fromSite, gotoHydrated, test } from '../fixtures';
import { PDF } from '../back-office';

// A save refreshes the page from the server, which can be slow on a shared machine.
const expect = baseExpect.configure({ timeout: 20_000 });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

for (const [locale, prefix, l] of [
  ['zh', '', { kind: '类型', permit: '购买许可证', number: '许可证编号', upload: '上传', required: '请填写许可证编号', uploaded: '已上传' }],
  ['en', '/en', { kind: 'Type', permit: 'Purchase permit', number: 'Permit number', upload: 'Upload', required: 'Enter the permit number', uploaded: 'uploaded' }],
] as const) {
  test(`the company administrator uploads a purchase permit with the number printed on it (${locale}) @mobile`, async ({ page }) => {
    const res = await page.request.post('/api/web/auth/login', { form: { loginName: 'admin@demo.example.com', password: sha256('Reagent#2026') }, headers: fromSite() });
    expect(res.status(), await res.text()).toBe(200);
    await gotoHydrated(page, `${prefix}/sys/documents`);
    await chooseOption(page, page.getByLabel(l.kind, { exact: true }), l.permit);
    const number = page.getByTestId('document-permit-no');
    await expect(number).toBeVisible();
    const stamp = Date.now().toString(36).toUpperCase();
    const fileName = `permit-${locale}-${stamp}.pdf`;
    await page.getByTestId('document-file').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });

    // Without its number the permit is not sent.
    await page.getByTestId('upload-document').click();
    await expect(page.getByText(l.required)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(fileName) })).toHaveCount(0);

    const permitNo = `沪公(易)购备字〔2027〕${stamp.slice(-4)}号`;
    await number.fill(permitNo);
    await page.getByTestId('upload-document').click();
    await expect(page.getByText(l.uploaded).first()).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(fileName) });
    await expect(row).toContainText(permitNo);
    await expect(page.getByRole('columnheader', { name: l.number })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
}
