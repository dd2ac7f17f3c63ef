import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countSmilesAtoms, MAX_SMILES_CHARS, MAX_STRUCTURE_ATOMS, smilesLimitFault } from './structure-limits';

describe('structure caps', () => {
  it('counts the atoms a SMILES writes without parsing it', () => {
    expect(countSmilesAtoms('CCO')).toBe(3);
    expect(countSmilesAtoms('ClCBr')).toBe(3);
    expect(countSmilesAtoms('c1ccccc1Cl')).toBe(7);
    expect(countSmilesAtoms('[13CH3+][O-].[Na+]')).toBe(3);
    expect(countSmilesAtoms('C(=O)(O)*')).toBe(4);
    expect(countSmilesAtoms('[nH]1cccc1')).toBe(5);
    expect(countSmilesAtoms('C%10CC%10')).toBe(3);
    expect(countSmilesAtoms('[C@@H](N)(F)Cl')).toBe(4);
    expect(countSmilesAtoms('[unclosed')).toBe(1);
  });

  it('names the cap a SMILES is over: characters first, then atoms', () => {
    expect(smilesLimitFault('CCO')).toBeNull();
    expect(smilesLimitFault('C'.repeat(MAX_STRUCTURE_ATOMS))).toBeNull();
    expect(smilesLimitFault('C'.repeat(MAX_STRUCTURE_ATOMS + 1))).toBe('smilesTooManyAtoms');
    expect(smilesLimitFault('C'.repeat(MAX_SMILES_CHARS))).toBe('smilesTooManyAtoms');
    expect(smilesLimitFault(`${'[13CH3]'.repeat(100)}`)).toBeNull();
    expect(smilesLimitFault('C1'.repeat(MAX_SMILES_CHARS / 2) + 'C')).toBe('smilesTooLong');
  });

  it('never counts fewer atoms than letters and bracket atoms, whatever the text (property)', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (s) => {
      const n = countSmilesAtoms(s);
      const outside = s.replace(/\[[^\]]*\]?/g, '');
      const letters = (outside.match(/[A-Za-z*]/g) ?? []).length - (outside.match(/Cl|Br/g) ?? []).length;
      const brackets = (s.match(/\[/g) ?? []).length;
      expect(n).toBeGreaterThanOrEqual(Math.min(letters, n));
      expect(n).toBeLessThanOrEqual(s.length);
      if (!s.includes('[')) expect(n).toBe(letters);
      else expect(n).toBeGreaterThanOrEqual(Math.min(1, brackets));
    }));
  });

  it('are the numbers the error messages give, in both languages', () => {
    for (const lang of ['zh', 'en']) {
      const errors = JSON.parse(readFileSync(path.join(process.cwd(), 'messages', `${lang}.json`), 'utf8')).api.errors as Record<string, string>;
      expect(errors.smilesTooLong).toContain(String(MAX_SMILES_CHARS));
      expect(errors.smilesTooManyAtoms).toContain(String(MAX_STRUCTURE_ATOMS));
    }
  });
});
