import 'server-only';
import { INORGANIC_FACTS } from './reagents-inorganic';
import { fact, ghs, HAZARD, tsv, type ReagentFact } from './reagent-types';

/** L-amino acids link to the structure file by name so their stereocentres come from it. */
const AMINO_ACIDS: ReagentFact[] = [
  ['56-40-6', '甘氨酸', 'Glycine', '2-Aminoacetic acid'],
  ['56-41-7', 'L-丙氨酸', 'L-Alanine', '(2S)-2-Aminopropanoic acid'],
  ['74-79-3', 'L-精氨酸', 'L-Arginine', '(2S)-2-Amino-5-(diaminomethylideneamino)pentanoic acid'],
  ['70-47-3', 'L-天冬酰胺', 'L-Asparagine', '(2S)-2-Amino-3-carbamoylpropanoic acid'],
  ['56-84-8', 'L-天冬氨酸', 'L-Aspartic acid', '(2S)-2-Aminobutanedioic acid'],
  ['52-90-4', 'L-半胱氨酸', 'L-Cysteine', '(2R)-2-Amino-3-sulfanylpropanoic acid'],
  ['56-85-9', 'L-谷氨酰胺', 'L-Glutamine', '(2S)-2-Amino-4-carbamoylbutanoic acid'],
  ['56-86-0', 'L-谷氨酸', 'L-Glutamic acid', '(2S)-2-Aminopentanedioic acid'],
  ['71-00-1', 'L-组氨酸', 'L-Histidine', '(2S)-2-Amino-3-(3H-imidazol-4-yl)propanoic acid'],
  ['73-32-5', 'L-异亮氨酸', 'L-Isoleucine', '(2S,3S)-2-Amino-3-methylpentanoic acid'],
  ['61-90-5', 'L-亮氨酸', 'L-Leucine', '(2S)-2-Amino-4-methylpentanoic acid'],
  ['56-87-1', 'L-赖氨酸', 'L-Lysine', '(2S)-2,6-Diaminohexanoic acid'],
  ['63-68-3', 'L-甲硫氨酸', 'L-Methionine', '(2S)-2-Amino-4-methylsulfanylbutanoic acid'],
  ['63-91-2', 'L-苯丙氨酸', 'L-Phenylalanine', '(2S)-2-Amino-3-phenylpropanoic acid'],
  ['147-85-3', 'L-脯氨酸', 'L-Proline', '(2S)-Pyrrolidine-2-carboxylic acid'],
  ['56-45-1', 'L-丝氨酸', 'L-Serine', '(2S)-2-Amino-3-hydroxypropanoic acid'],
  ['72-19-5', 'L-苏氨酸', 'L-Threonine', '(2S,3R)-2-Amino-3-hydroxybutanoic acid'],
  ['73-22-3', 'L-色氨酸', 'L-Tryptophan', '(2S)-2-Amino-3-(1H-indol-3-yl)propanoic acid'],
  ['60-18-4', 'L-酪氨酸', 'L-Tyrosine', '(2S)-2-Amino-3-(4-hydroxyphenyl)propanoic acid'],
  ['72-18-4', 'L-缬氨酸', 'L-Valine', '(2S)-2-Amino-3-methylbutanoic acid'],
].map(([cas = '', zh = '', en = '', name = '']) => fact(cas, zh, en, tsv(name), 'biochem', 'L-Amino acids'));

