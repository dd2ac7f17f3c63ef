/**
 * Structure identifiers typed into the search box (ADR 0075, beside ADR 0068's CAS numbers, item numbers
 * and formulas): a standard InChIKey, an InChI, an MDL number, or a SMILES. Recognising is by shape only;
 * the server then confirms a structure against the catalogue before it searches the key as one.
 */
export type StructureKeyKind = 'inchikey' | 'inchi' | 'mdl' | 'smiles';

const INCHIKEY = /^[A-Z]{14}-[A-Z]{10}-[A-Z]$/;
const INCHI = /^InChI=1S?\/[^\s]+$/;
const MDL = /^MFCD\d{8}$/i;
/** Characters a SMILES may hold. */
const SMILES_CHARS = /^[A-Za-z0-9@+\-[\]()=#$:/\\%.*]+$/;
/** Something only a SMILES writes: brackets, bonds, branches, ring closures after an atom, stereo marks. */
const SMILES_MARKS = /[()[\]=#@/\\%]|[A-Za-z]\d/;
/** Atoms a SMILES may write without brackets (the organic subset, aromatic ones in lower case). */
const BARE_ATOM = /Cl|Br|[BCNOPSFI]|[bcnops]/g;

/** True when every letter of `text` belongs to a bare atom of the organic subset (`CCO`, `c1ccccc1`, `ClCCl`). */
function onlyBareAtoms(text: string): boolean {
  const letters = text.replace(/[^A-Za-z]/g, '');
  const atoms = text.match(BARE_ATOM) ?? [];
  return letters.length > 0 && atoms.join('').length === letters.length;
}

/**
 * What a key is, if it is a structure identifier. A SMILES must be one word of SMILES characters whose
 * letters, outside brackets, are all atoms of the organic subset, with two atoms or more: `CCO`,
 * `c1ccccc1`, `CC(=O)O`, `[Na+].[Cl-]`; a formula (`C7H8`: H is no bare atom), an item number
 * (`A297691`), a CAS number or a word (`acetone`) is not one. A key that is both a SMILES and a word
 * (`CCO`, `COS`) is searched both ways, the structure's products first.
 */
export function recogniseStructureKey(input: string): { kind: StructureKeyKind; key: string } | null {
  const key = input.trim();
  if (!key || key.length > 1000) return null;
  if (INCHIKEY.test(key)) return { kind: 'inchikey', key };
  if (INCHI.test(key)) return { kind: 'inchi', key };
  if (MDL.test(key)) return { kind: 'mdl', key: key.toUpperCase() };
  if (!SMILES_CHARS.test(key)) return null;
  const outside = key.replace(/\[[^\]]*\]/g, '');
  const bracketAtoms = (key.match(/\[[^\]]*\]/g) ?? []).length;
  if (/[[\]]/.test(outside)) return null;
  const bare = outside.replace(/[^A-Za-z]/g, '');
  if (bare && !onlyBareAtoms(outside)) return null;
  const atoms = (outside.match(BARE_ATOM) ?? []).length + bracketAtoms;
  if (atoms < 2 && !(atoms === 1 && SMILES_MARKS.test(key))) return null;
  // Upper-case letters alone with no mark read as a word or an abbreviation as often as a SMILES (`CO`,
  // `SDS`, ADR 0068): three atoms or more and a carbon.
  if (!SMILES_MARKS.test(key) && !/[a-z]/.test(outside) && (atoms < 3 || !/C/.test(outside))) return null;
  return { kind: 'smiles', key };
}
