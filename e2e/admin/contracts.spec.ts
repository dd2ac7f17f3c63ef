import type { Page } from '@playwright/test';
import { expect, expectHydrated, fromSite, loginAs, test } from '../fixtures';
import { slow, switchTo } from '../back-office';

test.describe.configure({ timeout: 150_000 });

async function adminReady(page: Page): Promise<void> {
  await expectHydrated(page);
}

/** A small valid PDF: the countersigned scan. */
const SCAN = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\nxref\n0 4\n0000000000 65535 f \n0000000009 00000 n \n0000000052 00000 n \n0000000101 00000 n \ntrailer<</Size 4/Root 1 0 R>>\nstartxref\n170\n%%EOF\n');

for (const [locale, prefix, l] of [
  ['zh', '', { pending: '审批中', approved: '已批准', sent: '已发送', signed: '已签署', scan: '盖章扫描件' }],
  ['en', '/en', { pending: 'In approval', approved: 'Approved', sent: 'Sent', signed: 'Signed', scan: 'Signed scan' }],
] as const) {
  test(`a contract from an accepted quotation is approved, sent and signed with a scan (${locale})`, async ({ page }) => {
    await loginAs(page, 'sales');
    // The demo's accepted quotation: a contract from an earlier run is cancelled first, so one may be made again.
    const quotes = await page.request.get('/api/admin/quotations?state=accepted&limit=5');
    const accepted = ((await quotes.json()) as { data: { items: { id: number; quoteNo: string }[] } }).data.items[0];
    expect(accepted).toBeDefined();
    const made = await page.request.get(`/api/admin/contracts?key=${encodeURIComponent(accepted!.quoteNo)}&limit=50`);
    for (const c of ((await made.json()) as { data: { items: { id: number; state: string }[] } }).data.items) {
      if (c.state === 'cancelled' || c.state === 'signed') continue;
      const res = await page.request.put(`/api/admin/contracts/${c.id}/status`, { headers: fromSite(), data: { to: 'cancelled', reason: 'e2e 重新生成' } });
      expect(res.status()).toBe(200);
    }

    // 周洁 opens the quotation and makes the contract from it.
    await page.goto(`${prefix}/admin/quotations?id=${accepted!.id}`);
    await adminReady(page);
    await page.getByTestId('quotation-make-contract').click();
    await slow(page.getByTestId('contract-record')).toBeVisible();
    const drafts = await page.request.get(`/api/admin/contracts?key=${encodeURIComponent(accepted!.quoteNo)}&state=draft&limit=5`);
    const id = ((await drafts.json()) as { data: { items: { id: number }[] } }).data.items[0]?.id ?? 0;
    expect(id).toBeGreaterThan(0);
    // The shell keeps the contracts tab of an earlier visit alive: load the new record's address itself.
    await page.goto(`${prefix}/admin/contracts?id=${id}`);
    await adminReady(page);
    const record = page.getByTestId('contract-record');
    await slow(record.getByTestId('contract-state')).toHaveText(locale === 'zh' ? '草稿' : 'Draft');
    await expect(record).toContainText(accepted!.quoteNo);
    // The draft's title is edited before it is submitted.
    await record.getByTestId('contract-edit').click();
    const title = `${accepted!.quoteNo} ${locale === 'zh' ? '年度供货合同' : 'annual supply'}`;
    await page.getByTestId('contract-edit-title').fill(title);
    await page.getByRole('dialog').locator('.ant-btn-primary').click();
    await slow(record.getByTestId('contract-title-text')).toHaveText(title);
    await record.getByTestId('contract-to-pending_approval').click();
    await slow(record.getByTestId('contract-state')).toHaveText(l.pending);

    // The team manager 李明 approves it from the record page.
    await switchTo(page, 'manager');
    await page.goto(`${prefix}/admin/contracts?id=${id}`);
    await adminReady(page);
    await page.getByTestId('contract-decide').click();
    await page.getByTestId('decision-modal').getByTestId('decision-comment').fill(`同意发送 ${locale}`);
    await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').click();
    await slow(page.getByTestId('contract-record').getByTestId('contract-state')).toHaveText(l.approved);

    // 周洁 sends it, attaches the countersigned scan, and marks it signed.
    await switchTo(page, 'sales');
    await page.goto(`${prefix}/admin/contracts?id=${id}`);
    await adminReady(page);
    const again = page.getByTestId('contract-record');
    await again.getByTestId('contract-to-sent').click();
    await slow(again.getByTestId('contract-state')).toHaveText(l.sent);
    const chooser = page.waitForEvent('filechooser');
    await again.getByTestId('contract-upload-scan').click();
    await (await chooser).setFiles({ name: 'signed-scan.pdf', mimeType: 'application/pdf', buffer: SCAN });
    await slow(again.getByTestId('contract-scan-tag')).toHaveText(l.scan);
    await again.getByTestId('contract-to-signed').click();
    await slow(again.getByTestId('contract-state')).toHaveText(l.signed);
    const pdf = await page.request.get(`/api/admin/contracts/${id}/pdf?lang=${locale}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    await page.goto(`${prefix}/admin/contracts`);
    await adminReady(page);
    await slow(page.getByTestId(`contract-row-${id}`)).toBeVisible();
  });
}
