import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { buildOpenApiDocument } from '@/server/http/openapi';
import { resetRateLimits } from '@/server/modules/rate-limit/limits';
import { fileApiHarness } from '../../../test/api';
import { moneyValues } from '../../../test/bad-input';
import { issuedInvoice } from '../../../test/invoice-files';
import { addressOf, newKey } from '../../../test/orders';
import { operationsOf, type JsonSchema, type OpenApiDocument } from '../../../test/openapi-routes';
import { apiRouters } from './routers';

/**
 * Every money input of the API (the fields marked `x-money` in the OpenAPI document, at any depth)
 * on a request that is otherwise valid, with real rows: random amounts, huge ones included, answer
 * 200 or 400 — never 500. Each column holds what its schema accepts (bigint cents, numeric(12,2)),
 * and products of accepted values (unit × quantity × lines) are capped by the server.
 */

const h = fileApiHarness();
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.TEST_DB_DRIVER === 'postgres' ? 8 : 14));

expect(apiRouters.length).toBeGreaterThan(0);
const document = buildOpenApiDocument() as unknown as OpenApiDocument;

/** The paths of the money fields of a schema: `amount`, `lines[].unitCents`. */
function moneyPaths(schema: JsonSchema | undefined, at: string, out: string[]): string[] {
  if (!schema) return out;
  if (schema['x-money']) out.push(at);
  for (const [k, v] of Object.entries(schema.properties ?? {})) moneyPaths(v, `${at}.${k}`, out);
  if (schema.items) moneyPaths(schema.items, `${at}[]`, out);
  for (const v of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) moneyPaths(v, at, out);
  return [...new Set(out)];
}

const moneyOperations = operationsOf(document).map((op) => ({
  key: `${op.method.toUpperCase()} ${op.path}`,
  fields: Object.entries(op.fields).flatMap(([name, schema]) => moneyPaths(schema, name, [])),
})).filter((o) => o.fields.length > 0);

const tokens: Record<'admin' | 'sales' | 'buyer' | 'companyAdmin', string> = { admin: '', sales: '', buyer: '', companyAdmin: '' };
const ids = { rule: 0, case: 0, product: 0, contract: 0, customer: 0, expense: 0, quotation: 0, agreement: 0, employee: 0, company: 0, brand: 0, leaf: 0, packs: [] as number[] };
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await h.db.db.execute(query));
const send = (who: keyof typeof tokens, method: string, url: string, json: unknown) => h.call(method, url, { token: tokens[who], json });
const dataOf = async (res: Promise<{ status: number; body: { data: unknown } }>) => {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { id: number };
};

/** A placed order of the demo buyer with one line of 3 × 99,999,999.99 (the largest amount a field takes). */
async function bigOrderLine(n: number): Promise<{ orderId: number; itemId: number }> {
  const [buyer] = await q<{ id: number; company_id: number }>(sql`select id, company_id from users where login_name = 'buyer@demo.example.com'`);
  const [order] = await q<{ id: number }>(sql`
    insert into orders (order_no, company_id, user_id, status, idempotency_key, receiver, phone, region, address_detail, subtotal, total, line_count)
    values (${`MONEY${n}`}, ${buyer!.company_id}, ${buyer!.id}, 'placed', ${`money-${n}`}, 'r', '13800000000', 'x', 'y', 299999999.97, 299999999.97, 1) returning id`);
  const [item] = await q<{ id: number }>(sql`
    insert into order_items (order_id, company_id, product_id, pack_id, item_no, name_zh, name_en, size, unit_price, num, line_total)
    select ${order!.id}, ${buyer!.company_id}, p.product_id, p.id, 'BIG-1', '甲', 'A', '1g', 99999999.99, 3, 299999999.97 from product_packs p where p.id = ${ids.packs[0]!} returning id`);
  return { orderId: Number(order!.id), itemId: Number(item!.id) };
}

