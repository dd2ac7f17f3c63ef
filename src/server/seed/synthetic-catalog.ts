import 'server-only';
import { casCheckDigit } from '@/lib/cas';
import { pinyinOf } from '@/server/modules/catalog/pinyin';
import type { GhsBlock } from '@/server/db/schema';
import { GRADES } from './lines';
import { hillFormulaOf } from '@/lib/formula';
import { packPrices } from './pricing';
import { createRng, daysBefore, hashString } from './random';
import { HAZARD } from './reagent-types';
import { buildName, CORES, SUBSTITUENTS } from './synthetic-names';

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
}

const SIZES = ['100mg', '250mg', '1g', '5g', '25g', '100g'];
const pinyinCache = new Map<string, { pinyin: string; initials: string }>();

/** Same name, same CAS: a compound keeps its registry number across brands and grades. */
function casForName(nameEn: string): string {
  const h = hashString(nameEn);
  const first = String(2000000 + (h % 6000000));
  const second = String(10 + ((h >>> 8) % 90));
  return `${first}-${second}-${casCheckDigit(first + second)}`;
}

/** One synthetic product and its packs, fully determined by its sequence number. */
export function generateProduct(seq: number, ctx: GeneratorContext): { product: GeneratedProduct; packs: GeneratedPack[] } {
  const rng = createRng(Math.imul(seq, 0x9e3779b1));
  const core = rng.pick(CORES);
  const count = Math.min(core.positions.length, rng.pick([1, 1, 2, 2, 2, 3]));
  const positions = [...core.positions];
  const picks = Array.from({ length: count }, () => {
    const position = positions.splice(rng.int(0, positions.length - 1), 1)[0] ?? '';
    return { substituent: rng.pick(SUBSTITUENTS), position };
  });
  const name = buildName(core, picks);
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
      cas: casForName(name.nameEn),
      mdl: `MFCD${String(10000000 + (hashString(name.nameZh) % 89999999)).padStart(8, '0')}`,
      nameZh: name.nameZh,
      nameEn: name.nameEn,
      pinyin: cached.pinyin,
      pinyinInitials: cached.initials,
      synonyms: '',
      formula: hillFormulaOf(name.atoms),
      molecularWeight: name.molecularWeight,
      purity: grade.purity,
      grade: grade.grade,
      storage: cold ? '2-8c' : 'rt',
      shipping: cold ? 'ice-pack' : 'ambient',
      ghs: rng.chance(0.15) ? HAZARD.irritant : null,
      brandId: rng.pick(ctx.brandIds),
      categoryId: ctx.leafIdByName.get(core.category) ?? rng.pick(ctx.fallbackLeafIds),
      isHot: rng.chance(0.01),
      isNew: days < 14,
      isSpecial: rng.chance(0.01),
      createdAt: daysBefore(days, rng.int(0, 1439)),
    },
    packs,
  };
}
