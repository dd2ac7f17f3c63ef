import { createHash } from 'node:crypto';
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, fromSite, test } from '../fixtures';

/**
 * Storefront pages come from a cache shared by everyone (ADR 0025); only the header's
 * account links are per visitor, streamed apart. Two customers of different companies, with carts
 * of different sizes, and a guest take turns on every cached page type: each sees only their own
 * name, company and cart count, whoever filled the cache first.
 */

const CART = '/api/app/api/order/shopcart';
const PEOPLE = {
  shanghai: { loginName: 'approver@demo.example.com', name: '张伟', company: '上海示例生物科技有限公司', packs: ['1', '2', '3'] },
  beijing: { loginName: 'buyer@univ.example.com', name: '刘洋', company: '北京示例大学化学学院', packs: ['4'] },
} as const;
type Who = keyof typeof PEOPLE;

const PAGES = [
  '/', '/en', '/product/index/hot', '/product/index/new', '/product/detail?id=1', '/en/product/detail?id=1',
  '/product/index/list', '/product/index/list?stock=1', '/brand', '/brand/detail?id=1', '/news/index', '/about/index/about',
  '/product/list?type=3&sk=acid',
];

async function signedInContext(browser: Browser, who: Who): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const person = PEOPLE[who];
  const res = await context.request.post('/api/web/auth/login', {
    form: { loginName: person.loginName, password: createHash('sha256').update('Reagent#2026').digest('hex') },
    headers: fromSite(),
  });
  expect(res.status(), await res.text()).toBe(200);
  expect((await context.request.post(`${CART}/clean`, { headers: fromSite() })).status()).toBe(200);
  for (const packId of person.packs) {
    expect((await context.request.post(`${CART}/item/add`, { form: { packId }, headers: fromSite() })).status()).toBe(200);
  }
  return context.request;
}

/** The page's whole HTML, streamed parts included, as this visitor gets it. */
async function html(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return res.text();
}

function cartCount(page: string): string | null {
  return /data-testid="cart-count"[^>]*>(\d+)</.exec(page)?.[1] ?? null;
}

test('two customers of different companies and a guest never see each other in a cached page', async ({ browser }) => {
  test.setTimeout(120_000);
  const shanghai = await signedInContext(browser, 'shanghai');
  const beijing = await signedInContext(browser, 'beijing');
  const guest = (await browser.newContext({ baseURL: test.info().project.use.baseURL })).request;
  const expectOnly = (page: string, who: Who | null, path: string) => {
    for (const [other, person] of Object.entries(PEOPLE) as [Who, (typeof PEOPLE)[Who]][]) {
      if (other === who) {
        expect(page, `${who} on ${path}`).toContain(person.name);
        expect(page, `${who} on ${path}`).toContain(person.company);
        expect(cartCount(page), `${who}'s cart count on ${path}`).toBe(String(person.packs.length));
      } else {
        expect(page, `${who ?? 'guest'} on ${path} sees ${other}`).not.toContain(person.name);
        expect(page, `${who ?? 'guest'} on ${path} sees ${other}`).not.toContain(person.company);
      }
    }
    if (who === null) expect(cartCount(page), `guest on ${path}`).toBeNull();
  };
  for (const path of PAGES) {
    // Each visitor in turn fills or reads the shared cache; the order changes from page to page.
    const order: [APIRequestContext, Who | null][] = path.length % 2
      ? [[shanghai, 'shanghai'], [beijing, 'beijing'], [guest, null]]
      : [[guest, null], [beijing, 'beijing'], [shanghai, 'shanghai']];
    for (const [request, who] of [...order, ...order]) expectOnly(await html(request, path), who, path);
  }
});