const CARBOHYDRATES: ReagentFact[] = [
  fact('50-99-7', 'D-葡萄糖', 'D-Glucose', tsv('(2R,3S,4R,5R)-2,3,4,5,6-Pentahydroxyhexanal'), 'biochem', 'Monosaccharides', { synonyms: '右旋糖; Dextrose' }),
  fact('57-48-7', 'D-果糖', 'D-Fructose', tsv('(3S,4R,5R)-1,3,4,5,6-Pentahydroxyhexan-2-one'), 'biochem', 'Monosaccharides', { synonyms: '左旋糖; Levulose' }),
  fact('59-23-4', 'D-半乳糖', 'D-Galactose', tsv('(2R,3S,4S,5R)-2,3,4,5,6-Pentahydroxyhexanal'), 'biochem', 'Monosaccharides'),
  fact('3458-28-4', 'D-甘露糖', 'D-Mannose', tsv('(2S,3S,4R,5R)-2,3,4,5,6-Pentahydroxyhexanal'), 'biochem', 'Monosaccharides'),
  fact('50-69-1', 'D-核糖', 'D-Ribose', tsv('(2R,3R,4R)-2,3,4,5-Tetrahydroxypentanal'), 'biochem', 'Monosaccharides'),
  fact('58-86-6', 'D-木糖', 'D-Xylose', tsv('(2R,3S,4R)-2,3,4,5-Tetrahydroxypentanal'), 'biochem', 'Monosaccharides'),
  fact('96-26-4', '1,3-二羟基丙酮', 'Dihydroxyacetone', tsv('1,3-Dihydroxypropan-2-one'), 'biochem', 'Monosaccharides', { synonyms: 'DHA' }),
  fact('50-70-4', 'D-山梨醇', 'D-Sorbitol', tsv('(2R,3R,4R,5S)-Hexane-1,2,3,4,5,6-hexol'), 'biochem', 'Sugar alcohols', { synonyms: 'D-葡萄糖醇; D-Glucitol' }),
  fact('149-32-6', '赤藓糖醇', 'Erythritol', tsv('(2S,3R)-Butane-1,2,3,4-tetrol'), 'biochem', 'Sugar alcohols'),
  fact('57-50-1', '蔗糖', 'Sucrose', 'OCC1OC(OC2(CO)OC(CO)C(O)C2O)C(O)C(O)C1O', 'biochem', 'Disaccharides and oligosaccharides', { synonyms: 'Saccharose' }),
];

const NUCLEIC: ReagentFact[] = [
  fact('73-24-5', '腺嘌呤', 'Adenine', tsv('7H-Purin-6-amine'), 'biochem', 'Nucleobases'),
  fact('73-40-5', '鸟嘌呤', 'Guanine', tsv('2-Amino-3,7-dihydropurin-6-one'), 'biochem', 'Nucleobases'),
  fact('71-30-7', '胞嘧啶', 'Cytosine', tsv('4-Amino-3H-pyrimidin-2-one'), 'biochem', 'Nucleobases'),
  fact('65-71-4', '胸腺嘧啶', 'Thymine', tsv('5-Methyl-1H-pyrimidine-2,4-dione'), 'biochem', 'Nucleobases'),
  fact('66-22-8', '尿嘧啶', 'Uracil', tsv('1H-Pyrimidine-2,4-dione'), 'biochem', 'Nucleobases'),
  fact('58-61-7', '腺苷', 'Adenosine', 'Nc1ncnc2n(cnc12)C1OC(CO)C(O)C1O', 'biochem', 'Nucleosides'),
  fact('118-00-3', '鸟苷', 'Guanosine', 'Nc1nc2n(cnc2c(=O)[nH]1)C1OC(CO)C(O)C1O', 'biochem', 'Nucleosides'),
  fact('65-46-3', '胞苷', 'Cytidine', 'Nc1ccn(C2OC(CO)C(O)C2O)c(=O)n1', 'biochem', 'Nucleosides'),
  fact('58-96-8', '尿苷', 'Uridine', 'O=c1ccn(C2OC(CO)C(O)C2O)c(=O)[nH]1', 'biochem', 'Nucleosides'),
  fact('50-89-5', '胸苷', 'Thymidine', 'Cc1cn(C2CC(O)C(CO)O2)c(=O)[nH]c1=O', 'biochem', 'Nucleosides'),
];

