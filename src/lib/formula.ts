/**
 * Molecular formulas as catalogues write them: element symbols with counts, groups in parentheses or
 * brackets with a count (`Ca(OH)2`, `[Cu(NH3)4]SO4`), and hydrates or adducts after a dot
 * (`CuSO4·5H2O`, `CuSO4.5H2O`). The server computes the molecular weight from it (ADR 0030); the form
 * uses the same code to show it while typing.
 */

/** Standard atomic weights (IUPAC 2021, conventional values; the mass number of the most stable isotope for elements without one). */
const ATOMIC_WEIGHTS: Readonly<Record<string, number>> = {
  H: 1.008, He: 4.0026, Li: 6.94, Be: 9.0122, B: 10.81, C: 12.011, N: 14.007, O: 15.999, F: 18.998, Ne: 20.18,
  Na: 22.99, Mg: 24.305, Al: 26.982, Si: 28.085, P: 30.974, S: 32.06, Cl: 35.45, Ar: 39.95, K: 39.098, Ca: 40.078,
  Sc: 44.956, Ti: 47.867, V: 50.942, Cr: 51.996, Mn: 54.938, Fe: 55.845, Co: 58.933, Ni: 58.693, Cu: 63.546, Zn: 65.38,
  Ga: 69.723, Ge: 72.63, As: 74.922, Se: 78.971, Br: 79.904, Kr: 83.798, Rb: 85.468, Sr: 87.62, Y: 88.906, Zr: 91.224,
  Nb: 92.906, Mo: 95.95, Tc: 98, Ru: 101.07, Rh: 102.91, Pd: 106.42, Ag: 107.87, Cd: 112.41, In: 114.82, Sn: 118.71,
  Sb: 121.76, Te: 127.6, I: 126.9, Xe: 131.29, Cs: 132.91, Ba: 137.33, La: 138.91, Ce: 140.12, Pr: 140.91, Nd: 144.24,
  Pm: 145, Sm: 150.36, Eu: 151.96, Gd: 157.25, Tb: 158.93, Dy: 162.5, Ho: 164.93, Er: 167.26, Tm: 168.93, Yb: 173.05,
  Lu: 174.97, Hf: 178.49, Ta: 180.95, W: 183.84, Re: 186.21, Os: 190.23, Ir: 192.22, Pt: 195.08, Au: 196.97, Hg: 200.59,
  Tl: 204.38, Pb: 207.2, Bi: 208.98, Po: 209, At: 210, Rn: 222, Fr: 223, Ra: 226, Ac: 227, Th: 232.04,
  Pa: 231.04, U: 238.03, Np: 237, Pu: 244, Am: 243, Cm: 247, Bk: 247, Cf: 251, Es: 252, Fm: 257,
  D: 2.014,
};

const MAX_LENGTH = 200;
const MAX_COUNT = 100_000;

/** Element counts of a formula, or null when it does not read as one (an unknown symbol, unbalanced brackets, nothing at all). */
export function parseFormula(input: string): Map<string, number> | null {
  const formula = input.trim().replace(/\s+/g, '');
  if (!formula || formula.length > MAX_LENGTH) return null;
  const total = new Map<string, number>();
  // Parts after a dot are adducts: an optional leading multiplier, then a formula.
  for (const part of formula.split(/[.·•]/)) {
    const m = /^(\d*)(.+)$/.exec(part);
    if (!m) return null;
    const multiplier = m[1] ? Number(m[1]) : 1;
    const counts = parseGroup(m[2] ?? '');
    if (!counts || multiplier < 1) return null;
    for (const [el, n] of counts) total.set(el, (total.get(el) ?? 0) + n * multiplier);
  }
  return total.size > 0 ? total : null;
}

function parseGroup(text: string): Map<string, number> | null {
  const stack: Map<string, number>[] = [new Map()];
  const closers: string[] = [];
  let i = 0;
  const readCount = (): number | null => {
    const m = /^\d+/.exec(text.slice(i));
    if (!m) return 1;
    i += m[0].length;
    const n = Number(m[0]);
    return n >= 1 && n <= MAX_COUNT ? n : null;
  };
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (ch === '(' || ch === '[') {
      stack.push(new Map());
      closers.push(ch === '(' ? ')' : ']');
      i += 1;
    } else if (ch === ')' || ch === ']') {
      if (closers.pop() !== ch) return null;
      i += 1;
      const n = readCount();
      const group = stack.pop();
      const outer = stack[stack.length - 1];
      if (n === null || !group || !outer || group.size === 0) return null;
      for (const [el, c] of group) outer.set(el, (outer.get(el) ?? 0) + c * n);
    } else {
      const m = /^[A-Z][a-z]?/.exec(text.slice(i));
      if (!m || ATOMIC_WEIGHTS[m[0]] === undefined) return null;
      i += m[0].length;
      const n = readCount();
      const top = stack[stack.length - 1];
      if (n === null || !top) return null;
      top.set(m[0], (top.get(m[0]) ?? 0) + n);
    }
  }
  if (closers.length > 0 || stack.length !== 1) return null;
  const counts = stack[0] ?? new Map<string, number>();
  return counts.size > 0 ? counts : null;
}

/** The average molecular weight of a formula in g/mol, to three decimals as the column stores it; null when it does not parse. */
export function molecularWeightOf(formula: string): string | null {
  const counts = parseFormula(formula);
  return counts ? molecularWeightOfCounts(counts) : null;
}

/** The same from element counts (the catalogue generator adds them up from a structure's fragments). */
export function molecularWeightOfCounts(counts: ReadonlyMap<string, number>): string {
  let sum = 0;
  for (const [el, n] of counts) sum += (ATOMIC_WEIGHTS[el] ?? 0) * n;
  return sum.toFixed(3);
}

/** Element counts in Hill order (carbon, then hydrogen, then the rest alphabetically; without carbon, all alphabetically), counts of 1 left out. */
export function hillFormulaOf(counts: ReadonlyMap<string, number>): string {
  const symbols = [...counts.keys()].filter((s) => (counts.get(s) ?? 0) > 0);
  const hasCarbon = symbols.includes('C');
  const rest = symbols.filter((s) => !(hasCarbon && (s === 'C' || s === 'H'))).sort();
  const ordered = hasCarbon ? ['C', ...(symbols.includes('H') ? ['H'] : []), ...rest] : rest;
  return ordered.map((s) => {
    const n = counts.get(s) ?? 0;
    return n === 1 ? s : `${s}${n}`;
  }).join('');
}

/** A formula rewritten in Hill order: `CH3CH2OH` → `C2H6O`. Null when it does not parse. */
export function hillFormula(formula: string): string | null {
  const counts = parseFormula(formula);
  return counts ? hillFormulaOf(counts) : null;
}

/**
 * The forms a search key is looked up by as a molecular formula, or null when the key does not read
 * as one beyond doubt: no spaces, at least two elements, and a count or a two-letter symbol written in
 * mixed case (`C2H6O`, `NaCl`, `CuSO4·5H2O`) — so that capitals alone (`SDS`, `CO`) stay words. The key
 * as typed comes first, then its Hill form when that differs.
 */
export function formulaSearchForms(key: string): string[] | null {
  const text = key.trim();
  if (!text || /\s/.test(text) || text.length > 60) return null;
  if (!/\d/.test(text) && !/[A-Z][a-z]/.test(text)) return null;
  const counts = parseFormula(text);
  if (!counts || counts.size < 2) return null;
  const hill = hillFormula(text);
  return hill && hill !== text ? [text, hill] : [text];
}
