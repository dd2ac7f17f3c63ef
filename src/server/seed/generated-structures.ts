import 'server-only';
import { hillFormulaOf, molecularWeightOfCounts } from '@/lib/formula';

/**
 * The structures of generated products (`db:generate-catalog`): real ring scaffolds with up to three
 * substituents, enumerated by index arithmetic, so that structure n is worked out in microseconds with
 * no chemistry toolkit at load time and every index below `structureCount()` is a different molecule.
 *
 * Why the indexes give different molecules:
 * - a structure is one scaffold ring system with groups on its ring positions; the groups are acyclic
 *   or carry an unsubstituted benzene or saturated ring that is not attached the way a scaffold's own
 *   positions allow (no phenyl on a saturated ring's nitrogen, no pyridyl group at all), so the scaffold
 *   of a molecule, and its groups by position, are found again from the molecule alone;
 * - two placements that a symmetry of the scaffold maps onto each other (2-bromopyridine and
 *   6-bromopyridine) are one molecule: of each such family only the lexicographically greatest
 *   placement is kept (`isCanonical`), and symmetric positions accept the same groups;
 * - no two groups make the same molecule on a bare ring (only phenylcarbamoyl, never benzamido too).
 * The unit test parses and canonicalises a large sample with openchemlib to check all of this.
 */

/** Where a group may sit: an aromatic carbon, an aromatic N–H, a saturated ring's N–H, a saturated ring carbon. */
type Site = 'ar' | 'nH' | 'satN' | 'satC' | 'satCX';

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

interface Pattern {
  /** Positions (indexes into the scaffold's positions) that carry a group, ascending. */
  positions: number[];
  /** Per position, the indexes into GROUPS it accepts. */
  choices: number[][];
  /** How many placements: the product of the choices. */
  size: number;
  /** Placements of the scaffold before this pattern. */
  offset: number;
}

interface ScaffoldPlan {
  scaffold: Scaffold;
  patterns: Pattern[];
  /** Raw placements (all patterns). */
  raw: number;
  /** The raw placements kept, in order, when the scaffold has symmetries; null: every one is kept. */
  kept: Uint32Array | null;
  /** Structures it gives. */
  count: number;
  /** Structures of the scaffolds before it. */
  offset: number;
  /** The template cut at its positions: text, or a position's atom as written bare and with a group. */
  parts: (string | { at: number; bare: string; substituted: string })[];
}

function subsets(n: number, k: number): number[][] {
  if (k === 0) return [[]];
  const out: number[][] = [];
  const walk = (start: number, acc: number[]) => {
    if (acc.length === k) {
      out.push([...acc]);
      return;
    }
    for (let i = start; i < n; i += 1) walk(i + 1, [...acc, i]);
  };
  walk(0, []);
  return out;
}

function groupsFor(site: Site): number[] {
  return GROUPS.flatMap((g, i) => (g.sites.includes(site) ? [i] : []));
}

/** The group index (+1; 0 for a hydrogen) at every position of a raw placement. */
function placementVector(plan: { scaffold: Scaffold; patterns: Pattern[] }, rank: number, out: Int32Array): void {
  out.fill(0);
  const pattern = findPattern(plan.patterns, rank);
  let rest = rank - pattern.offset;
  for (let j = pattern.positions.length - 1; j >= 0; j -= 1) {
    const choices = pattern.choices[j] ?? [];
    out[pattern.positions[j] ?? 0] = (choices[rest % choices.length] ?? 0) + 1;
    rest = Math.floor(rest / choices.length);
  }
}

function findPattern(patterns: readonly Pattern[], rank: number): Pattern {
  let lo = 0;
  let hi = patterns.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((patterns[mid]?.offset ?? 0) <= rank) lo = mid;
    else hi = mid - 1;
  }
  const found = patterns[lo];
  if (!found) throw new Error(`no placement ${rank}`);
  return found;
}

/**
 * Whether no symmetry of the scaffold maps the placement onto a lexicographically greater one: of a
 * family the placement kept has its groups on the earliest positions, the lowest locants of its name.
 */
function isCanonical(vector: Int32Array, symmetries: readonly (readonly number[])[], image: Int32Array): boolean {
  for (const perm of symmetries) {
    for (let i = 0; i < vector.length; i += 1) image[perm[i] ?? i] = vector[i] ?? 0;
    for (let i = 0; i < vector.length; i += 1) {
      const a = vector[i] ?? 0;
      const b = image[i] ?? 0;
      if (b > a) return false;
      if (b < a) break;
    }
  }
  return true;
}

