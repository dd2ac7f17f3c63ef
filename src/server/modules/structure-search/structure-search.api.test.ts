import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';
import { adminProductsHarness } from '../../../../test/admin-products';
import { authorisationMatrix } from '../../../../test/authz-matrix';
import { hasCartridge } from './cartridge';
import { snapshotLoads } from './embedded';
import { readCanonicalSmiles, readStructureKey, readSubstance, substancePool } from './engine';
import { byInchikey, exactLookup } from './exact';
import { FP_HALVES, MOL_HALVES, searchByStructure, type StructureEngine, type StructureMode } from './search';
import { identityOf, saveSubstance } from './store';

const h = fileApiHarness({ products: 300 });

interface Item { id: number; name: string; formula: string | null; similarity?: number | null; substanceId?: number | null }
interface Page {
  items: Item[];
  total: number;
  totalCapped: boolean;
  type: number | null;
  searched: { by: string; key: string } | null;
  structure: { mode: string; canonicalSmiles: string; partial: boolean; engine: string; threshold: number | null } | null;
  partial?: boolean;
}

async function search(form: Record<string, string>, lang = 'en'): Promise<{ status: number; page: Page; msg: string }> {
  const res = await h.call('POST', '/api/web/product/getPage', { form: { type: '5', limit: '100', ...form }, headers: { 'accept-language': lang } });
  return { status: res.status, page: res.body.data as Page, msg: res.body.msg };
}

async function namesOf(form: Record<string, string>): Promise<string[]> {
  const { status, page } = await search(form);
  expect(status).toBe(200);
  return page.items.map((i) => i.name);
}

/** A V2000 MOL block of a carbon chain of `atoms` atoms: 215 atoms make about 19,800 characters. */
function chainMolBlock(atoms: number): string {
  const lines = ['', '  generated', '', `${String(atoms).padStart(3)}${String(atoms - 1).padStart(3)}  0  0  0  0  0  0  0  0999 V2000`];
  for (let i = 0; i < atoms; i += 1) lines.push(`${(i * 1.3).toFixed(4).padStart(10)}${(i % 2 ? 0.75 : 0).toFixed(4).padStart(10)}${'0.0000'.padStart(10)} C   0  0  0  0  0  0  0  0  0  0  0  0`);
  for (let i = 1; i < atoms; i += 1) lines.push(`${String(i).padStart(3)}${String(i + 1).padStart(3)}  1  0  0  0  0`);
  lines.push('M  END');
  return lines.join('\n');
}

