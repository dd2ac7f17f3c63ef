import { createHash } from 'node:crypto';
import { chromium } from '@playwright/test';
const base = 'http://localhost:3203';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const shots = [
  ['comments-zh-1440', '/admin/content/comments?status=', 1440],
  ['comments-en-390', '/en/admin/content/comments?status=', 390],
  ['categories-en-1440', '/en/admin/content/categories', 1440],
  ['categories-zh-390', '/admin/content/categories', 390],
  ['tags-zh-1440', '/admin/content/tags', 1440],
  ['tags-en-390', '/en/admin/content/tags', 390],
  ['about-zh-1440', '/admin/content/about', 1440],
  ['about-en-390', '/en/admin/content/about', 390],
];
for (const [name, path, width] of shots) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, baseURL: base });
  const page = await ctx.newPage();
  await page.request.post('/api/admin/auth/login', { form: { loginName: 'ops', password: createHash('sha256').update('Ops#2026').digest('hex') }, headers: { origin: base } });
  await page.goto(path);
  await page.waitForSelector('[data-admin-shell][data-hydrated="true"]', { timeout: 60000 });
  await page.waitForTimeout(2500);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  console.log(name, 'overflow', overflow);
  await page.screenshot({ path: `/tmp/shots-3203/${name}.png` });
  await ctx.close();
}
// Storefront: a case with linked Q&A, both widths.
const ctx = await browser.newContext({ viewport: { width: 1440, height: 1200 }, baseURL: base });
const page = await ctx.newPage();
const list = await (await page.request.post('/api/cms/getContentList', { data: { channel: 'application', limit: 50, offset: 1 } })).json();
const ids = list.data.list.map((i) => i.id).sort((a, b) => a - b);
await page.goto(`/applications/detail?id=${ids[0]}`);
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/shots-3203/case-zh-1440.png', fullPage: false });
await page.setViewportSize({ width: 390, height: 900 });
await page.goto(`/en/applications/detail?id=${ids[0]}`);
await page.locator('[data-testid="linked-content"]').scrollIntoViewIfNeeded().catch(() => {});
await page.waitForTimeout(1000);
console.log('case overflow', await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth));
await page.screenshot({ path: '/tmp/shots-3203/case-en-390.png' });
await browser.close();
