import 'server-only';
import type { CheapestAnswerDto, CheapestInput } from '@/contracts/substances';
import { SUBSTANCE_PACKS_SHOWN } from '@/contracts/substances';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import type { Lang } from '@/lib/lang';
import { amountAs, densityMilli, parseAmount, type Amount } from '@/lib/pack-amount';
import { buyerPrices } from '@/server/modules/pricing/buyer-prices';
import { cheapestMix, type MixPack } from './cheapest-mix';
import { resolveSubstanceKey, substancePackRows, type SubstancePackRow } from './page';

/** Lines priced for one answer at most (every count of every pack in stock up to what reaches the amount alone). */
export const MAX_PRICED_LINES = 20_000;
/** Counts past what reaches the amount alone that are priced too, for quantity breaks just above it. */
const BREAK_ROOM = 20;

/** The first number of a stated purity ("≥99.5%", "99.8% (GC)"), or null ("AR", ""). */
export function purityPercent(purity: string): number | null {
  const match = /(\d{1,3}(?:\.\d+)?)\s*%/.exec(purity);
  const n = match ? Number(match[1]) : NaN;
  return n >= 0 && n <= 100 ? n : null;
}

/** Whether a pack's product meets the buyer's constraints on grade and purity. */
export function meetsConstraints(row: Pick<SubstancePackRow, 'grade' | 'gradeZh' | 'purity'>, input: Pick<CheapestInput, 'grade' | 'minPurity'>): boolean {
  if (input.grade && row.grade !== input.grade && row.gradeZh !== input.grade) return false;
  if (input.minPurity !== undefined) {
    const purity = purityPercent(row.purity);
    if (purity === null || purity < input.minPurity) return false;
  }
  return true;
}

/**
 * A pack's amount in the unit of the mix. Asked for a mass, everything is counted in µg: a volume pack through
 * its product's density, exactly. Asked for a volume, in µL: a mass pack through its density, rounded down
 * (never over-counting what it holds). Null: the pack's size is not an amount, or the units differ with no density.
 */
function packAmount(size: Amount, asked: Amount['kind'], density: number | null): { micro: number; converted: boolean } | null {
  if (size.kind === asked) return { micro: size.micro, converted: false };
  if (density === null) return null;
  if (asked === 'mass') return { micro: amountAs(size, 'mass', density) as number, converted: true };
  // µg ÷ (mg/mL) = µL
  return { micro: Math.floor(size.micro / density), converted: true };
}

const yuan = (cents: number) => (cents / 100).toFixed(2);

/**
 * The cheapest mix of a substance's packs in stock for an amount (ADR 0086), priced for the buyer's company
 * (`buyerPrices`; null: a guest's catalogue prices), fewest packs among the cheapest. 404 for an unknown key.
 */
export async function findCheapestMix(db: Db, params: CheapestInput & { companyId: number | null; lang: Lang }): Promise<CheapestAnswerDto> {
  const asked = parseAmount(params.amount);
  if (!asked) throw new AppError(400, 'validation', [{ field: 'amount', message: 'substanceAmountInvalid' }]);
  const key = await resolveSubstanceKey(db, { key: params.key });
  if (!key) throw new AppError(404, 'substanceNotFound');
  const resolved = key.kind === 'redirect' ? await resolveSubstanceKey(db, { key: key.inchikey }) : key;
  if (!resolved || resolved.kind === 'redirect') throw new AppError(404, 'substanceNotFound');
  const rows = await substancePackRows(db, resolved, SUBSTANCE_PACKS_SHOWN);
  const unit = asked.kind === 'mass' ? 'g' as const : 'mL' as const;
  const empty = { lines: [], total: '0.00', packs: 0, reached: '0.000', unit };

  let noDensity = 0;
  const candidates: { row: SubstancePackRow; micro: number; converted: boolean }[] = [];
  for (const row of rows) {
    const size = parseAmount(row.size);
    if (row.stock <= 0 || !size || !meetsConstraints(row, params)) continue;
    const amount = packAmount(size, asked.kind, densityMilli(row.density));
    if (!amount) noDensity++;
    else if (amount.micro > 0) candidates.push({ row, ...amount });
  }
  if (candidates.length === 0) return { kind: 'none', ...empty, noDensity, densityUsed: false };

  const counts = candidates.map((c) => Math.min(c.row.stock, Math.ceil(asked.micro / c.micro) + BREAK_ROOM));
  if (counts.reduce((s, k) => s + k, 0) > MAX_PRICED_LINES) return { kind: 'tooLarge', ...empty, noDensity, densityUsed: false };
  const lines = candidates.flatMap((c, i) => Array.from({ length: counts[i] ?? 0 }, (_, k) => ({ packId: c.row.id, num: k + 1 })));
  const prices = await buyerPrices(db, params.companyId, lines);
  const priced = new Map<string, { cents: number; listCents: number }>(prices.map((p) => [`${p.packId}:${p.num}`, p]));
  const mixPacks: MixPack[] = candidates.map((c, i) => ({
    id: c.row.id, amount: c.micro, max: counts[i] ?? 0,
    costs: Array.from({ length: counts[i] ?? 0 }, (_, k) => (priced.get(`${c.row.id}:${k + 1}`)?.cents ?? Infinity) * (k + 1)),
  }));
  const answer = cheapestMix(mixPacks, asked.micro);
  const scale = asked.kind === 'mass' ? 1_000_000 : 1_000;
  if (answer.kind === 'short') return { kind: 'short', ...empty, reached: (answer.available / scale).toFixed(3), noDensity, densityUsed: candidates.some((c) => c.converted) };
  if (answer.kind === 'too-large') return { kind: 'tooLarge', ...empty, noDensity, densityUsed: false };
  const byId = new Map(candidates.map((c) => [c.row.id, c]));
  const out = answer.lines.map((l) => {
    const c = byId.get(l.id) as (typeof candidates)[number];
    const price = priced.get(`${l.id}:${l.num}`) as { cents: number; listCents: number };
    return {
      packId: l.id, productId: c.row.productId, itemNo: c.row.itemNo, brand: params.lang === 'en' ? c.row.brandEn : c.row.brandZh, size: c.row.size, num: l.num,
      unitPrice: yuan(price.cents), listPrice: yuan(price.listCents), lineTotal: yuan(price.cents * l.num),
    };
  });
  return {
    kind: 'mix', lines: out, total: yuan(answer.cents), packs: answer.packs, reached: (answer.amount / scale).toFixed(3), unit,
    noDensity, densityUsed: answer.lines.some((l) => byId.get(l.id)?.converted === true),
  };
}
