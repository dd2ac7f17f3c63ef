import 'server-only';
import { item, type CatalogItem } from './item-types';
import { ghs } from './reagent-types';

const AB = '20µL|50µL|100µL|200µL';
const FROZEN = { storage: '-20c' } as const;

const ANTIBODIES: CatalogItem[] = [
  item('β-Actin 小鼠单克隆抗体', 'β-Actin mouse monoclonal antibody', 'antibody', 'Loading-control antibodies', AB, 520, FROZEN),
  item('GAPDH 兔多克隆抗体', 'GAPDH rabbit polyclonal antibody', 'antibody', 'Loading-control antibodies', AB, 480, FROZEN),
  item('α-Tubulin 小鼠单克隆抗体', 'α-Tubulin mouse monoclonal antibody', 'antibody', 'Loading-control antibodies', AB, 520, FROZEN),
  item('Histone H3 兔多克隆抗体', 'Histone H3 rabbit polyclonal antibody', 'antibody', 'Epigenetics antibodies', AB, 690, FROZEN),
  item('Histone H3 (tri-methyl K4) 兔单克隆抗体', 'Histone H3 (tri-methyl K4) rabbit monoclonal antibody', 'antibody', 'Epigenetics antibodies', AB, 1280, FROZEN),
  item('Phospho-Akt (Ser473) 兔单克隆抗体', 'Phospho-Akt (Ser473) rabbit monoclonal antibody', 'antibody', 'Signalling antibodies', AB, 1380, FROZEN),
  item('Phospho-ERK1/2 (Thr202/Tyr204) 兔多克隆抗体', 'Phospho-ERK1/2 (Thr202/Tyr204) rabbit polyclonal antibody', 'antibody', 'Signalling antibodies', AB, 1180, FROZEN),
  item('p53 小鼠单克隆抗体', 'p53 mouse monoclonal antibody', 'antibody', 'Signalling antibodies', AB, 860, FROZEN),
  item('NF-κB p65 兔多克隆抗体', 'NF-κB p65 rabbit polyclonal antibody', 'antibody', 'Signalling antibodies', AB, 880, FROZEN),
  item('LC3B 兔多克隆抗体', 'LC3B rabbit polyclonal antibody', 'antibody', 'Signalling antibodies', AB, 960, FROZEN),
  item('Cleaved Caspase-3 (Asp175) 兔多克隆抗体', 'Cleaved Caspase-3 (Asp175) rabbit polyclonal antibody', 'antibody', 'Signalling antibodies', AB, 1260, FROZEN),
  item('CD68 兔单克隆抗体', 'CD68 rabbit monoclonal antibody', 'antibody', 'Immunology antibodies', AB, 1090, FROZEN),
  item('IL-6 兔多克隆抗体', 'IL-6 rabbit polyclonal antibody', 'antibody', 'Immunology antibodies', AB, 920, FROZEN),
  item('NeuN 兔单克隆抗体', 'NeuN rabbit monoclonal antibody', 'antibody', 'Neuroscience antibodies', AB, 1150, FROZEN),
  item('GFAP 小鼠单克隆抗体', 'GFAP mouse monoclonal antibody', 'antibody', 'Neuroscience antibodies', AB, 880, FROZEN),
  item('HRP 标记山羊抗兔 IgG (H+L)', 'HRP-conjugated goat anti-rabbit IgG (H+L)', 'antibody', 'HRP conjugates', '100µL|500µL|1mL', 260, { storage: '2-8c' }),
  item('HRP 标记山羊抗小鼠 IgG (H+L)', 'HRP-conjugated goat anti-mouse IgG (H+L)', 'antibody', 'HRP conjugates', '100µL|500µL|1mL', 260, { storage: '2-8c' }),
  item('FITC 标记山羊抗兔 IgG (H+L)', 'FITC-conjugated goat anti-rabbit IgG (H+L)', 'antibody', 'Fluorescent conjugates', '100µL|500µL', 380, { storage: '2-8c' }),
  item('Cy3 标记山羊抗小鼠 IgG (H+L)', 'Cy3-conjugated goat anti-mouse IgG (H+L)', 'antibody', 'Fluorescent conjugates', '100µL|500µL', 420, { storage: '2-8c' }),
  item('生物素标记兔抗山羊 IgG', 'Biotin-conjugated rabbit anti-goat IgG', 'antibody', 'Biotin conjugates', '100µL|500µL', 360, { storage: '2-8c' }),
  item('FITC 标记抗人 CD4 抗体', 'FITC anti-human CD4 antibody', 'antibody', 'Anti-human flow antibodies', '25T|100T', 980, { storage: '2-8c' }),
  item('PE 标记抗人 CD8 抗体', 'PE anti-human CD8 antibody', 'antibody', 'Anti-human flow antibodies', '25T|100T', 1080, { storage: '2-8c' }),
  item('APC 标记抗小鼠 CD45 抗体', 'APC anti-mouse CD45 antibody', 'antibody', 'Anti-mouse flow antibodies', '25T|100T', 1120, { storage: '2-8c' }),
  item('PE 标记抗小鼠 CD11b 抗体', 'PE anti-mouse CD11b antibody', 'antibody', 'Anti-mouse flow antibodies', '25T|100T', 1060, { storage: '2-8c' }),
  item('兔 IgG 同型对照', 'Rabbit IgG isotype control', 'antibody', 'Isotype controls', '100µg|500µg', 420, { storage: '2-8c' }),
  item('小鼠 IgG1 同型对照', 'Mouse IgG1 isotype control', 'antibody', 'Isotype controls', '100µg|500µg', 420, { storage: '2-8c' }),
];

