import { eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { priceAgreementRules, productPacks, products } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';

/** GET /api/web/islands/visitor: the one per-visitor answer of a storefront page (ADR 0076). */

const h = fileApiHarness();
const PATH = '/api/web/islands/visitor';
const CART = '/api/app/api/order/shopcart';
type Answer = {
  user: { id: number; name: string; companyName: string; cartCount: number; toApprove: number } | null;
  products: { id: number; approval: { reasons: string[]; permit: boolean; permitMissing: boolean } | null; prices: { packId: number; price: string }[]; minPrice: string | null; breaks: { packId: number; minQty: number; price: string }[] }[];
};

let buyerA: string;
let buyerB: string;
let controlled: number;
let plain: number;

beforeAll(async () => {
  buyerA = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
  buyerB = await h.loginUser('buyer@univ.example.com', 'Reagent#2026');
  const [hazard] = await h.db.db.select({ id: products.id }).from(products).where(isNotNull(products.controlClass)).limit(1);
  controlled = hazard!.id;
  const all = await h.db.db.select({ id: products.id, ghs: products.ghs, controlClass: products.controlClass }).from(products).limit(200);
  plain = all.find((p) => p.controlClass === null && (p.ghs === null || (p.ghs.signalWord === null && p.ghs.pictograms.length === 0)))!.id;
  // Different carts: two lines for A, one for B.
  const packs = await h.db.db.select({ id: productPacks.id }).from(productPacks).limit(3);
  for (const token of [buyerA, buyerB]) await h.call('POST', `${CART}/clean`, { token });
  for (const pack of packs.slice(0, 2)) await h.call('POST', `${CART}/item/add`, { token: buyerA, form: { packId: String(pack.id) } });
  await h.call('POST', `${CART}/item/add`, { token: buyerB, form: { packId: String(packs[2]!.id) } });
});

async function ask(options: { token?: string; cookie?: string; query?: string } = {}) {
  const res = await h.call('GET', `${PATH}${options.query ?? ''}`, {
    ...(options.token ? { token: options.token } : {}),
    ...(options.cookie ? { headers: { cookie: options.cookie } } : {}),
  });
  return { ...res, data: res.body.data as Answer };
}

describe('the visitor islands call', () => {
  it('answers each visitor with their own account, cart count and what the page\'s products are to their company', async () => {
    const query = `?products=${controlled},${plain},${controlled}`;
    const guest = await ask({ query });
    const a = await ask({ token: buyerA, query });
    // A page sends the session cookie, not a token: the same answer.
    const b = await ask({ cookie: `reagent_session=${buyerB}`, query });
    expect(guest.status).toBe(200);
    expect(guest.data).toEqual({ user: null, products: [{ id: controlled, approval: null, prices: [], minPrice: null, breaks: [] }, { id: plain, approval: null, prices: [], minPrice: null, breaks: [] }] });
    expect(a.data.user).toMatchObject({ name: '李娜', companyName: '上海示例生物科技有限公司', cartCount: 2 });
    expect(b.data.user).toMatchObject({ companyName: '北京示例大学化学学院', cartCount: 1 });
    expect(b.data.user!.name).not.toBe(a.data.user!.name);
    // Company A's rules hold a controlled chemical for approval; company B has no such rule.
    expect(a.data.products.map((p) => p.id)).toEqual([controlled, plain]);
    expect(a.data.products[0]!.approval?.reasons).toContain('controlled');
    expect(a.data.products[1]!.approval).toBeNull();
    expect(b.data.products).toEqual([{ id: controlled, approval: null, prices: [], minPrice: null, breaks: [] }, { id: plain, approval: null, prices: [], minPrice: null, breaks: [] }]);
    // Nothing of one buyer in another's answer or the guest's.
    for (const [answer, other] of [[JSON.stringify(b.data), a.data.user!], [JSON.stringify(guest.data), a.data.user!], [JSON.stringify(a.data), b.data.user!]] as const) {
      expect(answer).not.toContain(other.name);
      expect(answer).not.toContain(other.companyName);
    }
  });

  it('answers a buyer of 上海示例 their agreed prices of the asked products\' packs, only where they differ; the university and a guest none', async () => {
    const [net] = await h.db.db.select({ packId: priceAgreementRules.packId, netCents: priceAgreementRules.netCents }).from(priceAgreementRules).where(eq(priceAgreementRules.kind, 'net')).limit(1);
    const [pack] = await h.db.db.select({ productId: productPacks.productId, price: productPacks.price }).from(productPacks).where(eq(productPacks.id, net!.packId!));
    const all = await h.db.db.select({ id: productPacks.id, price: productPacks.price }).from(productPacks).where(eq(productPacks.productId, pack!.productId));
    const query = `?products=${pack!.productId},${plain}`;
    const a = await ask({ token: buyerA, query });
    const own = a.data.products.find((p) => p.id === pack!.productId)!;
    expect(own.prices).toContainEqual({ packId: net!.packId, price: (net!.netCents! / 100).toFixed(2) });
    // Only packs whose price differs from the catalogue's are named.
    for (const p of own.prices) expect(p.price).not.toBe(all.find((k) => k.id === p.packId)!.price);
    const lowest = (prices: number[]) => Math.min(...prices);
    const ownLowest = lowest(all.map((k) => Math.round(Number(own.prices.find((p) => p.packId === k.id)?.price ?? k.price) * 100)));
    const listLowest = lowest(all.map((k) => Math.round(Number(k.price) * 100)));
    expect(own.minPrice).toBe(ownLowest === listLowest ? null : (ownLowest / 100).toFixed(2));
    for (const other of [await ask({ token: buyerB, query }), await ask({ query })]) {
      for (const p of other.data.products) expect(p).toMatchObject({ prices: [], minPrice: null, breaks: [] });
      expect(JSON.stringify(other.data)).not.toContain(`"price":"${(net!.netCents! / 100).toFixed(2)}"`);
    }
  });

  it('answers a buyer of 上海示例 the quantity breaks of the asked products\' packs; the university and a guest none', async () => {
    const [brk] = await h.db.db.select({ packId: priceAgreementRules.packId, netCents: priceAgreementRules.netCents, minQty: priceAgreementRules.minQty })
      .from(priceAgreementRules).where(eq(priceAgreementRules.kind, 'break')).limit(1);
    const [pack] = await h.db.db.select({ productId: productPacks.productId }).from(productPacks).where(eq(productPacks.id, brk!.packId!));
    const query = `?products=${plain},${pack!.productId}`;
    const a = await ask({ token: buyerA, query });
    expect(a.data.products.find((p) => p.id === pack!.productId)!.breaks).toEqual([{ packId: brk!.packId, minQty: brk!.minQty, price: (brk!.netCents! / 100).toFixed(2) }]);
    expect(a.data.products.find((p) => p.id === plain)!.breaks).toEqual([]);
    for (const other of [await ask({ token: buyerB, query }), await ask({ query })]) {
      for (const p of other.data.products) expect(p.breaks).toEqual([]);
    }
  });

  it('is kept by the browser only, per user, and answers 304 when nothing changed', async () => {
    const first = await ask({ token: buyerA });
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.headers.get('vary')).toMatch(/Cookie/);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const revalidate = (token: string) => h.app.request(PATH, { headers: { authorization: token, 'if-none-match': etag! } });
    const again = await revalidate(buyerA);
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
    // Another buyer's answer differs, so a browser's copy of one never answers for the other.
    expect((await revalidate(buyerB)).status).toBe(200);
    // A change of the cart changes the answer.
    const [pack] = await h.db.db.select({ id: productPacks.id }).from(productPacks).limit(1);
    await h.call('POST', `${CART}/item/add`, { token: buyerA, form: { packId: String(pack!.id), num: '1' } });
    await h.call('POST', `${CART}/item/add`, { token: buyerA, form: { packId: String((await h.db.db.select({ id: productPacks.id }).from(productPacks).limit(5))[4]!.id) } });
    expect((await revalidate(buyerA)).status).toBe(200);
  });

  it('refuses product ids that are not ids, and more than a page shows, changing nothing', async () => {
    for (const query of ['?products=abc', '?products=1,-2', '?products=0', `?products=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`]) {
      const res = await h.call('GET', `${PATH}${query}`, { token: buyerA });
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe(400);
      expect(res.body.msg, query).toBeTruthy();
    }
    const none = await ask({ token: buyerA, query: '?products=' });
    expect(none.data.products).toEqual([]);
    // Unknown ids are left out of a customer's answer.
    expect((await ask({ token: buyerA, query: '?products=2147483000' })).data.products).toEqual([]);
  });

  it('is open to everyone and answers staff as a visitor without a customer account', async () => {
    await authorisationMatrix(h).expect([
      { method: 'GET', path: PATH, expect: { guest: 200, buyerA: 200, buyerB: 200, employeeA: 200, staffAdmin: 200 } },
    ]);
    const staff = await h.loginStaff('admin', 'Admin#2026');
    expect((await ask({ token: staff })).data.user).toBeNull();
  });
});
