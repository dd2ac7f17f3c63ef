/**
 * What a shipment's lines need of the carrier and of the papers (ADR 0074), in one place for the server that
 * refuses a shipment and the back-office that offers only the carriers able to take it:
 * - a hazardous line (flammable, corrosive… — ordinary express refuses them, 禁寄物品目录) needs a carrier
 *   qualified for dangerous goods;
 * - a line whose product ships cold (`shipping` ice-pack or dry-ice) or is stored frozen (`storage` -20c or
 *   dry-ice) needs a cold-chain carrier — 2–8 °C products ship at ambient temperature unless their shipping
 *   says otherwise;
 * - a controlled line (易制毒 precursor, 易制爆 explosive precursor, 剧毒 highly toxic) needs the buyer's licence or filing
 *   number and the transport filing number, kept two years with the shipment.
 */

export interface HandlingLine {
  hazardous: boolean;
  storage: string;
  shipping: string;
  controlClass: 'precursor' | 'explosive' | 'toxic' | null;
}

export interface ShipmentHandling {
  dangerousGoods: boolean;
  coldChain: boolean;
  controlled: boolean;
}

export interface CarrierAbility {
  dangerousGoods: boolean;
  coldChain: boolean;
  active: boolean;
}

/** Why a carrier cannot take the lines, or why the papers are missing. */
export type ShipmentProblem = 'carrierInactive' | 'needsDangerousGoods' | 'needsColdChain' | 'buyerLicenceRequired' | 'transportFilingRequired';

const COLD_SHIPPING = new Set(['ice-pack', 'dry-ice']);
const COLD_STORAGE = new Set(['-20c', 'dry-ice']);

/** Whether one line must travel cold. */
export const needsColdChain = (line: Pick<HandlingLine, 'storage' | 'shipping'>): boolean => COLD_SHIPPING.has(line.shipping) || COLD_STORAGE.has(line.storage);

/** The handling the lines need together: any line needing it makes the shipment need it. */
export function shipmentHandling(lines: readonly HandlingLine[]): ShipmentHandling {
  return {
    dangerousGoods: lines.some((l) => l.hazardous),
    coldChain: lines.some(needsColdChain),
    controlled: lines.some((l) => l.controlClass !== null),
  };
}

/** The reasons the carrier may not take a shipment needing `handling` (empty: it may). */
export function carrierProblems(handling: ShipmentHandling, carrier: CarrierAbility): ShipmentProblem[] {
  const problems: ShipmentProblem[] = [];
  if (!carrier.active) problems.push('carrierInactive');
  if (handling.dangerousGoods && !carrier.dangerousGoods) problems.push('needsDangerousGoods');
  if (handling.coldChain && !carrier.coldChain) problems.push('needsColdChain');
  return problems;
}

/**
 * Every reason a shipment of these lines with this carrier and these filings would be refused (empty: it
 * may leave): the carrier's qualification, then the filings of controlled lines.
 */
export function shipmentProblems(
  lines: readonly HandlingLine[], carrier: CarrierAbility, filings: { buyerLicence: string; transportFiling: string },
): ShipmentProblem[] {
  const handling = shipmentHandling(lines);
  const problems = carrierProblems(handling, carrier);
  if (handling.controlled && filings.buyerLicence.trim() === '') problems.push('buyerLicenceRequired');
  if (handling.controlled && filings.transportFiling.trim() === '') problems.push('transportFilingRequired');
  return problems;
}

/** The day controlled shipments' papers are kept until: the shipping day (YYYY-MM-DD) two years on (29 February → 28 February). */
export function retainUntil(shippedDay: string): string {
  const [y, m, d] = shippedDay.split('-').map(Number) as [number, number, number];
  const year = y + 2;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${year}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** A tracking number: 8–30 letters, digits or hyphens, starting with a letter or digit (upper-cased before this check). */
export const TRACKING_NO = /^[A-Z0-9][A-Z0-9-]{7,29}$/;

/** The carrier's tracking page for a number, from its template (`{no}` where the number goes); null without one. */
export function trackingLink(template: string, trackingNo: string): string | null {
  if (!template.includes('{no}') || !/^https:\/\//.test(template)) return null;
  return template.split('{no}').join(encodeURIComponent(trackingNo));
}
