/**
 * Amounts of a substance: pack sizes as the catalogue writes them ("500mL", "2.5 L", "25g", "1kg",
 * "100mg", "10 µL") and amounts a buyer types ("1.2 kg", "3 L", "500 mg", "1,5 g"). Masses are counted
 * in whole micrograms and volumes in whole microlitres, so that sums and comparisons are exact; a
 * volume becomes a mass through a density of three decimals in g/mL without rounding (ADR 0086).
 * Sizes in other units (pcs, units, tests) are not amounts: `parseAmount` answers null.
 */

export type AmountKind = 'mass' | 'volume';

export interface Amount {
  kind: AmountKind;
  /** Micrograms for a mass, microlitres for a volume. */
  micro: number;
}

const UNITS: Record<string, { kind: AmountKind; micro: number }> = {
  ug: { kind: 'mass', micro: 1 }, µg: { kind: 'mass', micro: 1 }, μg: { kind: 'mass', micro: 1 },
  mg: { kind: 'mass', micro: 1_000 }, g: { kind: 'mass', micro: 1_000_000 }, kg: { kind: 'mass', micro: 1_000_000_000 },
  克: { kind: 'mass', micro: 1_000_000 }, 毫克: { kind: 'mass', micro: 1_000 }, 千克: { kind: 'mass', micro: 1_000_000_000 }, 公斤: { kind: 'mass', micro: 1_000_000_000 },
  ul: { kind: 'volume', micro: 1 }, µl: { kind: 'volume', micro: 1 }, μl: { kind: 'volume', micro: 1 },
  ml: { kind: 'volume', micro: 1_000 }, l: { kind: 'volume', micro: 1_000_000 },
  毫升: { kind: 'volume', micro: 1_000 }, 升: { kind: 'volume', micro: 1_000_000 }, 微升: { kind: 'volume', micro: 1 },
};

/** The largest amount handled: 100 t or 100 m³, within safe integers with room for sums. */
export const MAX_MICRO = 100_000_000_000_000;

const AMOUNT = /^(\d{1,9}(?:[.,]\d{1,6})?)\s*([a-zµμ\u4e00-\u9fff]{1,3})$/i;

/** An amount, or null when the text is not a number and a unit of mass or volume (or is 0, or too large). */
export function parseAmount(text: string): Amount | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const unit = UNITS[(match[2] ?? '').toLowerCase()];
  if (!unit) return null;
  const [whole = '0', fraction = ''] = (match[1] ?? '').replace(',', '.').split('.');
  // Whole micro-units only: the fraction's digits beyond the unit's scale round up (a buyer asking 0.0000001 g needs 1 µg).
  const scale = String(unit.micro).length - 1;
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  const rest = fraction.slice(scale);
  const micro = Number(whole) * unit.micro + (scale > 0 ? Number(kept) : 0) + (/[1-9]/.test(rest) ? 1 : 0);
  if (!Number.isSafeInteger(micro) || micro <= 0 || micro > MAX_MICRO) return null;
  return { kind: unit.kind, micro };
}

/** A density written with up to three decimals (g/mL) as milligrams per millilitre, or null. */
export function densityMilli(density: string | null | undefined): number | null {
  if (!density) return null;
  const n = Math.round(Number(density) * 1000);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Micrograms of a volume: µL × (mg/mL) = µg, exactly. */
export function volumeToMass(microlitres: number, milliDensity: number): number {
  return microlitres * milliDensity;
}

/** An amount in the given kind through the density (mg/mL), or null when the kinds differ and no density is known. */
export function amountAs(amount: Amount, kind: AmountKind, milliDensity: number | null): number | null {
  if (amount.kind === kind) return amount.micro;
  if (milliDensity === null) return null;
  // Mass to volume is not exact in whole µL; only mass is used as the common unit (`toMass`).
  return kind === 'mass' ? volumeToMass(amount.micro, milliDensity) : null;
}

/** The price of one gram or one millilitre of a pack (CNY), or null when its size is not an amount. */
export function pricePerUnit(price: string | number, size: string): { value: number; kind: AmountKind } | null {
  const amount = parseAmount(size);
  if (!amount) return null;
  const perMicro = Number(price) / amount.micro;
  // Per gram (1,000,000 µg) or per millilitre (1,000 µL).
  return { value: perMicro * (amount.kind === 'mass' ? 1_000_000 : 1_000), kind: amount.kind };
}
