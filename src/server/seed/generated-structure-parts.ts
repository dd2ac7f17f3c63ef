import 'server-only';

/**
 * The parts the generated structures are enumerated from (`generated-structures.ts`): the substituent groups, the
 * ring scaffolds with their positions, sites and symmetries, and how many groups one scaffold carries at most.
 */

/** Where a group may sit: an aromatic carbon, an aromatic N–H, a saturated ring's N–H, a saturated ring carbon. */
export type Site = 'ar' | 'nH' | 'satN' | 'satC' | 'satCX';

export interface Group {
  key: string;
  zh: string;
  en: string;
  /** The group as written after its attachment atom, its first atom bonded to the ring. */
  smiles: string;
  /** Atoms the group adds, one ring hydrogen taken away. */
  atoms: Readonly<Record<string, number>>;
  sites: readonly Site[];
}

const AR: Site[] = ['ar'];
const AR_SAT: Site[] = ['ar', 'satC', 'satCX'];
const AR_SAT_C: Site[] = ['ar', 'satC'];
const N_ONLY: Site[] = ['nH', 'satN'];
const EVERYWHERE: Site[] = ['ar', 'nH', 'satN', 'satC', 'satCX'];

/** Groups on ring positions; `atoms` already takes off the ring hydrogen each replaces. */
export const GROUPS: readonly Group[] = [
  { key: 'F', zh: '氟', en: 'fluoro', smiles: 'F', atoms: { F: 1, H: -1 }, sites: AR },
  { key: 'Cl', zh: '氯', en: 'chloro', smiles: 'Cl', atoms: { Cl: 1, H: -1 }, sites: AR },
  { key: 'Br', zh: '溴', en: 'bromo', smiles: 'Br', atoms: { Br: 1, H: -1 }, sites: AR },
  { key: 'I', zh: '碘', en: 'iodo', smiles: 'I', atoms: { I: 1, H: -1 }, sites: AR },
  { key: 'Me', zh: '甲基', en: 'methyl', smiles: 'C', atoms: { C: 1, H: 2 }, sites: EVERYWHERE },
  { key: 'Et', zh: '乙基', en: 'ethyl', smiles: 'CC', atoms: { C: 2, H: 4 }, sites: EVERYWHERE },
  { key: 'iPr', zh: '异丙基', en: 'isopropyl', smiles: 'C(C)C', atoms: { C: 3, H: 6 }, sites: EVERYWHERE },
  { key: 'tBu', zh: '叔丁基', en: 'tert-butyl', smiles: 'C(C)(C)C', atoms: { C: 4, H: 8 }, sites: AR_SAT_C },
  { key: 'cPr', zh: '环丙基', en: 'cyclopropyl', smiles: 'C9CC9', atoms: { C: 3, H: 4 }, sites: EVERYWHERE },
  { key: 'CF3', zh: '三氟甲基', en: 'trifluoromethyl', smiles: 'C(F)(F)F', atoms: { C: 1, F: 3, H: -1 }, sites: AR_SAT },
  { key: 'OMe', zh: '甲氧基', en: 'methoxy', smiles: 'OC', atoms: { C: 1, H: 2, O: 1 }, sites: AR },
  { key: 'OEt', zh: '乙氧基', en: 'ethoxy', smiles: 'OCC', atoms: { C: 2, H: 4, O: 1 }, sites: AR },
  { key: 'OCF3', zh: '三氟甲氧基', en: 'trifluoromethoxy', smiles: 'OC(F)(F)F', atoms: { C: 1, F: 3, O: 1, H: -1 }, sites: AR },
  { key: 'OH', zh: '羟基', en: 'hydroxy', smiles: 'O', atoms: { O: 1 }, sites: ['ar', 'satC'] },
  { key: 'NH2', zh: '氨基', en: 'amino', smiles: 'N', atoms: { N: 1, H: 1 }, sites: ['ar', 'satC'] },
  { key: 'NMe2', zh: '二甲氨基', en: 'dimethylamino', smiles: 'N(C)C', atoms: { C: 2, H: 5, N: 1 }, sites: AR },
  { key: 'NO2', zh: '硝基', en: 'nitro', smiles: '[N+](=O)[O-]', atoms: { N: 1, O: 2, H: -1 }, sites: AR },
  { key: 'CN', zh: '氰基', en: 'cyano', smiles: 'C#N', atoms: { C: 1, N: 1, H: -1 }, sites: AR_SAT },
  { key: 'CHO', zh: '甲酰基', en: 'formyl', smiles: 'C=O', atoms: { C: 1, O: 1 }, sites: ['ar', 'satN'] },
  { key: 'Ac', zh: '乙酰基', en: 'acetyl', smiles: 'C(C)=O', atoms: { C: 2, H: 2, O: 1 }, sites: ['ar', 'nH', 'satN'] },
  { key: 'COOH', zh: '羧基', en: 'carboxy', smiles: 'C(=O)O', atoms: { C: 1, O: 2 }, sites: AR_SAT },
  { key: 'CO2Me', zh: '甲氧羰基', en: 'methoxycarbonyl', smiles: 'C(=O)OC', atoms: { C: 2, H: 2, O: 2 }, sites: EVERYWHERE },
  { key: 'CO2Et', zh: '乙氧羰基', en: 'ethoxycarbonyl', smiles: 'C(=O)OCC', atoms: { C: 3, H: 4, O: 2 }, sites: EVERYWHERE },
  { key: 'Boc', zh: '叔丁氧羰基', en: 'tert-butoxycarbonyl', smiles: 'C(=O)OC(C)(C)C', atoms: { C: 5, H: 8, O: 2 }, sites: N_ONLY },
  { key: 'CONH2', zh: '氨甲酰基', en: 'carbamoyl', smiles: 'C(N)=O', atoms: { C: 1, H: 1, N: 1, O: 1 }, sites: AR_SAT },
  { key: 'CONHMe', zh: '甲氨甲酰基', en: 'methylcarbamoyl', smiles: 'C(=O)NC', atoms: { C: 2, H: 3, N: 1, O: 1 }, sites: AR_SAT },
  { key: 'NHAc', zh: '乙酰氨基', en: 'acetamido', smiles: 'NC(C)=O', atoms: { C: 2, H: 3, N: 1, O: 1 }, sites: ['ar', 'satC'] },
  { key: 'SMe', zh: '甲硫基', en: 'methylthio', smiles: 'SC', atoms: { C: 1, H: 2, S: 1 }, sites: AR },
  { key: 'SO2Me', zh: '甲磺酰基', en: 'methylsulfonyl', smiles: 'S(C)(=O)=O', atoms: { C: 1, H: 2, O: 2, S: 1 }, sites: ['ar', 'nH', 'satN'] },
  { key: 'SO2NH2', zh: '氨磺酰基', en: 'sulfamoyl', smiles: 'S(N)(=O)=O', atoms: { H: 1, N: 1, O: 2, S: 1 }, sites: AR },
  { key: 'CH2OH', zh: '羟甲基', en: 'hydroxymethyl', smiles: 'CO', atoms: { C: 1, H: 2, O: 1 }, sites: AR_SAT },
  { key: 'C2H', zh: '乙炔基', en: 'ethynyl', smiles: 'C#C', atoms: { C: 2 }, sites: AR },
  { key: 'B(OH)2', zh: '硼酸基', en: 'borono', smiles: 'B(O)O', atoms: { B: 1, H: 1, O: 2 }, sites: AR },
  { key: 'Ph', zh: '苯基', en: 'phenyl', smiles: 'c9ccccc9', atoms: { C: 6, H: 4 }, sites: AR_SAT_C },
  { key: 'Bn', zh: '苄基', en: 'benzyl', smiles: 'Cc9ccccc9', atoms: { C: 7, H: 6 }, sites: EVERYWHERE },
  { key: 'OPh', zh: '苯氧基', en: 'phenoxy', smiles: 'Oc9ccccc9', atoms: { C: 6, H: 4, O: 1 }, sites: AR },
  { key: 'OBn', zh: '苄氧基', en: 'benzyloxy', smiles: 'OCc9ccccc9', atoms: { C: 7, H: 6, O: 1 }, sites: AR },
  { key: 'Bz', zh: '苯甲酰基', en: 'benzoyl', smiles: 'C(=O)c9ccccc9', atoms: { C: 7, H: 4, O: 1 }, sites: ['ar', 'satN'] },
  { key: 'CONHPh', zh: '苯氨甲酰基', en: 'phenylcarbamoyl', smiles: 'C(=O)Nc9ccccc9', atoms: { C: 7, H: 5, N: 1, O: 1 }, sites: AR },
  { key: 'morph', zh: '吗啉-4-基', en: 'morpholin-4-yl', smiles: 'N9CCOCC9', atoms: { C: 4, H: 7, N: 1, O: 1 }, sites: AR },
  { key: 'pip', zh: '哌啶-1-基', en: 'piperidin-1-yl', smiles: 'N9CCCCC9', atoms: { C: 5, H: 9, N: 1 }, sites: AR },
];

