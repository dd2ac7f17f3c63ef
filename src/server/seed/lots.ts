import 'server-only';
import type { NewProductLot } from '@/server/db/schema';
import type { Rng } from './random';
import { BASE_DATE } from './random';

/** A seeded pack: its id, product, stock as planned. */
export interface SeededPack { id: number; productId: number; stock: number }
/** A seeded COA: its id, product, lot number and issue day. */
export interface SeededCoa { id: number; productId: number; lotNo: string; issuedAt: Date }

const WAREHOUSE_CODES = ['sh', 'sh', 'sh', 'bj', 'gz', 'cd'] as const;
/** The share of products with COAs whose in-stock packs are held in lots. */
const LOT_SHARE = 0.8;

const day = (d: Date): string => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number): Date => new Date(d.getTime() + days * 86_400_000);

function lotNumber(rng: Rng, made: Date): string {
  const yy = String(made.getUTCFullYear() % 100).padStart(2, '0');
  const mm = String(made.getUTCMonth() + 1).padStart(2, '0');
  return `L${yy}${mm}${rng.pick(['A', 'B', 'C', 'D', 'E', 'F'])}${rng.int(100, 999)}`;
}

/**
 * Lots for a share of the seeded packs (ADR 0032): products with COAs, their in-stock packs in 1–3
 * lots each. The first lots carry the product's COA lot numbers (and link that COA), so the
 * product page's COA links work; the lots' quantities add up to the pack's planned stock, which
 * the lots' trigger then derives to the same value. Made on the COA's day, expiring 2–3 years later
 * or due for retest after 2; the first lot seeded expires soon after the seed's date and one more, expired,
 * has quantity 0. Deterministic: its own random stream.
 */
export function planLots(rng: Rng, packs: readonly SeededPack[], coas: readonly SeededCoa[]): NewProductLot[] {
  const coasOf = new Map<number, SeededCoa[]>();
  for (const c of coas) coasOf.set(c.productId, [...(coasOf.get(c.productId) ?? []), c]);
  const packsOf = new Map<number, SeededPack[]>();
  for (const p of packs) packsOf.set(p.productId, [...(packsOf.get(p.productId) ?? []), p]);
  const lots: NewProductLot[] = [];
  let soonDone = false;
  let expiredDone = false;
  for (const [productId, productPacks] of packsOf) {
    const productCoas = coasOf.get(productId) ?? [];
    if (productCoas.length === 0 || !rng.chance(LOT_SHARE)) continue;
    for (const pack of productPacks) {
      if (pack.stock <= 0) continue;
      const count = Math.min(pack.stock, rng.pick([1, 1, 2, 2, 3]));
      let left = pack.stock;
      for (let i = 0; i < count; i += 1) {
        const coa = productCoas[i];
        const made = coa ? coa.issuedAt : addDays(BASE_DATE, -rng.int(20, 500));
        const lotNo = coa ? coa.lotNo : lotNumber(rng, made);
        if (lots.some((l) => l.packId === pack.id && l.lotNo === lotNo)) continue;
        const quantity = i === count - 1 ? left : Math.max(1, Math.floor(left * (0.3 + 0.4 * rng.next())));
        left -= quantity;
        const retest = rng.chance(0.25);
        let expires = retest ? null : day(addDays(made, rng.int(730, 1095)));
        if (!soonDone && !retest) {
          expires = day(addDays(BASE_DATE, 100));
          soonDone = true;
        }
        lots.push({
          packId: pack.id, lotNo, quantity, manufacturedOn: day(made), expiresOn: expires,
          retestOn: retest ? day(addDays(made, 730)) : null, warehouse: rng.pick(WAREHOUSE_CODES), coaDocumentId: coa?.id ?? null,
        });
        if (left <= 0) break;
      }
      if (!expiredDone && soonDone) {
        const made = addDays(BASE_DATE, -800);
        lots.push({
          packId: pack.id, lotNo: lotNumber(rng, made), quantity: 0, manufacturedOn: day(made), expiresOn: day(addDays(BASE_DATE, -30)),
          retestOn: null, warehouse: 'sh', coaDocumentId: null,
        });
        expiredDone = true;
      }
    }
  }
  return lots;
}
