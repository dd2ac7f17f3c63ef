import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { chooseOption, expect, expectHydrated, test } from '../fixtures';

/**
 * A shop's first hours (issue: going live): a database with no shop data, the first administrator made by
 * `npm run admin:create`, then everything through the back-office — site settings, a brand, a category, a
 * product and its SDS — and the storefront showing them. Its own server on its own embedded database, since
 * the suite's server holds the demo.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const BASE = `http://localhost:${PORT}`;
const PASSWORD = 'Kaiye-2026!shop';
const SLOW = { timeout: 15_000 };
const HOTLINE = '400-000-0101';
const stamp = Date.now().toString(36).toUpperCase();
const ITEM = `OWN-${stamp}`;

const pdf = (mark: string) => Buffer.from(`%PDF-1.4\n% ${mark}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');

let dir = '';
let server: ChildProcess | null = null;
let output = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dir = mkdtempSync(path.join(tmpdir(), 'empty-shop-'));
  const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn', NEXT_TELEMETRY_DISABLED: '1' };
  const node = [process.execPath, '--conditions=react-server', '--import', 'tsx'];
  const made = spawnSync(node[0]!, [...node.slice(1), 'scripts/admin-create.ts', '--login', 'owner', '--name', '店主'], { env: { ...env, ADMIN_PASSWORD: PASSWORD }, encoding: 'utf8' });
  expect(made.status, `${made.stdout}\n${made.stderr}`).toBe(0);
  server = spawn(node[0]!, [...node.slice(1), 'scripts/start.ts'], { env: { ...env, PORT: String(PORT) }, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (d: Buffer) => { output += d.toString(); });
  server.stderr?.on('data', (d: Buffer) => { output += d.toString(); });
  await expect.poll(async () => (await fetch(`${BASE}/api/ready`).catch(() => null))?.status ?? 0, { timeout: 200_000, message: output }).toBe(200);
  // An administrator in the database means no demo: the start wrote nothing of its own.
  expect(output).not.toMatch(/Seeded:|Demo accounts/);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function signIn(page: Page, lang: 'zh' | 'en'): Promise<void> {
  await page.goto(`${BASE}${lang === 'en' ? '/en' : ''}/admin/login`);
  await page.getByLabel(lang === 'en' ? 'Account' : '账号').fill('owner');
  await page.getByLabel(lang === 'en' ? 'Password' : '密码').fill(PASSWORD);
  await page.getByRole('button', { name: lang === 'en' ? 'Log in' : /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
  await expectHydrated(page);
}

test('in Chinese: the first administrator signs in, keeps the site settings, adds a brand, a category, a product and its SDS; the storefront shows them', async ({ page }) => {
  test.setTimeout(180_000);
  // The empty storefront answers with its empty states.
  const home = await page.goto(`${BASE}/`);
  expect(home?.status()).toBe(200);

  await signIn(page, 'zh');
  const steps = page.getByTestId('getting-started');
  await expect(steps).toBeVisible(SLOW);
  for (const key of ['siteSettings', 'brands', 'categories', 'import', 'staff']) await expect(steps.getByTestId(`getting-started-${key}`)).toHaveAttribute('data-done', 'false');

  // Site settings: the hotline.
  await page.goto(`${BASE}/admin/system-setting/web-settings`);
  await expectHydrated(page);
  const settings = page.getByTestId('web-settings-view');
  await settings.getByTestId('web-setting-edit-hotline').click();
  const hotline = page.getByRole('dialog', { name: '编辑：服务热线' });
  await hotline.getByTestId('web-setting-input').fill(HOTLINE);
  await hotline.getByRole('button', { name: /保\s*存/ }).click();
  await expect(hotline).toBeHidden(SLOW);

  // A brand.
  await page.goto(`${BASE}/admin/catalog/brands`);
  await expectHydrated(page);
  await page.getByTestId('brand-add').click();
  const brand = page.getByRole('dialog', { name: '新增品牌' });
  await brand.getByLabel('中文名称').fill(`自有品牌${stamp}`);
  await brand.getByLabel('英文名称').fill(`Own brand ${stamp}`);
  await brand.getByLabel('代码').fill(`own-${stamp.toLowerCase()}`);
  await brand.getByLabel('国家/地区').fill('CN');
  await brand.getByRole('button', { name: /保\s*存/ }).click();
  await expect(brand).toBeHidden(SLOW);
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0, SLOW);

  // A category.
  await page.goto(`${BASE}/admin/catalog/categories`);
  await expectHydrated(page);
  const categories = page.getByTestId('categories-view');
  await categories.getByRole('button', { name: '新增一级分类' }).click();
  await categories.getByLabel('中文名称').fill(`有机试剂${stamp}`);
  await categories.getByLabel('英文名称').fill(`Organic reagents ${stamp}`);
  await categories.getByRole('button', { name: /保\s*存/ }).click();
  await expect(categories.getByRole('tree')).toContainText(`有机试剂${stamp}`, SLOW);

  // A product with one pack.
  await page.goto(`${BASE}/admin/catalog/products`);
  await expectHydrated(page);
  const view = page.getByTestId('products-view');
  await view.getByTestId('product-add').click();
  const drawer = page.getByRole('dialog', { name: '新增商品' });
  await drawer.getByLabel('中文名称').fill(`无水乙醇${stamp}`);
  await drawer.getByLabel('英文名称').fill(`Ethanol absolute ${stamp}`);
  await drawer.getByLabel('货号').fill(ITEM);
  await drawer.getByLabel('CAS 号').fill('64-17-5');
  await chooseOption(page, drawer.getByLabel('品牌'), `自有品牌${stamp}`, { type: true });
  await chooseOption(page, drawer.getByLabel('分类'), `有机试剂${stamp}`, { type: true });
  await drawer.getByLabel('规格 1', { exact: true }).fill('500 mL');
  await drawer.getByLabel('价格（元） 1', { exact: true }).fill('42');
  await drawer.getByLabel('库存 1', { exact: true }).fill('6');
  await drawer.getByTestId('product-save').click();
  await expect(drawer).toBeHidden(SLOW);

  // Its SDS, through the product's documents drawer.
  const row = view.getByRole('row').filter({ hasText: ITEM });
  await row.getByRole('button', { name: /^修\s?改$/ }).click();
  const edit = page.getByRole('dialog', { name: `修改商品 ${ITEM}` });
  await edit.getByTestId('documents-open').click();
  const documents = page.getByRole('dialog', { name: `${ITEM} 的文档` });
  await documents.getByTestId('document-upload').click();
  const upload = page.getByRole('dialog', { name: '上传文档' });
  await upload.getByTestId('document-title').fill(`无水乙醇 安全技术说明书`);
  await upload.getByTestId('document-version').fill('1.0');
  await upload.locator('input[type=file]').setInputFiles({ name: 'sds-zh.pdf', mimeType: 'application/pdf', buffer: pdf('sds-zh') });
  await upload.getByTestId('document-save').click();
  await expect(upload).toBeHidden(SLOW);
  await expect(documents.getByTestId('document-row')).toHaveCount(1, SLOW);

  // The dashboard ticks off what was done.
  await page.goto(`${BASE}/admin/dashboard`);
  for (const key of ['siteSettings', 'brands', 'categories']) await expect(page.getByTestId(`getting-started-${key}`)).toHaveAttribute('data-done', 'true', SLOW);
  await expect(page.getByTestId('getting-started-import')).toHaveAttribute('data-done', 'false');

  // The storefront, as a guest: the product with its SDS, the hotline in the header.
  const guest = await page.context().browser()!.newPage();
  const products = (await (await page.request.get(`${BASE}/api/admin/catalog/products?key=${ITEM}`)).json()).data.items as { id: number }[];
  await guest.goto(`${BASE}/product/detail?id=${products[0]!.id}`);
  await expect(guest.getByTestId('page-title')).toHaveText(`无水乙醇${stamp}`);
  await expect(guest.getByTestId('documents-msds')).toContainText('无水乙醇 安全技术说明书');
  await expect(guest.getByTestId('documents-msds').getByTestId('document-download')).toBeVisible();
  await expect(guest.getByRole('banner')).toContainText(HOTLINE);
  await guest.close();
});

test('in English: the administrator adds the English SDS; the English product page shows it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'en');
  await expect(page.getByTestId('getting-started')).toContainText('Getting started');
  await page.goto(`${BASE}/en/admin/catalog/products?key=${ITEM}`);
  await expectHydrated(page);
  const row = page.getByTestId('products-view').getByRole('row').filter({ hasText: ITEM });
  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('dialog', { name: `Edit product ${ITEM}` }).getByTestId('documents-open').click();
  const documents = page.getByRole('dialog', { name: `Documents of ${ITEM}` });
  await expect(documents.getByTestId('document-row')).toHaveCount(1, SLOW);
  await documents.getByTestId('document-upload').click();
  const upload = page.getByRole('dialog', { name: 'Upload a document' });
  await chooseOption(page, upload.getByLabel('Language'), 'English');
  await upload.getByTestId('document-title').fill('Ethanol absolute safety data sheet');
  await upload.getByTestId('document-version').fill('1.0');
  await upload.locator('input[type=file]').setInputFiles({ name: 'sds-en.pdf', mimeType: 'application/pdf', buffer: pdf('sds-en') });
  await upload.getByTestId('document-save').click();
  await expect(upload).toBeHidden(SLOW);
  await expect(documents.getByTestId('document-row')).toHaveCount(2, SLOW);

  const products = (await (await page.request.get(`${BASE}/api/admin/catalog/products?key=${ITEM}`)).json()).data.items as { id: number }[];
  const guest = await page.context().browser()!.newPage();
  await guest.goto(`${BASE}/en/product/detail?id=${products[0]!.id}`);
  await expect(guest.getByTestId('page-title')).toHaveText(`Ethanol absolute ${stamp}`);
  // Both languages' sheets, the visitor's first.
  const sheets = guest.getByTestId('documents-msds').getByRole('listitem');
  await expect(sheets).toHaveCount(2);
  await expect(sheets.first()).toContainText('Ethanol absolute safety data sheet');
  await guest.close();
});
