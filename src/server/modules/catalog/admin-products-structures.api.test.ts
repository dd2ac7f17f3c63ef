import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_SMILES_CHARS, MAX_STRUCTURE_ATOMS } from '@/lib/structure-limits';
import { setStructurePool, type StructureReading, type StructureTask } from '@/server/modules/chemistry/structures';
import { WorkerPool } from '@/server/modules/chemistry/worker-pool';
import { fileApiHarness } from '../../../../test/api';
import { adminProductsHarness } from '../../../../test/admin-products';
import { closedGate, GATED_WORKER, type Gate } from '../../../../test/workers/gate';
import { withPatientStructurePool } from '../../../../test/workers/structure-pool';

// The structures of back-office products: the preview, the caps on a SMILES, and the structure workers.
const h = fileApiHarness();
const { ids, product, create } = adminProductsHarness(h);
// Real structure workers with a time limit no drawing reaches (the limit is tested with the gated worker below).
withPatientStructurePool();

describe('structure preview', () => {
  it('previews a SMILES as a drawing with its formula, and says when it does not parse', async () => {
    const ok = await h.call('GET', `/api/admin/catalog/products/structure-preview?smiles=${encodeURIComponent('c1ccccc1O')}`, { token: ids.admin });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ valid: true, formula: 'C6H6O', molecularWeight: '94.113' });
    expect((ok.body.data as { svg: string }).svg).toMatch(/^<svg /);
    const bad = await h.call('GET', `/api/admin/catalog/products/structure-preview?smiles=${encodeURIComponent('C1CC(')}`, { token: ids.admin });
    expect(bad.body.data).toMatchObject({ valid: false, svg: null });
    expect((await h.call('GET', '/api/admin/catalog/products/structure-preview', { token: ids.admin })).status).toBe(400);
  });
});

/** A structure pool whose worker holds every task while the gate is closed, then reads every SMILES as unreadable. */
function heldStructures(gate: Gate, timeoutMs = 60_000) {
  return new WorkerPool<StructureTask, StructureReading>({
    script: GATED_WORKER, size: 1, timeoutMs, maxQueue: 4, maxWaitMs: 60_000,
    workerData: { gate: gate.buffer, holdAll: true, reply: { kind: 'invalid' } },
  });
}

const preview = (smiles: string) => `/api/admin/catalog/products/structure-preview?smiles=${encodeURIComponent(smiles)}`;
const en = { 'accept-language': 'en' };

