import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, expectHydrated, expectNoHorizontalOverflow, fromSite, test } from '../fixtures';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const CASES = [
  { lang: 'zh', prefix: '', login: 'buyer@demo.example.com', nameZh: '高锰酸钾（浏览器）', nameEn: 'Potassium permanganate (browser)', received: '入库', print: '打印', exportButton: '导出台账', download: '下载' },
  { lang: 'en', prefix: '/en', login: 'buyer@univ.example.com', nameZh: '重铬酸钾（浏览器）', nameEn: 'Potassium dichromate (browser)', received: 'Received', print: 'Print', exportButton: 'Export ledger', download: 'Download' },
] as const;

async function signIn(page: Page, login: string): Promise<void> {
  await page.context().clearCookies();
  const res = await page.request.post('/api/web/auth/login', { form: { loginName: login, password: sha256('Reagent#2026') }, headers: fromSite() });
  expect(res.status(), await res.text()).toBe(200);
}

/** A controlled chemical put on the shelf through the stock import (its received ledger row with it). */
async function importOne(page: Page, c: (typeof CASES)[number]): Promise<number> {
  const csv = `name_zh,name_en,amount,unit,received_on,location,control,lot_no\r\n${c.nameZh},${c.nameEn},250,g,2026-01-15,E2E楼 / 1 / 柜,易制爆,E2E-${c.lang}\r\n`;
  const res = await page.request.post('/api/app/inventory/import/commit', {
    multipart: { file: { name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } }, headers: fromSite(),
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { ids: number[] } }).data.ids[0]!;
}

for (const c of CASES) {
  test(`a lab prints a container's label and exports the controlled ledger (${c.lang})`, async ({ page }) => {
    await signIn(page, c.login);
    const id = await importOne(page, c);

    // The label: the QR code (an SVG made on the server), both names, the code under it.
    await page.goto(`${c.prefix}/account/inventory/${id}`);
    await expectHydrated(page);
    await page.getByTestId('print-labels').click();
    await expect(page).toHaveURL(new RegExp(`/account/inventory/labels\\?ids=${id}`));
    const label = page.getByTestId('inventory-label');
    await expect(label).toHaveCount(1);
    await expect(label.getByTestId('label-name-zh')).toHaveText(c.nameZh);
    await expect(label.getByTestId('label-name-en')).toHaveText(c.nameEn);
    await expect(label.getByTestId('label-code')).toHaveText(/^C\d{7}$/);
    const src = await label.getByTestId('label-qr').getAttribute('src');
    expect(src).toMatch(/^data:image\/svg\+xml;utf8,%3Csvg/);
    expect(decodeURIComponent(src!.slice(src!.indexOf(',') + 1))).toContain('<path');
    await expect(page.getByTestId('labels-print')).toHaveText(c.print);
    await page.getByTestId('labels-layout-single').click();
    await expect(page.getByTestId('inventory-labels')).toHaveAttribute('data-layout', 'single');
    await expectNoHorizontalOverflow(page);

    // The ledger export from the list: controlled chemicals by default, opened as a workbook.
    await page.goto(`${c.prefix}/account/inventory`);
    await expectHydrated(page);
    await page.getByTestId('ledger-export').click();
    await expect(page.getByTestId('ledger-export-controlled')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ledger-export-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^inventory-ledger-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    const bytes = await readFile((await download.path())!);
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const ours = rows.filter((r) => r[2] === `E2E-${c.lang}`);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.slice(4, 9)).toEqual(['2026-01-15', c.received, 250, undefined, 250]);
    expect(ours[0]![0]).toBe(c.lang === 'en' ? c.nameEn : c.nameZh);
  });
}

test('the scan page alone may use the camera, and opens a container by its typed code', async ({ page }) => {
  await signIn(page, 'buyer@demo.example.com');
  const scan = await page.goto('/account/inventory/scan');
  expect(scan?.headers()['permissions-policy']).toContain('camera=(self)');
  const list = await page.goto('/account/inventory');
  expect(list?.headers()['permissions-policy']).toContain('camera=()');
  await page.goto('/en/account/inventory/scan');
  await expectHydrated(page);
  await page.getByTestId('scan-code').fill('NO-SUCH-LABEL');
  await page.getByTestId('scan-go').click();
  await expect(page.getByTestId('scan-error')).toHaveText('No container of your company has this label');
  const first = await page.request.get('/api/app/inventory?limit=1');
  const code = ((await first.json()) as { data: { list: { id: number; code: string }[] } }).data.list[0]!;
  await page.getByTestId('scan-code').fill(code.code.toLowerCase());
  await page.getByTestId('scan-code').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/en/account/inventory/${code.id}`));
});

test('a lab chooses two containers on the list (cards on a phone) and prints their labels @mobile', async ({ page }) => {
  await signIn(page, 'buyer@demo.example.com');
  await page.goto('/account/inventory');
  await expectHydrated(page);
  const print = page.getByTestId('print-labels').filter({ visible: true });
  await expect(print).toBeDisabled();
  // Cards on a phone, the table on a desk: whichever is shown has the choice.
  const choose = page.locator('[data-testid="inventory-card"] [data-testid="card-choose"], [data-testid="inventory-table"] tbody .ant-checkbox-input').filter({ visible: true });
  await choose.nth(0).check();
  await choose.nth(1).check();
  await print.click();
  await expect(page).toHaveURL(/\/account\/inventory\/labels\?ids=\d+,\d+$/);
  await expect(page.getByTestId('inventory-label')).toHaveCount(2);
  await expectNoHorizontalOverflow(page);
});
