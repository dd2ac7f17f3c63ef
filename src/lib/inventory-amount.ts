/**
 * Amounts of a container on the lab's shelf (ADR 0089): decimals of at most four places, as the
 * database's `numeric(14,4)` keeps them, counted here in whole ten-thousandths so that sums of
 * movements are exact. Shared by the server (the ledger) and the pages (the use dialog's check).
 */

/** Ten-thousandths per unit. */
export const AMOUNT_SCALE = 10_000;
/** The largest amount a container holds (ten digits before the point). */
export const AMOUNT_MAX_UNITS = 9_999_999_999 * AMOUNT_SCALE;

const DECIMAL = /^(-)?(\d{1,10})(?:\.(\d{1,4}))?$/;

/** Whole ten-thousandths of a decimal text (`"12.5"` → 125000), or null when it is not one. */
export function toUnits(text: string): number | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[2]);
  const fraction = Number((match[3] ?? '').padEnd(4, '0'));
  const units = whole * AMOUNT_SCALE + fraction;
  return match[1] ? -units : units;
}

/** The decimal text of whole ten-thousandths, without trailing zeros (`125000` → `"12.5"`). */
export function fromUnits(units: number): string {
  const sign = units < 0 ? '-' : '';
  const abs = Math.abs(units);
  const whole = Math.floor(abs / AMOUNT_SCALE);
  const fraction = String(abs % AMOUNT_SCALE).padStart(4, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A decimal text as the database returns it (`"12.5000"`) in its short form (`"12.5"`). */
export function shortAmount(text: string): string {
  const units = toUnits(text);
  return units === null ? text : fromUnits(units);
}

type Unit = 'mg' | 'g' | 'kg' | 'µL' | 'mL' | 'L' | 'ea';

const SIZE_UNITS: Record<string, { unit: Unit; divide: number }> = {
  // The written unit's amount in the container's unit: µg are kept as mg.
  ug: { unit: 'mg', divide: 1000 }, µg: { unit: 'mg', divide: 1000 }, μg: { unit: 'mg', divide: 1000 },
  mg: { unit: 'mg', divide: 1 }, 毫克: { unit: 'mg', divide: 1 }, g: { unit: 'g', divide: 1 }, 克: { unit: 'g', divide: 1 },
  kg: { unit: 'kg', divide: 1 }, 千克: { unit: 'kg', divide: 1 }, 公斤: { unit: 'kg', divide: 1 },
  ul: { unit: 'µL', divide: 1 }, µl: { unit: 'µL', divide: 1 }, μl: { unit: 'µL', divide: 1 }, 微升: { unit: 'µL', divide: 1 },
  ml: { unit: 'mL', divide: 1 }, 毫升: { unit: 'mL', divide: 1 }, l: { unit: 'L', divide: 1 }, 升: { unit: 'L', divide: 1 },
};
const SIZE = /^(\d{1,9}(?:[.,]\d{1,6})?)\s*([a-zµμ\u4e00-\u9fff]{1,3})$/i;

/**
 * What one unit of a pack holds, as a container keeps it: the size's number in its own unit
 * (`"500mL"` → 500 mL, `"2.5 L"` → 2.5 L, `"100µg"` → 0.1 mg), rounded to four decimals; a size that is
 * not an amount (`"10 pcs"`, `"96 tests"`) or rounds to nothing is one `ea`.
 */
export function containerAmountOf(size: string): { amount: string; unit: Unit } {
  const match = SIZE.exec(size.trim());
  const unit = match ? SIZE_UNITS[(match[2] ?? '').toLowerCase()] : undefined;
  if (!match || !unit) return { amount: '1', unit: 'ea' };
  const value = Number((match[1] ?? '0').replace(',', '.')) / unit.divide;
  const units = Math.round(value * AMOUNT_SCALE);
  if (!Number.isSafeInteger(units) || units <= 0 || units > AMOUNT_MAX_UNITS) return { amount: '1', unit: 'ea' };
  return { amount: fromUnits(units), unit: unit.unit };
}
