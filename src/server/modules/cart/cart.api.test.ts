import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { brands, productPacks, products } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness();
let buyer: string;
let otherCompany: string;
let packs: { id: number; price: string }[];

beforeAll(async () => {
  buyer = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
  otherCompany = await h.loginUser('buyer@univ.example.com', 'Reagent#2026');
  packs = await h.db.db.select({ id: productPacks.id, price: productPacks.price }).from(productPacks).orderBy(asc(productPacks.id)).limit(3);
});

const BASE = '/api/app/api/order/shopcart';
type Cart = { list: { id: number; packId: number; num: number; unitPrice: string; lineTotal: string }[]; count: number; total: string };

describe('cart', () => {
  it('adds packs, raises the quantity of a pack added again, and prices on the server', async () => {
    const [a, b] = packs;
    expect((await h.call('POST', `${BASE}/item/add`, { token: buyer, form: { packId: String(a!.id) } })).body.data).toEqual({ count: 1 });
    await h.call('POST', `${BASE}/item/add`, { token: buyer, form: { packId: String(a!.id), num: '2', price: '0.01' } });
    await h.call('POST', `${BASE}/item/add`, { token: buyer, json: { packId: b!.id, num: 1 } });
    const res = await h.call('POST', `${BASE}/items`, { token: buyer });
    const cart = res.body.data as Cart;
    expect(cart.count).toBe(2);
    const lineA = cart.list.find((l) => l.packId === a!.id)!;
    expect(lineA.num).toBe(3);
    expect(lineA.unitPrice).toBe(a!.price);
    expect(Number(lineA.lineTotal)).toBeCloseTo(Number(a!.price) * 3, 2);
    expect(Number(cart.total)).toBeCloseTo(Number(a!.price) * 3 + Number(b!.price), 2);
    expect((await h.call('POST', '/api/web/cart/summary', { token: buyer })).body.data).toEqual({ count: 2 });
  });

  it('names each line by brand, item number, grade and pack in the caller\'s language', async () => {
    const [a] = packs;
    const [row] = await h.db.db
      .select({ itemNo: products.itemNo, size: productPacks.size, brandZh: brands.nameZh, brandEn: brands.nameEn, grade: products.grade, gradeZh: products.gradeZh })
      .from(productPacks).innerJoin(products, eq(products.id, productPacks.productId)).innerJoin(brands, eq(brands.id, products.brandId))
      .where(eq(productPacks.id, a!.id));
    type Line = { packId: number; itemNo: string; size: string; brand: string; grade: string };
    const lineIn = async (lang: string) =>
      ((await h.call('POST', `${BASE}/items`, { token: buyer, headers: { 'accept-language': lang } })).body.data as { list: Line[] }).list.find((l) => l.packId === a!.id)!;
    expect(await lineIn('zh')).toMatchObject({ itemNo: row!.itemNo, size: row!.size, brand: row!.brandZh, grade: row!.gradeZh || row!.grade });
    expect(await lineIn('en')).toMatchObject({ itemNo: row!.itemNo, size: row!.size, brand: row!.brandEn, grade: row!.grade });
  });

  it('keeps the right quantity under parallel adds of the same pack', async () => {
    const c = packs[2]!;
    await Promise.all(Array.from({ length: 8 }, () => h.call('POST', `${BASE}/item/add`, { token: otherCompany, form: { packId: String(c.id) } })));
    const cart = (await h.call('POST', `${BASE}/items`, { token: otherCompany })).body.data as Cart;
    expect(cart.list.find((l) => l.packId === c.id)?.num).toBe(8);
  });

  it('never lets one customer remove or see another company’s lines', async () => {
    const mine = (await h.call('POST', `${BASE}/items`, { token: buyer })).body.data as Cart;
    const theirs = (await h.call('POST', `${BASE}/items`, { token: otherCompany })).body.data as Cart;
    expect(theirs.list.map((l) => l.id)).not.toContain(mine.list[0]!.id);
    await h.call('POST', `${BASE}/item/delete`, { token: otherCompany, form: { ids: String(mine.list[0]!.id) } });
    expect(((await h.call('POST', `${BASE}/items`, { token: buyer })).body.data as Cart).count).toBe(2);
  });

  it('removes lines by a list of ids and empties the cart', async () => {
    const cart = (await h.call('POST', `${BASE}/items`, { token: buyer })).body.data as Cart;
    const ids = cart.list.map((l) => l.id).join(',');
    expect((await h.call('POST', `${BASE}/item/delete`, { token: buyer, form: { ids } })).body.data).toEqual({ count: 0 });
    await h.call('POST', `${BASE}/item/add`, { token: buyer, form: { packId: String(packs[0]!.id) } });
    expect((await h.call('POST', `${BASE}/clean`, { token: buyer })).body.data).toEqual({ count: 0 });
  });

  it('refuses bad quantities and unknown packs, changing nothing', async () => {
    for (const num of ['0', '-1', '1.5', '10000', 'abc']) {
      const res = await h.call('POST', `${BASE}/item/add`, { token: buyer, form: { packId: String(packs[0]!.id), num } });
      expect(res.status, num).toBe(400);
    }
    expect((await h.call('POST', `${BASE}/item/add`, { token: buyer, form: { packId: 'x' } })).status).toBe(400);
    expect((await h.call('POST', `${BASE}/item/add`, { token: buyer, form: { packId: '99999999' } })).status).toBe(404);
    expect((await h.call('POST', `${BASE}/item/delete`, { token: buyer, form: {} })).status).toBe(400);
    expect(((await h.call('POST', `${BASE}/items`, { token: buyer })).body.data as Cart).count).toBe(0);
  });

  it('sets a line quantity, answers the repriced cart, and never touches another cart', async () => {
    await h.call('POST', `${BASE}/item/add`, { token: buyer, form: { packId: String(packs[1]!.id) } });
    const line = ((await h.call('POST', `${BASE}/items`, { token: buyer })).body.data as Cart).list[0]!;
    const res = await h.call('POST', `${BASE}/item/update`, { token: buyer, form: { id: String(line.id), num: '5', unitPrice: '0.01' } });
    expect(res.status).toBe(200);
    const cart = res.body.data as Cart;
    expect(cart.list[0]).toMatchObject({ id: line.id, num: 5, unitPrice: packs[1]!.price });
    expect(Number(cart.total)).toBeCloseTo(Number(packs[1]!.price) * 5, 2);
    const foreign = await h.call('POST', `${BASE}/item/update`, { token: otherCompany, form: { id: String(line.id), num: '9' } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('购物车中没有这一项');
    for (const num of ['0', '-2', '2.5', '10000', '']) {
      expect((await h.call('POST', `${BASE}/item/update`, { token: buyer, form: { id: String(line.id), num } })).status, num).toBe(400);
    }
    expect((await h.call('POST', `${BASE}/item/update`, { token: buyer, form: { id: 'abc', num: '2' } })).status).toBe(400);
    expect((await h.call('POST', `${BASE}/item/update`, { form: { id: String(line.id), num: '2' } })).status).toBe(401);
    expect(((await h.call('POST', `${BASE}/items`, { token: buyer })).body.data as Cart).list[0]?.num).toBe(5);
    await h.call('POST', `${BASE}/clean`, { token: buyer });
  });

  it('is for signed-in customers only', async () => {
    expect((await h.call('POST', `${BASE}/items`)).status).toBe(401);
    expect((await h.call('POST', `${BASE}/item/add`, { form: { packId: String(packs[0]!.id) } })).status).toBe(401);
    const staff = await h.loginStaff('admin', 'Admin#2026');
    expect((await h.call('POST', `${BASE}/items`, { token: staff })).status).toBe(401);
    expect((await h.call('POST', '/api/web/cart/summary')).body.data).toEqual({ count: 0 });
  });
});
