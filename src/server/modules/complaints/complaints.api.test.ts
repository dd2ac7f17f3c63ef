import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ComplaintDetailDto, MyComplaintDto } from '@/contracts/complaints';
import { fileApiHarness } from '../../../../test/api';
import { authorisationMatrix } from '../../../../test/authz-matrix';
import { complaintHarness } from '../../../../test/complaints';

const h = fileApiHarness();
const t = complaintHarness(() => h);

beforeAll(async () => {
  await t.login();
});

describe('a customer files a complaint', () => {
  it('on lines of their own placed order; staff of the owning team see it, others do not', async () => {
    const order = await t.placedOrder('buyer@demo.example.com');
    const form = await t.call('buyer', 'GET', `/api/app/complaints/order/${order.id}`);
    expect(form.status).toBe(200);
    const applied = (order.cents / 100).toFixed(2);
    const made = await t.file('buyer', { orderId: order.id, lines: [{ itemId: order.itemId, quantity: 1 }], description: '瓶身破损', appliedRefund: applied });
    expect(made).toMatchObject({ status: 'reviewing', appliedRefund: applied, approvedRefund: null, canWithdraw: true, creditNote: null });
    expect(made.complaintNo).toMatch(/^CP\d{8}\d{5}$/);
    expect(made.lines).toEqual([expect.objectContaining({ itemId: order.itemId, quantity: 1, value: applied })]);
    const mine = await t.call('buyer', 'GET', `/api/app/complaints?orderId=${order.id}`);
    expect((mine.body.data as { items: MyComplaintDto[] }).items.map((c) => c.id)).toContain(made.id);

    const seen = await t.detail('sales', made.id);
    expect(seen).toMatchObject({ status: 'reviewing', ownerName: '周洁', transitions: ['approving', 'rejected', 'resolved'], approval: null });
    expect((await t.detail('manager', made.id)).id).toBe(made.id);
    // Another sales team's member: the record does not exist for them, in the list nor by id nor for a move.
    expect((await t.call('sales2', 'GET', `/api/admin/complaints/${made.id}`)).status).toBe(404);
    expect((await t.move('sales2', made.id, { to: 'rejected', reason: '非质量问题' })).status).toBe(404);
    const other = await t.call('sales2', 'GET', '/api/admin/complaints?limit=200');
    expect((other.body.data as { items: ComplaintDetailDto[] }).items.map((c) => c.id)).not.toContain(made.id);
    const audit = await t.q<{ action: string; company_id: number }>(sql`select action, company_id from audit_log where entity = 'complaint' and entity_id = ${String(made.id)}`);
    expect(audit).toEqual([{ action: 'create', company_id: expect.any(Number) }]);
  });

  it('takes the lines as one JSON text from a form post (the account pages\' API client)', async () => {
    const order = await t.placedOrder('buyer@demo.example.com');
    const res = await h.call('POST', '/api/app/complaints', {
      token: t.tokens.buyer, form: { orderId: String(order.id), lines: JSON.stringify([{ itemId: order.itemId, quantity: 1 }]), description: '标签错误', category: 'documents', appliedRefund: '0.50' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.data as MyComplaintDto).lines).toHaveLength(1);
    const bad = await h.call('POST', '/api/app/complaints', { token: t.tokens.buyer, form: { orderId: String(order.id), lines: '[{', description: 'x', appliedRefund: '0.50' } });
    expect(bad.status).toBe(400);
  });

  it('refuses bad input with the field and changes nothing', async () => {
    const order = await t.placedOrder('buyer@demo.example.com');
    const otherOrder = await t.placedOrder('buyer@demo.example.com', 1);
    const before = await t.count('complaints');
    const base = { orderId: order.id, lines: [{ itemId: order.itemId, quantity: 1 }], description: '破损', category: 'damaged', appliedRefund: '1.00' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, lines: [{ itemId: otherOrder.itemId, quantity: 1 }] }, 'lines.0.itemId'],
      [{ ...base, lines: [{ itemId: order.itemId, quantity: order.num + 1 }] }, 'lines.0.quantity'],
      [{ ...base, lines: [{ itemId: order.itemId, quantity: 1 }, { itemId: order.itemId, quantity: 1 }] }, 'lines.1.itemId'],
      [{ ...base, appliedRefund: ((order.cents + 1) / 100).toFixed(2) }, 'appliedRefund'],
      [{ ...base, appliedRefund: '0.00' }, 'appliedRefund'],
      [{ ...base, appliedRefund: '1.001' }, 'appliedRefund'],
      [{ ...base, description: '' }, 'description'],
      [{ ...base, description: '长'.repeat(1001) }, 'description'],
      [{ ...base, category: 'bogus' }, 'category'],
      [{ ...base, category: undefined }, 'category'],
      [{ ...base, lines: [] }, 'lines'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('buyer', 'POST', '/api/app/complaints', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body.data as { field: string }[]).map((e) => e.field), JSON.stringify(res.body)).toContain(field);
    }
    expect(await t.count('complaints')).toBe(before);
  });

  it('refuses another company\'s order, an order not placed, and callers without the permission', async () => {
    const univOrder = await t.placedOrder('buyer@univ.example.com');
    const body = { orderId: univOrder.id, lines: [{ itemId: univOrder.itemId, quantity: 1 }], description: '破损', category: 'damaged', appliedRefund: '0.01' };
    expect((await t.call('buyer', 'POST', '/api/app/complaints', body)).status).toBe(404);
    expect((await t.call('buyer', 'GET', `/api/app/complaints/order/${univOrder.id}`)).status).toBe(404);
    const [open] = await t.q<{ id: number }>(sql`select o.id from orders o join users u on u.id = o.user_id where u.login_name = 'buyer@demo.example.com' and o.status <> 'placed' limit 1`);
    expect((await t.call('buyer', 'GET', `/api/app/complaints/order/${open!.id}`)).status).toBe(409);
    expect((await t.call('employee', 'GET', '/api/app/complaints')).status).toBe(403);
    expect((await t.call(null, 'GET', '/api/app/complaints')).status).toBe(401);
    // The other company's complaints are not theirs to read or withdraw.
    const theirs = await t.file('univ', body);
    expect((await t.call('buyer', 'GET', `/api/app/complaints/${theirs.id}`)).status).toBe(404);
    expect((await t.call('buyer', 'POST', `/api/app/complaints/${theirs.id}/withdraw`)).status).toBe(404);
    const list = await t.call('buyer', 'GET', '/api/app/complaints');
    expect((list.body.data as { items: MyComplaintDto[] }).items.map((c) => c.id)).not.toContain(theirs.id);
  });

  it('may be withdrawn by the customer while reviewed, once', async () => {
    const order = await t.placedOrder('buyer@demo.example.com');
    const made = await t.file('buyer', { orderId: order.id, lines: [{ itemId: order.itemId, quantity: 1 }], description: '不需要了', appliedRefund: '0.01' });
    const res = await t.call('buyer', 'POST', `/api/app/complaints/${made.id}/withdraw`);
    expect(res.status).toBe(200);
    expect((res.body.data as MyComplaintDto).status).toBe('withdrawn');
    expect((await t.call('buyer', 'POST', `/api/app/complaints/${made.id}/withdraw`)).status).toBe(409);
    expect((await t.move('sales', made.id, { to: 'approving', approvedRefund: '0.01' })).status).toBe(409);
  });
});

