import 'server-only';
import type { NewProduct, NewProductDocument, NewProductPack } from '@/server/db/schema';
import { pinyinOf } from '@/server/modules/catalog/pinyin';
import type { BrandSeed } from './brand-data';
import { GRADES } from './lines';
import { packPrices } from './pricing';
import { daysBefore, hashString, type Rng } from './random';
import type { Substance } from './substances';

export interface PlannedProduct {
  product: Omit<NewProduct, 'brandId' | 'categoryId'> & { itemNo: string };
  brandCode: string;
  category: string;
  packs: Omit<NewProductPack, 'productId'>[];
  documents: Omit<NewProductDocument, 'productId'>[];
}

const ITEM_LINES_WITH_PROTOCOL = new Set(['antibody', 'molbio', 'cell']);
const LINES_WITHOUT_SDS = new Set(['lab', 'chrom']);

/** Per-brand catalogue numbers: increasing, so unique within a brand; prefixes keep brands apart. */
class ItemNumbers {
  private next = new Map<string, number>();

  constructor(private readonly rng: Rng) {}

  take(brand: BrandSeed): string {
    const start = brand.itemStyle === 'dashed' ? 1000 + (hashString(brand.code) % 3000) : 100000 + (hashString(brand.code) % 500000);
    const n = (this.next.get(brand.code) ?? start) + (brand.itemStyle === 'dashed' ? this.rng.int(1, 4) : this.rng.int(1, 37));
    this.next.set(brand.code, n);
    if (brand.itemStyle === 'dashed') {
      return `${brand.itemPrefix}${String(n).padStart(4, '0')}-${String(this.rng.int(1, 999)).padStart(3, '0')}`;
    }
    return `${brand.itemPrefix}${n}`;
  }
}

/** Order of the first pass: facts with an item after every third, then the other structures. */
function firstPassOrder(substances: readonly Substance[]): Substance[] {
  const facts = substances.filter((s) => s.source === 'fact');
  const items = substances.filter((s) => s.source === 'item');
  const structures = substances.filter((s) => s.source === 'structure');
  const out: Substance[] = [];
  let itemIndex = 0;
  facts.forEach((f, i) => {
    out.push(f);
    if (i % 3 === 2 && itemIndex < items.length) out.push(items[itemIndex++] as Substance);
  });
  return [...out, ...items.slice(itemIndex), ...structures];
}

function weightOf(s: Substance): number {
  if (s.source === 'fact') return s.line === 'solvent' ? 6 : 3;
  return s.source === 'item' ? 2 : 1;
}

function lotNumber(rng: Rng, issued: Date): string {
  const yy = String(issued.getUTCFullYear() % 100).padStart(2, '0');
  const mm = String(issued.getUTCMonth() + 1).padStart(2, '0');
  return `L${yy}${mm}${rng.pick(['A', 'B', 'C', 'D', 'E', 'F'])}${rng.int(100, 999)}`;
}

function documentsFor(rng: Rng, s: Substance, brand: BrandSeed, itemNo: string): PlannedProduct['documents'] {
  const docs: PlannedProduct['documents'] = [];
  const lots = rng.int(1, 2);
  const coaLang = brand.country === 'CN' ? 'zh' : 'en';
  for (let i = 0; i < lots; i += 1) {
    const issuedAt = daysBefore(rng.int(20, 420));
    const lot = lotNumber(rng, issuedAt);
    docs.push({
      kind: 'coa', generated: true, lotNo: lot, lang: coaLang, issuedAt, filePath: `coa/${itemNo}/${lot}.pdf`,
      title: coaLang === 'zh' ? `${s.nameZh} 分析证书（批号 ${lot}）` : `Certificate of Analysis – ${s.nameEn}, lot ${lot}`,
    });
  }
  if (!LINES_WITHOUT_SDS.has(s.line)) {
    const issuedAt = daysBefore(rng.int(30, 700));
    docs.push({ kind: 'msds', generated: true, lotNo: null, lang: 'zh', issuedAt, filePath: `msds/${itemNo}/zh.pdf`, title: `${s.nameZh} 化学品安全技术说明书` });
    docs.push({ kind: 'msds', generated: true, lotNo: null, lang: 'en', issuedAt, filePath: `msds/${itemNo}/en.pdf`, title: `Safety Data Sheet – ${s.nameEn}` });
  }
  if (ITEM_LINES_WITH_PROTOCOL.has(s.line) || rng.chance(0.12)) {
    const issuedAt = daysBefore(rng.int(30, 700));
    docs.push({ kind: 'protocol', generated: true, lotNo: null, lang: 'zh', issuedAt, filePath: `protocol/${itemNo}/zh.pdf`, title: `${s.nameZh} 使用说明书` });
    docs.push({ kind: 'protocol', generated: true, lotNo: null, lang: 'en', issuedAt, filePath: `protocol/${itemNo}/en.pdf`, title: `Protocol – ${s.nameEn}` });
  }
  return docs;
}