function planScaffold(scaffold: Scaffold, offset: number): ScaffoldPlan {
  const n = scaffold.positions.length;
  for (const perm of scaffold.symmetries) {
    perm.forEach((to, from) => {
      if (scaffold.sites[to] !== scaffold.sites[from]) throw new Error(`${scaffold.key}: a symmetry maps a ${scaffold.sites[from]} position onto a ${scaffold.sites[to]} one`);
    });
  }
  const patterns: Pattern[] = [];
  let raw = 0;
  for (let k = 0; k <= Math.min(MAX_GROUPS, n); k += 1) {
    for (const positions of subsets(n, k)) {
      const choices = positions.map((p) => groupsFor(scaffold.sites[p] ?? 'ar'));
      const size = choices.reduce((s, c) => s * c.length, 1);
      if (size === 0) continue;
      patterns.push({ positions, choices, size, offset: raw });
      raw += size;
    }
  }
  let kept: Uint32Array | null = null;
  if (scaffold.symmetries.length > 0) {
    const list = new Uint32Array(raw);
    const vector = new Int32Array(n);
    const image = new Int32Array(n);
    let count = 0;
    for (let rank = 0; rank < raw; rank += 1) {
      placementVector({ scaffold, patterns }, rank, vector);
      if (isCanonical(vector, scaffold.symmetries, image)) list[count++] = rank;
    }
    kept = list.slice(0, count);
  }
  return { scaffold, patterns, raw, kept, count: kept ? kept.length : raw, offset, parts: templateParts(scaffold.template) };
}

/** `[nH]1{0}` is `[nH]1` bare and `n1(group)` with a group: the hydrogen goes with the group. */
function templateParts(template: string): ScaffoldPlan['parts'] {
  const parts: ScaffoldPlan['parts'] = [];
  const marker = /(\[nH\])?(\d*)\{(\d+)\}/g;
  let last = 0;
  for (const m of template.matchAll(marker)) {
    const start = m.index ?? 0;
    if (start > last) parts.push(template.slice(last, start));
    const nh = m[1] ?? '';
    const digits = m[2] ?? '';
    parts.push({ at: Number(m[3]), bare: `${nh}${digits}`, substituted: `${nh ? 'n' : ''}${digits}` });
    last = start + m[0].length;
  }
  if (last < template.length) parts.push(template.slice(last));
  return parts;
}

let plans: ScaffoldPlan[] | null = null;

/** Worked out once (about a second): the kept placements of the symmetric scaffolds. */
function allPlans(): ScaffoldPlan[] {
  if (plans) return plans;
  const list: ScaffoldPlan[] = [];
  let offset = 0;
  for (const scaffold of SCAFFOLDS) {
    const plan = planScaffold(scaffold, offset);
    list.push(plan);
    offset += plan.count;
  }
  plans = list;
  return list;
}

/** Each scaffold's run of indexes in the enumeration (before the stride of substanceStructureIndex). */
export function scaffoldRanges(): { key: string; first: number; count: number }[] {
  return allPlans().map((plan) => ({ key: plan.scaffold.key, first: plan.offset, count: plan.count }));
}

/** How many different structures the enumeration holds. */
export function structureCount(): number {
  const list = allPlans();
  const last = list[list.length - 1];
  return last ? last.offset + last.count : 0;
}


export interface GeneratedStructure {
  /** Index in the enumeration (0 … structureCount() − 1). */
  index: number;
  scaffold: Scaffold;
  /** The groups and the position label each sits on. */
  picks: { group: Group; position: string }[];
  smiles: string;
  formula: string;
  molecularWeight: string;
  nameZh: string;
  nameEn: string;
}

const MULTIPLIER: Readonly<Record<number, [string, string]>> = { 2: ['二', 'di'], 3: ['三', 'tri'] };

