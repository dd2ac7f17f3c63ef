import 'server-only';
import type { NewProductLot } from '@/server/db/schema';
import type { Rng } from './random';
import { BASE_DATE } from './random';
import { demoLotDates, demoShelfDays } from '@/server/modules/files/lot-dates';

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

/** A lot number (not a COA's) whose shelf life is an expiry, made so that it expires on `expires`. */
function lotExpiringOn(rng: Rng, expires: Date): { lotNo: string; made: Date } {
  for (;;) {
    const guess = addDays(expires, -900);
    const lotNo = lotNumber(rng, guess);
    const shelf = demoShelfDays(lotNo);
    if (shelf !== null) return { lotNo, made: addDays(expires, -shelf) };
  }
}

/**
 * Lots for a share of the seeded packs (ADR 0032): products with COAs, their in-stock packs in 1–3
 * lots each. The first lots carry the product's COA lot numbers (and link that COA), so the
 * product page's COA links work; the lots' quantities add up to the pack's planned stock, which
 * the lots' trigger then derives to the same value. A lot is made once: the same lot number has the
 * same manufacture, expiry and retest days in every pack of the product, and the dates its COA prints
 * (`demoLotDates`). One pack gets a lot (without a COA) expiring soon after the seed's date, and one
 * more an expired lot of quantity 0. Deterministic: its own random stream.
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
    // Lots of this product made without a COA, by number: made once, whichever pack holds them.
    const madeOf = new Map<string, Date>();
    for (const pack of productPacks) {
      if (pack.stock <= 0) continue;
      const count = Math.min(pack.stock, rng.pick([1, 1, 2, 2, 3]));
      let left = pack.stock;
      for (let i = 0; i < count; i += 1) {
        const coa = productCoas[i];
        let lotNo: string;
        let made: Date;
        if (!soonDone && !coa && i > 0) {
          // The demo's near-expiry lot: 100 days after the seed's date.
          ({ lotNo, made } = lotExpiringOn(rng, addDays(BASE_DATE, 100)));
          soonDone = true;
        } else if (coa) {
          lotNo = coa.lotNo;
          made = coa.issuedAt;
        } else {
          made = addDays(BASE_DATE, -rng.int(20, 500));
          lotNo = lotNumber(rng, made);
        }
        if (productCoas.some((c) => c.lotNo === lotNo) && !coa) continue;
        made = madeOf.get(lotNo) ?? made;
        madeOf.set(lotNo, made);
        if (lots.some((l) => l.packId === pack.id && l.lotNo === lotNo)) continue;
        const quantity = i === count - 1 ? left : Math.max(1, Math.floor(left * (0.3 + 0.4 * rng.next())));
        left -= quantity;
        lots.push({
          packId: pack.id, lotNo, quantity, manufacturedOn: day(made), ...demoLotDates(lotNo, made),
          warehouse: rng.pick(WAREHOUSE_CODES), coaDocumentId: coa?.id ?? null,
        });
        if (left <= 0) break;
      }
      if (!expiredDone && soonDone) {
        const { lotNo, made } = lotExpiringOn(rng, addDays(BASE_DATE, -30));
        lots.push({
          packId: pack.id, lotNo, quantity: 0, manufacturedOn: day(made), ...demoLotDates(lotNo, made), warehouse: 'sh', coaDocumentId: null,
        });
        expiredDone = true;
      }
    }
  }
  return lots;
}
