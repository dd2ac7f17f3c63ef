import 'server-only';

/**
 * Product lines: which brands carry a substance, which grades and pack sizes it comes in.
 * Chemical lines come from substances; the others from the ready-made biological and lab items.
 */
export const CHEMICAL_LINES = ['solvent', 'organic', 'inorganic', 'biochem'] as const;
export const ITEM_LINES = ['antibody', 'molbio', 'cell', 'chrom', 'lab', 'materials'] as const;

export type ChemicalLine = (typeof CHEMICAL_LINES)[number];
export type ItemLine = (typeof ITEM_LINES)[number];
export type ProductLine = ChemicalLine | ItemLine;

export type Storage = 'rt' | '2-8c' | '-20c' | 'dry-ice';
export type Shipping = 'ambient' | 'ice-pack' | 'dry-ice';

export interface GradeOption {
  grade: string;
  purity: string;
  /** Price multiplier relative to the line's plainest grade. */
  factor: number;
}

export const GRADES: Record<ProductLine, readonly GradeOption[]> = {
  solvent: [
    { grade: 'AR', purity: '≥99.5%', factor: 1 },
    { grade: 'GR', purity: '≥99.8%', factor: 1.3 },
    { grade: 'CP', purity: '≥99.0%', factor: 0.8 },
    { grade: 'HPLC', purity: '≥99.9%', factor: 1.9 },
    { grade: 'LC-MS', purity: '≥99.9%', factor: 2.8 },
    { grade: 'ACS', purity: '≥99.5%', factor: 1.4 },
    { grade: 'Anhydrous', purity: '≥99.8%, H₂O ≤50 ppm', factor: 2.1 },
  ],
  organic: [
    { grade: '≥95%', purity: '95%', factor: 0.8 },
    { grade: '≥97%', purity: '97%', factor: 0.9 },
    { grade: '≥98%', purity: '98%', factor: 1 },
    { grade: '≥98% (GC)', purity: '98% (GC)', factor: 1.05 },
    { grade: '≥99%', purity: '99%', factor: 1.25 },
    { grade: '≥99% (HPLC)', purity: '99% (HPLC)', factor: 1.4 },
    { grade: 'AR', purity: '≥99.5%', factor: 1.5 },
  ],
  inorganic: [
    { grade: 'AR', purity: '≥99.5%', factor: 1 },
    { grade: 'GR', purity: '≥99.8%', factor: 1.3 },
    { grade: 'CP', purity: '≥99.0%', factor: 0.8 },
    { grade: 'ACS', purity: '≥99.0%', factor: 1.4 },
    { grade: '99.99% metals basis', purity: '99.99%', factor: 3.2 },
    { grade: 'USP/EP', purity: '99.0–100.5%', factor: 1.8 },
  ],
  biochem: [
    { grade: 'BR', purity: '≥99%', factor: 1 },
    { grade: '≥98% (HPLC)', purity: '98% (HPLC)', factor: 1.1 },
    { grade: 'Molecular biology grade', purity: '≥99.5%', factor: 1.8 },
    { grade: 'Cell culture tested', purity: '≥99%', factor: 2 },
    { grade: 'USP/EP', purity: '98.5–101.5%', factor: 1.6 },
  ],
  antibody: [
    { grade: 'Affinity purified', purity: '>95% (SDS-PAGE)', factor: 1 },
    { grade: 'Protein A/G purified', purity: '>90% (SDS-PAGE)', factor: 0.9 },
    { grade: 'Carrier-free', purity: '>95% (SDS-PAGE)', factor: 1.3 },
  ],
  molbio: [
    { grade: 'Molecular biology grade', purity: 'Nuclease-free', factor: 1 },
    { grade: 'Research grade', purity: '', factor: 0.85 },
    { grade: 'GMP grade', purity: '', factor: 2.4 },
  ],
  cell: [
    { grade: 'Cell culture grade', purity: 'Sterile-filtered', factor: 1 },
    { grade: 'Endotoxin tested', purity: '≤10 EU/mL', factor: 1.3 },
  ],
  chrom: [
    { grade: 'Standard', purity: '', factor: 1 },
    { grade: 'Premium', purity: '', factor: 1.5 },
  ],
  lab: [
    { grade: 'Sterile', purity: 'DNase/RNase-free', factor: 1.2 },
    { grade: 'Non-sterile', purity: '', factor: 1 },
  ],
  materials: [
    { grade: 'Research grade', purity: '≥95%', factor: 1 },
    { grade: '≥99%', purity: '99%', factor: 1.4 },
    { grade: 'Battery grade', purity: '≥99.9%', factor: 2.2 },
  ],
};
