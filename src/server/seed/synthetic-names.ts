import 'server-only';

/** Atoms a fragment adds (negative H where it replaces a hydrogen without adding one back). */
export type AtomCounts = Readonly<Record<string, number>>;

export interface Substituent {
  zh: string;
  en: string;
  atoms: AtomCounts;
}

export interface Core {
  zh: string;
  /** English name is `${enBefore}${substituents}${enStem}`, e.g. 'Methyl ' + '4-bromo' + 'benzoate'. */
  enBefore: string;
  enStem: string;
  atoms: AtomCounts;
  positions: readonly string[];
  /** For symmetric rings: each position's mirror image, so locants can be renumbered lowest-first. */
  mirror?: Readonly<Record<string, string>>;
  /** Leaf category (English name) the compounds are shelved under, when the database has it. */
  category: string;
}

/** Each replaces one ring hydrogen, so the H count is the group's own H minus one. */
export const SUBSTITUENTS: readonly Substituent[] = [
  { zh: '溴', en: 'bromo', atoms: { Br: 1, H: -1 } },
  { zh: '氯', en: 'chloro', atoms: { Cl: 1, H: -1 } },
  { zh: '氟', en: 'fluoro', atoms: { F: 1, H: -1 } },
  { zh: '碘', en: 'iodo', atoms: { I: 1, H: -1 } },
  { zh: '甲基', en: 'methyl', atoms: { C: 1, H: 2 } },
  { zh: '乙基', en: 'ethyl', atoms: { C: 2, H: 4 } },
  { zh: '异丙基', en: 'isopropyl', atoms: { C: 3, H: 6 } },
  { zh: '叔丁基', en: 'tert-butyl', atoms: { C: 4, H: 8 } },
  { zh: '甲氧基', en: 'methoxy', atoms: { C: 1, H: 2, O: 1 } },
  { zh: '乙氧基', en: 'ethoxy', atoms: { C: 2, H: 4, O: 1 } },
  { zh: '苄氧基', en: 'benzyloxy', atoms: { C: 7, H: 6, O: 1 } },
  { zh: '羟基', en: 'hydroxy', atoms: { O: 1 } },
  { zh: '氨基', en: 'amino', atoms: { N: 1, H: 1 } },
  { zh: '二甲氨基', en: 'dimethylamino', atoms: { C: 2, H: 5, N: 1 } },
  { zh: '硝基', en: 'nitro', atoms: { N: 1, O: 2, H: -1 } },
  { zh: '氰基', en: 'cyano', atoms: { C: 1, N: 1, H: -1 } },
  { zh: '三氟甲基', en: 'trifluoromethyl', atoms: { C: 1, F: 3, H: -1 } },
  { zh: '三氟甲氧基', en: 'trifluoromethoxy', atoms: { C: 1, F: 3, O: 1, H: -1 } },
  { zh: '甲硫基', en: 'methylthio', atoms: { C: 1, H: 2, S: 1 } },
  { zh: '乙酰基', en: 'acetyl', atoms: { C: 2, H: 2, O: 1 } },
  { zh: '甲酰基', en: 'formyl', atoms: { C: 1, O: 1 } },
  { zh: '苯基', en: 'phenyl', atoms: { C: 6, H: 4 } },
];

const BENZENE = ['2', '3', '4', '5', '6'];
const BENZENE_MIRROR: Record<string, string> = { 2: '6', 3: '5', 4: '4', 5: '3', 6: '2' };
const PRIMED_MIRROR: Record<string, string> = { '2′': '6′', '3′': '5′', '4′': '4′', '5′': '3′', '6′': '2′' };

