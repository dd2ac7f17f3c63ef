import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SMILES_CHARS } from './structure-limits';
import {
  DEFAULT_THRESHOLD, MAX_RECENT_STRUCTURES, looksLikeMolfile, parseStructureKey, parseStructureQuery, parseThreshold,
  readRecentStructures, rememberStructure, structureSearchQuery, type RecentStructure,
} from './structure-query';

describe('structure search addresses', () => {
  it('keeps a SMILES as written, which the search-key rule would destroy', () => {
    expect(parseStructureQuery({ type: '5', mode: 'sub', sk: 'CC(=O)Oc1ccccc1C(=O)O' })).toEqual({ key: 'CC(=O)Oc1ccccc1C(=O)O', mode: 'sub', threshold: DEFAULT_THRESHOLD });
    expect(parseStructureKey([' [NH4+].[Cl-] ', 'x'])).toBe('[NH4+].[Cl-]');
    expect(parseStructureKey('c1cc\ncc\tc1')).toBe('c1ccccc1');
    expect(parseStructureKey('C'.repeat(5000))).toHaveLength(MAX_SMILES_CHARS + 1);
    expect(parseStructureKey(undefined)).toBe('');
  });

  it('falls back to substructure mode and to 0.7, and clamps thresholds to 0.3–1.0', () => {
    expect(parseStructureQuery({ sk: 'c1ccccc1', mode: 'fuzzy' }).mode).toBe('sub');
    expect(parseStructureQuery({ sk: 'c1ccccc1', mode: ['sim', 'exact'] }).mode).toBe('sim');
    expect(['0.5', '.85', '0.1', '7', '1.0', 'abc', '', '-0.5', '0.755', '1e1'].map(parseThreshold)).toEqual([0.5, 0.85, 0.3, 1, 1, 0.7, 0.7, 0.7, 0.76, 0.7]);
    fc.assert(fc.property(fc.string(), (text) => {
      const t = parseThreshold(text);
      return t >= 0.3 && t <= 1 && Math.round(t * 100) === t * 100;
    }));
  });

  it('writes the threshold only in similarity mode and only when it is not the default', () => {
    expect(structureSearchQuery({ key: 'CCO', mode: 'sim', threshold: 0.85 })).toEqual({ type: '5', mode: 'sim', sk: 'CCO', threshold: '0.85' });
    expect(structureSearchQuery({ key: 'CCO', mode: 'sim', threshold: 0.7 })).toEqual({ type: '5', mode: 'sim', sk: 'CCO' });
    expect(structureSearchQuery({ key: 'CCO', mode: 'exact', threshold: 0.85 })).toEqual({ type: '5', mode: 'exact', sk: 'CCO' });
    fc.assert(fc.property(fc.constantFrom('exact' as const, 'sub' as const, 'sim' as const), fc.integer({ min: 30, max: 100 }), (mode, n) => {
      const query = { key: 'c1ccccc1O', mode, threshold: n / 100 };
      const back = parseStructureQuery(structureSearchQuery(query));
      return back.key === query.key && back.mode === mode && (mode !== 'sim' || back.threshold === query.threshold);
    }));
  });

  it('tells a MOL block from a SMILES', () => {
    const mol = '\n  OCL\n\n  1  0  0  0  0  0  0  0  0  0999 V2000\n    0.0000    0.0000    0.0000 C   0  0\nM  END\n';
    expect(looksLikeMolfile(mol)).toBe(true);
    expect(looksLikeMolfile('c1ccccc1')).toBe(false);
    expect(looksLikeMolfile('CCO\nCCN')).toBe(false);
  });
});

describe('recent structure searches', () => {
  it('puts the newest first, drops an older one of the same structure and mode, keeps eight', () => {
    let list: RecentStructure[] = [];
    list = rememberStructure(list, { smiles: 'CCO', mode: 'sub', threshold: 0.7 });
    list = rememberStructure(list, { smiles: 'CCO', mode: 'sim', threshold: 0.8 });
    list = rememberStructure(list, { smiles: 'CCO', mode: 'sub', threshold: 0.7 });
    expect(list.map((r) => `${r.smiles}/${r.mode}`)).toEqual(['CCO/sub', 'CCO/sim']);
    for (let i = 0; i < 20; i += 1) list = rememberStructure(list, { smiles: `C${'C'.repeat(i)}O`, mode: 'exact', threshold: 0.7 });
    expect(list).toHaveLength(MAX_RECENT_STRUCTURES);
    expect(list[0]?.smiles).toBe(`C${'C'.repeat(19)}O`);
  });

  it('reads stored text, leaving out whatever is not a remembered search', () => {
    expect(readRecentStructures(null)).toEqual([]);
    expect(readRecentStructures('not json')).toEqual([]);
    expect(readRecentStructures('{"smiles":"CCO"}')).toEqual([]);
    expect(readRecentStructures(JSON.stringify([
      { smiles: 'CCO', mode: 'sim', threshold: 0.9 }, { smiles: 'C C', mode: 'sub', threshold: 0.7 }, { smiles: 'CCN', mode: 'any' },
      null, 'CCO', { smiles: 'C'.repeat(2000), mode: 'sub' }, { smiles: 'c1ccccc1', mode: 'sub', threshold: 'x' },
    ]))).toEqual([{ smiles: 'CCO', mode: 'sim', threshold: 0.9 }, { smiles: 'c1ccccc1', mode: 'sub', threshold: 0.7 }]);
    fc.assert(fc.property(fc.string(), (text) => readRecentStructures(text).length <= MAX_RECENT_STRUCTURES));
  });
});
