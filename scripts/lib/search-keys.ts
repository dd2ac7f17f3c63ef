import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/client';
import { createRng } from '../../src/server/seed/random';
import type { ProductQuery } from '../../src/server/modules/catalog/search/products';

export type Kind = 'itemExact' | 'itemPrefix' | 'cas' | 'cjk12' | 'nameZh' | 'nameEn' | 'pinyin' | 'brand' | 'filtered' | 'namePrice' | 'noMatch';

interface Sample {
  item_no: string;
  cas: string | null;
  name_zh: string;
  name_en: string;
  pinyin: string;
  pinyin_initials: string;
}

const CJK = /[\u3400-\u9fff]/;

/** Realistic keys: each drawn from a random loaded product, as a buyer would type them. */
export async function drawKeys(handle: DbHandle, count: number, seed: number): Promise<Record<Kind, ProductQuery[]>> {
  const rng = createRng(seed);
  const [{ max } = { max: 0 }] = rowsOf<{ max: number }>(await handle.db.execute(sql`select max(id)::int as max from products`));
  const ids = Array.from({ length: count * 2 }, () => rng.int(1, Number(max)));
  const samples = rowsOf<Sample>(await handle.db.execute(sql`
    select item_no, cas, name_zh, name_en, pinyin, pinyin_initials from products
    where id = any(${`{${ids.join(',')}}`}::int[]) and active limit ${count}`));
  const brands = rowsOf<{ name_zh: string; name_en: string }>(await handle.db.execute(sql`select name_zh, name_en from brands order by id`));
  const categories = rowsOf<{ id: number }>(await handle.db.execute(sql`select id::int as id from categories where level < 3 order by id`));
  const q = (key: string, type: 1 | 2 | 3): ProductQuery => ({ lang: 'zh', key, type, limit: 20 });
  const cjkRun = (s: string): string => [...s].filter((c) => CJK.test(c)).join('');
  const substring = (s: string, min: number, max: number): string => {
    const chars = [...s];
    const len = Math.min(chars.length, rng.int(min, max));
    const start = rng.int(0, chars.length - len);
    return chars.slice(start, start + len).join('');
  };
  const out: Record<Kind, ProductQuery[]> = {
    itemExact: [], itemPrefix: [], cas: [], cjk12: [], nameZh: [], nameEn: [], pinyin: [], brand: [], filtered: [], namePrice: [], noMatch: [],
  };
  samples.forEach((s, i) => {
    out.itemExact.push(q(i % 2 ? s.item_no : s.item_no.toLowerCase(), 1));
    out.itemPrefix.push(q(s.item_no.slice(0, Math.max(2, s.item_no.length - (i % 2 ? 2 : 3))), 1));
    if (s.cas) out.cas.push(q(i % 2 ? s.cas : s.cas.replace(/-/g, ''), 2));
    const cjk = cjkRun(s.name_zh);
    if (cjk.length >= 2) out.cjk12.push(q(substring(cjk, 1, 2), 3));
    // Whole names half of the time, a fragment of 3–6 characters the other half.
    out.nameZh.push(q(i % 2 ? s.name_zh : cjk.length >= 3 ? substring(cjk, 3, 6) : s.name_zh, 3));
    const words = s.name_en.split(/[\s-]+/).filter((w) => w.length >= 4 && !/^\d/.test(w));
    out.nameEn.push(q(i % 2 || words.length === 0 ? s.name_en : (words[rng.int(0, words.length - 1)] ?? s.name_en), 3));
    out.pinyin.push(q(i % 3 === 0 && s.pinyin_initials.length >= 3 ? s.pinyin_initials : substring(s.pinyin, 4, 12), 3));
    const brand = brands[rng.int(0, brands.length - 1)];
    if (brand) out.brand.push(q(i % 2 ? brand.name_en : brand.name_zh, 3));
    const last = out.nameEn[out.nameEn.length - 1];
    if (last) out.namePrice.push({ ...last, sort: 'priceAsc' });
    const category = categories[rng.int(0, categories.length - 1)];
    if (category) out.filtered.push({ lang: 'zh', categoryId: category.id, inStock: true, sort: 'newest', limit: 20 });
    out.noMatch.push(q(absentKey(rng, i), 3));
  });
  return out;
}

/** Characters no catalogue name holds: rare Chinese characters, the replacement character, and Latin letter runs. */
const RARE_CJK = [...'龘靐齉爩鱻麤灥厵籱虋'];
const LATIN = 'qxzjvk';

/**
 * A key in no product, of 1–8 characters: rare Chinese characters, U+FFFD, or runs of consonants
 * no name has — the shapes a buyer's typo or a probe sends (the means printed with the figures
 * show that none matched).
 */
export function absentKey(rng: ReturnType<typeof createRng>, i: number): string {
  const length = 1 + (i % 8);
  const pick = (alphabet: string[]) => Array.from({ length }, () => alphabet[rng.int(0, alphabet.length - 1)]).join('');
  switch (i % 3) {
    case 0: return pick(RARE_CJK);
    case 1: return '\ufffd'.repeat(Math.max(1, Math.min(length, 3))) + (length > 3 ? pick(RARE_CJK).slice(3) : '');
    default: return `${pick([...LATIN])}${'qz'.repeat(Math.ceil(length / 2))}`.slice(0, Math.max(3, length));
  }
}