const MOLECULAR_BIOLOGY: CatalogItem[] = [
  item('Taq DNA 聚合酶 (5 U/µL)', 'Taq DNA polymerase (5 U/µL)', 'molbio', 'DNA polymerases', '500U|2500U|5000U', 180, FROZEN),
  item('高保真 DNA 聚合酶预混液 (2×)', 'High-fidelity DNA polymerase master mix (2×)', 'molbio', 'DNA polymerases', '1mL|5mL', 680, FROZEN),
  item('SYBR Green qPCR 预混液 (2×)', 'SYBR Green qPCR master mix (2×)', 'molbio', 'qPCR master mixes', '1mL|5mL|25mL', 320, FROZEN),
  item('探针法 qPCR 预混液 (2×)', 'Probe qPCR master mix (2×)', 'molbio', 'qPCR master mixes', '1mL|5mL|25mL', 380, FROZEN),
  item('dNTP 混合液 (各 10 mM)', 'dNTP mix (10 mM each)', 'molbio', 'dNTPs', '200µL|1mL', 160, FROZEN),
  item('第一链 cDNA 合成试剂盒', 'First-strand cDNA synthesis kit', 'molbio', 'Reverse transcription', '20T|50T|100T', 420, FROZEN),
  item('质粒小提试剂盒', 'Plasmid miniprep kit', 'molbio', 'Plasmid kits', '50T|200T', 260),
  item('无内毒素质粒大提试剂盒', 'Endotoxin-free plasmid maxiprep kit', 'molbio', 'Plasmid kits', '5T|25T', 680),
  item('基因组 DNA 提取试剂盒', 'Genomic DNA extraction kit', 'molbio', 'Genomic DNA kits', '50T|200T', 380),
  item('总 RNA 提取试剂', 'Total RNA isolation reagent', 'molbio', 'RNA kits', '50mL|100mL|200mL', 420, { storage: '2-8c', ghs: ghs('GHS05 GHS06 GHS08', 'danger', 'H301+H311+H331 H314 H341 H373', 'P260 P280 P301+P310 P303+P361+P353 P305+P351+P338') }),
  item('DNA 凝胶回收试剂盒', 'DNA gel extraction kit', 'molbio', 'Gel extraction', '50T|200T', 320),
  item('EcoRI 限制性内切酶', 'EcoRI restriction enzyme', 'molbio', 'Restriction enzymes', '5000U|25000U', 260, FROZEN),
  item('BamHI 限制性内切酶', 'BamHI restriction enzyme', 'molbio', 'Restriction enzymes', '5000U|25000U', 260, FROZEN),
  item('HindIII 限制性内切酶', 'HindIII restriction enzyme', 'molbio', 'Restriction enzymes', '5000U|25000U', 260, FROZEN),
  item('T4 DNA 连接酶', 'T4 DNA ligase', 'molbio', 'Ligases', '20000U|100000U', 380, FROZEN),
  item('DH5α 化学感受态细胞', 'DH5α chemically competent cells', 'molbio', 'Competent cells', '10×100µL|20×100µL', 180, { storage: 'dry-ice' }),
  item('BL21(DE3) 化学感受态细胞', 'BL21(DE3) chemically competent cells', 'molbio', 'Competent cells', '10×100µL|20×100µL', 220, { storage: 'dry-ice' }),
  item('pET-28a(+) 表达载体', 'pET-28a(+) expression vector', 'molbio', 'Vectors', '10µg', 1200, FROZEN),
  item('琼脂糖 (电泳级)', 'Agarose, electrophoresis grade', 'molbio', 'Agarose', '10g|100g|500g', 98),
  item('DNA 分子量标准 (100–5000 bp)', 'DNA ladder (100–5000 bp)', 'molbio', 'DNA ladders', '250µL|5×250µL', 150, FROZEN),
  item('预染蛋白分子量标准 (10–180 kDa)', 'Prestained protein ladder (10–180 kDa)', 'molbio', 'Protein ladders', '250µL|2×250µL', 380, FROZEN),
  item('核酸凝胶染料 (10000×)', 'Nucleic acid gel stain (10,000×)', 'molbio', 'Nucleic acid stains', '500µL|1mL', 280),
  item('BCA 蛋白定量试剂盒', 'BCA protein assay kit', 'molbio', 'Protein assays', '500T|1000T', 260),
  item('Ni-NTA 琼脂糖树脂', 'Ni-NTA agarose resin', 'molbio', 'Protein purification', '10mL|25mL|100mL', 980, { storage: '2-8c' }),
  item('ECL 化学发光底物', 'ECL chemiluminescent substrate', 'molbio', 'Western blotting', '100mL|500mL', 360, { storage: '2-8c' }),
  item('PVDF 膜 (0.45 µm)', 'PVDF membrane (0.45 µm)', 'molbio', 'Western blotting', '10pcs|50pcs', 220),
  item('RIPA 裂解液 (强)', 'RIPA lysis buffer (strong)', 'molbio', 'Ready-made buffers', '100mL|500mL', 120, { storage: '2-8c' }),
  item('10× PBS 缓冲液', '10× PBS buffer', 'molbio', 'Ready-made buffers', '500mL|1L', 68),
  item('蛋白酶抑制剂混合物 (100×)', 'Protease inhibitor cocktail (100×)', 'molbio', 'Protease inhibitors', '1mL|5mL', 380, FROZEN),
];

