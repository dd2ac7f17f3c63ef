import 'server-only';
import type { DeliveryMethodDto } from '@/contracts/orders';

/** What the delivery options depend on: the goods subtotal and, per line, hazard and shipping condition. */
export interface DeliveryBasis {
  subtotal: bigint;
  lines: readonly { hazardous: boolean; shipping: string }[];
}

export interface DeliveryOption {
  method: DeliveryMethodDto;
  /** The fee in cents, tax included. */
  fee: bigint;
  /** Null when the method can carry the order; else why not (`hazardousByGround`). */
  unavailable: 'hazardousByGround' | null;
}

/** Standard ground courier: ¥20, free from ¥500 of goods. */
const STANDARD_FEE = 2000n;
const FREE_STANDARD_FROM = 50000n;
/** Next-day air courier: ¥45. Dangerous goods travel by ground only, so it carries no hazardous line. */
const EXPRESS_FEE = 4500n;
/** Cold-chain packing, once per parcel: ice packs ¥15, dry ice ¥60 (the colder wins). */
const COLD_CHAIN_FEE: Record<string, bigint> = { 'ice-pack': 1500n, 'dry-ice': 6000n };

/** The delivery options of an order and their fees, computed on the server (ADR 0065). Pickup from the warehouse is free. */
export function deliveryOptions(basis: DeliveryBasis): DeliveryOption[] {
  const cold = basis.lines.reduce((max, l) => {
    const fee = COLD_CHAIN_FEE[l.shipping] ?? 0n;
    return fee > max ? fee : max;
  }, 0n);
  const hazardous = basis.lines.some((l) => l.hazardous);
  return [
    { method: 'standard', fee: (basis.subtotal >= FREE_STANDARD_FROM ? 0n : STANDARD_FEE) + cold, unavailable: null },
    { method: 'express', fee: EXPRESS_FEE + cold, unavailable: hazardous ? 'hazardousByGround' : null },
    { method: 'pickup', fee: 0n, unavailable: null },
  ];
}