/** A blue invoice of 99,999,999.99 (the largest amount a field takes), unpaid, on a new order of the demo buyer. */
async function bigInvoice(n: number): Promise<number> {
  const { orderId } = await bigOrderLine(n);
  return issuedInvoice(h.db.db, orderId, {
    invoiceNo: String(26_000_000_000_000_000_000n + BigInt(n)), amount: '99999999.99', taxAmount: '11504424.77', issuedOn: inDays(-1), dueOn: inDays(29),
  });
}

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
const CASE = { customerName: '华东理工大学材料学院', contactName: '孙老师', contactEmail: 'sun.lab@ecust.example.edu', samples: '纳米二氧化钛 2 个样品', invoiceType: 'ordinary' };
const product = (n: number, price: unknown, listPrice: unknown = null) => ({
  itemNo: `T-MONEY-${n}`, nameZh: '无水乙醇', nameEn: 'Ethanol', brandId: ids.brand, categoryId: ids.leaf, active: true,
  packs: [{ size: '500 mL', price, listPrice, leadTimeDays: 0, stock: 1 }],
});
const ruleBody = (v: unknown) => ({ entityType: 'expense', name: '金额审批', amountAbove: v, priority: 5, tiers: [{ approverKind: 'permission', permission: 'EXPENSE.APPROVE' }] });

