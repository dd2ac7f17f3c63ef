import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface StructureRow {
  nameEn: string;
  smiles: string;
}

/** Resolved from the working directory like the migrations folder, so it works under Next, tsx and Vitest. */
export const STRUCTURES_FILE = path.resolve(process.cwd(), 'src/server/seed/data/chemical-structures-568.tsv');

/** Typos in the source data set, corrected so product names read right. */
const NAME_FIXES: [RegExp, string][] = [
  [/Proprane/g, 'Propane'],
  [/proprane/g, 'propane'],
  [/hepta-1_3-diene/g, 'hepta-1,3-diene'],
];

/**
 * Structures left out of the catalogue: gases sold only in cylinders, ozone-depleting halocarbons,
 * an explosive, and controlled drugs that a reagent shop would not list.
 */
const EXCLUDED = new Set([
  'Methane', 'Ethane', 'Propane', 'Butane', '2-Methylpropane', 'Ethene', 'Propene', 'Acetylene', 'Propyne',
  'But-1-yne', 'But-1-ene', '(E)-But-2-ene', '(Z)-But-2-ene', 'Methanamine', 'N-Methylmethanamine',
  'N,N-Dimethylmethanamine', 'Ethanamine', 'Chloromethane', 'Chloroethane', 'Bromomethane', 'Difluoromethane',
  'Bromotrifluoromethane', '1,1,1,2,2-Pentafluoroethane', '1-Chloro-1,1,2,2,2-pentafluoroethane',
  '1,1,1,2,2,2-Hexafluoroethane', 'Methanethiol', 'Methoxymethane', 'Methoxyethane', 'Azane', '2,4,6-Trinitrotoluene',
  '(S)-1-Phenylpropan-2-amine', '7-Chloro-1-methyl-5-phenyl-1,3-dihydro-2H-1,4-benzodiazepin-2-one',
  'Chloro-(chloromethoxy)methane',
]);

export function loadStructures(file = STRUCTURES_FILE): StructureRow[] {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  const rows: StructureRow[] = [];
  const seenNames = new Set<string>();
  for (const line of lines.slice(1)) {
    const [rawName, smiles] = line.split('\t');
    if (!rawName || !smiles) continue;
    const nameEn = NAME_FIXES.reduce((name, [pattern, fix]) => name.replace(pattern, fix), rawName.trim());
    if (seenNames.has(nameEn)) continue;
    seenNames.add(nameEn);
    rows.push({ nameEn, smiles: smiles.trim() });
  }
  return rows;
}

export function isExcludedStructure(nameEn: string): boolean {
  return EXCLUDED.has(nameEn);
}
