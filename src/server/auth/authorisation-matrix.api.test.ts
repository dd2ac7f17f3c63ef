import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, orders } from '@/server/db/schema';
import { buildOpenApiDocument } from '@/server/http/openapi';
import { apiRouters } from '@/server/api/routers';
import { fileApiHarness } from '../../../test/api';
import { authorisationMatrix, declaredCells } from '../../../test/authz-matrix';
import { fillPath, operationsOf, plausible, type OpenApiDocument } from '../../../test/openapi-routes';

/**
 * The authorisation matrix (docs/requirements/quality.md#s1-authorisation-matrix) over every signed-in route of the OpenAPI
 * document: guests and the other kind of account get 401, an account missing a permission 403;
 * and, by example, a company's rows stay invisible to another company whatever the id's spelling.
 */

const h = fileApiHarness();
const matrix = authorisationMatrix(h);
expect(apiRouters.length).toBeGreaterThan(0);
const operations = operationsOf(buildOpenApiDocument() as unknown as OpenApiDocument).filter((op) => op.audience !== 'public');

describe('every signed-in route of the OpenAPI document', () => {
  it('answers 401 to guests and to the other kind of account, and 403 to an account missing a permission', async () => {
    expect(operations.length).toBeGreaterThan(50);
    const cases = [];
    for (const op of operations) {
      const values = Object.fromEntries(op.pathParams.map((p) => [p, plausible(op.fields[p] ?? {})]));
      cases.push(await declaredCells(matrix, op, fillPath(op.path, values)));
    }
    // The matrix reaches past the guest: some routes need a permission some accounts lack.
    expect(cases.filter((c) => Object.values(c.expect).includes(403)).length).toBeGreaterThan(10);
    await matrix.expect(cases);
    // Every route times every account, one call after another: the time grows with the API, not with a fault.
  }, 180_000);
});

describe('company isolation', () => {
  it('hides an order of company A from company B, and from staff, however its id is written', async () => {
    const [a] = await h.db.db.select({ id: companies.id }).from(companies).where(eq(companies.name, '上海示例生物科技有限公司'));
    const [order] = await h.db.db.select({ id: orders.id }).from(orders).where(eq(orders.companyId, a?.id ?? -1)).limit(1);
    expect(order).toBeTruthy();
    const id = String(order?.id);
    const spellings = [id, encodeURIComponent(id).replace(/./g, (ch) => `%${ch.charCodeAt(0).toString(16)}`), `0${id}`, ` ${id}`, `${id}.0`, `+${id}`];
    await matrix.expect([
      { method: 'GET', path: `/api/app/order/sale?id=${id}`, expect: { adminA: 200, buyerB: 404, guest: 401, staffAdmin: 401 } },
      ...spellings.map((s) => ({ method: 'GET', path: `/api/app/order/sale?id=${s}`, expect: { buyerB: [400, 404] } })),
      { method: 'POST', path: '/api/app/api/order/items', json: { id: Number(id) }, expect: { adminA: 200, buyerB: 404 } },
      { method: 'POST', path: '/api/app/sale/update', json: { id: Number(id), note: 'from B' }, expect: { buyerB: 404 } },
    ]);
  });
});