function packsFor(rng: Rng, s: Substance, firstPrice: number): PlannedProduct['packs'] {
  const prices = packPrices(s.sizes, firstPrice, s.priceExponent);
  const wanted = rng.pick([1, 2, 2, 2, 3, 3, 3, 4, 4]);
  const count = Math.min(wanted, s.sizes.length);
  const start = rng.int(0, s.sizes.length - count);
  return s.sizes.slice(start, start + count).map((size, i) => {
    const stock = rng.chance(0.18) ? 0 : 1 + Math.floor(499 * rng.next() ** 2);
    return {
      size, price: prices[start + i] ?? '0.00', stock,
      leadTimeDays: stock > 0 ? 0 : rng.int(3, 21), sort: (i + 1) * 10,
    };
  });
}

/**
 * Products as substance × brand × grade, each combination once. The first pass covers every
 * substance; later picks favour common solvents and reagents, as a real catalogue does.
 */
export function planCatalog(count: number, substances: readonly Substance[], brands: readonly BrandSeed[], rng: Rng): PlannedProduct[] {
  const brandsByLine = new Map<string, BrandSeed[]>();
  for (const b of brands) for (const line of b.lines) brandsByLine.set(line, [...(brandsByLine.get(line) ?? []), b]);
  const order = firstPassOrder(substances);
  const totalWeight = substances.reduce((sum, s) => sum + weightOf(s), 0);
  const weightedPick = (): Substance => {
    let r = rng.next() * totalWeight;
    for (const s of substances) {
      r -= weightOf(s);
      if (r < 0) return s;
    }
    return substances[substances.length - 1] as Substance;
  };

  const numbers = new ItemNumbers(rng);
  const taken = new Set<string>();
  const pinyinCache = new Map<string, ReturnType<typeof pinyinOf>>();
  const planned: PlannedProduct[] = [];
  let attempts = 0;
  while (planned.length < count) {
    attempts += 1;
    if (attempts > count * 20) throw new Error(`Could not plan ${count} distinct products from ${substances.length} substances`);
    const i = planned.length;
    const s = i < order.length ? (order[i] as Substance) : weightedPick();
    const candidates = brandsByLine.get(s.line) ?? brands;
    const brand = rng.pick(candidates);
    const grade = rng.pick(GRADES[s.line]);
    const combo = `${s.key}|${brand.code}|${grade.grade}`;
    if (taken.has(combo)) continue;
    taken.add(combo);

    const itemNo = numbers.take(brand);
    const py = pinyinCache.get(s.nameZh) ?? pinyinOf(s.nameZh);
    pinyinCache.set(s.nameZh, py);
    const isNew = i % 33 === 17;
    const firstPrice = s.basePrice * brand.priceFactor * grade.factor * (0.9 + rng.next() * 0.2);
    planned.push({
      brandCode: brand.code,
      category: s.category,
      product: {
        itemNo, cas: s.cas, mdl: s.mdl, nameZh: s.nameZh, nameEn: s.nameEn, pinyin: py.pinyin, pinyinInitials: py.initials,
        synonyms: s.synonyms.join('; '), formula: s.formula, molecularWeight: s.molecularWeight, smiles: s.smiles,
        purity: grade.purity, grade: grade.grade, gradeZh: grade.gradeZh, storage: s.storage, shipping: s.shipping, ghs: s.ghs,
        isHot: i % 33 === 5, isNew, isSpecial: i % 50 === 11, active: true,
        createdAt: isNew ? daysBefore(rng.int(1, 45), rng.int(0, 1439)) : daysBefore(rng.int(46, 637), rng.int(0, 1439)),
      },
      packs: packsFor(rng, s, firstPrice),
      documents: rng.chance(0.2) ? documentsFor(rng, s, brand, itemNo) : [],
    });
  }
  return planned;
}
