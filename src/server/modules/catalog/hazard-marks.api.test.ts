import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalRules, companyFiles, orders, productPacks, products, users } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { addressOf, fillCart, newKey } from '../../../../test/orders';

/**
 * The hazards a buyer meets before committing — on lists, the product page, quick order and the cart —
 * are the ones the order's approval reasons name afterwards, from the same rule.
 */
const h = fileApiHarness({ products: 40 });
const PASSWORD = 'Reagent#2026';
const GHS = { pictograms: ['GHS02', 'GHS07'], signalWord: 'danger', hazardStatements: ['H225'], precautionaryStatements: [] };
let buyer: string;
let precursor: { id: number; itemNo: string; packId: number };
let plain: { id: number; itemNo: string; packId: number };

type Hazard = { hazardous: boolean; controlClass: string | null };
type Approval = { reasons: string[]; permit: boolean; permitMissing: boolean } | null;

async function productWithPack(offset: number) {
  const [row] = await h.db.db
    .select({ id: products.id, itemNo: products.itemNo })
    .from(products)
    .where(sql`${products.active} and exists (select 1 from product_packs k where k.product_id = products.id)`)
    .orderBy(products.id).offset(offset).limit(1);
  const [pack] = await h.db.db.select({ id: productPacks.id }).from(productPacks).where(eq(productPacks.productId, row!.id)).orderBy(productPacks.id).limit(1);
  return { ...row!, packId: pack!.id };
}

beforeAll(async () => {
  buyer = await h.loginUser('buyer@demo.example.com', PASSWORD);
  precursor = await productWithPack(0);
  plain = await productWithPack(1);
  await h.db.db.update(products).set({ ghs: GHS as never, controlClass: 'precursor', cas: '999-99-5' }).where(eq(products.id, precursor.id));
  await h.db.db.update(products).set({ ghs: null, controlClass: null, cas: '999-99-5', grade: 'AR', gradeZh: '分析纯' }).where(eq(products.id, plain.id));
  const [company] = await h.db.db.select({ id: users.companyId }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
  const companyId = company!.id!;
  await h.db.db.delete(approvalRules).where(eq(approvalRules.companyId, companyId));
  await h.db.db.delete(companyFiles).where(eq(companyFiles.companyId, companyId));
  await h.db.db.insert(approvalRules).values([
    { companyId, kind: 'hazardous', active: true, requirePermit: false },
    { companyId, kind: 'controlled', active: true, requirePermit: true },
  ]);
  await h.db.db.update(users).set({ monthlyLimit: null }).where(sql`true`);
});

describe('hazards before the buyer commits', () => {
  it('lists and the product page mark 易制毒 and 危险品, for guests too', async () => {
    const list = await h.call('POST', '/api/web/product/getPage', { form: { key: precursor.itemNo, type: '1' } });
    const item = (list.body.data as { items: { id: number; hazard: Hazard; grade: string }[] }).items.find((i) => i.id === precursor.id);
    expect(item?.hazard).toEqual({ hazardous: true, controlClass: 'precursor' });
    const other = await h.call('POST', '/api/web/product/getPage', { form: { key: plain.itemNo, type: '1' } });
    const plainItem = (other.body.data as { items: { id: number; hazard: Hazard; grade: string }[] }).items.find((i) => i.id === plain.id);
    expect(plainItem).toMatchObject({ hazard: { hazardous: false, controlClass: null }, grade: '分析纯' });
    const detail = await h.call('POST', '/api/web/product/details/all', { form: { id: String(precursor.id) } });
    expect((detail.body.data as { product: { hazard: Hazard } }).product.hazard).toEqual({ hazardous: true, controlClass: 'precursor' });
  });

  it('the cart and quick order say what approval the order will need, as the order then does', async () => {
    await h.call('POST', '/api/app/api/order/shopcart/clean', { token: buyer });
    await fillCart(h, buyer, [{ packId: precursor.packId, num: 1 }, { packId: plain.packId, num: 1 }]);
    const cart = await h.call('POST', '/api/app/api/order/shopcart/items', { token: buyer });
    const lines = (cart.body.data as { list: { productId: number; hazard: Hazard; approval: Approval }[] }).list;
    const marked = lines.find((l) => l.productId === precursor.id);
    expect(marked).toMatchObject({ hazard: { hazardous: true, controlClass: 'precursor' }, approval: { reasons: ['hazardous', 'controlled'], permit: true, permitMissing: true } });
    expect(lines.find((l) => l.productId === plain.id)).toMatchObject({ hazard: { hazardous: false, controlClass: null }, approval: null });

    const quick = await h.call('POST', '/api/app/api/order/quick/resolve', { token: buyer, json: { text: `${precursor.itemNo} 1\n999-99-5 2` } });
    expect(quick.status).toBe(200);
    const [byItem, byCas] = (quick.body.data as { lines: {
      status: string;
      product: { hazard: Hazard; approval: Approval; brand: string } | null;
      candidates: { id: number; itemNo: string; brand: string; grade: string; packs: { size: string; price: string }[]; hazard: Hazard }[];
    }[] }).lines;
    expect(byItem?.product).toMatchObject({ hazard: { controlClass: 'precursor' }, approval: { reasons: ['hazardous', 'controlled'], permit: true } });
    expect(byItem?.product?.brand).toMatch(/\S/);
    expect(byCas?.status).toBe('ambiguous');
    const choice = byCas?.candidates.find((c) => c.id === plain.id);
    expect(choice).toMatchObject({ grade: '分析纯', brand: expect.stringMatching(/\S/) });
    expect(choice?.packs.length).toBeGreaterThan(0);
    expect(choice?.packs[0]).toMatchObject({ size: expect.stringMatching(/\S/), price: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect(byCas?.candidates.find((c) => c.id === precursor.id)?.hazard).toEqual({ hazardous: true, controlClass: 'precursor' });
    const chosen = await h.call('POST', '/api/app/api/order/quick/candidate', { token: buyer, json: { productId: precursor.id } });
    expect((chosen.body.data as { approval: Approval }).approval).toMatchObject({ reasons: ['hazardous', 'controlled'] });

    // The order names the same reasons.
    const address = await addressOf(h, 'buyer@demo.example.com');
    const placed = await h.call('POST', '/api/app/api/order/add', { token: buyer, json: { idempotencyKey: newKey(), addressId: address } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [order] = await h.db.db.select({ matches: orders.matchedRules }).from(orders).where(eq(orders.id, (placed.body.data as { id: number }).id));
    expect((order!.matches as { kind: string }[]).map((m) => m.kind).sort()).toEqual(['controlled', 'hazardous']);
  });

  it('says nothing of approval when the company has no such rule', async () => {
    await h.db.db.update(approvalRules).set({ active: false }).where(sql`true`);
    await fillCart(h, buyer, [{ packId: precursor.packId, num: 1 }]);
    const cart = await h.call('POST', '/api/app/api/order/shopcart/items', { token: buyer });
    const line = (cart.body.data as { list: { productId: number; hazard: Hazard; approval: Approval }[] }).list.find((l) => l.productId === precursor.id);
    expect(line).toMatchObject({ hazard: { hazardous: true, controlClass: 'precursor' }, approval: null });
  });
});
