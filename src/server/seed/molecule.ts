import 'server-only';
import { Molecule } from 'openchemlib';
import { hillFormulaOf } from '@/lib/formula';

export interface MoleculeFacts {
  /** Hill order: C, then H, then the rest alphabetically; without carbon, all alphabetically. */
  formula: string;
  /** Average molecular weight in g/mol, three decimals as the column stores it. */
  molecularWeight: string;
  /** Canonical structure key, so the same molecule from two sources is recognised as one. */
  idCode: string;
}

const ELEMENT = /([A-Z][a-z]?)(\d*)/g;


/** openchemlib's own formula string is not always in Hill order (it gives 'HONa'), so re-sort it. */
export function parseFormulaCounts(formula: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [, symbol = '', digits] of formula.matchAll(ELEMENT)) {
    counts.set(symbol, (counts.get(symbol) ?? 0) + (digits ? Number(digits) : 1));
  }
  return counts;
}

const cache = new Map<string, MoleculeFacts | null>();

/** Null when the SMILES does not parse; the seed skips such structures. Parsing is cached: it is the slow part. */
export function moleculeFacts(smiles: string): MoleculeFacts | null {
  if (cache.has(smiles)) return cache.get(smiles) ?? null;
  const facts = parseMolecule(smiles);
  cache.set(smiles, facts);
  return facts;
}

function parseMolecule(smiles: string): MoleculeFacts | null {
  try {
    const mol = Molecule.fromSmiles(smiles);
    if (mol.getAllAtoms() === 0) return null;
    const mf = mol.getMolecularFormula();
    return {
      formula: hillFormulaOf(parseFormulaCounts(mf.formula)),
      molecularWeight: mf.relativeWeight.toFixed(3),
      idCode: mol.getIDCode(),
    };
  } catch {
    return null;
  }
}
