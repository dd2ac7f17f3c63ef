import 'server-only';
import { isValidCas } from '@/lib/cas';
import type { GhsBlock } from '@/server/db/schema';
import { shippingFor } from './item-types';
import { ANALYTICAL_ITEMS } from './items-analytical';
import { BIO_ITEMS } from './items-bio';
import { LAB_ITEMS } from './items-lab';
import type { ProductLine, Shipping, Storage } from './lines';
import { moleculeFacts } from './molecule';
import { FINE_FACT_PRICES } from './fact-prices';
import { createRng, hashString } from './random';
import { HAZARD } from './reagent-types';
import { assertFactsValid, REAGENT_FACTS, type ReagentFact } from './reagents';
import { classifyStructure } from './structure-category';
import { STRUCTURE_FACTS, type StructureFact } from './structure-facts';
import { isExcludedStructure, loadStructures, type StructureRow } from './structures';

/** One thing the shop sells under several brands and grades. */
export interface Substance {
  key: string;
  source: 'fact' | 'structure' | 'item';
  nameZh: string;
  nameEn: string;
  cas: string | null;
  mdl: string | null;
  smiles: string | null;
  formula: string | null;
  molecularWeight: string | null;
  line: ProductLine;
  /** English name of the leaf category. */
  category: string;
  storage: Storage;
  shipping: Shipping;
  synonyms: string[];
  ghs: GhsBlock | null;
  /** Pack sizes from smallest to largest; a product offers a run of one to four of them. */
  sizes: string[];
  /** List price of the smallest size for a plain grade from a brand with price factor 1, CNY. */
  basePrice: number;
  /** How fast price grows with pack size: lower for commodity chemicals sold in bulk. */
  priceExponent: number;
}

const LIQUID_CATEGORIES = new Set([
  'Alcohols', 'Aldehydes', 'Ketones', 'Esters', 'Ethers', 'Amines', 'Nitriles', 'Halogenated hydrocarbons', 'Alkanes',
  'Alkenes and alkynes', 'Aromatic hydrocarbons', 'Thiols and sulfides', 'Organic bases', 'Furans and thiophenes', 'Pyridines',
]);
const FLAMMABLE_CATEGORIES = new Set(['Alkanes', 'Alkenes and alkynes', 'Esters', 'Ethers']);

/** Fine chemicals: small packs that grow steeply in price. */
function fineSizes(liquid: boolean, basePrice: number): string[] {
  if (liquid) {
    if (basePrice < 100) return ['25mL', '100mL', '500mL', '2.5L'];
    return basePrice < 400 ? ['5mL', '25mL', '100mL', '500mL'] : ['1mL', '5mL', '25mL'];
  }
  if (basePrice < 60) return ['25g', '100g', '500g', '1kg'];
  if (basePrice < 150) return ['5g', '25g', '100g', '500g'];
  if (basePrice < 400) return ['1g', '5g', '25g', '100g'];
  return basePrice < 800 ? ['100mg', '250mg', '1g', '5g'] : ['10mg', '50mg', '100mg', '500mg'];
}

/** Everyday reagents: sold by the bottle or kilogram, priced low per gram. */
function commoditySizes(line: ReagentFact['line'], liquid: boolean, basePrice: number): string[] {
  if (line === 'solvent') return ['500mL', '1L', '2.5L', '4L'];
  if (liquid) return basePrice < 50 ? ['100mL', '500mL', '1L', '2.5L'] : ['25mL', '100mL', '500mL', '2.5L'];
  if (line === 'inorganic') return basePrice < 25 ? ['500g', '1kg', '2.5kg'] : ['100g', '500g', '1kg', '2.5kg'];
  return basePrice < 50 ? ['100g', '500g', '1kg', '2.5kg'] : ['25g', '100g', '500g', '1kg'];
}

/** Log-uniform, so cheap items are as common as dear ones per decade of price. */
function priceBetween(key: string, min: number, max: number): number {
  const r = createRng(hashString(key)).next();
  return Math.round(min * (max / min) ** r);
}

const FACT_PRICE: Record<ReagentFact['line'], [number, number]> = {
  solvent: [25, 60], inorganic: [10, 45], organic: [15, 80], biochem: [20, 90],
};

function factSubstance(f: ReagentFact, smiles: string, extraSynonyms: string[]): Substance {
  const mol = moleculeFacts(smiles);
  if (!mol) throw new Error(`Seed fact ${f.nameEn} has a SMILES that does not parse: ${smiles}`);
  const [min, max] = FACT_PRICE[f.line];
  const liquid = f.state === 'liquid';
  let basePrice = priceBetween(f.cas, min, max);
  let sizes = commoditySizes(f.line, liquid, basePrice);
  let priceExponent = 0.6;
  const fine = FINE_FACT_PRICES.get(f.cas);
  if (fine) {
    basePrice = fine.price;
    sizes = fine.sizes;
    priceExponent = 0.8;
  } else if (f.category === 'Deuterated solvents') {
    basePrice = priceBetween(f.cas, 120, 320);
    sizes = ['10g', '25g', '50g', '100g'];
    priceExponent = 0.72;
  } else if (f.storage === '-20c' && f.line === 'biochem') {
    basePrice = priceBetween(f.cas, 300, 900);
    sizes = fineSizes(liquid, basePrice);
    priceExponent = 0.72;
  }
  return {
    key: `fact:${f.cas}`, source: 'fact', nameZh: f.nameZh, nameEn: f.nameEn, cas: f.cas, mdl: null, smiles,
    formula: mol.formula, molecularWeight: mol.molecularWeight, line: f.line, category: f.category,
    storage: f.storage, shipping: shippingFor(f.storage), synonyms: [...f.synonyms, ...extraSynonyms], ghs: f.ghs,
    sizes, basePrice, priceExponent,
  };
}