const BUFFERS_AND_REAGENTS: ReagentFact[] = [
  fact('77-86-1', '三羟甲基氨基甲烷', 'Tris(hydroxymethyl)aminomethane', 'NC(CO)(CO)CO', 'biochem', 'Biological buffers', { synonyms: 'Tris; Trometamol', ghs: HAZARD.irritant }),
  fact('7365-45-9', 'HEPES', 'HEPES', 'OCCN1CCN(CC1)CCS(O)(=O)=O', 'biochem', 'Biological buffers', { synonyms: '4-羟乙基哌嗪乙磺酸' }),
  fact('4432-31-9', 'MES', 'MES', 'OS(=O)(=O)CCN1CCOCC1', 'biochem', 'Biological buffers', { synonyms: '2-吗啉乙磺酸; 2-(N-Morpholino)ethanesulfonic acid' }),
  fact('1132-61-2', 'MOPS', 'MOPS', 'OS(=O)(=O)CCCN1CCOCC1', 'biochem', 'Biological buffers', { synonyms: '3-吗啉丙磺酸; 3-(N-Morpholino)propanesulfonic acid' }),
  fact('5625-37-6', 'PIPES', 'PIPES', 'OS(=O)(=O)CCN1CCN(CCS(O)(=O)=O)CC1', 'biochem', 'Biological buffers', { synonyms: '哌嗪-1,4-二乙磺酸' }),
  fact('60-00-4', '乙二胺四乙酸', 'Ethylenediaminetetraacetic acid', 'OC(=O)CN(CCN(CC(O)=O)CC(O)=O)CC(O)=O', 'biochem', 'Buffer salts', {
    synonyms: 'EDTA', ghs: ghs('GHS07 GHS08', 'warning', 'H332 H373', 'P260 P271 P304+P340 P314'),
  }),
  fact('127-09-3', '无水乙酸钠', 'Sodium acetate', 'CC([O-])=O.[Na+]', 'biochem', 'Buffer salts', { synonyms: '醋酸钠' }),
  fact('50-01-1', '盐酸胍', 'Guanidine hydrochloride', 'NC(N)=N.Cl', 'biochem', 'Buffer salts', { ghs: ghs('GHS07', 'warning', 'H302+H332 H315 H319', 'P261 P264 P301+P312 P305+P351+P338') }),
  fact('3483-12-3', 'DL-二硫苏糖醇', 'DL-Dithiothreitol', 'OC(CS)C(O)CS', 'biochem', 'Reducing agents', { synonyms: 'DTT; Cleland 试剂', storage: '2-8c', ghs: HAZARD.harmfulIrritant }),
  fact('60-24-2', '2-巯基乙醇', '2-Mercaptoethanol', 'OCCS', 'biochem', 'Reducing agents', {
    state: 'liquid', synonyms: 'β-巯基乙醇; β-Mercaptoethanol; BME',
    ghs: ghs('GHS05 GHS06 GHS08 GHS09', 'danger', 'H301 H310+H330 H315 H317 H318 H373 H410', 'P260 P273 P280 P301+P310 P302+P352 P305+P351+P338'),
  }),
  fact('288-32-4', '咪唑', 'Imidazole', 'c1c[nH]cn1', 'biochem', 'Azoles', { ghs: ghs('GHS05 GHS07 GHS08', 'danger', 'H302 H314 H360D', 'P201 P280 P301+P312 P303+P361+P353 P305+P351+P338') }),
  fact('151-21-3', '十二烷基硫酸钠', 'Sodium dodecyl sulfate', 'CCCCCCCCCCCCOS(=O)(=O)[O-].[Na+]', 'biochem', 'Ionic detergents', {
    synonyms: 'SDS; 月桂基硫酸钠', ghs: ghs('GHS02 GHS05 GHS07', 'danger', 'H228 H302+H332 H315 H318 H335 H412', 'P210 P261 P280 P305+P351+P338 P310'),
  }),
  fact('79-06-1', '丙烯酰胺', 'Acrylamide', 'C=CC(N)=O', 'biochem', 'Monomers', {
    ghs: ghs('GHS06 GHS08', 'danger', 'H301 H312+H332 H315 H317 H319 H340 H350 H361f H372', 'P201 P260 P280 P301+P310 P305+P351+P338 P308+P313'),
  }),
  fact('110-18-9', 'N,N,N′,N′-四甲基乙二胺', 'TEMED', 'CN(C)CCN(C)C', 'biochem', 'Organic bases', {
    state: 'liquid', synonyms: 'N,N,N′,N′-Tetramethylethylenediamine', ghs: ghs('GHS02 GHS05 GHS07', 'danger', 'H225 H302+H332 H314', 'P210 P280 P303+P361+P353 P305+P351+P338 P310'),
  }),
  fact('329-98-6', '苯甲基磺酰氟', 'Phenylmethanesulfonyl fluoride', 'FS(=O)(=O)Cc1ccccc1', 'biochem', 'Protease inhibitors', {
    synonyms: 'PMSF', storage: '2-8c', ghs: ghs('GHS05 GHS06', 'danger', 'H301 H314', 'P260 P280 P301+P310 P303+P361+P353 P305+P351+P338'),
  }),
  fact('70-18-8', '还原型谷胱甘肽', 'L-Glutathione reduced', 'NC(CCC(=O)NC(CS)C(=O)NCC(O)=O)C(O)=O', 'biochem', 'Peptides', { synonyms: 'GSH', storage: '2-8c' }),
  fact('115-39-9', '溴酚蓝', 'Bromophenol blue', 'Oc1c(Br)cc(cc1Br)C1(OS(=O)(=O)c2ccccc12)c1cc(Br)c(O)c(Br)c1', 'biochem', 'Acid–base indicators'),
  fact('547-58-0', '甲基橙', 'Methyl orange', 'CN(C)c1ccc(cc1)N=Nc1ccc(cc1)S(=O)(=O)[O-].[Na+]', 'organic', 'Acid–base indicators', { ghs: ghs('GHS06', 'danger', 'H301', 'P264 P270 P301+P310') }),
];