/** Biopolymers and proteins: real CAS numbers but no single structure to draw. */
const BIOPOLYMERS: CatalogItem[] = [
  item('聚乙二醇辛基苯基醚', 'Triton X-100', 'biochem', 'Non-ionic detergents', '100mL|500mL|1L', 85, {
    cas: '9002-93-1', synonyms: 'Triton X-100; 曲拉通 X-100', ghs: ghs('GHS05 GHS07 GHS09', 'danger', 'H302 H318 H410', 'P264 P273 P280 P305+P351+P338 P310'),
  }),
  item('吐温 20', 'Tween 20', 'biochem', 'Non-ionic detergents', '100mL|500mL|1L', 65, { cas: '9005-64-5', synonyms: '聚山梨酯 20; Polysorbate 20' }),
  item('牛血清白蛋白', 'Bovine serum albumin', 'biochem', 'Western blotting', '10g|50g|100g', 180, { cas: '9048-46-8', synonyms: 'BSA', storage: '2-8c' }),
  item('胰蛋白酶 (1:250)', 'Trypsin (1:250)', 'biochem', 'Enzymes', '10g|25g|100g', 160, { cas: '9002-07-7', storage: '-20c' }),
  item('溶菌酶 (鸡蛋清来源)', 'Lysozyme from chicken egg white', 'biochem', 'Enzymes', '1g|5g|25g', 120, { cas: '12650-88-3', storage: '-20c' }),
  item('蛋白酶 K', 'Proteinase K', 'biochem', 'Enzymes', '100mg|500mg|1g', 260, { cas: '39450-01-6', storage: '-20c' }),
  item('核糖核酸酶 A', 'Ribonuclease A', 'biochem', 'Enzymes', '100mg|500mg|1g', 240, { cas: '9001-99-4', synonyms: 'RNase A', storage: '-20c' }),
  item('可溶性淀粉', 'Soluble starch', 'biochem', 'Redox indicators', '100g|500g', 38, { cas: '9005-84-9' }),
  item('聚乙二醇 4000', 'Poly(ethylene glycol) 4000', 'materials', 'Polymers', '100g|500g|1kg', 48, { cas: '25322-68-3', synonyms: 'PEG 4000' }),
  item('聚乙烯吡咯烷酮 K30', 'Polyvinylpyrrolidone K30', 'materials', 'Polymers', '100g|500g', 58, { cas: '9003-39-8', synonyms: 'PVP K30; 聚维酮' }),
];

export const BIO_ITEMS: CatalogItem[] = [...ANTIBODIES, ...MOLECULAR_BIOLOGY, ...BIOPOLYMERS];
