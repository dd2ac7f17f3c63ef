import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, mapHeader, type ImportColumn } from './columns';
import { ProductGroupCheck, validateRow, type RowCells, type RowLookups } from './validate-row';

const lookups: RowLookups = {
  brand: (v) => (v.toLowerCase() === 'sigma' ? { id: 7 } : v === 'twin' ? { problem: 'brandAmbiguous' } : { problem: 'brandUnknown' }),
  category: (v) => (v === '12' || v === '溶剂' ? { id: 12 } : v === '有机' ? { problem: 'categoryNotLeaf' } : { problem: 'categoryUnknown' }),
};
const all = new Set<ImportColumn>(IMPORT_COLUMNS);
const row = (over: RowCells = {}): RowCells => ({
  item_no: 'ab-100', name_zh: '乙醇', name_en: 'Ethanol', brand: 'Sigma', category: '溶剂', cas: '64175', formula: 'C2H6O', smiles: ' CCO ',
  purity: '99%', grade: 'AR', active: '是', pack_size: '500 mL', price: '¥38.5', lead_time_days: '3', stock: '12', ...over,
});

describe('import row check', () => {
  it('converts a good row: item number in capitals, CAS hyphenated, molecular weight computed, price with two decimals', () => {
    const result = validateRow(row(), all, lookups);
    expect(result).toEqual({
      ok: true,
      row: {
        itemNo: 'AB-100',
        product: { nameZh: '乙醇', nameEn: 'Ethanol', brandId: 7, categoryId: 12, cas: '64-17-5', formula: 'C2H6O', molecularWeight: '46.069', smiles: 'CCO', purity: '99%', grade: 'AR', active: true },
        pack: { size: '500 mL', price: '38.50', leadTimeDays: 3, stock: 12 },
      },
    });
  });

  it('sets only the columns the file has; empty optional cells clear them', () => {
    const present = new Set<ImportColumn>(['item_no', 'name_zh', 'name_en', 'brand', 'category', 'cas']);
    const result = validateRow(row({ cas: '' }), present, lookups);
    expect(result.ok && result.row.product).toEqual({ nameZh: '乙醇', nameEn: 'Ethanol', brandId: 7, categoryId: 12, cas: null });
    expect(result.ok && result.row.pack).toEqual({ size: '500 mL', price: '38.50' });
  });

  it('reports every problem of a row with its column and reason', () => {
    const result = validateRow(row({
      item_no: 'bad item', name_zh: '', brand: 'twin', category: '有机', cas: '64-17-6', formula: 'Xx2', active: 'maybe', price: '1.234', lead_time_days: '400', stock: '-1',
    }), all, lookups);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.map((e) => [e.column, e.reason])).toEqual([
      ['item_no', 'itemNoInvalid'], ['name_zh', 'required'], ['brand', 'brandAmbiguous'], ['category', 'categoryNotLeaf'],
      ['cas', 'casCheckDigit'], ['formula', 'formulaInvalid'], ['active', 'activeInvalid'], ['price', 'priceInvalid'],
      ['lead_time_days', 'leadTimeInvalid'], ['stock', 'stockInvalid'],
    ]);
  });

  it('tells a malformed CAS number from a wrong check digit, and needs a pack size for pack values', () => {
    const bad = validateRow(row({ cas: 'abc', pack_size: '', price: '3' }), all, lookups);
    expect(!bad.ok && bad.errors.map((e) => [e.column, e.reason])).toEqual([['cas', 'casInvalid'], ['pack_size', 'packSizeMissing']]);
    const noPrice = validateRow(row({ price: '' }), all, lookups);
    expect(!noPrice.ok && noPrice.errors.map((e) => e.reason)).toEqual(['required']);
    const unknown = validateRow(row({ brand: 'nobody', category: '99' }), all, lookups);
    expect(!unknown.ok && unknown.errors.map((e) => e.reason)).toEqual(['brandUnknown', 'categoryUnknown']);
  });

  it('takes a SMILES as one word and a MOL file as it is, its first lines kept; an empty cell clears the structure', () => {
    const mol = '\n  hand\n\n  1  0  0  0  0  0  0  0  0  0999 V2000\n    0.0000    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0\nM  END\n\n';
    const molRow = validateRow(row({ smiles: mol }), all, lookups);
    expect(molRow.ok && molRow.row.product.smiles).toBe(mol.replace(/\s+$/, ''));
    const spaced = validateRow(row({ smiles: 'CC O' }), all, lookups);
    expect(!spaced.ok && spaced.errors).toEqual([{ column: 'smiles', reason: 'smilesSpaces', value: 'CC O' }]);
    const empty = validateRow(row({ smiles: ' ' }), all, lookups);
    expect(empty.ok && empty.row.product.smiles).toBeNull();
    const absent = validateRow(row(), new Set<ImportColumn>(['item_no', 'name_zh', 'name_en', 'brand', 'category']), lookups);
    expect(absent.ok && 'smiles' in absent.row.product).toBe(false);
  });

  it('keeps the offending value, cut to 200 characters', () => {
    const long = 'x'.repeat(300);
    const result = validateRow(row({ name_en: long }), all, lookups);
    expect(!result.ok && result.errors[0]).toEqual({ column: 'name_en', reason: 'tooLong', value: 'x'.repeat(200) });
  });
});