export interface Scaffold {
  key: string;
  zh: string;
  en: string;
  /** SMILES with `{i}` after the atom of position i (a ring-closure digit may come between). */
  template: string;
  /** Position labels (locants), in template order. */
  positions: readonly string[];
  sites: readonly Site[];
  /** The bare scaffold's atoms, hydrogens included. */
  atoms: Readonly<Record<string, number>>;
  /** Symmetries other than the identity, as permutations of the positions (`perm[i]` is where i goes). */
  symmetries: readonly (readonly number[])[];
  /** Leaf category (English name) its products are shelved under, when the database has it. */
  category: string;
}

const ar6: Site[] = ['ar', 'ar', 'ar', 'ar', 'ar', 'ar'];

/** Every permutation a list of generators makes, the identity left out. */
function closure(n: number, generators: readonly (readonly number[])[]): number[][] {
  const identity = Array.from({ length: n }, (_, i) => i);
  const seen = new Map<string, number[]>([[identity.join(','), identity]]);
  const queue = [identity];
  while (queue.length > 0) {
    const p = queue.shift() ?? identity;
    for (const g of generators) {
      const q = p.map((x) => g[x] ?? x);
      const k = q.join(',');
      if (!seen.has(k)) {
        seen.set(k, q);
        queue.push(q);
      }
    }
  }
  seen.delete(identity.join(','));
  return [...seen.values()];
}