const VITAMINS_AND_LIPIDS: ReagentFact[] = [
  fact('50-81-7', 'L-抗坏血酸', 'L-Ascorbic acid', 'C([C@@H]([C@@H]1C(=C(C(=O)O1)O)O)O)O', 'biochem', 'Water-soluble vitamins', { synonyms: '维生素 C; Vitamin C' }),
  fact('98-92-0', '烟酰胺', 'Nicotinamide', tsv('Pyridine-3-carboxamide'), 'biochem', 'Water-soluble vitamins', { synonyms: '维生素 B3; Niacinamide', ghs: HAZARD.eyeIrritant }),
  fact('59-67-6', '烟酸', 'Nicotinic acid', tsv('Pyridine-3-carboxylic acid'), 'biochem', 'Water-soluble vitamins', { synonyms: '尼克酸; Niacin', ghs: HAZARD.eyeIrritant }),
  fact('58-85-5', '生物素', 'Biotin', 'OC(=O)CCCCC1SCC2NC(=O)NC12', 'biochem', 'Water-soluble vitamins', { synonyms: '维生素 B7; Vitamin H', storage: '2-8c' }),
  fact('83-88-5', '核黄素', 'Riboflavin', 'Cc1cc2nc3c(=O)[nH]c(=O)nc-3n(CC(O)C(O)C(O)CO)c2cc1C', 'biochem', 'Water-soluble vitamins', { synonyms: '维生素 B2; Vitamin B2' }),
  fact('67-03-8', '盐酸硫胺', 'Thiamine hydrochloride', 'Cc1ncc(C[n+]2csc(CCO)c2C)c(N)n1.[Cl-].Cl', 'biochem', 'Water-soluble vitamins', { synonyms: '维生素 B1; Vitamin B1' }),
  fact('58-56-0', '盐酸吡哆醇', 'Pyridoxine hydrochloride', 'Cc1ncc(CO)c(CO)c1O.Cl', 'biochem', 'Water-soluble vitamins', { synonyms: '维生素 B6; Vitamin B6' }),
  fact('59-30-3', '叶酸', 'Folic acid', 'Nc1nc2ncc(CNc3ccc(cc3)C(=O)NC(CCC(O)=O)C(O)=O)nc2c(=O)[nH]1', 'biochem', 'Water-soluble vitamins', { synonyms: '维生素 B9; Vitamin B9', storage: '2-8c' }),
  fact('57-11-4', '硬脂酸', 'Stearic acid', tsv('Octadecanoic acid'), 'biochem', 'Fatty acids', { synonyms: '十八烷酸; Octadecanoic acid' }),
  fact('57-10-3', '棕榈酸', 'Palmitic acid', tsv('Hexadecanoic acid'), 'biochem', 'Fatty acids', { synonyms: '十六烷酸; Hexadecanoic acid' }),
  fact('544-63-8', '肉豆蔻酸', 'Myristic acid', tsv('Tetradecanoic acid'), 'biochem', 'Fatty acids', { synonyms: '十四烷酸' }),
  fact('143-07-7', '月桂酸', 'Lauric acid', tsv('Dodecanoic acid'), 'biochem', 'Fatty acids', { synonyms: '十二烷酸', ghs: HAZARD.eyeIrritant }),
  fact('334-48-5', '癸酸', 'Decanoic acid', tsv('Decanoic acid'), 'biochem', 'Fatty acids', { synonyms: '正癸酸; Capric acid', ghs: HAZARD.eyeIrritant }),
  fact('124-07-2', '正辛酸', 'Octanoic acid', tsv('Octanoic acid'), 'biochem', 'Fatty acids', {
    state: 'liquid', synonyms: '羊脂酸; Caprylic acid', ghs: ghs('GHS05', 'danger', 'H314', 'P260 P280 P303+P361+P353 P305+P351+P338 P310'),
  }),
  fact('112-80-1', '油酸', 'Oleic acid', tsv('(Z)-Octadec-9-enoic acid'), 'biochem', 'Fatty acids', { state: 'liquid', synonyms: '顺-9-十八碳烯酸', storage: '2-8c' }),
  fact('60-33-3', '亚油酸', 'Linoleic acid', tsv('(9Z,12Z)-Octadeca-9,12-dienoic acid'), 'biochem', 'Fatty acids', { state: 'liquid', storage: '-20c' }),
  fact('463-40-1', 'α-亚麻酸', 'α-Linolenic acid', tsv('(9Z,12Z,15Z)-Octadeca-9,12,15-trienoic acid'), 'biochem', 'Fatty acids', { state: 'liquid', storage: '-20c' }),
  fact('506-32-1', '花生四烯酸', 'Arachidonic acid', tsv('(5Z,8Z,11Z,14Z)-Icosa-5,8,11,14-tetraenoic acid'), 'biochem', 'Fatty acids', { state: 'liquid', storage: '-20c' }),
  fact('10417-94-4', '二十碳五烯酸', 'Eicosapentaenoic acid', tsv('(5Z,8Z,11Z,14Z,17Z)-Icosa-5,8,11,14,17-pentaenoic acid'), 'biochem', 'Fatty acids', { state: 'liquid', synonyms: 'EPA', storage: '-20c' }),
  fact('6217-54-5', '二十二碳六烯酸', 'Docosahexaenoic acid', tsv('(4Z,7Z,10Z,13Z,16Z,19Z)-Docosa-4,7,10,13,16,19-hexaenoic acid'), 'biochem', 'Fatty acids', { state: 'liquid', synonyms: 'DHA', storage: '-20c' }),
];

