/**
 * Structure search's page address (`/product/list?type=5&mode=…&sk=<SMILES>&threshold=…`), read and
 * written the same way by the search bar's structure tab, the product page's "search similar" link and
 * the result page. A structure key is not a text key: it is exempt from the search-key rule
 * (`sanitiseSearchKey`, which would turn `C(=O)O` into `C  O O`) and from its 50 characters; it is
 * kept as written, up to the SMILES cap, and the engine reads it.
 */
import { MAX_SMILES_CHARS } from './structure-limits';

/** The search type of structure search, beside the four of the search bar. */
export const STRUCTURE_SEARCH_TYPE = 5;
/** The search bar's structure panel (the tab's `aria-controls`), and the shell's place for it below the bar. */
export const STRUCTURE_PANEL_ID = 'structure-search-panel';
export const STRUCTURE_SLOT_ID = 'structure-search-slot';
export const STRUCTURE_MODES = ['exact', 'sub', 'sim'] as const;
export type StructureMode = (typeof STRUCTURE_MODES)[number];
export const DEFAULT_STRUCTURE_MODE: StructureMode = 'sub';

/** Similarity thresholds (Tanimoto) a search may ask for, and the default. */
export const MIN_THRESHOLD = 0.3;
export const MAX_THRESHOLD = 1;
export const DEFAULT_THRESHOLD = 0.7;
export const THRESHOLD_STEP = 0.05;

export interface StructureQuery {
  /** The structure as the address carries it (a SMILES), trimmed; empty when there is none. */
  key: string;
  mode: StructureMode;
  /** The similarity threshold; used in `sim` mode only. */
  threshold: number;
}

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

export function parseStructureMode(value: unknown): StructureMode {
  return (STRUCTURE_MODES as readonly unknown[]).includes(value) ? (value as StructureMode) : DEFAULT_STRUCTURE_MODE;
}

/** A threshold from text: clamped to 0.3–1.0 and rounded to two places; the default when unreadable. */
export function parseThreshold(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^(?:\d{1,3}(?:\.\d{0,6})?|\.\d{1,6})$/.test(text)) return DEFAULT_THRESHOLD;
  const n = Number(text);
  return Math.round(Math.min(MAX_THRESHOLD, Math.max(MIN_THRESHOLD, n)) * 100) / 100;
}

/**
 * The structure key of an address: trimmed, whitespace inside removed (a SMILES has none; a pasted one
 * may be broken over lines), at most the SMILES cap plus one character (so that a longer one still
 * reaches the engine and is refused with its own message, not silently cut into another structure).
 */
export function parseStructureKey(value: string | string[] | undefined): string {
  return (first(value) ?? '').replace(/\s+/g, '').slice(0, MAX_SMILES_CHARS + 1);
}

/** Mode, threshold and key of a structure search's query string. */
export function parseStructureQuery(search: Search): StructureQuery {
  return { key: parseStructureKey(search.sk), mode: parseStructureMode(first(search.mode)), threshold: parseThreshold(first(search.threshold)) };
}

/** The query of a structure search's page: threshold only in `sim` mode, and only when not the default. */
export function structureSearchQuery(query: StructureQuery): Record<string, string> {
  const out: Record<string, string> = { type: String(STRUCTURE_SEARCH_TYPE), mode: query.mode, sk: query.key };
  if (query.mode === 'sim' && query.threshold !== DEFAULT_THRESHOLD) out.threshold = String(query.threshold);
  return out;
}

/** Whether a pasted text is a MOL block (V2000 or V3000) rather than a SMILES. */
export function looksLikeMolfile(text: string): boolean {
  return /\n/.test(text.trim()) && /M {2}END|V2000|V3000/.test(text);
}

/** One remembered structure search (kept in the browser's storage, never on the server). */
export interface RecentStructure {
  smiles: string;
  mode: StructureMode;
  threshold: number;
}

export const RECENT_STRUCTURES_KEY = 'structure-searches';
export const MAX_RECENT_STRUCTURES = 8;

/** The list with `entry` first, an older search of the same structure and mode dropped, at most eight kept. */
export function rememberStructure(list: readonly RecentStructure[], entry: RecentStructure): RecentStructure[] {
  return [entry, ...list.filter((r) => r.smiles !== entry.smiles || r.mode !== entry.mode)].slice(0, MAX_RECENT_STRUCTURES);
}

/** Recent searches from stored text: anything unreadable or malformed is left out. */
export function readRecentStructures(text: string | null): RecentStructure[] {
  if (!text) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const out: RecentStructure[] = [];
  for (const item of data) {
    if (item === null || typeof item !== 'object') continue;
    const { smiles, mode, threshold } = item as Record<string, unknown>;
    if (typeof smiles !== 'string' || smiles === '' || smiles.length > MAX_SMILES_CHARS || /\s/.test(smiles)) continue;
    if (!(STRUCTURE_MODES as readonly unknown[]).includes(mode)) continue;
    out.push({ smiles, mode: mode as StructureMode, threshold: parseThreshold(threshold) });
    if (out.length === MAX_RECENT_STRUCTURES) break;
  }
  return out;
}