type Answer = { status: number; body: { data: unknown } };
/** One otherwise valid request per money field, with `v` in that field; `n` numbers the run. */
const templates: Record<string, Record<string, (v: unknown, n: number) => Promise<Answer>>> = {
  'POST /api/admin/approvals/rules': {
    amountAbove: (v) => send('admin', 'POST', '/api/admin/approvals/rules', ruleBody(v)),
    amountUpTo: (v) => send('admin', 'POST', '/api/admin/approvals/rules', { ...ruleBody(undefined), amountUpTo: v }),
  },
  'PUT /api/admin/approvals/rules/{id}': {
    amountAbove: (v) => send('admin', 'PUT', `/api/admin/approvals/rules/${ids.rule}`, ruleBody(v)),
    amountUpTo: (v) => send('admin', 'PUT', `/api/admin/approvals/rules/${ids.rule}`, { ...ruleBody(undefined), amountUpTo: v }),
  },
  'POST /api/admin/cases': { testFee: (v) => send('sales', 'POST', '/api/admin/cases', { ...CASE, testFee: v }) },
  'PUT /api/admin/cases/{id}': { testFee: (v) => send('sales', 'PUT', `/api/admin/cases/${ids.case}`, { ...CASE, testFee: v }) },
  'POST /api/admin/catalog/products': {
    'packs[].price': (v, n) => send('admin', 'POST', '/api/admin/catalog/products', product(n, v)),
    'packs[].listPrice': (v, n) => send('admin', 'POST', '/api/admin/catalog/products', product(n, '0', v)),
  },
  'PUT /api/admin/catalog/products/{id}': {
    'packs[].price': (v) => send('admin', 'PUT', `/api/admin/catalog/products/${ids.product}`, product(0, v)),
    'packs[].listPrice': (v) => send('admin', 'PUT', `/api/admin/catalog/products/${ids.product}`, product(0, '0', v)),
  },
  'PUT /api/admin/complaints/{id}/status': {
    approvedRefund: async (v, n) => {
      const { orderId, itemId } = await bigOrderLine(n);
      const filed = await dataOf(send('buyer', 'POST', '/api/app/complaints', { orderId, lines: [{ itemId, quantity: 1 }], description: '到货破损', category: 'damaged', appliedRefund: '99999999.99' }));
      return send('sales', 'PUT', `/api/admin/complaints/${filed.id}/status`, { to: 'approving', approvedRefund: v });
    },
  },
  'POST /api/admin/contracts': { amount: (v) => send('sales', 'POST', '/api/admin/contracts', { companyId: ids.company, title: '年度试剂供货合同', amount: v }) },
  'PUT /api/admin/contracts/{id}': { amount: (v) => send('sales', 'PUT', `/api/admin/contracts/${ids.contract}`, { title: '年度试剂供货合同', amount: v }) },
  'POST /api/admin/price-agreements': {
    'rules[].netCents': (v, n) => send('sales', 'POST', '/api/admin/price-agreements', { companyId: ids.company, name: `金额协议 ${n}`, validFrom: inDays(0), validTo: inDays(30), rules: [{ kind: 'net', scope: 'pack', packId: ids.packs[0], netCents: v }] }),
  },
  'PUT /api/admin/price-agreements/{id}': {
    'rules[].netCents': (v) => send('sales', 'PUT', `/api/admin/price-agreements/${ids.agreement}`, { name: '金额协议', validFrom: inDays(0), validTo: inDays(30), rules: [{ kind: 'break', scope: 'pack', packId: ids.packs[1], netCents: v, minQty: 5 }] }),
  },
  'POST /api/admin/customers': { creditLimit: (v, n) => send('admin', 'POST', '/api/admin/customers', { name: `金额测试客户 ${n}`, creditLimit: v }) },
  'PUT /api/admin/customers/{id}': { creditLimit: (v) => send('admin', 'PUT', `/api/admin/customers/${ids.customer}`, { creditLimit: v }) },
  'POST /api/admin/expenses': { amount: (v) => send('sales', 'POST', '/api/admin/expenses', { amount: v, category: 'office', spentOn: inDays(-1) }) },
  'PUT /api/admin/expenses/{id}': { amount: (v) => send('sales', 'PUT', `/api/admin/expenses/${ids.expense}`, { amount: v, category: 'office', spentOn: inDays(-1) }) },
  'POST /api/admin/invoices/{id}/payments': {
    amount: async (v, n) => send('admin', 'POST', `/api/admin/invoices/${await bigInvoice(n)}/payments`, { amount: v, receivedOn: inDays(-1), reference: `MONEY-${n}` }),
  },
  'PUT /api/admin/quotations/{id}/draft': {
    // 50 lines of 9,999 packs: the largest unit prices make lines and totals the server must refuse.
    'lines[].unitCents': (v) => send('sales', 'PUT', `/api/admin/quotations/${ids.quotation}/draft`, {
      discountBp: 0, validUntil: inDays(10), lines: [{ packId: ids.packs[0], num: 3, unitCents: v }, { packId: ids.packs[1], num: 9999, unitCents: v }],
    }),
  },
  'POST /api/app/approval/rules/save': {
    totalAboveAmount: (v) => send('companyAdmin', 'POST', '/api/app/approval/rules/save', { totalAboveActive: true, totalAboveAmount: v, hazardousActive: false, controlledActive: false, monthlyLimitActive: false }),
  },
  'POST /api/app/complaints': {
    appliedRefund: async (v, n) => {
      const { orderId, itemId } = await bigOrderLine(n);
      return send('buyer', 'POST', '/api/app/complaints', { orderId, lines: [{ itemId, quantity: 3 }], description: '到货破损', category: 'damaged', appliedRefund: v });
    },
  },
  'POST /api/app/user/add': { monthlyLimit: (v, n) => send('companyAdmin', 'POST', '/api/app/user/add', { loginName: `money.${n}@demo.example.com`, name: '金额', monthlyLimit: v }) },
  'POST /api/app/user/update': { monthlyLimit: (v) => send('companyAdmin', 'POST', '/api/app/user/update', { id: ids.employee, monthlyLimit: v }) },
};