function structureSubstance(row: StructureRow, known: StructureFact): Substance | null {
  const mol = moleculeFacts(row.smiles);
  if (!mol) return null;
  const classified = classifyStructure(row.nameEn);
  const { line } = classified;
  // Part of the stereo-defined structures are shelved as chiral building blocks, as catalogues do.
  const stereo = /^\((\d+[RS]|[RS])[,)]/.test(row.nameEn) && line === 'organic';
  const category = stereo && hashString(row.nameEn) % 3 === 0 ? 'Chiral compounds' : classified.category;
  const weight = Number(mol.molecularWeight);
  const kind = classified.category;
  const liquid = weight < 150 && LIQUID_CATEGORIES.has(kind) && !/dione|diol|triol|acid|amide|ium/.test(row.nameEn);
  let storage: Storage = 'rt';
  if (kind === 'Aldehydes' || kind === 'Thiols and sulfides') storage = '2-8c';
  if (kind === 'Fatty acids' && /Z/.test(row.nameEn)) storage = '-20c';
  const flammable = liquid && FLAMMABLE_CATEGORIES.has(kind) && weight < 130;
  // Simple commodity structures cost little per bottle; stereo-defined and larger ones are fine chemicals.
  const basePrice = row.nameEn.startsWith('(') || weight > 250 ? priceBetween(row.nameEn, 150, 900) : priceBetween(row.nameEn, 15, 90);
  return {
    key: `tsv:${row.nameEn}`, source: 'structure', nameZh: known.nameZh, nameEn: row.nameEn,
    cas: known.cas, mdl: null, smiles: row.smiles,
    formula: mol.formula, molecularWeight: mol.molecularWeight, line, category, storage, shipping: shippingFor(storage),
    synonyms: known.synonyms, ghs: flammable ? HAZARD.flammableLiquid : null, sizes: fineSizes(liquid, basePrice), basePrice, priceExponent: 0.72,
  };
}

/**
 * Facts first (with their structure from the TSV when one matches), then the remaining TSV
 * structures with synthetic identifiers, then the ready-made items. Same list on every run.
 */
export function buildSubstances(): Substance[] {
  assertFactsValid([...REAGENT_FACTS, ...[...STRUCTURE_FACTS].map(([nameEn, f]) => ({ ...f, nameEn }))]);
  const structures = loadStructures();
  const smilesByName = new Map(structures.map((s) => [s.nameEn, s.smiles]));
  const tsvNameByIdCode = new Map<string, string>();
  for (const s of structures) {
    const mol = moleculeFacts(s.smiles);
    if (mol && !tsvNameByIdCode.has(mol.idCode)) tsvNameByIdCode.set(mol.idCode, s.nameEn);
  }

  const usedIdCodes = new Set<string>();
  const facts = REAGENT_FACTS.map((f) => {
    const smiles = typeof f.structure === 'string' ? f.structure : smilesByName.get(f.structure.tsv);
    if (!smiles) throw new Error(`Seed fact ${f.nameEn} names a structure that is not in the TSV`);
    const idCode = moleculeFacts(smiles)?.idCode ?? '';
    usedIdCodes.add(idCode);
    const tsvName = tsvNameByIdCode.get(idCode);
    const extra = tsvName && tsvName !== f.nameEn && !f.synonyms.includes(tsvName) ? [tsvName] : [];
    return factSubstance(f, smiles, extra);
  });

  const others: Substance[] = [];
  for (const row of structures) {
    const known = STRUCTURE_FACTS.get(row.nameEn);
    // Only structures whose real CAS number and Chinese name are entered as facts are sold.
    if (!known || isExcludedStructure(row.nameEn)) continue;
    const mol = moleculeFacts(row.smiles);
    if (!mol || usedIdCodes.has(mol.idCode)) continue;
    usedIdCodes.add(mol.idCode);
    const s = structureSubstance(row, known);
    if (s) others.push(s);
  }

  const items = [...BIO_ITEMS, ...ANALYTICAL_ITEMS, ...LAB_ITEMS].map((it, i): Substance => {
    if (it.cas && !isValidCas(it.cas)) throw new Error(`Seed item ${it.nameEn} has an invalid CAS number ${it.cas}`);
    return {
      key: `item:${i}:${it.nameEn}`, source: 'item', nameZh: it.nameZh, nameEn: it.nameEn, cas: it.cas, mdl: null,
      smiles: null, formula: null, molecularWeight: null, line: it.line, category: it.category, storage: it.storage,
      shipping: it.shipping, synonyms: it.synonyms, ghs: it.ghs, sizes: it.sizes, basePrice: it.basePrice, priceExponent: 0.72,
    };
  });
  return [...facts, ...others, ...items];
}
