import { Molecule } from 'openchemlib';
import { describe, expect, it } from 'vitest';
import { hillFormulaOf, molecularWeightOf } from '@/lib/formula';
import { parseFormulaCounts } from './molecule';
import { GROUPS, SCAFFOLDS } from './generated-structure-parts';
import { scaffoldRanges, structureAt, structureCount, substanceStructureIndex, type GeneratedStructure } from './generated-structures';
import { substanceOf } from './synthetic-catalog';

/** openchemlib's reading of a generated structure: its canonical code, Hill formula and weight. */
function toolkit(smiles: string): { idCode: string; formula: string; weight: number } {
  const mol = Molecule.fromSmiles(smiles);
  const mf = mol.getMolecularFormula();
  return { idCode: mol.getIDCode(), formula: hillFormulaOf(parseFormulaCounts(mf.formula)), weight: mf.relativeWeight };
}

function expectConsistent(structure: GeneratedStructure): string {
  const read = toolkit(structure.smiles);
  expect(read.formula, structure.smiles).toBe(structure.formula);
  // The catalogue's weight is the one the server gives the formula (ADR 0030); openchemlib's own
  // table of atomic weights differs in the last decimals (S 32.065 against IUPAC's 32.06).
  expect(structure.molecularWeight).toBe(molecularWeightOf(read.formula));
  expect(Math.abs(read.weight - Number(structure.molecularWeight)), structure.smiles).toBeLessThan(0.05);
  return read.idCode;
}

// openchemlib reads some thousands of structures here: seconds on an idle machine, more on a busy one.
const TOOLKIT = { timeout: 180_000 };

describe('generated structures', TOOLKIT, () => {
  it('holds over ten million structures, a stride through them distinct for every substance', () => {
    const total = structureCount();
    expect(total).toBeGreaterThan(10_000_000);
    const seen = new Set<number>();
    for (let n = 0; n < 1_000_000; n += 1) seen.add(substanceStructureIndex(n));
    expect(seen.size).toBe(1_000_000);
    expect(substanceStructureIndex(total)).toBe(substanceStructureIndex(0));
  });

  it('builds every scaffold bare and every group on every kind of position it accepts, as the toolkit reads them', () => {
    const ranges = scaffoldRanges();
    expect(ranges.map((r) => r.key)).toEqual(SCAFFOLDS.map((s) => s.key));
    const idCodes = new Set<string>();
    for (const range of ranges) {
      const bare = structureAt(range.first);
      expect(bare.picks).toEqual([]);
      idCodes.add(expectConsistent(bare));
      // The one-group structures follow the bare scaffold: every group at every position class.
      const used = new Set<string>();
      for (let i = range.first + 1; i < range.first + range.count; i += 1) {
        const s = structureAt(i);
        if (s.picks.length !== 1) break;
        used.add(s.picks[0]?.group.key ?? '');
        idCodes.add(expectConsistent(s));
      }
      expect(used.size).toBeGreaterThan(8);
    }
    expect(new Set(ranges.flatMap((r) => {
      const s = structureAt(r.first + 1);
      return s.picks.map((p) => p.group.key);
    })).size).toBeGreaterThan(0);
    // Every group appears somewhere.
    const everyGroup = new Set<string>();
    for (const range of ranges) {
      for (let i = range.first + 1; i < range.first + 400 && i < range.first + range.count; i += 1) {
        for (const p of structureAt(i).picks) everyGroup.add(p.group.key);
      }
    }
    expect([...everyGroup].sort()).toEqual(GROUPS.map((g) => g.key).sort());
    // Single-group structures of all scaffolds: all different molecules.
    expect(idCodes.size).toBeGreaterThan(300);
  });

  it('keeps one placement of each symmetric family: the first structures of every scaffold are all different molecules', () => {
    const idCodes = new Map<string, string>();
    const symmetric = new Set(SCAFFOLDS.filter((s) => s.symmetries.length > 0).map((s) => s.key));
    for (const range of scaffoldRanges().filter((r) => symmetric.has(r.key))) {
      // Two-group placements come right after the one-group ones: 400 structures reach into them.
      for (let i = range.first; i < range.first + Math.min(range.count, 400); i += 1) {
        const s = structureAt(i);
        const id = expectConsistent(s);
        expect(idCodes.get(id), `${s.smiles} repeats ${idCodes.get(id)}`).toBeUndefined();
        idCodes.set(id, s.smiles);
      }
    }
    // 2-bromopyridine and 6-bromopyridine are one molecule: the enumeration holds it once.
    const pyridine = scaffoldRanges().find((r) => r.key === 'pyridine');
    const bromo = Array.from({ length: 500 }, (_, k) => structureAt((pyridine?.first ?? 0) + k))
      .filter((s) => s.picks.length === 1 && s.picks[0]?.group.key === 'Br');
    expect(bromo.map((s) => s.picks[0]?.position).sort()).toEqual(['2', '3', '4']);
  });

  it('gives a sample of the catalogue’s structures that the toolkit parses, all different, formula and weight as computed', () => {
    const sample = 2_000;
    const idCodes = new Set<string>();
    for (let n = 0; n < sample; n += 1) idCodes.add(expectConsistent(structureAt(substanceStructureIndex(n * 3_541))));
    expect(idCodes.size).toBe(sample);
  });

  it('gives a fragment of a structure with its first groups alone', () => {
    const whole = structureAt(substanceStructureIndex(41));
    expect(whole.picks).toHaveLength(3);
    const fragment = structureAt(whole.index, 1);
    expect(fragment.picks).toEqual(whole.picks.slice(0, 1));
    expect(toolkit(fragment.smiles).formula).toBe(fragment.formula);
  });

  it('cycles the products through the substances asked for', () => {
    expect(substanceOf(1, {})).toBe(0);
    expect(substanceOf(1_000_000, {})).toBe(999_999);
    expect([1, 2, 3, 4, 5].map((seq) => substanceOf(seq, { substances: 2 }))).toEqual([0, 1, 0, 1, 0]);
    expect(substanceOf(structureCount() + 1, { substances: null })).toBe(0);
  });
});
