import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalRules, cartItems, orders, products, users } from '@/server/db/schema';
import { fileApiHarness } from '../../../../test/api';
import { addressOf, fillCart, firstPacks, newKey, type Submitted } from '../../../../test/orders';

const h = fileApiHarness({ products: 40 });
const PASSWORD = 'Reagent#2026';
let buyer: string;
let approver: string;
let employee: string;
let univ: string;
let guestless: string;
let packs: Awaited<ReturnType<typeof firstPacks>>;
const made: Submitted[] = [];

beforeAll(async () => {
  [buyer, approver, employee, univ] = (await Promise.all(
    ['buyer@demo.example.com', 'approver@demo.example.com', 'employee@demo.example.com', 'buyer@univ.example.com'].map((l) => h.loginUser(l, PASSWORD)),
  )) as [string, string, string, string];
  guestless = '';
  // The seed's demo orders aside: this file counts its own.
  await h.db.db.delete(orders).where(sql`true`);
  await h.db.db.delete(approvalRules).where(sql`true`);
  await h.db.db.update(users).set({ monthlyLimit: null }).where(sql`true`);
  packs = await firstPacks(h, 8);
  const address = await addressOf(h, 'buyer@demo.example.com');
  for (let i = 0; i < 5; i++) {
    await fillCart(h, buyer, [{ packId: packs[i]!.id, num: i + 1 }]);
    const res = await h.call('POST', '/api/app/api/order/add', { token: buyer, json: { idempotencyKey: newKey(), addressId: address, poNumber: `PO-${i}` } });
    made.push(res.body.data as Submitted);
  }
});

type Page = { list: { id: number; orderNo: string; itemNos: string[]; status: string }[]; nextCursor: string | null };

describe('order list', () => {
  it('pages by keyset, newest first, without gaps or repeats', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = (await h.call('GET', `/api/app/sale/list?limit=2${query}`, { token: buyer })).body.data as Page;
      seen.push(...page.list.map((o) => o.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse().map((o) => o.id));
  });

  it('finds orders by order number prefix and by item number, and filters by status and dates', async () => {
    const byNo = (await h.call('GET', `/api/app/sale/list?q=${made[2]!.orderNo}`, { token: buyer })).body.data as Page;
    expect(byNo.list.map((o) => o.id)).toEqual([made[2]!.id]);
    const byItem = (await h.call('GET', `/api/app/sale/list?q=${encodeURIComponent(packs[3]!.itemNo.toLowerCase())}`, { token: buyer })).body.data as Page;
    expect(byItem.list.map((o) => o.id)).toContain(made[3]!.id);
    expect(byItem.list[0]!.itemNos).toContain(packs[3]!.itemNo);
    await h.call('POST', '/api/app/api/order/deal', { token: buyer, json: { id: made[0]!.id } });
    const placed = (await h.call('GET', '/api/app/sale/list?status=placed', { token: buyer })).body.data as Page;
    expect(placed.list.map((o) => o.id)).toEqual([made[0]!.id]);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(((await h.call('GET', `/api/app/sale/list?from=${tomorrow}`, { token: buyer })).body.data as Page).list).toHaveLength(0);
    expect(((await h.call('GET', `/api/app/sale/list?from=2020-01-01&to=${tomorrow}`, { token: buyer })).body.data as Page).list.length).toBe(5);
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const counts = (await h.call('GET', '/api/app/sale/count', { token: buyer })).body.data as Record<string, number>;
    expect(counts).toMatchObject({ all: 5, placed: 1, passed: 4 });
  });

  it('refuses bad list input', async () => {
    for (const q of ['status=lost', 'from=2026-13-01', 'from=0000-01-01', 'to=9999-12-31', 'from=1999-12-31', 'limit=0', 'limit=500', 'cursor=bm9wZQ', 'scope=all', `q=${'x'.repeat(51)}`, 'companyId=2']) {
      expect((await h.call('GET', `/api/app/sale/list?${q}`, { token: buyer })).status, q).toBe(400);
    }
  });

  it('exports the list as an Excel workbook', async () => {
    const res = await h.app.request('/api/app/sale/export?status=passed&scope=mine', { headers: { authorization: buyer } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('.xlsx');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]); // a zip container
    expect((await h.app.request('/api/app/sale/export', { headers: { authorization: employee } })).status).toBe(403);
    expect((await h.app.request('/api/app/sale/export')).status).toBe(401);
  });

  it('edits the PO number of an own order not yet placed', async () => {
    expect((await h.call('POST', '/api/app/sale/update', { token: buyer, form: { id: String(made[1]!.id), poNumber: 'PO-NEW' } })).status).toBe(200);
    const [row] = await h.db.db.select({ po: orders.poNumber }).from(orders).where(eq(orders.id, made[1]!.id));
    expect(row!.po).toBe('PO-NEW');
    expect((await h.call('POST', '/api/app/sale/update', { token: buyer, form: { id: String(made[0]!.id), poNumber: 'X' } })).status).toBe(409);
    expect((await h.call('POST', '/api/app/sale/update', { token: approver, form: { id: String(made[1]!.id), poNumber: 'X' } })).status).toBe(404);
    expect((await h.call('POST', '/api/app/sale/update', { token: buyer, form: { id: String(made[1]!.id), status: 'placed' } })).status).toBe(400);
  });
});