export const CORES: readonly Core[] = [
  { zh: '苯甲酸', enBefore: '', enStem: 'benzoic acid', atoms: { C: 7, H: 6, O: 2 }, positions: BENZENE, mirror: BENZENE_MIRROR, category: 'Carboxylic acids' },
  { zh: '苯甲酸甲酯', enBefore: 'Methyl ', enStem: 'benzoate', atoms: { C: 8, H: 8, O: 2 }, positions: BENZENE, mirror: BENZENE_MIRROR, category: 'Esters' },
  { zh: '苯甲酸乙酯', enBefore: 'Ethyl ', enStem: 'benzoate', atoms: { C: 9, H: 10, O: 2 }, positions: BENZENE, mirror: BENZENE_MIRROR, category: 'Esters' },
  { zh: '苯甲醛', enBefore: '', enStem: 'benzaldehyde', atoms: { C: 7, H: 6, O: 1 }, positions: BENZENE, mirror: BENZENE_MIRROR, category: 'Aldehydes' },
  { zh: '苯乙酮', enBefore: '', enStem: 'acetophenone', atoms: { C: 8, H: 8, O: 1 }, positions: ['2′', '3′', '4′', '5′', '6′'], mirror: PRIMED_MIRROR, category: 'Ketones' },
  { zh: '苯胺', enBefore: '', enStem: 'aniline', atoms: { C: 6, H: 7, N: 1 }, positions: BENZENE, mirror: BENZENE_MIRROR, category: 'Amines' },
  { zh: '苯酚', enBefore: '', enStem: 'phenol', atoms: { C: 6, H: 6, O: 1 }, positions: BENZENE, mirror: BENZENE_MIRROR, category: 'Phenols' },
  { zh: '苯甲腈', enBefore: '', enStem: 'benzonitrile', atoms: { C: 7, H: 5, N: 1 }, positions: BENZENE, mirror: BENZENE_MIRROR, category: 'Nitriles' },
  { zh: '苯硼酸', enBefore: '', enStem: 'phenylboronic acid', atoms: { C: 6, H: 7, B: 1, O: 2 }, positions: BENZENE, mirror: BENZENE_MIRROR, category: 'Heterocyclic building blocks' },
  { zh: '苄醇', enBefore: '', enStem: 'benzyl alcohol', atoms: { C: 7, H: 8, O: 1 }, positions: BENZENE, mirror: BENZENE_MIRROR, category: 'Alcohols' },
  { zh: '苯甲酰氯', enBefore: '', enStem: 'benzoyl chloride', atoms: { C: 7, H: 5, Cl: 1, O: 1 }, positions: BENZENE, mirror: BENZENE_MIRROR, category: 'Halogenating reagents' },
  { zh: '苯磺酰氯', enBefore: '', enStem: 'benzenesulfonyl chloride', atoms: { C: 6, H: 5, Cl: 1, O: 2, S: 1 }, positions: BENZENE, mirror: BENZENE_MIRROR, category: 'Sulfonic acids' },
  { zh: '苯甲酰胺', enBefore: '', enStem: 'benzamide', atoms: { C: 7, H: 7, N: 1, O: 1 }, positions: BENZENE, mirror: BENZENE_MIRROR, category: 'Amides' },
  { zh: '苯乙酸', enBefore: '', enStem: 'phenylacetic acid', atoms: { C: 8, H: 8, O: 2 }, positions: BENZENE, mirror: BENZENE_MIRROR, category: 'Carboxylic acids' },
  { zh: '肉桂酸', enBefore: '', enStem: 'cinnamic acid', atoms: { C: 9, H: 8, O: 2 }, positions: BENZENE, mirror: BENZENE_MIRROR, category: 'Carboxylic acids' },
  { zh: '苯氧乙酸', enBefore: '', enStem: 'phenoxyacetic acid', atoms: { C: 8, H: 8, O: 3 }, positions: BENZENE, mirror: BENZENE_MIRROR, category: 'Carboxylic acids' },
  { zh: '吡啶', enBefore: '', enStem: 'pyridine', atoms: { C: 5, H: 5, N: 1 }, positions: ['2', '3', '4', '5', '6'], category: 'Pyridines' },
  { zh: '烟酸', enBefore: '', enStem: 'nicotinic acid', atoms: { C: 6, H: 5, N: 1, O: 2 }, positions: ['2', '4', '5', '6'], category: 'Pyridines' },
  { zh: '嘧啶', enBefore: '', enStem: 'pyrimidine', atoms: { C: 4, H: 4, N: 2 }, positions: ['2', '4', '5', '6'], category: 'Pyrimidines and purines' },
  { zh: '吲哚', enBefore: '', enStem: '1H-indole', atoms: { C: 8, H: 7, N: 1 }, positions: ['2', '3', '4', '5', '6', '7'], category: 'Indoles' },
  { zh: '喹啉', enBefore: '', enStem: 'quinoline', atoms: { C: 9, H: 7, N: 1 }, positions: ['2', '3', '4', '5', '6', '7', '8'], category: 'Quinolines' },
  { zh: '噻吩', enBefore: '', enStem: 'thiophene', atoms: { C: 4, H: 4, S: 1 }, positions: ['2', '3', '4', '5'], category: 'Furans and thiophenes' },
  { zh: '呋喃', enBefore: '', enStem: 'furan', atoms: { C: 4, H: 4, O: 1 }, positions: ['2', '3', '4', '5'], category: 'Furans and thiophenes' },
  { zh: '萘', enBefore: '', enStem: 'naphthalene', atoms: { C: 10, H: 8 }, positions: ['1', '2', '3', '4', '5', '6', '7', '8'], category: 'Aromatic hydrocarbons' },
  { zh: '联苯', enBefore: '', enStem: 'biphenyl', atoms: { C: 12, H: 10 }, positions: ['2', '3', '4', '2′', '3′', '4′'], category: 'Aromatic hydrocarbons' },
  { zh: '苯并咪唑', enBefore: '', enStem: '1H-benzimidazole', atoms: { C: 7, H: 6, N: 2 }, positions: ['2', '4', '5', '6', '7'], category: 'Azoles' },
  { zh: '吡唑', enBefore: '', enStem: '1H-pyrazole', atoms: { C: 3, H: 4, N: 2 }, positions: ['3', '4', '5'], category: 'Azoles' },
];

