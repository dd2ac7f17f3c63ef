import 'server-only';

/**
 * List prices of fine reagents that are not sold by the bottle (CNY for the smallest pack at the plainest
 * grade, before the brand's price level), as suppliers' catalogues show them, with their usual pack sizes.
 * Every other fact is priced as an everyday reagent.
 */
export const FINE_FACT_PRICES: ReadonlyMap<string, { sizes: string[]; price: number }> = new Map([
  ['14221-01-3', { sizes: ['1g', '5g', '25g'], price: 138 }], // Pd(PPh3)4
  ['148893-10-1', { sizes: ['5g', '25g', '100g'], price: 165 }], // HATU
  ['18531-94-7', { sizes: ['1g', '5g', '25g'], price: 96 }], // (R)-BINOL
  ['18531-99-2', { sizes: ['1g', '5g', '25g'], price: 96 }], // (S)-BINOL
  ['2627-86-3', { sizes: ['5mL', '25mL', '100mL'], price: 78 }],
  ['3886-69-9', { sizes: ['5mL', '25mL', '100mL'], price: 78 }],
  ['28920-43-6', { sizes: ['5g', '25g', '100g'], price: 118 }], // Fmoc-Cl
  ['25952-53-8', { sizes: ['5g', '25g', '100g'], price: 68 }], // EDC·HCl
  ['4530-20-5', { sizes: ['25g', '100g', '500g'], price: 72 }], // Boc-Gly-OH
  ['29022-11-5', { sizes: ['25g', '100g', '500g'], price: 88 }], // Fmoc-Gly-OH
  ['117-39-5', { sizes: ['5g', '25g', '100g'], price: 58 }], // Quercetin
  ['520-18-3', { sizes: ['100mg', '1g', '5g'], price: 185 }], // Kaempferol
  ['520-36-5', { sizes: ['1g', '5g', '25g'], price: 240 }], // Apigenin
  ['491-70-3', { sizes: ['1g', '5g', '25g'], price: 320 }], // Luteolin
  ['68-26-8', { sizes: ['100mg', '1g', '5g'], price: 260 }], // Retinol
  ['605-65-2', { sizes: ['1g', '5g', '25g'], price: 148 }], // Dansyl chloride
  ['25561-30-2', { sizes: ['5mL', '25mL', '100mL'], price: 160 }], // BSTFA
  ['58-85-5', { sizes: ['1g', '5g', '25g'], price: 96 }], // Biotin
]);
