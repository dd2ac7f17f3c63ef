import 'server-only';
import { hillFormulaOf, molecularWeightOfCounts } from '@/lib/formula';
import { GROUPS, MAX_GROUPS, SCAFFOLDS, type Group, type Scaffold, type Site } from './generated-structure-parts';

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
