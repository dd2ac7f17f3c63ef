import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminProductDto } from '@/contracts/catalog-editing-products';
import { rowsOf } from '@/server/db/client';
import { fileApiHarness } from '../../../../test/api';
import { adminProductsHarness } from '../../../../test/admin-products';

// A back-office save or delete leaves no substance without products (ADR 0087): the substance of a
// structure replaced, cleared or deleted with its product goes when no other product has it.
const h = fileApiHarness();
const { ids, product, create } = adminProductsHarness(h);

// Structures the seed does not have.
const FIRST = 'CCOC(=O)c1ncc(Cl)s1';
const SECOND = 'N#Cc1ccc2sccc2c1';

async function orphans(): Promise<string[]> {
  return rowsOf<{ smiles: string }>(await h.db.db.execute(sql`
    select s.smiles from substances s where not exists (select 1 from products p where p.substance_id = s.id) order by s.id`)).map((r) => r.smiles);
}

async function substanceOf(id: number): Promise<number | null> {
  const [p] = rowsOf<{ substance_id: number | null }>(await h.db.db.execute(sql`select substance_id from products where id = ${id}`));
  return p?.substance_id == null ? null : Number(p.substance_id);
}

const packsOf = (p: AdminProductDto) => p.packs.map((k) => ({ id: k.id, size: k.size, price: k.price, leadTimeDays: k.leadTimeDays, stock: k.stock }));

async function save(p: AdminProductDto, over: Record<string, unknown>): Promise<void> {
  const res = await h.call('PUT', `/api/admin/catalog/products/${p.id}`, { token: ids.admin, json: product({ itemNo: p.itemNo, packs: packsOf(p), ...over }) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('substances after a back-office save or delete', () => {
  it('starts from a catalogue where every substance has a product', async () => {
    expect(await orphans()).toEqual([]);
  });

  it('removes the substance of a structure replaced or cleared, and keeps one another product has', async () => {
    const a = await create({ itemNo: 'T-SUB-A', smiles: FIRST });
    const b = await create({ itemNo: 'T-SUB-B', smiles: FIRST });
    const first = await substanceOf(a.id);
    expect(first).not.toBeNull();
    expect(await substanceOf(b.id)).toBe(first);
    // B still sells the first structure: it stays.
    await save(a, { smiles: SECOND });
    expect(await substanceOf(a.id)).not.toBe(first);
    expect(await orphans()).toEqual([]);
    // The last product of it moves on: it goes.
    await save(b, { smiles: SECOND });
    expect(await orphans()).toEqual([]);
    expect(rowsOf(await h.db.db.execute(sql`select id from substances where id = ${first}`))).toEqual([]);
    // A cleared structure clears its substance; the other product keeps the shared one.
    await save(a, { smiles: null });
    expect(await substanceOf(a.id)).toBeNull();
    expect(await substanceOf(b.id)).not.toBeNull();
    expect(await orphans()).toEqual([]);
    // An edit of another field changes no substance.
    await save(b, { smiles: SECOND, nameEn: 'Renamed' });
    expect(await orphans()).toEqual([]);
  });

  it('removes the substance of a deleted product when it was the last to have it', async () => {
    const c = await create({ itemNo: 'T-SUB-C', smiles: FIRST });
    const substance = await substanceOf(c.id);
    expect(substance).not.toBeNull();
    const res = await h.call('DELETE', `/api/admin/catalog/products/${c.id}`, { token: ids.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(rowsOf(await h.db.db.execute(sql`select id from substances where id = ${substance}`))).toEqual([]);
    expect(await orphans()).toEqual([]);
  });
});
