/**
 * The size of a structure the server reads (ADR 0017): a SMILES of at most MAX_SMILES_CHARS characters
 * and MAX_STRUCTURE_ATOMS atoms. Every place that reads a SMILES — the product form's preview and
 * save, the product page's drawing, and structure search when it comes — checks these before any
 * structure is parsed, and the structure workers check the atoms again after parsing. Larger
 * structures took openchemlib seconds to read and lay out (a 1,000-atom chain 1.8 s, a 1,100-atom
 * cage 7.7 s); at these caps the slowest seen took about 0.3 s.
 */

/** Characters of a SMILES. */
export const MAX_SMILES_CHARS = 1000;
/** Atoms written in a SMILES (hydrogens written as atoms, `[H]`, count too). */
export const MAX_STRUCTURE_ATOMS = 250;

/** Message keys (under `api.errors`) of a SMILES over a cap. */
export type SmilesLimitFault = 'smilesTooLong' | 'smilesTooManyAtoms';

/**
 * The atoms a SMILES writes, counted without parsing it: a bracket atom (`[13CH3+]`) is one, and so
 * is every letter outside brackets but the second of `Cl` and `Br`, and `*`. A letter that is no
 * element counts too, so the count is never below openchemlib's.
 */
export function countSmilesAtoms(smiles: string): number {
  let atoms = 0;
  for (let i = 0; i < smiles.length; i += 1) {
    const c = smiles.charCodeAt(i);
    if (c === 91 /* [ */) {
      atoms += 1;
      const close = smiles.indexOf(']', i + 1);
      if (close < 0) break;
      i = close;
    } else if (c === 42 /* * */) {
      atoms += 1;
    } else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
      const previous = smiles.charCodeAt(i - 1);
      const secondOfPair = (c === 108 /* l */ && previous === 67 /* C */) || (c === 114 /* r */ && previous === 66 /* B */);
      if (!secondOfPair) atoms += 1;
    }
  }
  return atoms;
}

/** Which cap a SMILES is over, if any; cheap (one pass over the text), so it runs before any parsing. */
export function smilesLimitFault(smiles: string): SmilesLimitFault | null {
  if (smiles.length > MAX_SMILES_CHARS) return 'smilesTooLong';
  if (countSmilesAtoms(smiles) > MAX_STRUCTURE_ATOMS) return 'smilesTooManyAtoms';
  return null;
}
