import 'server-only';
import type { GhsBlock } from '@/server/db/schema';
import type { ChemicalLine, Storage } from './lines';

/** A substance entered by hand as fact: its CAS, names and structure are real, not generated. */
export interface ReagentFact {
  cas: string;
  nameZh: string;
  nameEn: string;
  /** A SMILES string, or the name of a row in chemical-structures-568.tsv whose SMILES to use. */
  structure: string | { tsv: string };
  line: ChemicalLine;
  /** English name of the leaf category. */
  category: string;
  state: 'solid' | 'liquid';
  storage: Storage;
  synonyms: string[];
  ghs: GhsBlock | null;
}

export function ghs(pictograms: string, signalWord: 'danger' | 'warning', hazards: string, precautions: string): GhsBlock {
  return {
    pictograms: pictograms.split(' '),
    signalWord,
    hazardStatements: hazards.split(' '),
    precautionaryStatements: precautions.split(' '),
  };
}

interface FactOptions {
  state?: 'solid' | 'liquid';
  storage?: Storage;
  synonyms?: string;
  ghs?: GhsBlock;
}

export function fact(
  cas: string, nameZh: string, nameEn: string, structure: string | { tsv: string },
  line: ChemicalLine, category: string, options: FactOptions = {},
): ReagentFact {
  return {
    cas, nameZh, nameEn, structure, line, category,
    state: options.state ?? (line === 'solvent' ? 'liquid' : 'solid'),
    storage: options.storage ?? 'rt',
    synonyms: options.synonyms ? options.synonyms.split('; ') : [],
    ghs: options.ghs ?? null,
  };
}

export const tsv = (name: string): { tsv: string } => ({ tsv: name });

/** Hazard blocks shared by several solvents and reagents (GHS classification as commonly labelled). */
export const HAZARD = {
  flammableIrritant: ghs('GHS02 GHS07', 'danger', 'H225 H319 H336', 'P210 P233 P240 P305+P351+P338 P403+P235'),
  flammableAspiration: ghs('GHS02 GHS07 GHS08 GHS09', 'danger', 'H225 H304 H315 H336 H411', 'P210 P273 P301+P310 P331 P403+P235'),
  corrosiveAcid: ghs('GHS05', 'danger', 'H290 H314', 'P234 P280 P303+P361+P353 P305+P351+P338 P310'),
  corrosiveBase: ghs('GHS05', 'danger', 'H290 H314', 'P280 P303+P361+P353 P305+P351+P338 P310'),
  irritant: ghs('GHS07', 'warning', 'H315 H319 H335', 'P261 P264 P280 P305+P351+P338'),
  eyeIrritant: ghs('GHS07', 'warning', 'H319', 'P264 P280 P305+P351+P338 P337+P313'),
  harmfulIrritant: ghs('GHS07', 'warning', 'H302 H315 H319 H335', 'P261 P264 P270 P301+P312 P305+P351+P338'),
  flammableLiquid: ghs('GHS02 GHS07', 'danger', 'H225 H336', 'P210 P233 P240 P241 P403+P235'),
  oxidiser: ghs('GHS03 GHS07', 'danger', 'H272 H302 H319', 'P210 P220 P280 P305+P351+P338'),
} as const;
