import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { importJobErrors, importJobs } from '@/server/db/schema';
import { getFileStore } from '@/server/modules/files/store';
import { hasCartridge } from '@/server/modules/structure-search/cartridge';
import { importRunnerFixture } from '../../../../test/import-runner';
import { importErrorReport } from './report';
import { processImportJob } from './runner';

// Structures in the catalogue import (ADR 0080): each batch reads its rows' structures in the
// substance workers before its transaction, links products to their substances, and refuses a row
// whose structure cannot be read, with the reason.
const fx = importRunnerFixture('import-structures-');
const db = fx.db;

const ETHANOL = 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N';
const METHANOL = 'OKKJLVBELUTLKV-UHFFFAOYSA-N';
const ACETIC_ACID = 'QTBSBXVTEAMEQO-UHFFFAOYSA-N';
// Methanol as a MOL file (V2000) whose first line, the name, is empty.
const METHANOL_MOL = [
  '', '  hand', '', '  2  1  0  0  0  0  0  0  0  0999 V2000',
  '    0.0000    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0',
  '    1.2990    0.7500    0.0000 O   0  0  0  0  0  0  0  0  0  0  0  0',
  '  1  2  1  0', 'M  END',
].join('\n');

const HEADER = 'item_no,name_zh,name_en,brand,category,SMILES,pack_size,price';
const row = (itemNo: string, name: string, smiles: string, size = '1 g', price = '10') =>
  `${itemNo},${name},${name},${fx.brandCode},${fx.leafId},"${smiles.replace(/"/g, '""')}",${size},${price}`;

function csv(lines: string[]): Uint8Array {
  return new TextEncoder().encode(`${[HEADER, ...lines].join('\r\n')}\r\n`);
}

let jobs = 0;
async function runImport(lines: string[]) {
  jobs += 1;
  const key = `imports/test/structures-${jobs}.csv`;
  const bytes = csv(lines);
  await getFileStore().write(key, bytes);
  const [job] = await db().insert(importJobs).values({
    staffId: fx.staffId, fileName: 'structures.csv', filePath: key, format: 'csv', fileSize: bytes.byteLength, status: 'running',
    leaseOwner: 'structures', leaseUntil: new Date(Date.now() + 60_000), attempts: 1, startedAt: new Date(),
  }).returning();
  // Batches of two rows: several batches, written two at a time on PostgreSQL.
  expect(await processImportJob(db(), job!, 'structures', { batchSize: 2 })).toBe('succeeded');
  return (await db().select().from(importJobs).where(eq(importJobs.id, job!.id)))[0]!;
}

type Linked = { item_no: string; smiles: string | null; substance_id: number | null; inchikey: string | null };
async function linked(prefix: string): Promise<Record<string, Linked>> {
  const rows = rowsOf<Linked>(await db().execute(sql`
    select p.item_no, p.smiles, p.substance_id, s.inchikey from products p left join substances s on s.id = p.substance_id
    where p.item_no like ${`${prefix}%`} order by p.item_no`));
  return Object.fromEntries(rows.map((r) => [r.item_no, { ...r, substance_id: r.substance_id === null ? null : Number(r.substance_id) }]));
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: number }>(await db().execute(query))[0]?.n ?? 0);
}

async function reportText(jobId: number): Promise<string> {
  const { stream } = await importErrorReport(db(), jobId, 'csv');
  return new TextDecoder().decode(new Uint8Array(await new Response(stream).arrayBuffer()));
}