const ORGANIC_ACIDS: ReagentFact[] = [
  fact('50-21-5', 'DL-乳酸', 'DL-Lactic acid', 'CC(O)C(O)=O', 'biochem', 'Carboxylic acids', { state: 'liquid', synonyms: '2-羟基丙酸', ghs: ghs('GHS05', 'danger', 'H315 H318', 'P264 P280 P302+P352 P305+P351+P338 P310') }),
  fact('110-15-6', '丁二酸', 'Succinic acid', tsv('Butanedioic acid'), 'organic', 'Carboxylic acids', { synonyms: '琥珀酸', ghs: ghs('GHS05', 'danger', 'H318', 'P280 P305+P351+P338 P310') }),
  fact('110-16-7', '马来酸', 'Maleic acid', tsv('(Z)-Butenedioic acid'), 'organic', 'Carboxylic acids', { synonyms: '顺丁烯二酸', ghs: ghs('GHS07', 'warning', 'H302 H315 H317 H319 H335', 'P261 P280 P301+P312 P305+P351+P338') }),
  fact('110-17-8', '富马酸', 'Fumaric acid', tsv('(E)-Butenedioic acid'), 'organic', 'Carboxylic acids', { synonyms: '反丁烯二酸', ghs: HAZARD.eyeIrritant }),
  fact('87-69-4', 'L-(+)-酒石酸', 'L-(+)-Tartaric acid', tsv('(2R,3R)-2,3-Dihydroxybutanedioic acid'), 'organic', 'Carboxylic acids', { ghs: ghs('GHS05', 'danger', 'H318', 'P280 P305+P351+P338 P310') }),
  fact('56-12-2', 'γ-氨基丁酸', 'γ-Aminobutyric acid', tsv('4-Aminobutanoic acid'), 'biochem', 'Carboxylic acids', { synonyms: 'GABA; 4-氨基丁酸' }),
];

export const BIOCHEMICAL_FACTS: ReagentFact[] = [
  ...AMINO_ACIDS, ...CARBOHYDRATES, ...NUCLEIC, ...BUFFERS_AND_REAGENTS, ...VITAMINS_AND_LIPIDS, ...ORGANIC_ACIDS, ...INORGANIC_FACTS,
];