describe('structure search (type=5) on the demo catalogue', () => {
  it("finds ethanol first by its SMILES in exact mode, by InChIKey, whatever SMILES spells it", async () => {
    for (const key of ['CCO', 'OCC', 'C(O)C']) {
      const { page } = await search({ key, mode: 'exact' });
      expect(page.items[0]?.name).toBe('Ethanol');
      expect(page.items.every((i) => i.name === 'Ethanol')).toBe(true);
      expect(page.structure).toMatchObject({ mode: 'exact', canonicalSmiles: 'CCO', partial: false });
      expect(page.searched).toEqual({ by: 'structure', key: 'CCO' });
      expect(page.total).toBe(page.items.length);
    }
  });

  it('finds toluene and phenol but not cyclohexane with benzene in substructure mode, smallest first', async () => {
    for (const key of ['c1ccccc1', 'C1=CC=CC=C1']) {
      const names = await namesOf({ key, mode: 'sub' });
      expect(names).toContain('Toluene');
      expect(names).toContain('Phenol');
      expect(names).toContain('Benzene');
      expect(names).not.toContain('Cyclohexane');
      expect(names[0]).toBe('Benzene');
    }
  });

  it('ranks acetone first with score 1.0 in similarity mode, every score at or above the threshold', async () => {
    const { page } = await search({ key: 'CC(C)=O', mode: 'sim', threshold: '0.3' });
    expect(page.items[0]?.name).toBe('Acetone');
    expect(page.items[0]?.similarity).toBe(1);
    const scores = page.items.map((i) => i.similarity ?? -1);
    expect(scores.every((s) => s >= 0.3 && s <= 1)).toBe(true);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(page.items.some((i) => i.name !== 'Acetone')).toBe(true);
    // A higher threshold keeps fewer.
    const strict = await search({ key: 'CC(C)=O', mode: 'sim', threshold: '0.9' });
    expect(strict.page.items.length).toBeLessThan(page.items.length);
    expect(strict.page.structure?.threshold).toBe(0.9);
  });

  it('answers 400 in both languages saying why a structure does not parse, and searches nothing', async () => {
    const cases: [string, RegExp, RegExp][] = [
      ['C(C', /syntax error near character 2/, /第 2 个字符附近有语法错误/],
      ['C1CC', /ring that is not closed/, /未闭合的环/],
      ['C(C)(C)(C)(C)C', /atom 1 has more bonds/, /第 1 个原子/],
      ['c1cccc1', /aromatic ring/, /芳香环/],
    ];
    for (const [key, en, zh] of cases) {
      const english = await search({ key, mode: 'sub' }, 'en');
      expect(english.status).toBe(400);
      expect(english.msg).toMatch(en);
      const chinese = await search({ key, mode: 'sub' }, 'zh');
      expect(chinese.status).toBe(400);
      expect(chinese.msg).toMatch(zh);
    }
    expect((await search({ key: '', mode: 'exact' })).status).toBe(400);
    expect((await search({ key: 'C'.repeat(1001), mode: 'exact' })).status).toBe(400);
    expect((await search({ key: 'CCO', mode: 'fuzzy' })).status).toBe(400);
    expect((await search({ key: 'CCO', mode: 'sim', threshold: '0.2' })).status).toBe(400);
    expect((await search({ key: `${chainMolBlock(215)}${'\n'.repeat(400)}` })).status).toBe(400);
  });

  it('answers a 20,000-character MOL block within the time budget', async () => {
    const block = chainMolBlock(215);
    expect(block.length).toBeGreaterThan(19_000);
    expect(block.length).toBeLessThanOrEqual(20_000);
    for (const mode of ['exact', 'sub', 'sim']) {
      const { status, page } = await search({ key: block, mode });
      expect(status).toBe(200);
      expect(page.structure?.canonicalSmiles).toBe('C'.repeat(215));
      expect(page.structure?.partial).toBe(false);
    }
    // A MOL block of benzene finds what its SMILES finds.
    const benzene = ['', '', '', '  6  6  0  0  0  0  0  0  0  0999 V2000',
      ...[[1.2, 0.7], [0, 1.4], [-1.2, 0.7], [-1.2, -0.7], [0, -1.4], [1.2, -0.7]].map(([x, y]) => `${(x as number).toFixed(4).padStart(10)}${(y as number).toFixed(4).padStart(10)}    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0`),
      '  1  2  2  0', '  2  3  1  0', '  3  4  2  0', '  4  5  1  0', '  5  6  2  0', '  6  1  1  0', 'M  END'].join('\n');
    expect(await namesOf({ key: benzene, mode: 'sub' })).toEqual(await namesOf({ key: 'c1ccccc1', mode: 'sub' }));
  });

  it('applies the filters and numbered pages of the other searches', async () => {
    const all = await search({ key: 'c1ccccc1', mode: 'sub' });
    expect(all.page.total).toBeGreaterThan(3);
    const first = await search({ key: 'c1ccccc1', mode: 'sub', limit: '2', page: '1' });
    const second = await search({ key: 'c1ccccc1', mode: 'sub', limit: '2', page: '2' });
    expect(first.page.items.map((i) => i.id)).toEqual(all.page.items.slice(0, 2).map((i) => i.id));
    expect(second.page.items.map((i) => i.id)).toEqual(all.page.items.slice(2, 4).map((i) => i.id));
    expect(second.page.total).toBe(all.page.total);
    const stocked = await search({ key: 'c1ccccc1', mode: 'sub', inStock: '1' });
    const [inStock] = rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from products p join substances s on s.id = p.substance_id
      where p.active and p.in_stock and p.id = any(${`{${all.page.items.map((i) => i.id).join(',')}}`}::int[])`));
    expect(stocked.page.total).toBe(inStock?.n);
  });

  it('is open to guests and buyers alike', async () => {
    await authorisationMatrix(h).expect([
      { method: 'POST', path: '/api/web/product/getPage', form: { type: '5', key: 'CCO', mode: 'exact' }, expect: { guest: 200, buyerA: 200, staffAdmin: 200 } },
    ]);
  });
});

describe('the same answers on both engines', () => {
  it('exact, substructure and similarity agree between the cartridge and the embedded screen', async () => {
    const engines: StructureEngine[] = ['embedded'];
    if (h.db.driver === 'postgres') {
      // The PostgreSQL project runs on the cartridge: the suite's machine installs it (.ci/run).
      expect(await hasCartridge(h.db.db)).toBe(true);
      engines.push('cartridge');
    }
    const questions: [string, StructureMode, number?][] = [
      ['CCO', 'exact'], ['c1ccccc1', 'sub'], ['c1ccncc1', 'sub'], ['C(=O)O', 'sub'], ['CC(C)=O', 'sim', 0.5], ['Oc1ccccc1', 'sim', 0.3],
    ];
    for (const [key, mode, threshold] of questions) {
      const answers = [];
      for (const engine of engines) {
        const r = await searchByStructure(h.db.db, { key, mode, threshold, lang: 'en', page: 1, limit: 100, engine });
        expect(r.engine).toBe(engine);
        answers.push({ count: r.count, substances: r.groups.map((g) => [g.substance.id, g.similarity === null ? null : g.similarity.toFixed(2)]) });
      }
      if (mode !== 'exact') expect(answers[0]?.count, `${mode} ${key}`).toBeGreaterThan(0);
      for (const other of answers.slice(1)) expect(other, `${mode} ${key}`).toEqual(answers[0]);
    }
  });
});

describe('the cartridge screens each half of the substances on its own index', () => {
  it('has a partial index per half and family, none of the whole table, and each half query uses its own', async () => {
    if (h.db.driver !== 'postgres') {
      expect(await hasCartridge(h.db.db)).toBe(false);
      return;
    }
    const indexes = rowsOf<{ name: string }>(await h.db.db.execute(sql`select indexname as name from pg_indexes where tablename = 'substances' and indexname like 'substances_m%' order by 1`));
    expect(indexes.map((i) => i.name)).toEqual(['substances_m_gist_even', 'substances_m_gist_odd', 'substances_mfp_gin_even', 'substances_mfp_gin_odd']);
    const planOf = (query: ReturnType<typeof sql>) => h.db.db.transaction(async (tx) => {
      // The demo's table is small enough for a sequential scan: what matters here is that the half's index can serve it.
      await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('rdkit.morgan_fp_size', '2048', true)`);
      return rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain (costs off) ${query}`)).map((r) => r['QUERY PLAN']).join('\n');
    });
    for (const [i, half] of ['even', 'odd'].entries()) {
      const sub = await planOf(sql`select s.id from substances s where s.m @> mol_from_smiles('c1ccncc1'::cstring) and ${sql.raw(MOL_HALVES[i] ?? '')}`);
      expect(sub).toContain(`substances_m_gist_${half}`);
      expect(sub).not.toContain('substances_mfp_gin');
      const sim = await planOf(sql`select s.id from substances s where s.mfp % morganbv_fp(mol_from_smiles('CCO'::cstring), 2) and ${sql.raw(FP_HALVES[i] ?? '')}`);
      expect(sim).toContain(`substances_mfp_gin_${half}`);
      expect(sim).not.toContain('substances_m_gist');
    }
  });
});

describe('the search box recognises structure identifiers and formulas (types 1–3)', () => {
  async function keyed(key: string, type?: string): Promise<Page> {
    const res = await h.call('POST', '/api/web/product/getPage', { form: { key, ...(type ? { type } : {}), limit: '100' }, headers: { 'accept-language': 'en' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Page;
  }

  it("finds ethanol by its InChIKey, its InChI and a SMILES, and says what it searched for", async () => {
    const byKey = await keyed('LFQSCWFLJHTTHZ-UHFFFAOYSA-N', '1');
    expect(byKey.items[0]?.name).toBe('Ethanol');
    expect(byKey.searched).toEqual({ by: 'inchikey', key: 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N' });
    const byInchi = await keyed('InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3', '3');
    expect(byInchi.items[0]?.name).toBe('Ethanol');
    expect(byInchi.searched).toEqual({ by: 'structure', key: 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3' });
    const bySmiles = await keyed('CC(C)=O', '3');
    expect(bySmiles.items[0]?.name).toBe('Acetone');
    expect(bySmiles.searched).toEqual({ by: 'structure', key: 'CC(C)=O' });
  });

  it('lists the structure of a key that is also a word first, then the name matches (CCO)', async () => {
    const page = await keyed('CCO', '3');
    const ethanol = page.items.filter((i) => i.name === 'Ethanol').length;
    expect(ethanol).toBeGreaterThan(0);
    expect(page.items.slice(0, ethanol).every((i) => i.name === 'Ethanol')).toBe(true);
    expect(page.searched?.by).toBe('structure');
  });

  it('lists the products of a formula first with the name type, Hill order or not, then name matches', async () => {
    for (const key of ['C7H8', 'H8C7']) {
      const page = await keyed(key, '3');
      expect(page.items[0]?.formula, key).toBe('C7H8');
      expect(page.searched?.by).toBe('formula');
      const formulaRows = page.items.findIndex((i) => i.formula !== 'C7H8');
      if (formulaRows >= 0) expect(page.items.slice(formulaRows).every((i) => i.formula !== 'C7H8')).toBe(true);
    }
  });

  it('finds a product by its MDL number', async () => {
    const [row] = rowsOf<{ mdl: string; id: number }>(await h.db.db.execute(sql`update products set mdl = 'MFCD99999901'
      where id = (select min(id) from products where active) returning mdl, id`));
    if (!row) throw new Error('no active product');
    const page = await keyed(row.mdl.toLowerCase(), '1');
    expect(page.searched).toEqual({ by: 'mdl', key: row.mdl });
    expect(page.items.map((i) => i.id)).toContain(row.id);
  });
});

describe('a product save computes its substance', () => {
  const { ids, product } = adminProductsHarness(h);

  it('stores one substance per distinct structure, found by structure search at once', async () => {
    const first = await h.call('POST', '/api/admin/catalog/products', { token: ids.admin, json: product({ itemNo: 'T-SUB-1', smiles: 'CC(=O)OC', formula: 'C3H6O2' }) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await h.call('POST', '/api/admin/catalog/products', { token: ids.admin, json: product({ itemNo: 'T-SUB-2', smiles: 'O=C(OC)C', formula: 'C3H6O2' }) });
    expect(second.status).toBe(200);
    const rows = rowsOf<{ item_no: string; substance_id: number; smiles: string; inchikey: string; formula: string }>(await h.db.db.execute(sql`
      select p.item_no, p.substance_id, s.smiles, s.inchikey, s.formula from products p join substances s on s.id = p.substance_id
      where p.item_no in ('T-SUB-1', 'T-SUB-2') order by p.item_no`));
    expect(rows).toHaveLength(2);
    expect(rows[0]?.substance_id).toBe(rows[1]?.substance_id);
    expect(rows[0]).toMatchObject({ smiles: 'COC(C)=O', inchikey: 'KXKVLQRXCPHEJC-UHFFFAOYSA-N', formula: 'C3H6O2' });
    const { page } = await search({ key: 'COC(C)=O', mode: 'exact' });
    expect(page.items.map((i) => i.id).sort()).toEqual([first.body.data, second.body.data].map((d) => (d as { id: number }).id).sort());
  });

  it('refuses a structure RDKit cannot read, saying so on the field, and saves nothing', async () => {
    const before = rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from substances`))[0]?.n;
    const res = await h.call('POST', '/api/admin/catalog/products', { token: ids.admin, headers: { 'accept-language': 'en' }, json: product({ itemNo: 'T-SUB-3', smiles: 'C[N](=O)O' }) });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual([{ field: 'smiles', message: 'The SMILES cannot be read as a structure' }]);
    const ring = await h.call('POST', '/api/admin/catalog/products', { token: ids.admin, headers: { 'accept-language': 'en' }, json: product({ itemNo: 'T-SUB-3', smiles: 'c1cccc1' }) });
    expect(ring.status).toBe(400);
    expect(rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from products where item_no = 'T-SUB-3'`))[0]?.n).toBe(0);
    expect(rowsOf<{ n: number }>(await h.db.db.execute(sql`select count(*)::int as n from substances`))[0]?.n).toBe(before);
  });
});

describe('exact mode reads no InChI when a SMILES look-up settles it (ADR 0081)', () => {
  /** What exact search answered before: the InChIKey computed in a worker, looked up. */
  async function byComputedInchikey(key: string): Promise<number[]> {
    const reading = await readStructureKey(key);
    if (reading.kind !== 'ok') throw new Error(`${key}: ${reading.kind}`);
    const found = await byInchikey(h.db.db, identityOf(reading));
    return found ? [found.id] : [];
  }

  it('finds the substance the InChIKey finds, for every product SMILES as written and every stored canonical SMILES', async () => {
    const written = rowsOf<{ smiles: string }>(await h.db.db.execute(sql`select distinct smiles from products where substance_id is not null order by smiles`)).map((r) => r.smiles);
    const stored = rowsOf<{ smiles: string; id: number }>(await h.db.db.execute(sql`select id, smiles from substances order by id`));
    expect(written.length).toBeGreaterThan(50);
    const steps = new Map<string, number>();
    for (const key of written) {
      const found = await exactLookup(h.db.db, key);
      if (found.kind !== 'ok') throw new Error(`${key}: ${found.kind}`);
      expect(found.substanceIds, key).toEqual(await byComputedInchikey(key));
      steps.set(found.step, (steps.get(found.step) ?? 0) + 1);
    }
    expect(steps.get('canonicalSmiles')).toBeGreaterThan(0);
    for (const row of stored) {
      // A stored canonical SMILES reads back as itself, so finding it as typed is finding its canonical form.
      const canonical = await readCanonicalSmiles(row.smiles);
      expect(canonical.kind === 'ok' && canonical.smiles, row.smiles).toBe(row.smiles);
      const found = await exactLookup(h.db.db, row.smiles);
      expect(found).toMatchObject({ kind: 'ok', substanceIds: [Number(row.id)], step: 'storedSmiles', canonicalSmiles: row.smiles });
    }
    // Every distinct SMILES of the catalogue read twice in the workers: more than the default time on a busy machine.
  }, 180_000);

  it('finds a tautomer through its InChIKey when its canonical SMILES is stored under the other form', async () => {
    const reading = await readSubstance('Oc1ccccn1');
    if (reading.kind !== 'ok') throw new Error('2-hydroxypyridine does not read');
    const id = await saveSubstance(h.db.db, reading);
    const pyridone = await readStructureKey('O=c1cccc[nH]1');
    expect(pyridone.kind === 'ok' && pyridone.inchikey).toBe(reading.inchikey);
    const found = await exactLookup(h.db.db, 'O=c1cccc[nH]1');
    expect(found).toMatchObject({ kind: 'ok', substanceIds: [id], step: 'computedInchikey', canonicalSmiles: 'O=c1cccc[nH]1' });
    await h.db.db.execute(sql`delete from substances where id = ${id}`);
  });

  it('looks an InChIKey up without a worker, in exact mode and as the query of the other modes', async () => {
    const pool = substancePool();
    await search({ key: 'CCO', mode: 'exact' });
    const before = pool.dispatched;
    const { status, page } = await search({ key: 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N', mode: 'exact' });
    expect(status).toBe(200);
    expect(pool.dispatched).toBe(before);
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((i) => i.name === 'Ethanol')).toBe(true);
    expect(page.structure?.canonicalSmiles).toBe('CCO');
    const unknown = await search({ key: 'AAAAAAAAAAAAAA-BBBBBBBBBB-N', mode: 'exact' });
    expect(unknown.status).toBe(200);
    expect(unknown.page.total).toBe(0);
    expect(pool.dispatched).toBe(before);
    // Benzene's InChIKey in substructure mode searches its stored structure.
    expect(await namesOf({ key: 'UHOVQNZJYSORNB-UHFFFAOYSA-N', mode: 'sub' })).toEqual(await namesOf({ key: 'c1ccccc1', mode: 'sub' }));
    expect((await search({ key: 'AAAAAAAAAAAAAA-BBBBBBBBBB-N', mode: 'sub' })).status).toBe(400);
  });
});

describe('the embedded engine screens a snapshot held in shared memory', () => {
  const { ids, product } = adminProductsHarness(h);
  const embedded = (key: string, mode: StructureMode) => searchByStructure(h.db.db, { key, mode, threshold: 0.9, lang: 'en', page: 1, limit: 100, engine: 'embedded' });

  it('reads the fingerprints once, and again only after a substance was written', async () => {
    await embedded('c1ccccc1', 'sub');
    const loads = snapshotLoads.count;
    const first = await embedded('c1ccncc1', 'sub');
    await embedded('CC(C)=O', 'sim');
    expect(snapshotLoads.count).toBe(loads);
    expect(first.count).toBeGreaterThan(0);
    // A new structure saved is found at once, by both modes.
    const fragment = 'C1CC2(CCN1)OCCO2';
    expect((await embedded(fragment, 'sub')).count).toBe(0);
    const saved = await h.call('POST', '/api/admin/catalog/products', { token: ids.admin, json: product({ itemNo: 'T-SNAP-1', smiles: 'CC(=O)N1CCC2(CC1)OCCO2', formula: 'C9H15NO3' }) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const savedId = (saved.body.data as { id: number }).id;
    expect((await embedded(fragment, 'sub')).groups.flatMap((g) => g.products.map((p) => p.id))).toEqual([savedId]);
    expect(snapshotLoads.count).toBe(loads + 1);
    const similar = await embedded('CC(=O)N1CCC2(CC1)OCCO2', 'sim');
    expect(similar.groups[0]?.similarity).toBe(1);
    expect(snapshotLoads.count).toBe(loads + 1);
    // Saving a product of a known structure writes no substance: the snapshot stays.
    const again = await h.call('POST', '/api/admin/catalog/products', { token: ids.admin, json: product({ itemNo: 'T-SNAP-2', smiles: 'CC(=O)N1CCC2(CC1)OCCO2', formula: 'C9H15NO3' }) });
    expect(again.status).toBe(200);
    expect((await embedded(fragment, 'sub')).count).toBe(2);
  });

  it('keeps hits to substances with products the filters keep', async () => {
    const all = await searchByStructure(h.db.db, { key: 'c1ccccc1', mode: 'sub', lang: 'en', page: 1, limit: 100, engine: 'embedded' });
    const stocked = await searchByStructure(h.db.db, { key: 'c1ccccc1', mode: 'sub', lang: 'en', page: 1, limit: 100, engine: 'embedded', inStock: true });
    expect(stocked.count).toBeLessThan(all.count);
    expect(stocked.groups.every((g) => g.products.every((p) => p.inStock))).toBe(true);
  });
});