describe('structure caps and workers', () => {
  it('refuses a 1,000-character SMILES of 1,000 atoms, and one over 1,000 characters, naming the cap, before parsing', async () => {
    const atoms = await h.call('GET', preview('C'.repeat(MAX_SMILES_CHARS)), { token: ids.admin, headers: en });
    expect(atoms.status).toBe(400);
    expect(atoms.body.data).toEqual([{ field: 'smiles', message: `The structure has more than ${MAX_STRUCTURE_ATOMS} atoms` }]);
    const long = await h.call('GET', preview(`${'[13CH2]'.repeat(143)}`), { token: ids.admin, headers: en });
    expect(long.status).toBe(400);
    expect(long.body.data).toEqual([{ field: 'smiles', message: `The SMILES is longer than ${MAX_SMILES_CHARS} characters` }]);
    const save = await h.call('POST', '/api/admin/catalog/products', { token: ids.admin, headers: en, json: product({ itemNo: 'T-CAP-1', smiles: 'c1ccccc1'.repeat(125) }) });
    expect(save.status).toBe(400);
    expect(save.body.data).toEqual([{ field: 'smiles', message: `The structure has more than ${MAX_STRUCTURE_ATOMS} atoms` }]);
    // Within the caps, a large structure is read and drawn. (Well inside the atom cap: a structure at the cap
    // takes a good part of the time limit on a busy machine, and this test is about the caps, not the clock.)
    const big = await h.call('GET', preview('C'.repeat(100)), { token: ids.admin });
    expect(big.status).toBe(200);
    expect(big.body.data).toMatchObject({ valid: true, formula: 'C100H202' });
  });

  it('saves an edit that keeps the stored SMILES without reading it again, even one over the caps', async () => {
    const p = await create({ itemNo: 'T-KEEP-1' });
    const stored = 'C'.repeat(MAX_STRUCTURE_ATOMS + 1);
    await h.db.db.execute(sql`update products set smiles = ${stored} where id = ${p.id}`);
    const packs = p.packs.map((k) => ({ id: k.id, size: k.size, price: k.price, leadTimeDays: k.leadTimeDays, stock: k.stock }));
    const renamed = await h.call('PUT', `/api/admin/catalog/products/${p.id}`, { token: ids.admin, json: product({ itemNo: 'T-KEEP-1', nameEn: 'Ethanol, renamed', smiles: stored, packs }) });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({ nameEn: 'Ethanol, renamed', smiles: stored });
    // A changed SMILES is read again, and refused over a cap.
    const changed = await h.call('PUT', `/api/admin/catalog/products/${p.id}`, { token: ids.admin, headers: en, json: product({ itemNo: 'T-KEEP-1', smiles: `${stored}C`, packs }) });
    expect(changed.status).toBe(400);
    expect(changed.body.data).toEqual([{ field: 'smiles', message: `The structure has more than ${MAX_STRUCTURE_ATOMS} atoms` }]);
  });

  it('saves an edit that keeps the stored SMILES while no structure worker can answer', async () => {
    const p = await create({ itemNo: 'T-KEEP-2', smiles: 'CCO' });
    const packs = p.packs.map((k) => ({ id: k.id, size: k.size, price: k.price, leadTimeDays: k.leadTimeDays, stock: k.stock }));
    // Every structure sent to this pool runs past its time limit while the gate is closed.
    const gate = closedGate();
    const pool = heldStructures(gate, 150);
    const previous = setStructurePool(pool);
    try {
      const renamed = await h.call('PUT', `/api/admin/catalog/products/${p.id}`, { token: ids.admin, json: product({ itemNo: 'T-KEEP-2', nameEn: 'Ethanol, renamed', smiles: 'CCO', packs }) });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.data).toMatchObject({ nameEn: 'Ethanol, renamed', smiles: 'CCO' });
      expect(pool.dispatched).toBe(0);
      const changed = await h.call('PUT', `/api/admin/catalog/products/${p.id}`, { token: ids.admin, headers: en, json: product({ itemNo: 'T-KEEP-2', smiles: 'OCC', packs }) });
      expect(changed.status).toBe(400);
      expect(changed.body.data).toEqual([{ field: 'smiles', message: expect.stringMatching(/took too long/) }]);
    } finally {
      gate.open();
      setStructurePool(previous);
      await pool.close();
    }
  });

  it('answers the health check while a structure is being read, and the preview once the worker answers', async () => {
    const gate = closedGate();
    const pool = heldStructures(gate);
    const previous = setStructurePool(pool);
    try {
      await pool.warm();
      let previewed = false;
      const pending = h.call('GET', preview('CCO'), { token: ids.admin }).then((res) => {
        previewed = true;
        return res;
      });
      // The worker holds the structure: the server goes on answering meanwhile.
      for (; pool.dispatched === 0;) await new Promise<void>((resolve) => setImmediate(resolve));
      const health = await h.call('GET', '/api/health');
      expect(health.status).toBe(200);
      expect(previewed).toBe(false);
      gate.open();
      const res = await pending;
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ valid: false });
    } finally {
      gate.open();
      setStructurePool(previous);
      await pool.close();
    }
  });

  it('refuses a structure whose reading runs past the time limit, in the preview and on save', async () => {
    const gate = closedGate();
    const pool = heldStructures(gate, 150);
    const previous = setStructurePool(pool);
    try {
      const res = await h.call('GET', preview('CCCO'), { token: ids.admin, headers: en });
      expect(res.status).toBe(400);
      expect(res.body.data).toEqual([{ field: 'smiles', message: expect.stringMatching(/took too long/) }]);
      const save = await h.call('POST', '/api/admin/catalog/products', { token: ids.admin, headers: en, json: product({ itemNo: 'T-SLOW-1', smiles: 'CCCCO' }) });
      expect(save.status).toBe(400);
      expect(save.body.data).toEqual([{ field: 'smiles', message: expect.stringMatching(/took too long/) }]);
      expect(pool.terminations).toBe(2);
    } finally {
      gate.open();
      setStructurePool(previous);
      await pool.close();
    }
  });
});
