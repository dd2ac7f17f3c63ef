import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/server/http/openapi';
import { apiRouters } from '@/server/api/routers';
import { resetRateLimits } from '@/server/modules/rate-limit/limits';
import { fileApiHarness } from '../../../test/api';
import { authorisationMatrix } from '../../../test/authz-matrix';
import { expectWritesNothing, writeProbe, type WriteProbe } from '../../../test/db-writes';
import { fillPath, operationsOf, plausible, type OpenApiDocument } from '../../../test/openapi-routes';

/**
 * CSRF on every route (docs/requirements/quality.md#s7-cross-site-writes, ADR 0018): a state change carried by the session
 * cookie from another origin — or from nowhere a browser would name — is refused with 403
 * `crossOrigin` and writes nothing, on every non-GET operation of the OpenAPI document; the same
 * request from this site is not refused for that reason.
 */

const h = fileApiHarness();
const matrix = authorisationMatrix(h);
expect(apiRouters.length).toBeGreaterThan(0);
const writes = operationsOf(buildOpenApiDocument() as unknown as OpenApiDocument).filter((op) => op.method !== 'get');
const CROSS_ORIGIN = '拒绝来自其他站点的请求';
const SITE = { host: 'localhost' };
const FOREIGN: Record<string, string>[] = [
  { origin: 'http://evil.example' },
  { origin: 'null' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site', origin: 'http://shop.localhost' },
  { referer: 'http://evil.example/page' },
  {},
];

let probe: WriteProbe;
beforeAll(async () => {
  probe = await writeProbe(h.db.db);
});

describe('cookie-authenticated writes from another origin', () => {
  it('covers every write of the document', () => {
    expect(writes.length).toBeGreaterThan(60);
  });

  for (const op of writes) {
    it(`${op.method.toUpperCase()} ${op.path}`, async () => {
      await resetRateLimits();
      const cookie = `reagent_session=${await matrix.tokenOf(op.audience === 'staff' ? 'staffAdmin' : 'adminA')}`;
      const values = Object.fromEntries(Object.entries(op.fields).map(([k, s]) => [k, plausible(s)]));
      const path = fillPath(op.path, values);
      const send = (headers: Record<string, string>) =>
        h.call(op.method.toUpperCase(), path, { json: values, headers: { ...SITE, cookie, ...headers } });
      await expectWritesNothing(probe, async () => {
        for (const headers of FOREIGN) {
          const res = await send(headers);
          expect(res.status, JSON.stringify(headers)).toBe(403);
          expect(res.body, JSON.stringify(headers)).toMatchObject({ code: 403, msg: CROSS_ORIGIN, data: null });
        }
      });
      // The control: from this site the same request gets past the check.
      const same = await send({ origin: 'http://localhost' });
      expect(same.body.msg).not.toBe(CROSS_ORIGIN);
    });
  }
});
