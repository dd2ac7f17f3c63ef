import { chromium } from '@playwright/test';
import { createHash } from 'node:crypto';
const base = process.env.BASE ?? 'http://localhost:3219';
const pages = (process.env.PAGES ?? '/,/product/list?sk=%E4%B9%99%E9%86%87&type=3,/product/detail?id=1,/brand?type=1,/resources/index,/support/index,/contact/contact,/news/index,/nowhere,/order/shoppingcart?default=2,/citations/list,/about/index/partners,/product/index').split(',');
const widths = (process.env.WIDTHS ?? '1440,390').split(',').map(Number);
const langs = (process.env.LANGS ?? ',/en').split(',');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const width of widths) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, locale: 'zh-CN', deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  await page.goto(base + '/');
  await page.request.post(base + '/api/web/auth/login', { form: { loginName: 'qc@demo.example.com', password: createHash('sha256').update('Reagent#2026').digest('hex') }, headers: { origin: base } });
  for (const lang of langs) for (const p of pages) {
    await page.goto(base + lang + p, { waitUntil: 'networkidle' }).catch(() => {});
    if (process.env.CLICK) await page.locator(process.env.CLICK).first().click().catch(() => {});
    await page.waitForTimeout(300);
    const name = `${width}${lang.replace('/', '-') || '-zh'}${p.replace(/[^a-z0-9]+/gi, '_')}`.slice(0, 90);
    await page.screenshot({ path: `/tmp/w18/shots/${name}.png`, fullPage: process.env.FULL === '1' });
  }
  await ctx.close();
}
await browser.close();
