import 'server-only';

/** [中文名, English name, children]. Leaf English names double as keys, so they must be unique. */
export type CategoryNode = readonly [string, string, (readonly CategoryNode[])?];

const leaves = (...pairs: [string, string][]): CategoryNode[] => pairs.map(([zh, en]) => [zh, en]);

export const CATEGORY_TREE: readonly CategoryNode[] = [
  ['化学试剂', 'Chemical reagents', [
    ['有机试剂', 'Organic reagents', leaves(
      ['醇类', 'Alcohols'], ['酚类', 'Phenols'], ['醛类', 'Aldehydes'], ['酮类', 'Ketones'],
      ['羧酸', 'Carboxylic acids'], ['酯类', 'Esters'], ['醚类', 'Ethers'], ['胺类', 'Amines'],
      ['酰胺', 'Amides'], ['腈类', 'Nitriles'], ['卤代烃', 'Halogenated hydrocarbons'], ['烷烃', 'Alkanes'],
      ['烯烃与炔烃', 'Alkenes and alkynes'], ['芳香烃', 'Aromatic hydrocarbons'], ['硫醇与硫醚', 'Thiols and sulfides'],
      ['硝基化合物', 'Nitro compounds'], ['磺酸', 'Sulfonic acids'],
    )],
    ['杂环化合物', 'Heterocyclic compounds', leaves(
      ['吡啶类', 'Pyridines'], ['嘧啶与嘌呤', 'Pyrimidines and purines'], ['吲哚类', 'Indoles'],
      ['喹啉类', 'Quinolines'], ['呋喃与噻吩', 'Furans and thiophenes'], ['唑类', 'Azoles'],
      ['哌嗪与吗啉', 'Piperazines and morpholines'], ['香豆素与色酮', 'Coumarins and chromones'],
    )],
    ['有机合成试剂', 'Synthesis reagents', leaves(
      ['卤化试剂', 'Halogenating reagents'], ['还原剂', 'Reducing agents'], ['氧化剂', 'Oxidising agents'],
      ['缩合剂', 'Coupling reagents'], ['保护基试剂', 'Protecting-group reagents'], ['有机碱', 'Organic bases'],
      ['膦配体', 'Phosphine ligands'], ['冠醚与相转移催化剂', 'Crown ethers and phase-transfer catalysts'],
    )],
    ['无机试剂', 'Inorganic reagents', leaves(
      ['无机酸', 'Inorganic acids'], ['无机碱', 'Inorganic bases'], ['氯化物', 'Chlorides'], ['硫酸盐', 'Sulfates'],
      ['硝酸盐', 'Nitrates'], ['碳酸盐', 'Carbonates'], ['磷酸盐', 'Phosphates'], ['单质', 'Elements'],
      ['氧化物与过氧化物', 'Oxides and peroxides'], ['其他无机盐', 'Other inorganic salts'],
    )],
    ['有机溶剂', 'Organic solvents', leaves(
      ['常用溶剂', 'General solvents'], ['无水溶剂', 'Anhydrous solvents'], ['氘代溶剂', 'Deuterated solvents'],
      ['色谱纯溶剂', 'HPLC solvents'], ['质谱级溶剂', 'LC-MS solvents'],
    )],
    ['医药中间体', 'Pharmaceutical intermediates', leaves(
      ['原料药对照品', 'API reference compounds'], ['手性化合物', 'Chiral compounds'],
      ['含氟砌块', 'Fluorinated building blocks'], ['杂环砌块', 'Heterocyclic building blocks'],
    )],
  ]],
  ['生化试剂', 'Biochemicals', [
    ['氨基酸与多肽', 'Amino acids and peptides', leaves(
      ['L-氨基酸', 'L-Amino acids'], ['D-氨基酸', 'D-Amino acids'], ['保护氨基酸', 'Protected amino acids'], ['多肽', 'Peptides'],
    )],
    ['糖类', 'Carbohydrates', leaves(
      ['单糖', 'Monosaccharides'], ['二糖与寡糖', 'Disaccharides and oligosaccharides'], ['糖醇', 'Sugar alcohols'],
    )],
    ['核苷与碱基', 'Nucleosides and bases', leaves(['碱基', 'Nucleobases'], ['核苷', 'Nucleosides'], ['核苷酸', 'Nucleotides'])],
    ['缓冲剂', 'Buffers', leaves(['生物缓冲剂', 'Biological buffers'], ['缓冲盐', 'Buffer salts'], ['预配缓冲液', 'Ready-made buffers'])],
    ['维生素与辅酶', 'Vitamins and cofactors', leaves(
      ['水溶性维生素', 'Water-soluble vitamins'], ['脂溶性维生素', 'Fat-soluble vitamins'], ['辅酶', 'Coenzymes'],
    )],
    ['脂类', 'Lipids', leaves(['脂肪酸', 'Fatty acids'], ['甘油酯', 'Glycerides'], ['磷脂', 'Phospholipids'])],
    ['表面活性剂与去垢剂', 'Detergents', leaves(['离子型去垢剂', 'Ionic detergents'], ['非离子型去垢剂', 'Non-ionic detergents'])],
    ['酶与抑制剂', 'Enzymes and inhibitors', leaves(
      ['工具酶', 'Enzymes'], ['蛋白酶抑制剂', 'Protease inhibitors'], ['激酶抑制剂', 'Kinase inhibitors'],
    )],
    ['天然产物', 'Natural products', leaves(['生物碱', 'Alkaloids'], ['萜类', 'Terpenoids'], ['黄酮类', 'Flavonoids'])],
  ]],
  ['分析试剂', 'Analytical reagents', [
    ['标准物质', 'Reference materials', leaves(
      ['元素标准溶液', 'Elemental standard solutions'], ['有机标准品', 'Organic standards'], ['pH 标准缓冲液', 'pH buffer standards'],
    )],
    ['指示剂', 'Indicators', leaves(['酸碱指示剂', 'Acid–base indicators'], ['氧化还原指示剂', 'Redox indicators'], ['金属指示剂', 'Metal indicators'])],
    ['滴定试剂', 'Titration reagents', leaves(['容量分析标准溶液', 'Volumetric solutions'], ['卡尔费休试剂', 'Karl Fischer reagents'])],
    ['显色与衍生化', 'Staining and derivatisation', leaves(['显色剂', 'Chromogenic reagents'], ['衍生化试剂', 'Derivatisation reagents'])],
    ['光谱试剂', 'Spectroscopy reagents', leaves(
      ['光谱纯试剂', 'Spectroscopic grade reagents'], ['红外用盐', 'IR-grade salts'], ['原子吸收基体改进剂', 'AAS matrix modifiers'],
    )],
  ]],
  ['色谱', 'Chromatography', [
    ['色谱柱', 'Columns', leaves(
      ['反相色谱柱', 'Reversed-phase columns'], ['正相色谱柱', 'Normal-phase columns'], ['离子交换色谱柱', 'Ion-exchange columns'],
      ['手性色谱柱', 'Chiral columns'], ['气相色谱柱', 'GC columns'],
    )],
    ['样品前处理', 'Sample preparation', leaves(['固相萃取柱', 'SPE cartridges'], ['针式过滤器', 'Syringe filters'], ['QuEChERS 产品', 'QuEChERS products'])],
    ['色谱耗材', 'Chromatography consumables', leaves(
      ['样品瓶', 'Sample vials'], ['进样垫', 'Septa'], ['薄层色谱板', 'TLC plates'], ['柱层析硅胶', 'Flash silica gel'],
    )],
    ['流动相添加剂', 'Mobile-phase additives', leaves(['离子对试剂', 'Ion-pair reagents'], ['缓冲盐添加剂', 'Buffer additives'])],
  ]],
  ['细胞培养', 'Cell culture', [
    ['培养基', 'Culture media', leaves(['经典培养基', 'Classical media'], ['无血清培养基', 'Serum-free media'], ['干细胞培养基', 'Stem-cell media'])],
    ['血清与添加物', 'Sera and supplements', leaves(['胎牛血清', 'Fetal bovine serum'], ['血清替代物', 'Serum replacements'], ['生长因子', 'Growth factors'])],
    ['细胞培养试剂', 'Cell culture reagents', leaves(
      ['消化酶', 'Dissociation reagents'], ['抗生素', 'Antibiotics'], ['转染试剂', 'Transfection reagents'], ['细胞冻存液', 'Cryopreservation media'],
    )],
    ['细胞培养耗材', 'Cell culture plastics', leaves(['培养瓶', 'Culture flasks'], ['培养板', 'Culture plates'], ['培养皿', 'Culture dishes'])],
  ]],
  ['抗体', 'Antibodies', [
    ['一抗', 'Primary antibodies', leaves(
      ['信号通路抗体', 'Signalling antibodies'], ['表观遗传抗体', 'Epigenetics antibodies'], ['免疫学抗体', 'Immunology antibodies'],
      ['神经科学抗体', 'Neuroscience antibodies'], ['内参抗体', 'Loading-control antibodies'],
    )],
    ['二抗', 'Secondary antibodies', leaves(['HRP 标记二抗', 'HRP conjugates'], ['荧光标记二抗', 'Fluorescent conjugates'], ['生物素标记二抗', 'Biotin conjugates'])],
    ['流式抗体', 'Flow cytometry antibodies', leaves(['人源流式抗体', 'Anti-human flow antibodies'], ['鼠源流式抗体', 'Anti-mouse flow antibodies'])],
    ['同型对照', 'Isotype controls'],
  ]],
  ['分子生物学', 'Molecular biology', [
    ['PCR 与 qPCR', 'PCR and qPCR', leaves(
      ['DNA 聚合酶', 'DNA polymerases'], ['qPCR 预混液', 'qPCR master mixes'], ['dNTP', 'dNTPs'], ['逆转录试剂', 'Reverse transcription'],
    )],
    ['核酸提取纯化', 'Nucleic acid purification', leaves(
      ['质粒提取', 'Plasmid kits'], ['基因组 DNA 提取', 'Genomic DNA kits'], ['RNA 提取', 'RNA kits'], ['胶回收', 'Gel extraction'],
    )],
    ['克隆与表达', 'Cloning and expression', leaves(
      ['限制性内切酶', 'Restriction enzymes'], ['连接酶', 'Ligases'], ['感受态细胞', 'Competent cells'], ['载体', 'Vectors'],
    )],
    ['电泳', 'Electrophoresis', leaves(
      ['琼脂糖', 'Agarose'], ['DNA 分子量标准', 'DNA ladders'], ['蛋白分子量标准', 'Protein ladders'], ['核酸染料', 'Nucleic acid stains'],
    )],
    ['蛋白质研究', 'Protein research', leaves(['蛋白定量', 'Protein assays'], ['蛋白纯化', 'Protein purification'], ['Western 印迹', 'Western blotting'])],
  ]],
  ['实验耗材', 'Lab consumables', [
    ['移液耗材', 'Pipetting', leaves(['吸头', 'Pipette tips'], ['血清移液管', 'Serological pipettes'])],
    ['离心管与冻存管', 'Tubes', leaves(['离心管', 'Centrifuge tubes'], ['PCR 管', 'PCR tubes'], ['冻存管', 'Cryogenic vials'])],
    ['玻璃器皿', 'Glassware', leaves(['烧杯', 'Beakers'], ['容量瓶', 'Volumetric flasks'], ['试剂瓶', 'Reagent bottles'], ['圆底烧瓶', 'Round-bottom flasks'])],
    ['过滤产品', 'Filtration', leaves(['滤纸', 'Filter papers'], ['滤膜', 'Membrane filters'])],
    ['防护用品', 'Safety supplies', leaves(['手套', 'Gloves'], ['护目镜', 'Safety goggles'], ['口罩', 'Masks'])],
  ]],
  ['材料科学', 'Materials science', [
    ['纳米材料', 'Nanomaterials', leaves(['碳纳米材料', 'Carbon nanomaterials'], ['金属纳米颗粒', 'Metal nanoparticles'], ['量子点', 'Quantum dots'])],
    ['高分子材料', 'Polymer science', leaves(['聚合单体', 'Monomers'], ['聚合物', 'Polymers'], ['引发剂', 'Initiators'])],
    ['电池材料', 'Battery materials', leaves(['电解液', 'Electrolytes'], ['电极材料', 'Electrode materials'])],
    ['金属有机框架', 'MOFs and linkers', leaves(['MOF 材料', 'MOFs'], ['有机配体', 'Organic linkers'])],
  ]],
];
