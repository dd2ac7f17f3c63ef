import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadActor } from '@/server/auth/actor';
import { buildOpenApiDocument } from '@/server/http/openapi';
import { searchCountsSettled } from '@/server/modules/dashboard/search-counts';
import { resetRateLimits } from '@/server/modules/rate-limit/limits';
import { fileApiHarness } from '../../../test/api';
import { fuzzCase, isSmilesField, malformedRequests, requestOf, untextableBody } from '../../../test/bad-input';
import { writeProbe, type WriteProbe } from '../../../test/db-writes';
import { loadOpenApiDocument, operationsOf, type ApiOperation, type OpenApiDocument } from '../../../test/openapi-routes';
import { apiRouters } from './routers';

/**
 * Bad input everywhere (docs/requirements/quality.md#s11-bad-input): for every operation of the OpenAPI
 * document, hostile requests as a guest and as a signed-in account (the customer administrator,
 * or the staff administrator for back-office routes). Never a 5xx, always the envelope with the
 * status as its code, and nothing written by a request that was refused.
 *
 * FUZZ_RUNS (default 12 on PGlite, 6 on PostgreSQL) sets the generated requests per operation and actor; FUZZ_SEED replays a
 * failing run (fast-check prints the seed and the shrunk request).
 */

const h = fileApiHarness();
// PostgreSQL answers more slowly in-process, and the write check reads every table there more often.
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.TEST_DB_DRIVER === 'postgres' ? 6 : 12));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

// The routers register their endpoints when imported; the tests below are one per operation of the
// same document that /api/openapi.json serves (checked by the first test).
expect(apiRouters.length).toBeGreaterThan(0);
const document = buildOpenApiDocument() as unknown as OpenApiDocument;
const operations = operationsOf(document);

interface Actor {
  name: string;
  headers: () => Record<string, string>;
}

let probe: WriteProbe;
let baseline: { marker: string; marks: string; tables: Map<string, string> };
const tokens = { user: '', staff: '' };

beforeAll(async () => {
  probe = await writeProbe(h.db.db);
});

/** Fresh throttling counters, and sessions for both accounts (a fuzzed sign-out may have ended one). */
async function signIn(): Promise<void> {
  await resetRateLimits();
  if ((await loadActor(h.db.db, tokens.user)).kind !== 'user') tokens.user = await h.loginUser('admin@demo.example.com', 'Reagent#2026');
  if ((await loadActor(h.db.db, tokens.staff)).kind !== 'staff') tokens.staff = await h.loginStaff('admin', 'Admin#2026');
  baseline = { marker: await probe.marker(), marks: await probe.marks(), tables: await probe.snapshot() };
}

function actorsOf(op: ApiOperation): Actor[] {
  const guest: Actor = { name: 'guest', headers: () => ({}) };
  const kind = op.audience === 'staff' ? 'staff' : 'user';
  return [guest, { name: `signed-in ${kind}`, headers: () => ({ authorization: tokens[kind] }) }];
}