describe('rows of one product', () => {
  it('accepts consecutive rows with the same product fields and distinct packs, refuses contradictions and repeated sizes', () => {
    const check = new ProductGroupCheck();
    expect(check.check(row())).toBeNull();
    expect(check.check(row({ pack_size: '2.5 L', price: '99' }))).toBeNull();
    expect(check.check(row({ name_en: 'Ethanol 96%', pack_size: '1 L' }))).toEqual({ column: 'name_en', reason: 'productConflict', value: 'Ethanol 96%' });
    expect(check.check(row({ pack_size: '500 mL' }))).toEqual({ column: 'pack_size', reason: 'packDuplicate', value: '500 mL' });
    expect(check.check(row({ smiles: 'OCC', pack_size: '1 L' }))).toEqual({ column: 'smiles', reason: 'productConflict', value: 'OCC' });
    expect(check.check(row({ item_no: 'AB-101', name_en: 'Other' }))).toBeNull();
  });
});

describe('import header', () => {
  it('reads codes and labels of both languages, and names missing and repeated columns', () => {
    expect([...mapHeader(['\uFEFF货号', 'Chinese name', 'name_en', ' Brand ', '分类', 'comment']).present]).toEqual(['item_no', 'name_zh', 'name_en', 'brand', 'category']);
    expect([...mapHeader(['SMILES']).present]).toEqual(['smiles']);
    expect([...mapHeader(['结构式（SMILES）']).present]).toEqual(['smiles']);
    expect([...mapHeader(['structure (smiles)']).present]).toEqual(['smiles']);
    const bad = mapHeader(['item_no', '货号', 'name_zh']);
    expect(bad.missing).toEqual(['name_en', 'brand', 'category']);
    expect(bad.duplicated).toEqual(['item_no']);
  });
});

describe('a batch checked row by row (the runner)', () => {
  it('counts every row, keeps the refused ones\' errors, and gives each valid row its pinyin', async () => {
    const { checkBatch } = await import('./runner');
    const header = mapHeader([...IMPORT_COLUMNS]);
    const checked = checkBatch([
      { rowNo: 2, cells: row(), conflict: null },
      { rowNo: 3, cells: row({ pack_size: '2.5 L' }), conflict: null },
      { rowNo: 4, cells: row({ item_no: 'ab-101', name_zh: '甲醇', price: 'n/a' }), conflict: null },
      { rowNo: 5, cells: row({ item_no: 'ab-102', name_zh: '丙酮' }), conflict: { column: 'name_en', reason: 'productConflict', value: 'x' } },
      { rowNo: 6, cells: row({ item_no: 'ab-103', name_zh: '苯甲酸' }), conflict: null },
    ], header, lookups);
    expect(checked.rows).toBe(5);
    expect(checked.failedRows).toBe(2);
    expect(checked.errors.map((e) => [e.rowNo, e.error.reason])).toEqual([[4, 'priceInvalid'], [5, 'productConflict']]);
    expect(checked.valid.map((r) => [r.itemNo, r.names])).toEqual([
      ['AB-100', { pinyin: 'yichun', initials: 'yc' }],
      ['AB-100', { pinyin: 'yichun', initials: 'yc' }],
      ['AB-103', { pinyin: 'benjiasuan', initials: 'bjs' }],
    ]);
    // The second pack of a product shares its first row's pinyin rather than working it out again.
    expect(checked.valid[1]?.names).toBe(checked.valid[0]?.names);
  });
});
