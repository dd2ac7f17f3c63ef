import { describe, expect, it } from 'vitest';
import { formulaSearchForms, hillFormula, molecularWeightOf, parseFormula } from './formula';

describe('molecularWeightOf', () => {
  it('sums standard atomic weights, with groups, brackets and hydrates', () => {
    expect(molecularWeightOf('C2H6O')).toBe('46.069');
    expect(molecularWeightOf('H2O')).toBe('18.015');
    expect(molecularWeightOf('Ca(OH)2')).toBe('74.092');
    expect(molecularWeightOf('CuSO4·5H2O')).toBe('249.677');
    expect(molecularWeightOf('CuSO4.5H2O')).toBe('249.677');
    expect(molecularWeightOf('[Cu(NH3)4]SO4')).toBe('227.726');
  });

  it('refuses what is not a formula', () => {
    for (const bad of ['', 'Xx2', 'Ca(OH2', 'CaOH)2', 'c2h6o', '()', 'C0', 'C2H6O·', 'C'.repeat(201)]) {
      expect(molecularWeightOf(bad), bad).toBeNull();
    }
  });

  it('counts elements', () => {
    expect(Object.fromEntries(parseFormula('C6H5COOH') ?? [])).toEqual({ C: 7, H: 6, O: 2 });
  });
});

describe('formulas as search keys', () => {
  it('writes a formula in Hill order', () => {
    expect(hillFormula('CH3CH2OH')).toBe('C2H6O');
    expect(hillFormula('HONa')).toBe('HNaO');
    expect(hillFormula('NaCl')).toBe('ClNa');
    expect(hillFormula('nope')).toBeNull();
  });

  it('takes a key as a formula only beyond doubt: two elements and a count or a mixed-case symbol, no spaces', () => {
    expect(formulaSearchForms('C2H6O')).toEqual(['C2H6O']);
    expect(formulaSearchForms('CH3CH2OH')).toEqual(['CH3CH2OH', 'C2H6O']);
    expect(formulaSearchForms('NaCl')).toEqual(['NaCl', 'ClNa']);
    expect(formulaSearchForms('CuSO4·5H2O')).toEqual(['CuSO4·5H2O', 'CuH10O9S']);
    for (const word of ['CO', 'SDS', 'acid', 'A297691', 'Co', 'C12', 'H2O acid', '']) expect(formulaSearchForms(word), word).toBeNull();
  });
});
