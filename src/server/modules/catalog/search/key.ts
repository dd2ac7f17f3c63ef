import 'server-only';
import { formatCasDigits, normaliseCas } from '@/lib/cas';
import { formulaSearchForms } from '@/lib/formula';
import { foldSearchText, SEARCH_KEY_MAX } from '@/lib/search-key';

/** Keys of this many characters or more go through the trigram index; shorter ones through grams. */
export const TRIGRAM_MIN = 3;

export type SearchTypeCode = 1 | 2 | 3;

/** What one search key asks for, decided before any SQL is written (ADR 0014). */
export interface KeyPlan {
  /** The cleaned key (no control characters, single spaces, at most 50 characters). */
  key: string;
  /** Item number, upper-case (item numbers are stored upper-case): exact and prefix. */
  itemNo: string | null;
  /** A full, valid CAS number in NNNNNNN-NN-N form: exact. */
  casExact: string | null;
  /** A partial CAS (digits and hyphens, not a full number): prefix. */
  casPrefix: string | null;
  /** Name search: the lower-case key, matched as a substring of the search text (3+ characters). */
  nameLike: string | null;
  /** Name search for 1–2 character keys: the one gram the product's grams must contain. */
  nameGram: string | null;
  /** Brand names are matched too (name search). */
  brands: boolean;
  /** A CAS-shaped key with a wrong check digit: reported, not searched. */
  casCheckDigit: boolean;
  /** A molecular formula: exact, as typed or in Hill order. */
  formulas: string[] | null;
  /** Substances a SMILES, InChI or InChIKey of the key names (ADR 0075): their products, exact. */
  substanceIds?: number[] | null;
  /** An MDL number (MFCD…): exact. */
  mdl?: string | null;
}

/**
 * What a search searched for, as the results page says it: by item number, CAS number, formula or
 * name, or over every field (no type).
 */
export type SearchedBy = 'itemNo' | 'cas' | 'formula' | 'name' | 'all' | 'structure' | 'inchikey' | 'mdl';

/**
 * A key that is unmistakably one kind of number, whatever type the search asked for: a hyphenated
 * CAS number whose check digit holds (`cas`, canonical), or a key that may be an item number or a
 * formula — those two are confirmed against the catalogue (an active product carries it) before the
 * search takes them (`prepareQuery`).
 */
export interface KeyCandidates {
  cas: string | null;
  itemNo: string | null;
  formulas: string[] | null;
}

const CONTROL = /[\u0000-\u001f\u007f]/g;
const CAS_FULL_HYPHENATED = /^\d{2,7}-\d{2}-\d$/;
const CAS_PARTIAL = /^(?=.*\d)[\d-]+$/;
const ITEM_NO_SHAPE = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
/** An item number no word could be: letters and digits both (A297691), so `countcheck` stays a name. */
const ITEM_NO_UNMISTAKABLE = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9][A-Za-z0-9-]*$/;

/** Defensive cleaning on top of sanitiseSearchKey: no NUL or control bytes can reach PostgreSQL. */
export function cleanKey(raw: string): string {
  return foldSearchText(raw).replace(CONTROL, ' ').replace(/\s+/g, ' ').trim().slice(0, SEARCH_KEY_MAX).trim();
}

/** Characters as the user sees them (code points, so astral characters count once). */
export function charLength(value: string): number {
  return [...value].length;
}

export function planKey(raw: string, type?: SearchTypeCode): KeyPlan {
  const key = cleanKey(raw);
  const plan: KeyPlan = {
    key, itemNo: null, casExact: null, casPrefix: null, nameLike: null, nameGram: null, brands: false, casCheckDigit: false, formulas: null,
  };
  if (!key) return plan;
  const anyType = type === undefined;

  if ((anyType || type === 1) && ITEM_NO_SHAPE.test(key)) plan.itemNo = key.toUpperCase();

  if (anyType || type === 2) {
    const compact = key.replace(/\s+/g, '');
    const digitsOnly = /^\d+$/.test(compact);
    const hyphenatedFull = CAS_FULL_HYPHENATED.test(compact);
    // Digits only are a full CAS number when the user said "CAS" and the length can be one;
    // in an untyped search they may as well be an item number, so a bad check digit is not news.
    const fullDigits = digitsOnly && formatCasDigits(compact) !== null;
    if (hyphenatedFull || (fullDigits && (type === 2 || compact.length >= 5))) {
      const valid = normaliseCas(compact);
      if (valid) plan.casExact = valid;
      else if (hyphenatedFull || type === 2) plan.casCheckDigit = true;
    } else if (CAS_PARTIAL.test(compact)) {
      plan.casPrefix = compact;
    }
  }

  if (anyType || type === 3) {
    const lower = key.toLowerCase();
    if (charLength(lower) >= TRIGRAM_MIN) plan.nameLike = lower;
    else plan.nameGram = lower;
    plan.brands = true;
  }
  return plan;
}

/** True when the plan cannot match anything (nothing searchable in the key for this type). */
export function planIsEmpty(plan: KeyPlan): boolean {
  return !plan.itemNo && !plan.casExact && !plan.casPrefix && !plan.nameLike && !plan.nameGram && !plan.brands && !plan.formulas
    && !(plan.substanceIds && plan.substanceIds.length > 0) && !plan.mdl;
}

export function keyCandidates(raw: string): KeyCandidates {
  const key = cleanKey(raw);
  const cas = CAS_FULL_HYPHENATED.test(key) ? normaliseCas(key) : null;
  if (cas) return { cas, itemNo: null, formulas: null };
  return { cas: null, itemNo: ITEM_NO_UNMISTAKABLE.test(key) ? key.toUpperCase() : null, formulas: formulaSearchForms(key) };
}

/** The plan of a key recognised as a formula: its forms, matched exactly. */
export function formulaPlan(raw: string, formulas: string[]): KeyPlan {
  return { ...planKey(raw, 3), nameLike: null, nameGram: null, brands: false, formulas };
}

/** What a plan searched for, by the type it was made for. */
export function searchedByType(type: SearchTypeCode | undefined): SearchedBy {
  return type === 1 ? 'itemNo' : type === 2 ? 'cas' : type === 3 ? 'name' : 'all';
}