describe('a complaint\'s category, long description, optional refund and photos', () => {
  const png = (colour: string) => sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer();
  const upload = async (who: 'buyer' | 'univ' | 'employee' | null, id: number, bytes: Uint8Array, name = 'photo.png') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await h.app.request(`/api/app/complaints/${id}/photos`, { method: 'POST', body: form, headers: who ? { authorization: t.tokens[who]! } : {} });
    return { status: res.status, body: (await res.json()) as { msg: string; data: MyComplaintDto } };
  };
  const photoCount = async (id: number) => Number((await t.q<{ n: number }>(sql`select count(*)::int as n from complaint_photos where complaint_id = ${id}`))[0]?.n);

  it('files without a refund, with a category and a description of 1,000 characters', async () => {
    const order = await t.placedOrder('buyer@demo.example.com');
    const description = '瓶'.repeat(1000);
    const made = await t.file('buyer', { orderId: order.id, lines: [{ itemId: order.itemId, quantity: 1 }], description, category: 'expiry' });
    expect(made).toMatchObject({ description, category: 'expiry', appliedRefund: '0.00', photos: [], canAddPhotos: true });
    const empty = await t.file('buyer', { orderId: order.id, lines: [{ itemId: order.itemId, quantity: 1 }], description: '发错货', category: 'wrong_item', appliedRefund: '' });
    expect(empty.appliedRefund).toBe('0.00');
    const staffView = await t.detail('sales', made.id);
    expect(staffView).toMatchObject({ category: 'expiry', appliedRefund: '0.00', photos: [] });
  });

  it('takes up to five photos, images by their bytes under the size cap; staff of the owner see them', async () => {
    const order = await t.placedOrder('buyer@demo.example.com');
    const made = await t.file('buyer', { orderId: order.id, lines: [{ itemId: order.itemId, quantity: 1 }], description: '外包装破损', category: 'damaged' });
    const colours = ['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#00ffff'];
    for (const [i, colour] of colours.entries()) {
      const res = await upload('buyer', made.id, await png(colour), `破损${i + 1}.png`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.photos).toHaveLength(i + 1);
    }
    const sixth = await upload('buyer', made.id, await png('#000000'));
    expect(sixth.status).toBe(409);
    expect(await photoCount(made.id)).toBe(5);

    const mine = await t.call('buyer', 'GET', `/api/app/complaints/${made.id}`);
    const photo = (mine.body.data as MyComplaintDto).photos[0]!;
    expect(photo.name).toBe('破损1.png');
    const image = await h.app.request(`/api/app/complaints/${made.id}/photos/${photo.id}`, { headers: { authorization: t.tokens.buyer! } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await h.app.request(`/api/app/complaints/${made.id}/photos/${photo.id}`, { headers: { authorization: t.tokens.univ! } })).status).toBe(404);
    expect((await h.app.request(`/api/admin/complaints/${made.id}/photos/${photo.id}`, { headers: { authorization: t.tokens.sales! } })).status).toBe(200);
    expect((await h.app.request(`/api/admin/complaints/${made.id}/photos/${photo.id}`, { headers: { authorization: t.tokens.sales2! } })).status).toBe(404);
    expect((await t.detail('sales', made.id)).photos).toHaveLength(5);
  });

  it('refuses a file that is not an image, a large one, another company\'s complaint, a closed one and callers without the permission; nothing is kept', async () => {
    const order = await t.placedOrder('buyer@demo.example.com');
    const made = await t.file('buyer', { orderId: order.id, lines: [{ itemId: order.itemId, quantity: 1 }], description: '污染', category: 'quality' });
    // Named .png, but the bytes are text, then a PDF: the bytes decide.
    expect((await upload('buyer', made.id, new TextEncoder().encode('<html>not an image</html>'))).status).toBe(415);
    expect((await upload('buyer', made.id, new TextEncoder().encode('%PDF-1.4\n%%EOF\n'), 'scan.png')).status).toBe(415);
    const large = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#808080' } }).raw().toBuffer();
    const big = await sharp(large, { raw: { width: 1400, height: 1400, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.byteLength).toBeGreaterThan(1024 * 1024);
    expect((await upload('buyer', made.id, big)).status).toBe(413);
    expect((await upload('univ', made.id, await png('#ff0000'))).status).toBe(404);
    expect((await upload('employee', made.id, await png('#ff0000'))).status).toBe(403);
    expect((await upload(null, made.id, await png('#ff0000'))).status).toBe(401);
    expect((await t.call('buyer', 'POST', `/api/app/complaints/${made.id}/withdraw`)).status).toBe(200);
    const closed = await upload('buyer', made.id, await png('#ff0000'));
    expect(closed.status).toBe(409);
    expect(await photoCount(made.id)).toBe(0);
  });

  it('by the authorisation matrix', async () => {
    const order = await t.placedOrder('buyer@demo.example.com');
    const made = await t.file('buyer', { orderId: order.id, lines: [{ itemId: order.itemId, quantity: 1 }], description: '矩阵', category: 'other' });
    const matrix = authorisationMatrix(h);
    await matrix.expect([
      { method: 'GET', path: `/api/app/complaints/${made.id}/photos/1`, expect: { buyerA: 404, buyerB: 404, employeeA: 403, staffAdmin: 401, guest: 401 } },
      { method: 'POST', path: `/api/app/complaints/${made.id}/photos`, expect: { buyerB: 415, employeeA: 403, staffAdmin: 401, guest: 401 } },
      { method: 'GET', path: `/api/admin/complaints/${made.id}/photos/1`, expect: { staffAdmin: 404, staffOps: 403, buyerA: 401, guest: 401 } },
    ]);
  });
});

describe('the staff API answers', () => {
  it('by the authorisation matrix', async () => {
    const matrix = authorisationMatrix(h);
    const [c] = await t.q<{ id: number }>(sql`select k.id from complaints k join companies co on co.id = k.company_id where co.name = '上海示例生物科技有限公司' order by k.id limit 1`);
    await matrix.expect([
      { method: 'GET', path: '/api/admin/complaints', expect: { staffAdmin: 200, staffSales: 200, staffOps: 403, buyerA: 401, guest: 401 } },
      { method: 'GET', path: `/api/admin/complaints/${c!.id}`, expect: { staffAdmin: 200, staffSales: 200, staffOps: 403, buyerA: 401, guest: 401 } },
      { method: 'PUT', path: `/api/admin/complaints/${c!.id}/status`, json: { to: 'bogus' }, expect: { staffSales: 400, staffOps: 403, guest: 401 } },
      { method: 'GET', path: `/api/app/complaints/${c!.id}`, expect: { buyerA: 200, adminA: 200, buyerB: 404, employeeA: 403, staffAdmin: 401, guest: 401 } },
    ]);
  });

  it('lists with search, filters, sort and keyset pages; refuses a bad cursor', async () => {
    const all = await t.call('admin', 'GET', '/api/admin/complaints?limit=200');
    const items = (all.body.data as { total: number; items: ComplaintDetailDto[] }).items;
    expect(items.length).toBeGreaterThanOrEqual(6);
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await t.call('admin', 'GET', `/api/admin/complaints?limit=2&sort=-appliedRefund${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      const page = res.body.data as { items: ComplaintDetailDto[]; nextCursor: string | null };
      seen.push(...page.items.map((i) => Number(i.appliedRefund) * 100));
      cursor = page.nextCursor;
    }
    expect(seen.length).toBe(items.length);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    const filtered = await t.call('admin', 'GET', '/api/admin/complaints?status=rejected');
    expect((filtered.body.data as { items: ComplaintDetailDto[] }).items.every((i) => i.status === 'rejected')).toBe(true);
    const first = items[0]!;
    const searched = await t.call('admin', 'GET', `/api/admin/complaints?key=${encodeURIComponent(first.complaintNo)}`);
    expect((searched.body.data as { items: ComplaintDetailDto[] }).items.map((i) => i.id)).toEqual([first.id]);
    expect((await t.call('admin', 'GET', '/api/admin/complaints?cursor=bogus')).status).toBe(400);
    expect((await t.call('admin', 'GET', '/api/admin/complaints?status=bogus')).status).toBe(400);
  });

  it('keeps saved views of the complaints list per member', async () => {
    const saved = await t.call('sales', 'POST', '/api/admin/customers/views', { listKey: 'complaints', name: '待审核', query: { status: 'reviewing', view: 'board' } });
    expect(saved.status).toBe(200);
    const mine = await t.call('sales', 'GET', '/api/admin/customers/views?listKey=complaints');
    expect((mine.body.data as { name: string }[]).map((v) => v.name)).toEqual(['待审核']);
    const theirs = await t.call('sales2', 'GET', '/api/admin/customers/views?listKey=complaints');
    expect(theirs.body.data).toEqual([]);
  });
});