/** Checks one answer, and that a refused request wrote nothing. */
async function check(label: string, res: Response): Promise<void> {
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  expect(res.status, `${label}: ${text.slice(0, 300)}`).toBeLessThan(500);
  const isFile = res.status === 200 && !type.includes('json');
  if (!isFile) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${label}: answered ${res.status} ${type} that is not the JSON envelope: ${text.slice(0, 200)}`);
    }
    expect(body, label).toMatchObject({ code: res.status, msg: expect.any(String) });
    // Errors carry the request id of the answer's X-Request-Id too.
    const keys = res.status === 200 ? ['code', 'data', 'msg'] : ['code', 'data', 'msg', 'requestId'];
    expect(Object.keys(body as object).sort(), label).toEqual(keys);
    if (res.status !== 200) expect((body as { requestId: string }).requestId, label).toBe(res.headers.get('x-request-id'));
    expect(text, label).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.ts:\d+/);
  }
  // A search counted for the dashboard is written beside its answer: it belongs to this request.
  await searchCountsSettled();
  const marker = await probe.marker();
  if (marker === baseline.marker) return;
  // The fingerprints of the tables that were written to since the last check (a refused request must have
  // left each as it was), then the new state as the baseline.
  const marks = await probe.marks();
  const tables = await probe.snapshot(probe.moved(baseline.marks, marks));
  if (res.status >= 300) expect(probe.changed(baseline.tables, tables), `${label} answered ${res.status} and wrote`).toEqual([]);
  baseline = { marker, marks, tables: new Map([...baseline.tables, ...tables]) };
}

describe('bad input to every route of the OpenAPI document', () => {
  it('walks the document that /api/openapi.json serves', async () => {
    const served = operationsOf(await loadOpenApiDocument(h.app));
    expect(served.map((o) => `${o.method} ${o.path}`)).toEqual(operations.map((o) => `${o.method} ${o.path}`));
    expect(operations.length).toBeGreaterThan(100);
    // SMILES fields are tagged, so that they get structure-sized values: the preview and the product's save.
    const smiles = operations.filter((o) => Object.values(o.fields).some(isSmilesField)).map((o) => `${o.method} ${o.path}`);
    expect(smiles).toEqual(expect.arrayContaining([
      'get /api/admin/catalog/products/structure-preview', 'post /api/admin/catalog/products', 'put /api/admin/catalog/products/{id}',
    ]));
  });

  it('notices an insert, an update and a delete (the write check can fail)', async () => {
    const before = await probe.snapshot();
    const marker = await probe.marker();
    const marks = await probe.marks();
    await h.db.db.execute(sql`insert into catalog_feedback (search_key, search_type, lang) values ('probe', 3, 'zh')`);
    const inserted = await probe.snapshot();
    expect(probe.changed(before, inserted)).toEqual(['catalog_feedback']);
    expect(await probe.marker()).not.toBe(marker);
    // Only the table written to moved, and its fingerprint alone shows the change.
    const moved = probe.moved(marks, await probe.marks());
    expect(moved).toEqual(['catalog_feedback']);
    expect(probe.changed(before, await probe.snapshot(moved))).toEqual(['catalog_feedback']);
    await h.db.db.execute(sql`update catalog_feedback set note = 'changed' where search_key = 'probe'`);
    const updated = await probe.snapshot();
    expect(probe.changed(inserted, updated)).toEqual(['catalog_feedback']);
    await h.db.db.execute(sql`delete from catalog_feedback where search_key = 'probe'`);
    expect(probe.changed(before, await probe.snapshot())).toEqual([]);
  });

  for (const [index, op] of operations.entries()) {
    it(`${op.method.toUpperCase()} ${op.path}`, async () => {
      await signIn();
      for (const actor of actorsOf(op)) {
        // A guest on a signed-in route is turned away before the input is read: a few requests show it.
        const turnedAway = actor.name === 'guest' && op.audience !== 'public';
        // Each operation gets every third malformed request, in turn, so that the whole set goes to
        // every kind of route and the run stays short; a guest turned away gets every ninth.
        const every = turnedAway ? 9 : 3;
        const untextable = untextableBody(op);
        const malformed = [...malformedRequests(op).filter((_, i) => (i + index) % every === 0), ...(untextable && !turnedAway ? [untextable] : [])];
        for (const bad of malformed) {
          const res = await h.app.request(bad.url, { ...bad.init, headers: { ...bad.init.headers, ...actor.headers() } });
          await check(`${actor.name}, ${bad.label}`, res);
        }
        await fc.assert(
          fc.asyncProperty(fuzzCase(op), async (c) => {
            const { url, init } = requestOf(op, c);
            const res = await h.app.request(url, { ...init, headers: { ...init.headers, ...actor.headers() } });
            await check(`${actor.name}, ${c.encoding} ${JSON.stringify(c.values).slice(0, 400)}`, res);
          }),
          { numRuns: turnedAway ? 2 : RUNS, seed: SEED },
        );
      }
    });
  }
});
