import { Molecule } from 'openchemlib';
import { looksLikeMolfile } from '@/lib/structure-query';

/**
 * openchemlib in the browser, loaded with the structure editor or with the first MOL block pasted on a
 * phone: never part of a page's first load.
 */

/** A molecule from a pasted SMILES or MOL block; null when openchemlib cannot read it or it is empty. */
export function readMolecule(text: string): Molecule | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  try {
    const molecule = looksLikeMolfile(text) ? Molecule.fromMolfile(text) : Molecule.fromSmiles(trimmed.replace(/\s+/g, ''));
    return molecule.getAllAtoms() > 0 ? molecule : null;
  } catch {
    return null;
  }
}

/** The canonical SMILES (openchemlib's isomeric SMILES) of a pasted SMILES or MOL block; null when unreadable. */
export function canonicalSmiles(text: string): string | null {
  const molecule = readMolecule(text);
  return molecule ? molecule.toIsomericSmiles() : null;
}
