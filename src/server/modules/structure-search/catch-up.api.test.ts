import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { takeLease } from '@/server/modules/approvals/reminders';
import { createLocalFileStore } from '@/server/modules/files/store';
import { runDoctor } from '@/server/setup/doctor';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-db';
import { CATCH_UP_LEASE, catchUpHolder, catchUpSubstances, productsWaitingForSubstance } from './catch-up';
import { pruneSubstances } from './store';

// A database upgraded to migration 0025 has its products' SMILES and no substance: the server links
// them itself, one instance under a lease, and `npm run doctor` says they are waiting (ADR 0087).
let db: TestDatabase;
const filesDir = mkdtempSync(path.join(tmpdir(), 'catch-up-files-'));
const store = createLocalFileStore(filesDir);
const ENV = { DATABASE_URL: 'postgres://shop@db/shop', SITE_URL: 'https://shop.example.com' };

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.destroy();
  rmSync(filesDir, { recursive: true, force: true });
});

async function structureFinding() {
  return (await runDoctor(db.db, store, ENV, null)).find((f) => f.check === 'structures');
}

/** Products with a structure and their substance's InChIKey, by id. */
async function links(): Promise<Record<number, string | null>> {
  const rows = rowsOf<{ id: number; inchikey: string | null }>(await db.db.execute(sql`
    select p.id, s.inchikey from products p left join substances s on s.id = p.substance_id where p.smiles is not null and p.smiles <> '' order by p.id`));
  return Object.fromEntries(rows.map((r) => [Number(r.id), r.inchikey]));
}

describe('products waiting for their substance', () => {
  it('are linked by the instance holding the lease, and reported by the doctor meanwhile', async () => {
    // The seed links every structure it has; what RDKit refuses, if anything, waits for ever.
    const refusedBefore = await productsWaitingForSubstance(db.db);
    const linked = await links();
    // As after an upgrade to 0025: products of 30 structures without their substance, and no such substance.
    await db.db.execute(sql`update products set substance_id = null where substance_id in (select distinct substance_id from products where substance_id is not null order by 1 limit 30)`);
    expect(await pruneSubstances(db.db)).toBe(30);
    const waiting = await productsWaitingForSubstance(db.db);
    expect(waiting).toBeGreaterThanOrEqual(refusedBefore + 30);
    expect(await structureFinding()).toMatchObject({ ok: false, detail: expect.stringContaining(`${waiting} products have a SMILES but wait for their substance`) });

    // Another instance holds the lease: this one does nothing, and the doctor says someone is at it.
    expect(await takeLease(db.db, CATCH_UP_LEASE, 'instance-a', 60_000)).toBe(true);
    expect(await catchUpSubstances(db.db, { holder: 'instance-b', batch: 7 })).toBeNull();
    expect(await productsWaitingForSubstance(db.db)).toBe(waiting);
    expect((await structureFinding())?.detail).toContain('an instance is linking them now');
    expect((await catchUpHolder(db.db))?.holder).toBe('instance-a');

    // The holder links them, in batches, and gives the lease up.
    const done = await catchUpSubstances(db.db, { holder: 'instance-a', batch: 7 });
    expect(done?.products).toBe(waiting);
    expect(done?.refused).toHaveLength(refusedBefore);
    expect(await productsWaitingForSubstance(db.db)).toBe(refusedBefore);
    expect(await links()).toEqual(linked);
    expect(await catchUpHolder(db.db)).toBeNull();
    if (refusedBefore === 0) expect(await structureFinding()).toMatchObject({ ok: true });
    // Nothing left: a second run reads nothing.
    expect(await catchUpSubstances(db.db, { holder: 'instance-b' })).toEqual({ products: refusedBefore, refused: done?.refused });
  });
});
