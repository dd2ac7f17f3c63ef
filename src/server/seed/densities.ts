import 'server-only';

/**
 * Densities (g/mL at 20 °C, as handbooks give them) of the demo's liquids by CAS number: the substance
 * page's cheapest mix converts a mass asked for into their volume packs through them (ADR 0086).
 * Liquids not named here have no density, and the page says so.
 */
const DEMO_DENSITIES: Record<string, string> = {
  '7732-18-5': '0.998', // water
  '64-17-5': '0.789', // ethanol
  '67-56-1': '0.792', // methanol
  '67-64-1': '0.784', // acetone
  '141-78-6': '0.902', // ethyl acetate
  '75-05-8': '0.786', // acetonitrile
  '75-09-2': '1.326', // dichloromethane
  '67-66-3': '1.489', // chloroform
  '108-88-3': '0.867', // toluene
  '67-68-5': '1.100', // dimethyl sulfoxide
  '68-12-2': '0.944', // N,N-dimethylformamide
  '109-99-9': '0.889', // tetrahydrofuran
  '110-54-3': '0.659', // n-hexane
  '67-63-0': '0.786', // isopropanol
  '71-36-3': '0.810', // 1-butanol
  '60-29-7': '0.713', // diethyl ether
  '71-43-2': '0.877', // benzene
  '64-19-7': '1.049', // acetic acid
  '64-18-6': '1.220', // formic acid
};

/** The demo density of a product's CAS number, or null. */
export function demoDensity(cas: string | null | undefined): string | null {
  return cas ? (DEMO_DENSITIES[cas] ?? null) : null;
}