describe('authorisation matrix', () => {
  const orderId = () => made[1]!.id;
  const idForms = () => [String(orderId()), `${orderId()}`, encodeURIComponent(String(orderId())).replace(/(\d)/, (d) => `%3${d}`)];
  const reads = () => [
    ['GET', `/api/app/order/sale?id=`],
    ['GET', `/api/app/order/approve/logs?id=`],
    ['POST', `/api/app/api/order/items?id=`],
  ] as const;

  it('answers 401 to guests on every order call', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/app/sale/list'], ['GET', '/api/app/sale/count'], ['POST', '/api/app/sale/update'], ['POST', '/api/app/api/order/add'],
      ['POST', '/api/app/api/order/delete'], ['POST', '/api/app/api/order/item/delete'], ['POST', '/api/app/api/order/items'],
      ['POST', '/api/app/api/order/deal'], ['GET', '/api/app/api/order/company'], ['POST', '/api/app/api/order/reorder'],
      ['POST', '/api/app/api/order/quick/resolve'], ['POST', '/api/app/api/order/quick/add'], ['POST', '/api/app/order/approve'],
      ['GET', '/api/app/order/approve/logs'], ['GET', '/api/app/order/sale'],
    ];
    for (const [method, path] of calls) expect((await h.call(method, path, { token: guestless || undefined })).status, path).toBe(401);
  });

  it('lets the buyer and the company’s approver read the order, in every id form', async () => {
    for (const id of idForms()) {
      for (const [method, path] of reads()) {
        expect((await h.call(method, `${path}${id}`, { token: buyer })).status, `${path}${id}`).toBe(200);
        expect((await h.call(method, `${path}${id}`, { token: approver })).status, `${path}${id}`).toBe(200);
      }
    }
  });

  it('hides it from another company (404) and refuses a sub-account without SALE.VIEW (403)', async () => {
    for (const id of idForms()) {
      for (const [method, path] of reads()) {
        expect((await h.call(method, `${path}${id}`, { token: univ })).status, `${path}${id}`).toBe(404);
        expect((await h.call(method, `${path}${id}`, { token: employee })).status, `${path}${id}`).toBe(403);
      }
    }
    expect((await h.call('POST', '/api/app/api/order/delete', { token: univ, json: { ids: [orderId()] } })).status).toBe(404);
    expect((await h.call('POST', '/api/app/api/order/deal', { token: univ, json: { id: orderId() } })).status).toBe(404);
    expect((await h.call('POST', '/api/app/api/order/reorder', { token: univ, json: { id: orderId() } })).status).toBe(404);
    expect((await h.call('POST', '/api/app/order/approve', { token: univ, json: { id: orderId(), decision: 'approve' } })).status).toBe(404);
    expect(((await h.call('GET', '/api/app/sale/list?scope=company', { token: univ })).status)).toBe(403);
    const univList = (await h.call('GET', '/api/app/sale/list', { token: univ })).body.data as Page;
    expect(univList.list.map((o) => o.id)).not.toContain(orderId());
    expect((await h.call('GET', '/api/app/sale/list', { token: employee })).status).toBe(403);
  });

  it('never shows a buyer another buyer’s orders unless they approve', async () => {
    const list = (await h.call('GET', '/api/app/sale/list?scope=company', { token: approver })).body.data as Page;
    expect(list.list.map((o) => o.id)).toEqual(expect.arrayContaining(made.map((o) => o.id)));
    const own = (await h.call('GET', '/api/app/sale/list', { token: approver })).body.data as Page;
    expect(own.list).toHaveLength(0);
  });
});

