import 'server-only';
import { casCheckDigit } from '@/lib/cas';
import { pinyinOf } from '@/server/modules/catalog/pinyin';
import type { GhsBlock } from '@/server/db/schema';
import { GRADES } from './lines';
import { packPrices } from './pricing';
import { createRng, daysBefore, hashString } from './random';
import { HAZARD } from './reagent-types';
import { structureAt, structureCount, substanceStructureIndex } from './generated-structures';

/** Generated products live in their own item-number namespace: 'G' and eight digits. */
export const GENERATED_PREFIX = 'G';
export const GENERATED_ITEM_NO_SQL = '^G[0-9]{8}$';

export function generatedItemNo(seq: number): string {
  return `${GENERATED_PREFIX}${String(seq).padStart(8, '0')}`;
}

export interface GeneratedProduct {
  itemNo: string;
  cas: string;
  mdl: string;
  nameZh: string;
  nameEn: string;
  pinyin: string;
  pinyinInitials: string;
  synonyms: string;
  formula: string;
  molecularWeight: string;
  smiles: string;
  /** The structure's index in the enumeration (generated-structures.ts): one substance per index. */
  structureIndex: number;
  purity: string;
  grade: string;
  storage: string;
  shipping: string;
  ghs: GhsBlock | null;
  brandId: number;
  categoryId: number;
  isHot: boolean;
  isNew: boolean;
  isSpecial: boolean;
  createdAt: Date;
}

export interface GeneratedPack {
  size: string;
  price: string;
  stock: number;
  leadTimeDays: number;
  sort: number;
}

export interface GeneratorContext {
  brandIds: readonly number[];
  /** Leaf category id by English name, for cores whose shelf exists in this database. */
  leafIdByName: ReadonlyMap<string, number>;
  fallbackLeafIds: readonly number[];
  /**
   * Distinct substances the products cycle through (`--substances`): product n has substance
   * (n − 1) mod this, so with fewer substances than products several brands and grades sell one
   * structure. Null: every structure of the enumeration before any repeats (10.6 million).
   */
  substances?: number | null;
}

const SIZES = ['100mg', '250mg', '1g', '5g', '25g', '100g'];
const pinyinCache = new Map<string, { pinyin: string; initials: string }>();

/** One registry number per substance: the same structure keeps its CAS and MDL across brands and grades. */
function casForSubstance(index: number): string {
  const first = String(1_000_000 + Math.floor(index / 90));
  const second = String(10 + (index % 90));
  return `${first}-${second}-${casCheckDigit(first + second)}`;
}

/** The substance (0-based) product `seq` sells: distinct for every product until the substances are used up. */
export function substanceOf(seq: number, ctx: Pick<GeneratorContext, 'substances'>): number {
  const substances = Math.min(ctx.substances ?? structureCount(), structureCount());
  return (seq - 1) % substances;
}

/**
 * One synthetic product and its packs, fully determined by its sequence number: its structure is one
 * of the enumeration of generated-structures.ts (SMILES, formula and weight by arithmetic, no parsing).
 */
export function generateProduct(seq: number, ctx: GeneratorContext): { product: GeneratedProduct; packs: GeneratedPack[] } {
  const rng = createRng(Math.imul(seq, 0x9e3779b1));
  const structure = structureAt(substanceStructureIndex(substanceOf(seq, ctx)));
  const name = { nameZh: structure.nameZh, nameEn: structure.nameEn };
  const cached = pinyinCache.get(name.nameZh) ?? pinyinOf(name.nameZh);
  if (pinyinCache.size < 200_000) pinyinCache.set(name.nameZh, cached);
  const grade = rng.pick(GRADES.organic);
  const cold = rng.chance(0.1);
  const days = rng.int(0, 637);

  const base = (15 + (hashString(name.nameEn) % 250)) * grade.factor * (0.85 + rng.next() * 0.3);
  const prices = packPrices(SIZES, base);
  const packCount = rng.int(1, 4);
  const start = rng.int(0, SIZES.length - packCount);
  const packs = SIZES.slice(start, start + packCount).map((size, i): GeneratedPack => {
    const stock = rng.chance(0.2) ? 0 : rng.int(1, 500);
    return { size, price: prices[start + i] ?? '0.00', stock, leadTimeDays: stock > 0 ? 0 : rng.int(3, 21), sort: (i + 1) * 10 };
  });

  return {
    product: {
      itemNo: generatedItemNo(seq),
      cas: casForSubstance(structure.index),
      mdl: `MFCD${String(10_000_000 + structure.index)}`,
      nameZh: name.nameZh,
      nameEn: name.nameEn,
      pinyin: cached.pinyin,
      pinyinInitials: cached.initials,
      synonyms: '',
      formula: structure.formula,
      molecularWeight: structure.molecularWeight,
      smiles: structure.smiles,
      structureIndex: structure.index,
      purity: grade.purity,
      grade: grade.grade,
      storage: cold ? '2-8c' : 'rt',
      shipping: cold ? 'ice-pack' : 'ambient',
      ghs: rng.chance(0.15) ? HAZARD.irritant : null,
      brandId: rng.pick(ctx.brandIds),
      categoryId: ctx.leafIdByName.get(structure.scaffold.category) ?? rng.pick(ctx.fallbackLeafIds),
      isHot: rng.chance(0.01),
      isNew: days < 14,
      isSpecial: rng.chance(0.01),
      createdAt: daysBefore(days, rng.int(0, 1439)),
    },
    packs,
  };
}
