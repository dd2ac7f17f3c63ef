import 'server-only';
import { item, type CatalogItem } from './item-types';
import { ghs, HAZARD } from './reagent-types';

const KF_HAZARD = ghs('GHS02 GHS06 GHS08', 'danger', 'H225 H301+H311+H331 H370', 'P210 P260 P280 P301+P310 P403+P235');
const FROZEN = { storage: '-20c' } as const;

/** Solutions, standards and biochemicals sold as ready-made products rather than single substances. */
export const ANALYTICAL_ITEMS: CatalogItem[] = [
  item('氢氧化钠标准滴定溶液 (0.1 mol/L)', 'Sodium hydroxide volumetric solution, 0.1 mol/L', 'inorganic', 'Volumetric solutions', '500mL|1L', 45),
  item('盐酸标准滴定溶液 (0.1 mol/L)', 'Hydrochloric acid volumetric solution, 0.1 mol/L', 'inorganic', 'Volumetric solutions', '500mL|1L', 45),
  item('硫代硫酸钠标准滴定溶液 (0.1 mol/L)', 'Sodium thiosulfate volumetric solution, 0.1 mol/L', 'inorganic', 'Volumetric solutions', '500mL|1L', 48),
  item('EDTA 二钠标准滴定溶液 (0.05 mol/L)', 'Disodium EDTA volumetric solution, 0.05 mol/L', 'inorganic', 'Volumetric solutions', '500mL|1L', 52),
  item('高锰酸钾标准滴定溶液 (0.02 mol/L)', 'Potassium permanganate volumetric solution, 0.02 mol/L', 'inorganic', 'Volumetric solutions', '500mL|1L', 55),
  item('卡尔费休容量法单组分试剂 (5 mg/mL)', 'One-component volumetric Karl Fischer reagent, 5 mg/mL', 'solvent', 'Karl Fischer reagents', '500mL|1L|2.5L', 260, { ghs: KF_HAZARD }),
  item('卡尔费休库仑法阳极液', 'Coulometric Karl Fischer anolyte', 'solvent', 'Karl Fischer reagents', '100mL|500mL', 380, { ghs: KF_HAZARD }),
  item('铜单元素标准溶液 (1000 µg/mL)', 'Copper standard solution, 1000 µg/mL', 'inorganic', 'Elemental standard solutions', '100mL|500mL', 180),
  item('铅单元素标准溶液 (1000 µg/mL)', 'Lead standard solution, 1000 µg/mL', 'inorganic', 'Elemental standard solutions', '100mL|500mL', 180),
  item('ICP 多元素混合标准溶液 (23 种元素)', 'ICP multi-element standard, 23 elements', 'inorganic', 'Elemental standard solutions', '100mL', 980),
  item('pH 4.00 标准缓冲溶液 (25 °C)', 'pH 4.00 buffer standard (25 °C)', 'inorganic', 'pH buffer standards', '250mL|500mL', 38),
  item('pH 6.86 标准缓冲溶液 (25 °C)', 'pH 6.86 buffer standard (25 °C)', 'inorganic', 'pH buffer standards', '250mL|500mL', 38),
  item('pH 9.18 标准缓冲溶液 (25 °C)', 'pH 9.18 buffer standard (25 °C)', 'inorganic', 'pH buffer standards', '250mL|500mL', 38),
  item('硝酸钯基体改进剂 (10 g/L Pd)', 'Palladium nitrate matrix modifier, 10 g/L Pd', 'inorganic', 'AAS matrix modifiers', '10mL|50mL', 420),
  item('磷酸二氢铵基体改进剂 (10%)', 'Ammonium dihydrogen phosphate matrix modifier, 10%', 'inorganic', 'AAS matrix modifiers', '100mL', 120),
  item('乙腈 (紫外光谱级)', 'Acetonitrile, UV spectroscopic grade', 'solvent', 'Spectroscopic grade reagents', '1L|4L', 120, {
    cas: '75-05-8', ghs: ghs('GHS02 GHS07', 'danger', 'H225 H302+H312+H332 H319', 'P210 P280 P301+P312 P305+P351+P338 P403+P235'),
  }),
  item('环己烷 (紫外光谱级)', 'Cyclohexane, UV spectroscopic grade', 'solvent', 'Spectroscopic grade reagents', '1L|4L', 110, { cas: '110-82-7', ghs: HAZARD.flammableAspiration }),
  item('L-α-磷脂酰胆碱 (大豆来源)', 'L-α-Phosphatidylcholine from soybean', 'biochem', 'Phospholipids', '1g|5g|25g', 260, FROZEN),
  item('1,2-二油酰基-sn-甘油-3-磷酸胆碱', '1,2-Dioleoyl-sn-glycero-3-phosphocholine', 'biochem', 'Phospholipids', '25mg|100mg|500mg', 680, { ...FROZEN, cas: '4235-95-4', synonyms: 'DOPC' }),
  item('腺苷 5′-三磷酸二钠盐', 'Adenosine 5′-triphosphate disodium salt', 'biochem', 'Nucleotides', '1g|5g', 180, { ...FROZEN, synonyms: 'ATP-Na2' }),
  item('腺苷 3′,5′-环磷酸', 'Adenosine 3′,5′-cyclic monophosphate', 'biochem', 'Nucleotides', '100mg|1g', 160, { ...FROZEN, cas: '60-92-4', synonyms: 'cAMP' }),
  item('β-烟酰胺腺嘌呤二核苷酸', 'β-Nicotinamide adenine dinucleotide', 'biochem', 'Coenzymes', '1g|5g', 160, { ...FROZEN, cas: '53-84-9', synonyms: 'NAD⁺; 辅酶 I' }),
  item('β-烟酰胺腺嘌呤二核苷酸还原型二钠盐', 'β-NADH disodium salt', 'biochem', 'Coenzymes', '100mg|1g', 220, { ...FROZEN, cas: '606-68-8', synonyms: 'NADH' }),
  item('星形孢菌素', 'Staurosporine', 'biochem', 'Kinase inhibitors', '100µg|1mg', 680, {
    ...FROZEN, cas: '62996-74-1', ghs: ghs('GHS06', 'danger', 'H301+H311+H331', 'P261 P280 P301+P310 P311'),
  }),
  item('渥曼青霉素', 'Wortmannin', 'biochem', 'Kinase inhibitors', '1mg|5mg', 520, { ...FROZEN, cas: '19545-26-7' }),
  item('LY294002', 'LY294002', 'biochem', 'Kinase inhibitors', '5mg|25mg', 380, { ...FROZEN, cas: '154447-36-6' }),
  item('伊马替尼', 'Imatinib', 'biochem', 'Kinase inhibitors', '10mg|50mg|100mg', 180, { ...FROZEN, cas: '152459-95-5', synonyms: 'STI-571' }),
];