describe('quick order', () => {
  it('resolves item and CAS numbers per line, with clear errors, and adds the good lines together', async () => {
    const [a, b] = await h.db.db.select({ id: products.id, itemNo: products.itemNo }).from(products).where(eq(products.active, true)).orderBy(products.id).limit(2);
    await h.db.db.update(products).set({ cas: null }).where(sql`true`);
    await h.db.db.update(products).set({ cas: '64-17-5' }).where(eq(products.id, a!.id));
    await h.db.db.update(products).set({ cas: '67-64-1' }).where(sql`${products.id} in (${b!.id})`);
    await h.db.db.update(products).set({ cas: '7732-18-5' }).where(sql`${products.id} in (select id from products where active order by id offset 2 limit 2)`);
    const text = [`${a!.itemNo}\t2`, '67-64-1, 3', '64-17-6 1', 'NOPE-0001 1', '7732-18-5 4', `${b!.itemNo.toLowerCase()} 5`].join('\n');
    const res = await h.call('POST', '/api/app/api/order/quick/resolve', { token: buyer, json: { text } });
    expect(res.status).toBe(200);
    const lines = (res.body.data as { lines: { line: number; status: string; error: string | null; num: number | null; product: { itemNo: string; packId: number } | null; candidates: unknown[] }[] }).lines;
    expect(lines.map((l) => l.status)).toEqual(['ok', 'ok', 'error', 'error', 'ambiguous', 'ok']);
    expect(lines[0]!.product!.itemNo).toBe(a!.itemNo);
    expect(lines[1]!.product!.itemNo).toBe(b!.itemNo);
    expect(lines[2]!.error).toContain('校验位');
    expect(lines[3]!.error).toContain('NOPE-0001');
    expect(lines[4]!.candidates).toHaveLength(2);
    await h.call('POST', '/api/app/api/order/shopcart/clean', { token: buyer });
    const good = lines.filter((l) => l.status === 'ok').map((l) => ({ packId: l.product!.packId, num: l.num! }));
    const added = await h.call('POST', '/api/app/api/order/quick/add', { token: buyer, json: { lines: good } });
    expect(added.body.data).toMatchObject({ added: 3 });
    const cart = await h.db.db.select({ num: cartItems.num }).from(cartItems).innerJoin(users, eq(users.id, cartItems.userId)).where(eq(users.loginName, 'buyer@demo.example.com'));
    // Lines 2 and 6 name the same pack: one cart line of 3 + 5.
    expect(cart.map((c) => c.num).sort((x, y) => x - y)).toEqual([2, 8]);
  });

  it('refuses more than 200 lines, an empty text, bad quantities and unknown packs, adding nothing', async () => {
    const many = Array.from({ length: 201 }, (_, i) => `X${i} 1`).join('\n');
    expect((await h.call('POST', '/api/app/api/order/quick/resolve', { token: buyer, json: { text: many } })).status).toBe(400);
    expect((await h.call('POST', '/api/app/api/order/quick/resolve', { token: buyer, json: { text: '  \n ' } })).status).toBe(400);
    const separators = await h.call('POST', '/api/app/api/order/quick/resolve', { token: buyer, json: { text: ',\n，；' } });
    expect([separators.status, separators.body.msg]).toEqual([400, expect.stringMatching(/\S/)]);
    await h.call('POST', '/api/app/api/order/shopcart/clean', { token: buyer });
    expect((await h.call('POST', '/api/app/api/order/quick/add', { token: buyer, json: { lines: [{ packId: packs[0]!.id, num: 0 }] } })).status).toBe(400);
    expect((await h.call('POST', '/api/app/api/order/quick/add', { token: buyer, json: { lines: [{ packId: packs[0]!.id, num: 1 }, { packId: 99_999_999, num: 1 }] } })).status).toBe(404);
    expect((await h.call('POST', '/api/app/api/order/quick/add', { token: buyer, form: { lines: 'not json' } })).status).toBe(400);
    expect(((await h.call('POST', '/api/web/cart/summary', { token: buyer })).body.data as { count: number }).count).toBe(0);
  });
});

describe('checkout data', () => {
  it('answers the company’s invoice title, tax number and address book, default first', async () => {
    const res = await h.call('GET', '/api/app/api/order/company', { token: buyer });
    const data = res.body.data as { companyName: string; taxNo: string; addresses: { isDefault: boolean }[] };
    expect(data.companyName).toBe('上海示例生物科技有限公司');
    expect(data.taxNo).toBe('91310104MA1FR8XK3P');
    expect(data.addresses[0]!.isDefault).toBe(true);
    const theirs = (await h.call('GET', '/api/app/api/order/company', { token: univ })).body.data as { companyName: string };
    expect(theirs.companyName).not.toBe(data.companyName);
  });
});