describe('structures in the catalogue import', () => {
  const file = () => [
    row('IS-0001', '乙醇', 'CCO', '500 mL', '10'),
    row('IS-0001', '乙醇', 'CCO', '1 L', '18'),
    row('IS-0002', '乙醇B', 'OCC'),
    row('IS-0003', '坏环', 'C1CC'),
    row('IS-0004', '甲醇', METHANOL_MOL),
    row('IS-0005', '语法', 'CC)C'),
    row('IS-0006', '价键', 'C(C)(C)(C)(C)C'),
    row('IS-0007', '空格', 'C CO'),
    row('IS-0008', '无结构', ''),
  ];

  it('links imported products to their substances, one per structure, and refuses rows whose structure cannot be read', async () => {
    const job = await runImport(file());
    expect(job).toMatchObject({ rowsDone: 9, created: 5, updated: 0, unchanged: 0, failed: 4 });
    const products = await linked('IS-');
    expect(Object.keys(products)).toEqual(['IS-0001', 'IS-0002', 'IS-0004', 'IS-0008']);
    // The SMILES as written; the MOL file as its canonical SMILES.
    expect(products['IS-0001']).toMatchObject({ smiles: 'CCO', inchikey: ETHANOL });
    expect(products['IS-0002']).toMatchObject({ smiles: 'OCC', inchikey: ETHANOL });
    expect(products['IS-0004']).toMatchObject({ smiles: 'CO', inchikey: METHANOL });
    expect(products['IS-0008']).toMatchObject({ smiles: null, substance_id: null });
    // CCO and OCC are one substance, kept once.
    expect(products['IS-0002']?.substance_id).toBe(products['IS-0001']?.substance_id);
    expect(await count(sql`select count(*)::int as n from substances where inchikey = ${ETHANOL}`)).toBe(1);
    const substance = rowsOf<{ smiles: string; formula: string; weight: string; heavy_atoms: number; fingerprints: boolean }>(await db().execute(sql`
      select smiles, formula, weight::text as weight, heavy_atoms, (mol is not null and octet_length(morgan) = 256 and octet_length(pattern) = 256) as fingerprints
      from substances where inchikey = ${ETHANOL}`))[0];
    expect(substance).toMatchObject({ smiles: 'CCO', formula: 'C2H6O', fingerprints: true });
    expect(Number(substance?.weight)).toBeCloseTo(46.07, 1);
    expect(Number(substance?.heavy_atoms)).toBe(3);

    const errors = await db().select({ rowNo: importJobErrors.rowNo, column: importJobErrors.column, reason: importJobErrors.reason })
      .from(importJobErrors).where(eq(importJobErrors.jobId, job.id)).orderBy(importJobErrors.id);
    expect(errors).toEqual([
      { rowNo: 5, column: 'smiles', reason: 'structureInvalidRing' },
      { rowNo: 7, column: 'smiles', reason: 'structureInvalidSyntax:3' },
      { rowNo: 8, column: 'smiles', reason: 'structureInvalidValence:1' },
      { rowNo: 9, column: 'smiles', reason: 'smilesSpaces' },
    ]);
    // The report says why in the importer's language, the position and atom filled in.
    const zh = await reportText(job.id);
    expect(zh).toContain('结构无法解析：SMILES 中有未闭合的环');
    expect(zh).toContain('在第 3 个字符附近有语法错误');
    expect(zh).toContain('第 1 个原子的化学键超过其允许的化合价');
    expect(zh).toContain('C1CC');
    await db().update(importJobs).set({ lang: 'en' }).where(eq(importJobs.id, job.id));
    expect(await reportText(job.id)).toContain('the SMILES has a syntax error near character 3');
  });

  it('fills the cartridge\u2019s columns of a new substance on PostgreSQL, as a product save does', async () => {
    if (fx.database.driver !== 'postgres') {
      expect(await hasCartridge(db())).toBe(false);
      return;
    }
    expect(await hasCartridge(db())).toBe(true);
    expect(await count(sql`select count(*)::int as n from substances where inchikey = ${METHANOL} and m is not null and mfp is not null`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from substances where inchikey = ${ETHANOL} and m @> mol_from_smiles('CO')`)).toBe(1);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await linked('IS-');
    const substances = await count(sql`select count(*)::int as n from substances`);
    const audits = await count(sql`select count(*)::int as n from audit_log where entity in ('product', 'product_pack')`);
    const job = await runImport(file());
    expect(job).toMatchObject({ rowsDone: 9, created: 0, updated: 0, unchanged: 5, failed: 4 });
    expect(await linked('IS-')).toEqual(before);
    expect(await count(sql`select count(*)::int as n from substances`)).toBe(substances);
    expect(await count(sql`select count(*)::int as n from audit_log where entity in ('product', 'product_pack')`)).toBe(audits);
  });

  it('moves a product to the substance of its new structure, audited, and clears it with an empty cell', async () => {
    const audits = await count(sql`select count(*)::int as n from audit_log where entity = 'product'`);
    const job = await runImport([row('IS-0002', '乙醇B', 'CC(=O)O'), row('IS-0004', '甲醇', '')]);
    expect(job).toMatchObject({ created: 0, updated: 2, failed: 0 });
    const products = await linked('IS-');
    expect(products['IS-0002']).toMatchObject({ smiles: 'CC(=O)O', inchikey: ACETIC_ACID });
    expect(products['IS-0004']).toMatchObject({ smiles: null, substance_id: null });
    expect(products['IS-0001']).toMatchObject({ smiles: 'CCO', inchikey: ETHANOL });
    expect(await count(sql`select count(*)::int as n from audit_log where entity = 'product'`)).toBe(audits + 2);
    const change = rowsOf<{ changes: Record<string, unknown> }>(await db().execute(sql`
      select data->'changes' as changes from audit_log where entity = 'product' and entity_id = (select id::text from products where item_no = 'IS-0002')
      order by id desc limit 1`))[0];
    expect(change?.changes).toMatchObject({ smiles: { from: 'OCC', to: 'CC(=O)O' } });
  });
});