const ATOMIC_WEIGHT: Record<string, number> = {
  C: 12.011, H: 1.008, N: 14.007, O: 15.999, F: 18.998, Cl: 35.45, Br: 79.904, I: 126.904, S: 32.06, B: 10.81,
};

type Pick = { substituent: Substituent; position: string };

/** IUPAC numbers a symmetric ring the way that gives the lower set of locants. */
function lowestLocants(core: Core, picks: readonly Pick[]): readonly Pick[] {
  const mirror = core.mirror;
  if (!mirror) return picks;
  const mirrored = picks.map((p) => ({ ...p, position: mirror[p.position] ?? p.position }));
  const key = (list: readonly Pick[]): string => list.map((p) => p.position).sort().join(',');
  return key(mirrored) < key(picks) ? mirrored : picks;
}

const MULTIPLIER: Record<number, [string, string]> = { 2: ['二', 'di'], 3: ['三', 'tri'] };

export interface BuiltName {
  nameZh: string;
  nameEn: string;
  atoms: Map<string, number>;
  molecularWeight: string;
}

/**
 * A substituted core as a chemist would name it: substituents in alphabetical order (ignoring
 * di/tri), locants joined by commas, the same order in both languages: 4-溴-2-氟苯甲酸甲酯 /
 * Methyl 4-bromo-2-fluorobenzoate.
 */
export function buildName(core: Core, chosen: readonly { substituent: Substituent; position: string }[]): BuiltName {
  const picks = lowestLocants(core, chosen);
  const groups = new Map<Substituent, string[]>();
  for (const p of picks) groups.set(p.substituent, [...(groups.get(p.substituent) ?? []), p.position]);
  const ordered = [...groups.entries()].sort(([a], [b]) => a.en.localeCompare(b.en));
  const parts = ordered.map(([s, positions]) => {
    const locants = [...positions].sort().join(',');
    const [zhMul, enMul] = MULTIPLIER[positions.length] ?? ['', ''];
    return { zh: `${locants}-${zhMul}${s.zh}`, en: `${locants}-${enMul}${s.en}` };
  });
  const zhPrefix = parts.map((p) => p.zh).join('-');
  const enPrefix = parts.map((p) => p.en).join('-');
  const joiner = /^\d/.test(core.enStem) ? '-' : '';
  const en = `${core.enBefore}${enPrefix}${joiner}${core.enStem}`;
  const atoms = new Map(Object.entries(core.atoms));
  for (const p of picks) {
    for (const [el, n] of Object.entries(p.substituent.atoms)) atoms.set(el, (atoms.get(el) ?? 0) + n);
  }
  let weight = 0;
  for (const [el, n] of atoms) weight += (ATOMIC_WEIGHT[el] ?? 0) * n;
  return {
    nameZh: `${zhPrefix}${core.zh}`,
    nameEn: en.replace(/[a-z]/, (c) => c.toUpperCase()),
    atoms,
    molecularWeight: weight.toFixed(3),
  };
}
