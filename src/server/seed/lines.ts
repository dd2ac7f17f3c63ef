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
  /** The grade as English labels and catalogues write it (also the code: AR, HPLC, ≥98%). */
  grade: string;
  /** The same grade as Chinese catalogues write it. */
  gradeZh: string;
  purity: string;
  /** Price multiplier relative to the line's plainest grade. */
  factor: number;
}

export const GRADES: Record<ProductLine, readonly GradeOption[]> = {
  solvent: [
    { grade: 'AR', gradeZh: 'AR 分析纯', purity: '≥99.5%', factor: 1 },
    { grade: 'GR', gradeZh: 'GR 优级纯', purity: '≥99.8%', factor: 1.3 },
    { grade: 'CP', gradeZh: 'CP 化学纯', purity: '≥99.0%', factor: 0.8 },
    { grade: 'HPLC', gradeZh: 'HPLC 色谱纯', purity: '≥99.9%', factor: 1.9 },
    { grade: 'LC-MS', gradeZh: 'LC-MS 质谱级', purity: '≥99.9%', factor: 2.8 },
    { grade: 'ACS', gradeZh: 'ACS 级', purity: '≥99.5%', factor: 1.4 },
    { grade: 'Anhydrous, ≤50 ppm H₂O', gradeZh: '超干级，水分 ≤50 ppm', purity: '≥99.8%', factor: 2.1 },
  ],
  organic: [
    { grade: '≥95%', gradeZh: '≥95%', purity: '95%', factor: 0.8 },
    { grade: '≥97%', gradeZh: '≥97%', purity: '97%', factor: 0.9 },
    { grade: '≥98%', gradeZh: '≥98%', purity: '98%', factor: 1 },
    { grade: '≥98% (GC)', gradeZh: '≥98%（GC）', purity: '98% (GC)', factor: 1.05 },
    { grade: '≥99%', gradeZh: '≥99%', purity: '99%', factor: 1.25 },
    { grade: '≥99% (HPLC)', gradeZh: '≥99%（HPLC）', purity: '99% (HPLC)', factor: 1.4 },
    { grade: 'AR', gradeZh: 'AR 分析纯', purity: '≥99.5%', factor: 1.5 },
  ],
  inorganic: [
    { grade: 'AR', gradeZh: 'AR 分析纯', purity: '≥99.5%', factor: 1 },
    { grade: 'GR', gradeZh: 'GR 优级纯', purity: '≥99.8%', factor: 1.3 },
    { grade: 'CP', gradeZh: 'CP 化学纯', purity: '≥99.0%', factor: 0.8 },
    { grade: 'ACS', gradeZh: 'ACS 级', purity: '≥99.0%', factor: 1.4 },
    { grade: '99.99% metals basis', gradeZh: '99.99%（金属基）', purity: '99.99%', factor: 3.2 },
    { grade: 'USP/EP', gradeZh: 'USP/EP 药典级', purity: '99.0–100.5%', factor: 1.8 },
  ],
  biochem: [
    { grade: 'BR', gradeZh: 'BR 生物试剂', purity: '≥99%', factor: 1 },
    { grade: '≥98% (HPLC)', gradeZh: '≥98%（HPLC）', purity: '98% (HPLC)', factor: 1.1 },
    { grade: 'Molecular biology grade', gradeZh: '分子生物学级', purity: '≥99.5%', factor: 1.8 },
    { grade: 'Cell culture tested', gradeZh: '细胞培养级', purity: '≥99%', factor: 2 },
    { grade: 'USP/EP', gradeZh: 'USP/EP 药典级', purity: '98.5–101.5%', factor: 1.6 },
  ],
  antibody: [
    { grade: 'Affinity purified', gradeZh: '亲和纯化', purity: '>95% (SDS-PAGE)', factor: 1 },
    { grade: 'Protein A/G purified', gradeZh: 'Protein A/G 纯化', purity: '>90% (SDS-PAGE)', factor: 0.9 },
    { grade: 'Carrier-free', gradeZh: '无载体', purity: '>95% (SDS-PAGE)', factor: 1.3 },
  ],
  molbio: [
    { grade: 'Molecular biology grade, nuclease-free', gradeZh: '分子生物学级，无核酸酶', purity: '', factor: 1 },
    { grade: 'Research grade', gradeZh: '科研级', purity: '', factor: 0.85 },
    { grade: 'GMP grade', gradeZh: 'GMP 级', purity: '', factor: 2.4 },
  ],
  cell: [
    { grade: 'Cell culture grade, sterile-filtered', gradeZh: '细胞培养级，无菌过滤', purity: '', factor: 1 },
    { grade: 'Endotoxin tested', gradeZh: '内毒素检测', purity: '≤10 EU/mL', factor: 1.3 },
  ],
  chrom: [
    { grade: 'Standard', gradeZh: '标准型', purity: '', factor: 1 },
    { grade: 'Premium', gradeZh: '高性能型', purity: '', factor: 1.5 },
  ],
  lab: [
    { grade: 'Sterile, DNase/RNase-free', gradeZh: '无菌，无 DNA 酶/RNA 酶', purity: '', factor: 1.2 },
    { grade: 'Non-sterile', gradeZh: '非无菌', purity: '', factor: 1 },
  ],
  materials: [
    { grade: 'Research grade', gradeZh: '科研级', purity: '≥95%', factor: 1 },
    { grade: '≥99%', gradeZh: '≥99%', purity: '99%', factor: 1.4 },
    { grade: 'Battery grade', gradeZh: '电池级', purity: '≥99.9%', factor: 2.2 },
  ],
};
