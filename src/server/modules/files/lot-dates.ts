import 'server-only';

/** A stable number in [0, 1) from text (FNV-1a): the same lot always gets the same dates and results. */
export function unit(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 4294967296;
}

const day = (d: Date): string => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number): Date => new Date(d.getTime() + days * 86_400_000);

/**
 * The shelf life of a demo lot, from its number alone: a quarter of lots are retested two years
 * after manufacture, the rest expire 730–1,095 days after it (null: a retest lot).
 */
export function demoShelfDays(lotNo: string): number | null {
  return unit(`${lotNo}:retest`) < 0.25 ? null : 730 + Math.floor(unit(`${lotNo}:shelf`) * 366);
}

/**
 * The expiry or retest day of a demo lot made on `made`: one lot number, one date, whichever pack
 * holds it, and the date its COA prints.
 */
export function demoLotDates(lotNo: string, made: Date): { expiresOn: string | null; retestOn: string | null } {
  const shelf = demoShelfDays(lotNo);
  return shelf === null ? { expiresOn: null, retestOn: day(addDays(made, 730)) } : { expiresOn: day(addDays(made, shelf)), retestOn: null };
}
