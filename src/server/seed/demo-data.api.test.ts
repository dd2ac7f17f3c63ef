import { describe, expect, it } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import { isValidCas } from '@/lib/cas';
import { brands, productPacks, products } from '@/server/db/schema';
import { fileApiHarness } from '../../../test/api';
import { STRUCTURE_FACTS } from './structure-facts';

/** Enough products for the seed's first pass to reach every substance it sells. */
const h = fileApiHarness({ products: 800 });

/** Twenty CAS numbers a lab buyer knows by heart, with the English name of their product. */
const WELL_KNOWN: [cas: string, nameEn: string][] = [
  ['64-17-5', 'Ethanol'], ['67-56-1', 'Methanol'], ['67-64-1', 'Acetone'], ['141-78-6', 'Ethyl acetate'],
  ['75-05-8', 'Acetonitrile'], ['75-09-2', 'Dichloromethane'], ['67-66-3', 'Chloroform'], ['108-88-3', 'Toluene'],
  ['67-68-5', 'Dimethyl sulfoxide'], ['109-99-9', 'Tetrahydrofuran'], ['110-54-3', 'n-Hexane'], ['7732-18-5', 'Water'],
  ['64-19-7', 'Acetic acid'], ['7647-14-5', 'Sodium chloride'], ['77-86-1', 'Tris(hydroxymethyl)aminomethane'],
  ['50-99-7', 'D-Glucose'], ['123-38-6', 'Propanal'], ['123-19-3', 'Heptan-4-one'], ['111-65-9', 'Octane'],
  ['14221-01-3', 'Tetrakis(triphenylphosphine)palladium(0)'],
];

type Card = { id: number; cas: string | null; name: string };

async function searchCas(key: string, lang: 'zh' | 'en'): Promise<Card[]> {
  const res = await h.call('POST', '/api/web/product/getPage', { form: { key, type: '2', limit: '100' }, headers: { 'accept-language': lang } });
  expect(res.status).toBe(200);
  return (res.body.data as { items: Card[] }).items;
}

describe('demo catalogue', () => {
  it('gives every product with a CAS number a valid check digit, and no number from an invented range', async () => {
    const rows = await h.db.db.select({ cas: products.cas, nameEn: products.nameEn }).from(products).where(isNotNull(products.cas));
    expect(rows.length).toBeGreaterThan(300);
    const invalid = rows.filter((r) => !isValidCas(r.cas ?? ''));
    expect(invalid).toEqual([]);
    // The old generator's synthetic numbers started at 8100000; no real reagent of the seed has a 7-digit first group.
    expect(rows.filter((r) => /^\d{7}-/.test(r.cas ?? ''))).toEqual([]);
  });

  it('gives every product a Chinese name of its own and a translated grade', async () => {
    const rows = await h.db.db.select({ nameZh: products.nameZh, nameEn: products.nameEn, grade: products.grade, gradeZh: products.gradeZh }).from(products);
    // Acronyms such as HEPES or HATU are what Chinese catalogues print too; anything longer must be Chinese.
    const untranslated = rows.filter((r) => !/[\u4e00-\u9fff]/.test(r.nameZh) && !/^[A-Z0-9-]{2,8}$/.test(r.nameZh));
    expect(untranslated.map((r) => r.nameEn)).toEqual([]);
    expect(rows.filter((r) => r.gradeZh === '').map((r) => r.grade)).toEqual([]);
    const wordGrades = rows.filter((r) => /[a-z]{4,}/.test(r.grade));
    expect(wordGrades.length).toBeGreaterThan(0);
    expect(wordGrades.filter((r) => !/[\u4e00-\u9fff]/.test(r.gradeZh)).map((r) => r.grade)).toEqual([]);
  });

  it('prices fine reagents by the gram, not as bulk chemicals', async () => {
    const rows = await h.db.db
      .select({ cas: products.cas, size: productPacks.size, price: productPacks.price })
      .from(productPacks)
      .innerJoin(products, eq(products.id, productPacks.productId))
      .innerJoin(brands, eq(brands.id, products.brandId));
    const palladium = rows.filter((r) => r.cas === '14221-01-3');
    expect(palladium.length).toBeGreaterThan(0);
    for (const r of palladium) {
      const grams = Number(/^(\d+)g$/.exec(r.size)?.[1]);
      expect(grams).toBeGreaterThan(0);
      // Pd(PPh3)4 costs tens to hundreds of yuan per gram at any pack size.
      expect(Number(r.price) / grams).toBeGreaterThan(25);
    }
  });

  it.each(WELL_KNOWN)('finds %s (%s) by its CAS number, with and without hyphens', async (cas, nameEn) => {
    for (const key of [cas, cas.replaceAll('-', '')]) {
      const items = await searchCas(key, 'en');
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((i) => i.cas === cas)).toBe(true);
      expect(items.some((i) => i.name === nameEn)).toBe(true);
    }
    const zh = await searchCas(cas, 'zh');
    expect(zh.some((i) => /[\u4e00-\u9fff]/.test(i.name) || /^[A-Z0-9-]{2,8}$/.test(i.name))).toBe(true);
  });

  it('enters only check-digit-valid CAS numbers for the structures it sells', () => {
    expect(STRUCTURE_FACTS.size).toBeGreaterThan(200);
    for (const [name, f] of STRUCTURE_FACTS) expect(isValidCas(f.cas), `${name} ${f.cas}`).toBe(true);
  });
});
