/**
 * A company's stock of one substance against its minimum (ADR 0091): the in-use containers' `remaining`
 * summed in the minimum's unit, converting within mass (mg, g, kg) and volume (µL, mL, L), and between them
 * through the product's density (g/mL) when it is known. Each (`ea`) counts only against each. A container
 * that cannot be converted makes the stock "not comparable": no figure is better than a wrong one.
 */

export const STOCK_UNITS = ['mg', 'g', 'kg', 'µL', 'mL', 'L', 'ea'] as const;
export type StockUnit = (typeof STOCK_UNITS)[number];

type Kind = 'mass' | 'volume' | 'each';

/** Each unit's kind and size in the kind's base (g for mass, mL for volume). */
const UNIT: Record<StockUnit, { kind: Kind; base: number }> = {
  mg: { kind: 'mass', base: 0.001 }, g: { kind: 'mass', base: 1 }, kg: { kind: 'mass', base: 1000 },
  µL: { kind: 'volume', base: 0.001 }, mL: { kind: 'volume', base: 1 }, L: { kind: 'volume', base: 1000 },
  ea: { kind: 'each', base: 1 },
};

export const unitKind = (unit: StockUnit): Kind => UNIT[unit].kind;

/**
 * An amount in another unit, or null when it cannot be converted: each against mass or volume, or mass
 * against volume without a positive density (g/mL).
 */
export function convertAmount(value: number, from: StockUnit, to: StockUnit, density: number | null): number | null {
  const a = UNIT[from];
  const b = UNIT[to];
  const base = value * a.base;
  if (a.kind === b.kind) return base / b.base;
  if (a.kind === 'each' || b.kind === 'each' || density === null || !(density > 0)) return null;
  // g = mL × g/mL; mL = g ÷ g/mL.
  return (a.kind === 'volume' ? base * density : base / density) / b.base;
}

export interface StockContainer {
  remaining: number;
  unit: StockUnit;
  /** The product's density in g/mL, or null when unknown. */
  density: number | null;
}

export interface StockFigure {
  /** The stock in the minimum's unit, rounded to four decimals; null when not comparable. */
  current: number | null;
  comparable: boolean;
  /** Below the minimum (false when not comparable). */
  below: boolean;
}

/** The stock of `containers` against a minimum of `amount` `unit`. */
export function stockAgainst(amount: number, unit: StockUnit, containers: readonly StockContainer[]): StockFigure {
  let sum = 0;
  for (const c of containers) {
    const value = convertAmount(c.remaining, c.unit, unit, c.density);
    if (value === null) return { current: null, comparable: false, below: false };
    sum += value;
  }
  const current = Math.round(sum * 10_000) / 10_000;
  return { current, comparable: true, below: current < amount };
}