/** Positions listed round a symmetric ring: reflection i ↔ n-1-i. */
const mirror = (n: number): number[] => Array.from({ length: n }, (_, i) => n - 1 - i);

export const SCAFFOLDS: readonly Scaffold[] = [
  {
    key: 'benzene', zh: '苯', en: 'benzene', template: 'c1{0}c{1}c{2}c{3}c{4}c1{5}', positions: ['1', '2', '3', '4', '5', '6'], sites: ar6,
    atoms: { C: 6, H: 6 }, symmetries: closure(6, [[1, 2, 3, 4, 5, 0], mirror(6)]), category: 'Aromatic hydrocarbons',
  },
  {
    key: 'pyridine', zh: '吡啶', en: 'pyridine', template: 'n1c{0}c{1}c{2}c{3}c1{4}', positions: ['2', '3', '4', '5', '6'], sites: ar6.slice(0, 5),
    atoms: { C: 5, H: 5, N: 1 }, symmetries: [mirror(5)], category: 'Pyridines',
  },
  {
    key: 'pyrimidine', zh: '嘧啶', en: 'pyrimidine', template: 'n1c{0}nc{1}c{2}c1{3}', positions: ['2', '4', '5', '6'], sites: ar6.slice(0, 4),
    atoms: { C: 4, H: 4, N: 2 }, symmetries: [[0, 3, 2, 1]], category: 'Pyrimidines and purines',
  },
  {
    key: 'pyrazine', zh: '吡嗪', en: 'pyrazine', template: 'n1c{0}c{1}nc{2}c1{3}', positions: ['2', '3', '5', '6'], sites: ar6.slice(0, 4),
    atoms: { C: 4, H: 4, N: 2 }, symmetries: closure(4, [[1, 0, 3, 2], [3, 2, 1, 0]]), category: 'Heterocyclic building blocks',
  },
  {
    key: 'thiophene', zh: '噻吩', en: 'thiophene', template: 's1c{0}c{1}c{2}c1{3}', positions: ['2', '3', '4', '5'], sites: ar6.slice(0, 4),
    atoms: { C: 4, H: 4, S: 1 }, symmetries: [mirror(4)], category: 'Furans and thiophenes',
  },
  {
    key: 'furan', zh: '呋喃', en: 'furan', template: 'o1c{0}c{1}c{2}c1{3}', positions: ['2', '3', '4', '5'], sites: ar6.slice(0, 4),
    atoms: { C: 4, H: 4, O: 1 }, symmetries: [mirror(4)], category: 'Furans and thiophenes',
  },
  {
    key: 'thiazole', zh: '噻唑', en: 'thiazole', template: 's1c{0}nc{1}c1{2}', positions: ['2', '4', '5'], sites: ar6.slice(0, 3),
    atoms: { C: 3, H: 3, N: 1, S: 1 }, symmetries: [], category: 'Azoles',
  },
  {
    key: 'indole', zh: '吲哚', en: '1H-indole', template: '[nH]1{0}c{1}c{2}c2c{3}c{4}c{5}c{6}c12', positions: ['1', '2', '3', '4', '5', '6', '7'],
    sites: ['nH', 'ar', 'ar', 'ar', 'ar', 'ar', 'ar'], atoms: { C: 8, H: 7, N: 1 }, symmetries: [], category: 'Indoles',
  },
  {
    key: 'benzofuran', zh: '苯并呋喃', en: '1-benzofuran', template: 'o1c{0}c{1}c2c{2}c{3}c{4}c{5}c12', positions: ['2', '3', '4', '5', '6', '7'],
    sites: ar6, atoms: { C: 8, H: 6, O: 1 }, symmetries: [], category: 'Furans and thiophenes',
  },
  {
    key: 'benzothiophene', zh: '苯并噻吩', en: '1-benzothiophene', template: 's1c{0}c{1}c2c{2}c{3}c{4}c{5}c12', positions: ['2', '3', '4', '5', '6', '7'],
    sites: ar6, atoms: { C: 8, H: 6, S: 1 }, symmetries: [], category: 'Furans and thiophenes',
  },
  {
    key: 'quinoline', zh: '喹啉', en: 'quinoline', template: 'n1c{0}c{1}c{2}c2c{3}c{4}c{5}c{6}c12', positions: ['2', '3', '4', '5', '6', '7', '8'],
    sites: [...ar6, 'ar'], atoms: { C: 9, H: 7, N: 1 }, symmetries: [], category: 'Quinolines',
  },
  {
    key: 'isoquinoline', zh: '异喹啉', en: 'isoquinoline', template: 'c1{0}nc{1}c{2}c2c{3}c{4}c{5}c{6}c12', positions: ['1', '3', '4', '5', '6', '7', '8'],
    sites: [...ar6, 'ar'], atoms: { C: 9, H: 7, N: 1 }, symmetries: [], category: 'Quinolines',
  },
  {
    // Positions 1–8 round the rings: 1, 2, 3, 4, (4a), 5, 6, 7, 8, (8a).
    key: 'naphthalene', zh: '萘', en: 'naphthalene', template: 'c1{0}c{1}c{2}c{3}c2c{4}c{5}c{6}c{7}c12', positions: ['1', '2', '3', '4', '5', '6', '7', '8'],
    sites: [...ar6, 'ar', 'ar'], atoms: { C: 10, H: 8 },
    symmetries: closure(8, [[3, 2, 1, 0, 7, 6, 5, 4], [7, 6, 5, 4, 3, 2, 1, 0]]), category: 'Aromatic hydrocarbons',
  },
  {
    key: 'piperidine', zh: '哌啶', en: 'piperidine', template: 'N1{0}C{1}C{2}C{3}C{4}C1{5}', positions: ['1', '2', '3', '4', '5', '6'],
    sites: ['satN', 'satCX', 'satC', 'satC', 'satC', 'satCX'], atoms: { C: 5, H: 11, N: 1 },
    symmetries: [[0, 5, 4, 3, 2, 1]], category: 'Heterocyclic building blocks',
  },
  {
    key: 'morpholine', zh: '吗啉', en: 'morpholine', template: 'O1C{0}C{1}N{2}C{3}C1{4}', positions: ['2', '3', '4', '5', '6'],
    sites: ['satCX', 'satCX', 'satN', 'satCX', 'satCX'], atoms: { C: 4, H: 9, N: 1, O: 1 },
    symmetries: [mirror(5)], category: 'Piperazines and morpholines',
  },
];

/** At most this many groups on one scaffold. */
export const MAX_GROUPS = 3;