beforeAll(async () => {
  await resetRateLimits();
  tokens.admin = await h.loginStaff('admin', 'Admin#2026');
  tokens.sales = await h.loginStaff('sales', 'Sales#2026');
  tokens.buyer = await h.loginUser('buyer@demo.example.com', 'Reagent#2026');
  tokens.companyAdmin = await h.loginUser('admin@demo.example.com', 'Reagent#2026');
  const [company] = await q<{ id: number }>(sql`select company_id as id from users where login_name = 'buyer@demo.example.com'`);
  ids.company = Number(company!.id);
  // The user/add template adds one user per accepted amount; the company's sub-account cap is not what is tested here.
  await h.db.db.execute(sql`update companies set sub_account_limit = 100000 where id = ${ids.company}`);
  const [employee] = await q<{ id: number }>(sql`select id from users where login_name = 'employee@demo.example.com'`);
  ids.employee = Number(employee!.id);
  ids.leaf = Number((await q<{ id: number }>(sql`select id from categories where leaf order by id limit 1`))[0]!.id);
  ids.brand = Number((await q<{ id: number }>(sql`select id from brands order by id limit 1`))[0]!.id);
  ids.packs = (await q<{ id: number }>(sql`select pp.id from product_packs pp join products p on p.id = pp.product_id where p.active order by pp.id limit 2`)).map((r) => Number(r.id));
  // A list price of 0.01: no quoted price is below the floor, whatever the amount.
  await h.db.db.execute(sql`update product_packs set price = 0.01 where id in (${ids.packs[0]!}, ${ids.packs[1]!})`);
  await dataOf(send('admin', 'POST', '/api/admin/approvals/rules', { ...ruleBody('1'), name: '金额审批（改）' }));
  ids.rule = Number((await q<{ id: number }>(sql`select id from staff_approval_rules where name = '金额审批（改）'`))[0]!.id);
  ids.case = (await dataOf(send('sales', 'POST', '/api/admin/cases', { ...CASE, testFee: '1' }))).id;
  ids.product = (await dataOf(send('admin', 'POST', '/api/admin/catalog/products', product(0, '1')))).id;
  ids.contract = (await dataOf(send('sales', 'POST', '/api/admin/contracts', { companyId: ids.company, title: '年度试剂供货合同', amount: '1' }))).id;
  ids.customer = (await dataOf(send('admin', 'POST', '/api/admin/customers', { name: '金额测试客户', creditLimit: '1' }))).id;
  ids.agreement = (await dataOf(send('sales', 'POST', '/api/admin/price-agreements', { companyId: ids.company, name: '金额协议', validFrom: inDays(0), validTo: inDays(30) }))).id;
  ids.expense = (await dataOf(send('sales', 'POST', '/api/admin/expenses', { amount: '1', category: 'office', spentOn: inDays(-1) }))).id;
  const requested = await dataOf(send('buyer', 'POST', '/api/app/quotations', { source: 'cart', note: '', lines: [{ packId: ids.packs[0], num: 1, comment: '' }] }));
  ids.quotation = requested.id;
  expect((await send('sales', 'PUT', `/api/admin/quotations/${ids.quotation}/state`, { to: 'draft' })).status).toBe(200);
});

