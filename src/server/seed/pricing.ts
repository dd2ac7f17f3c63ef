import 'server-only';

const UNIT_SCALE: Record<string, number> = {
  µg: 1e-6, mg: 1e-3, g: 1, kg: 1e3, µL: 1e-3, mL: 1, L: 1e3,
};

/** Amount of a pack size in its own dimension; only ratios within one product's sizes matter. */
export function packQuantity(size: string): number {
  const multi = /^(\d+)×(.+)$/.exec(size);
  if (multi) return Number(multi[1]) * packQuantity(multi[2] ?? '');
  const m = /^(\d+(?:\.\d+)?)\s*([^\d\s].*)?$/.exec(size);
  if (!m) return 1;
  return Number(m[1]) * (UNIT_SCALE[m[2] ?? ''] ?? 1);
}

/** Prices grow slower than size (bigger packs are cheaper per gram), rounded like a price list. */
export function packPrices(sizes: readonly string[], firstPrice: number, exponent = 0.72): string[] {
  const q0 = packQuantity(sizes[0] ?? '1');
  let previous = 0;
  return sizes.map((size) => {
    const raw = firstPrice * (packQuantity(size) / q0) ** exponent;
    let price = raw < 100 ? Math.round(raw * 10) / 10 : Math.round(raw);
    if (price <= previous) price = Math.round(previous * 1.2 * 10) / 10;
    previous = price;
    return price.toFixed(2);
  });
}