/** Substituents in alphabetical order with their locants (di/tri for repeats): 2-溴-4-甲基吡啶 / 2-Bromo-4-methylpyridine. */
function nameOf(scaffold: Scaffold, picks: readonly { group: Group; position: string }[]): { zh: string; en: string } {
  const byGroup = new Map<Group, string[]>();
  for (const p of picks) byGroup.set(p.group, [...(byGroup.get(p.group) ?? []), p.position]);
  const parts = [...byGroup.entries()]
    .sort(([a], [b]) => (a.en < b.en ? -1 : a.en > b.en ? 1 : 0))
    .map(([group, locants]) => {
      const [zhMul, enMul] = MULTIPLIER[locants.length] ?? ['', ''];
      const where = locants.join(',');
      // Bracketed when the group's own name has locants or a multiplier would read into it.
      const en = /\d/.test(group.en) || (enMul && / /.test(group.en)) ? `(${group.en})` : group.en;
      return { zh: `${where}-${zhMul}${group.zh}`, en: `${where}-${enMul}${en}` };
    });
  const zh = `${parts.map((p) => p.zh).join('-')}${scaffold.zh}`;
  const prefix = parts.map((p) => p.en).join('-');
  const joiner = prefix && /^\d/.test(scaffold.en) ? '-' : '';
  const en = `${prefix}${joiner}${scaffold.en}`;
  return { zh, en: en.replace(/[a-z]/, (c) => c.toUpperCase()) };
}

/**
 * Structure `index` of the enumeration: SMILES, formula, weight and name, by arithmetic alone. With
 * `keepGroups`, only its first groups (in position order) are kept: a fragment of it, a substructure key.
 */
export function structureAt(index: number, keepGroups = MAX_GROUPS): GeneratedStructure {
  const list = allPlans();
  const total = structureCount();
  if (!Number.isInteger(index) || index < 0 || index >= total) throw new RangeError(`structure index ${index} outside 0…${total - 1}`);
  let lo = 0;
  let hi = list.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((list[mid]?.offset ?? 0) <= index) lo = mid;
    else hi = mid - 1;
  }
  const plan = list[lo];
  if (!plan) throw new RangeError(`structure index ${index}`);
  const local = index - plan.offset;
  const rank = plan.kept ? (plan.kept[local] ?? 0) : local;
  const pattern = findPattern(plan.patterns, rank);
  const scaffold = plan.scaffold;
  const byPosition = new Array<Group | undefined>(scaffold.positions.length);
  let rest = rank - pattern.offset;
  for (let j = pattern.positions.length - 1; j >= 0; j -= 1) {
    const choices = pattern.choices[j] ?? [];
    byPosition[pattern.positions[j] ?? 0] = GROUPS[choices[rest % choices.length] ?? 0];
    rest = Math.floor(rest / choices.length);
  }
  const picks: { group: Group; position: string }[] = [];
  const atoms = new Map(Object.entries(scaffold.atoms));
  let smiles = '';
  for (const part of plan.parts) {
    if (typeof part === 'string') {
      smiles += part;
      continue;
    }
    const group = picks.length < keepGroups ? byPosition[part.at] : undefined;
    if (!group) {
      smiles += part.bare;
      continue;
    }
    picks.push({ group, position: scaffold.positions[part.at] ?? '' });
    for (const [element, n] of Object.entries(group.atoms)) atoms.set(element, (atoms.get(element) ?? 0) + n);
    smiles += `${part.substituted}(${group.smiles})`;
  }
  for (const [element, n] of atoms) if (n === 0) atoms.delete(element);
  const name = nameOf(scaffold, picks);
  return {
    index, scaffold, picks, smiles, formula: hillFormulaOf(atoms), molecularWeight: molecularWeightOfCounts(atoms), nameZh: name.zh, nameEn: name.en,
  };
}

/** Greatest common divisor, for the stride below. */
function gcd(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/**
 * The structure of the n-th substance (0-based) of a catalogue of `substances` distinct ones: a stride
 * through the whole enumeration coprime with its size, so the first hundred thousand already mix every
 * scaffold (benzenes and pyridines, rare naphthalenes and morpholines) and no two n below the size meet.
 */
let strideMemo: { total: number; stride: bigint } | null = null;

export function substanceStructureIndex(n: number): number {
  const total = structureCount();
  if (!strideMemo || strideMemo.total !== total) {
    let stride = Math.round(total * 0.6180339887);
    while (gcd(stride, total) !== 1) stride += 1;
    strideMemo = { total, stride: BigInt(stride) };
  }
  const { stride } = strideMemo;
  // Both factors are below 2^24, so the product is exact in a double.
  return Number((BigInt(n % total) * stride) % BigInt(total));
}