/** Amounts as a person or a script sends them: the edges, random decimals of any size, numbers. */
const amount: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...moneyValues),
  fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 22n }), fc.integer({ min: 0, max: 99 })).map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`),
  fc.bigInt({ min: 0n, max: 10n ** 20n }).map((v) => v.toString()),
  fc.integer({ min: 0, max: 2 ** 31 }),
  fc.double({ min: 0, max: 1e21, noNaN: true }),
  fc.constantFrom<unknown>(2_147_483_647, 2_147_483_648, 999_999_999, 99_999_999.99, 9_999_999_999.99, 21_474_836.48),
);

/** The value that must be accepted: a plain amount (cents for a field in cents). */
const accepted = (field: string) => (field.endsWith('Cents') ? 1234 : '12.34');

describe('money inputs', () => {
  it('every money field of the document has an otherwise valid request here (a new one must be added)', () => {
    expect(moneyOperations.length).toBeGreaterThanOrEqual(18);
    expect(moneyOperations.map((o) => [o.key, o.fields.sort()])).toEqual(moneyOperations.map((o) => [o.key, Object.keys(templates[o.key] ?? {}).sort()]));
    // The money fields one would expect are all marked.
    const marked = new Set(moneyOperations.flatMap((o) => o.fields.map((f) => f.replace(/^.*[.\]]/, ''))));
    for (const name of ['amount', 'appliedRefund', 'approvedRefund', 'testFee', 'creditLimit', 'monthlyLimit', 'totalAboveAmount', 'amountAbove', 'amountUpTo', 'price', 'unitCents']) {
      expect(marked, name).toContain(name);
    }
  });

  let n = 0;
  for (const op of moneyOperations) {
    for (const field of op.fields) {
      it(`${op.key}: ${field} answers 200 or 400 for any amount, never 500`, async () => {
        const run = templates[op.key]?.[field];
        expect(run).toBeTruthy();
        await resetRateLimits();
        const ok = await run!(accepted(field), ++n);
        expect(ok.status, `a plain amount: ${JSON.stringify(ok.body)}`).toBe(200);
        await fc.assert(fc.asyncProperty(amount, async (v) => {
          const res = await run!(v, ++n);
          expect([200, 400], `${JSON.stringify(v)}: ${JSON.stringify(res.body).slice(0, 300)}`).toContain(res.status);
        }), { numRuns: RUNS });
        // Above the old integer limit (21,474,836.47) and at the cap the amount is kept; beyond the cap refused.
        if (!field.endsWith('Cents')) {
          expect((await run!('21474836.48', ++n)).status).toBe(200);
          expect((await run!('99999999.99', ++n)).status).toBe(200);
          expect((await run!('99999999999.99', ++n)).status).toBe(400);
        }
      });
    }
  }

  it('a quotation line of 999,999,999 cents × 3 is kept; lines beyond the total cap are refused with a field error', async () => {
    const three = await send('sales', 'PUT', `/api/admin/quotations/${ids.quotation}/draft`, { discountBp: 0, validUntil: inDays(10), lines: [{ packId: ids.packs[0], num: 3, unitCents: 999_999_999 }] });
    expect(three.status, JSON.stringify(three.body)).toBe(200);
    expect((three.body.data as { versions: { totalCents: number }[] }).versions.at(-1)?.totalCents).toBe(2_999_999_997);
    const many = await send('sales', 'PUT', `/api/admin/quotations/${ids.quotation}/draft`, {
      discountBp: 0, validUntil: inDays(10), lines: [{ packId: ids.packs[0], num: 9999, unitCents: 999_999_999 }],
    });
    expect(many.status).toBe(400);
    expect(many.body.data).toEqual([{ field: 'lines', message: expect.any(String) }]);
  });

  it('a contract and a customer\'s complaint of 21,474,836.48 are kept (beyond a 32-bit integer of cents)', async () => {
    const contract = await send('sales', 'POST', '/api/admin/contracts', { companyId: ids.company, title: '大额合同', amount: '21474836.48' });
    expect(contract.status, JSON.stringify(contract.body)).toBe(200);
    expect((contract.body.data as { amount: string }).amount).toBe('21474836.48');
    const { orderId, itemId } = await bigOrderLine(++n);
    const complaint = await send('buyer', 'POST', '/api/app/complaints', { orderId, lines: [{ itemId, quantity: 1 }], description: '到货破损', category: 'damaged', appliedRefund: '21474836.48' });
    expect(complaint.status, JSON.stringify(complaint.body)).toBe(200);
    expect((complaint.body.data as { appliedRefund: string }).appliedRefund).toBe('21474836.48');
  });

  it('a cart of the dearest packs shows its total, and its order is refused above the cap (400), never a 500', async () => {
    const [pack] = await q<{ id: number }>(sql`select pp.id from product_packs pp join products p on p.id = pp.product_id
      where p.active and p.ghs is null and p.control_class is null and pp.id not in (${ids.packs[0]!}, ${ids.packs[1]!}) order by pp.id limit 1`);
    await h.db.db.execute(sql`update product_packs set price = 9999999999.99, stock = 10000, lead_time_days = 0 where id = ${pack!.id}`);
    await send('buyer', 'POST', '/api/app/api/order/shopcart/clean', {});
    expect((await send('buyer', 'POST', '/api/app/api/order/shopcart/item/add', { packId: pack!.id, num: 9999 })).status).toBe(200);
    const cart = await send('buyer', 'POST', '/api/app/api/order/shopcart/items', {});
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    expect((cart.body.data as { total: string }).total).toBe('99989999999900.01');
    const address = await addressOf(h, 'buyer@demo.example.com');
    const order = await send('buyer', 'POST', '/api/app/api/order/add', { idempotencyKey: newKey(), addressId: address });
    expect(order.status, JSON.stringify(order.body)).toBe(400);
    expect(order.body.msg).toContain('9,000,000,000.00');
    await send('buyer', 'POST', '/api/app/api/order/shopcart/clean', {});
  });
});
