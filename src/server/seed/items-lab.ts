import 'server-only';
import { item, type CatalogItem } from './item-types';

const CELL_CULTURE: CatalogItem[] = [
  item('DMEM 高糖培养基', 'DMEM, high glucose', 'cell', 'Classical media', '500mL|10×500mL', 78, { storage: '2-8c' }),
  item('RPMI 1640 培养基', 'RPMI 1640 medium', 'cell', 'Classical media', '500mL|10×500mL', 78, { storage: '2-8c' }),
  item('DMEM/F-12 培养基', 'DMEM/F-12 medium', 'cell', 'Classical media', '500mL|10×500mL', 88, { storage: '2-8c' }),
  item('CHO 无血清培养基', 'Serum-free CHO medium', 'cell', 'Serum-free media', '1L|10L', 680, { storage: '2-8c' }),
  item('人多能干细胞培养基', 'Human pluripotent stem cell medium', 'cell', 'Stem-cell media', '500mL', 2800, { storage: '-20c' }),
  item('胎牛血清 (南美来源)', 'Fetal bovine serum, South American origin', 'cell', 'Fetal bovine serum', '100mL|500mL', 980, { storage: '-20c', shipping: 'dry-ice' }),
  item('无血清替代物', 'Serum replacement', 'cell', 'Serum replacements', '100mL|500mL', 1280, { storage: '-20c' }),
  item('重组人 EGF', 'Recombinant human EGF', 'cell', 'Growth factors', '10µg|100µg', 560, { storage: '-20c' }),
  item('重组人 bFGF', 'Recombinant human bFGF', 'cell', 'Growth factors', '10µg|100µg', 620, { storage: '-20c' }),
  item('0.25% 胰蛋白酶-EDTA 消化液', 'Trypsin-EDTA (0.25%)', 'cell', 'Dissociation reagents', '100mL|500mL', 68, { storage: '-20c' }),
  item('青霉素-链霉素双抗 (100×)', 'Penicillin–streptomycin (100×)', 'cell', 'Antibiotics', '20mL|100mL', 58, { storage: '-20c' }),
  item('脂质体转染试剂', 'Lipid transfection reagent', 'cell', 'Transfection reagents', '0.5mL|1.5mL', 1380, { storage: '2-8c' }),
  item('无血清细胞冻存液', 'Serum-free cell freezing medium', 'cell', 'Cryopreservation media', '50mL|100mL', 280, { storage: '2-8c' }),
  item('T25 细胞培养瓶 (透气盖)', 'T25 cell culture flask, vented cap', 'cell', 'Culture flasks', '100pcs|500pcs', 320),
  item('T75 细胞培养瓶 (透气盖)', 'T75 cell culture flask, vented cap', 'cell', 'Culture flasks', '100pcs|500pcs', 560),
  item('96 孔细胞培养板 (平底)', '96-well cell culture plate, flat bottom', 'cell', 'Culture plates', '50pcs|100pcs', 420),
  item('6 孔细胞培养板', '6-well cell culture plate', 'cell', 'Culture plates', '50pcs|100pcs', 380),
  item('100 mm 细胞培养皿', '100 mm cell culture dish', 'cell', 'Culture dishes', '200pcs|500pcs', 460),
];

const CHROMATOGRAPHY: CatalogItem[] = [
  item('C18 反相色谱柱 4.6×250 mm, 5 µm', 'C18 reversed-phase column, 4.6 × 250 mm, 5 µm', 'chrom', 'Reversed-phase columns', '1pc', 3200),
  item('C18 反相色谱柱 2.1×100 mm, 1.8 µm', 'C18 reversed-phase column, 2.1 × 100 mm, 1.8 µm', 'chrom', 'Reversed-phase columns', '1pc', 5600),
  item('C8 反相色谱柱 4.6×150 mm, 5 µm', 'C8 reversed-phase column, 4.6 × 150 mm, 5 µm', 'chrom', 'Reversed-phase columns', '1pc', 2900),
  item('硅胶正相色谱柱 4.6×250 mm, 5 µm', 'Silica normal-phase column, 4.6 × 250 mm, 5 µm', 'chrom', 'Normal-phase columns', '1pc', 2800),
  item('强阳离子交换色谱柱 4.6×250 mm', 'Strong cation-exchange column, 4.6 × 250 mm', 'chrom', 'Ion-exchange columns', '1pc', 4200),
  item('纤维素类手性色谱柱 4.6×250 mm, 5 µm', 'Cellulose-based chiral column, 4.6 × 250 mm, 5 µm', 'chrom', 'Chiral columns', '1pc', 12800),
  item('5% 苯基甲基聚硅氧烷毛细管柱 30 m×0.25 mm×0.25 µm', '5% phenyl methylpolysiloxane capillary column, 30 m × 0.25 mm × 0.25 µm', 'chrom', 'GC columns', '1pc', 4600),
  item('聚乙二醇毛细管柱 30 m×0.32 mm×0.5 µm', 'Polyethylene glycol capillary column, 30 m × 0.32 mm × 0.5 µm', 'chrom', 'GC columns', '1pc', 4900),
  item('C18 固相萃取柱 500 mg/6 mL', 'C18 SPE cartridge, 500 mg/6 mL', 'chrom', 'SPE cartridges', '30pcs|100pcs', 380),
  item('HLB 固相萃取柱 60 mg/3 mL', 'HLB SPE cartridge, 60 mg/3 mL', 'chrom', 'SPE cartridges', '30pcs|100pcs', 620),
  item('尼龙针式过滤器 13 mm, 0.22 µm', 'Nylon syringe filter, 13 mm, 0.22 µm', 'chrom', 'Syringe filters', '100pcs|500pcs', 150),
  item('PTFE 针式过滤器 25 mm, 0.45 µm', 'PTFE syringe filter, 25 mm, 0.45 µm', 'chrom', 'Syringe filters', '100pcs|500pcs', 260),
  item('QuEChERS 萃取盐包 (EN 方法)', 'QuEChERS extraction salts, EN method', 'chrom', 'QuEChERS products', '50pcs', 560),
  item('2 mL 棕色螺口样品瓶', '2 mL amber screw-top vial', 'chrom', 'Sample vials', '100pcs|1000pcs', 120),
  item('PTFE/硅胶预切口隔垫', 'PTFE/silicone pre-slit septa', 'chrom', 'Septa', '100pcs|1000pcs', 90),
  item('GF254 硅胶薄层色谱板 (铝基)', 'TLC silica gel F254, aluminium sheets', 'chrom', 'TLC plates', '25pcs|100pcs', 360),
  item('柱层析硅胶 200–300 目', 'Flash silica gel, 200–300 mesh', 'chrom', 'Flash silica gel', '500g|1kg|25kg', 60),
];

const LAB_CONSUMABLES: CatalogItem[] = [
  item('10 µL 吸头 (无菌，盒装)', '10 µL pipette tips, sterile, racked', 'lab', 'Pipette tips', '96pcs|960pcs', 38),
  item('200 µL 吸头 (袋装)', '200 µL pipette tips, bulk', 'lab', 'Pipette tips', '1000pcs|10000pcs', 45),
  item('1000 µL 滤芯吸头 (无菌)', '1000 µL filter tips, sterile', 'lab', 'Pipette tips', '96pcs|960pcs', 68),
  item('10 mL 血清移液管 (独立包装)', '10 mL serological pipette, individually wrapped', 'lab', 'Serological pipettes', '50pcs|200pcs', 85),
  item('1.5 mL 离心管', '1.5 mL microcentrifuge tubes', 'lab', 'Centrifuge tubes', '500pcs|5000pcs', 48),
  item('50 mL 离心管 (无菌)', '50 mL conical tubes, sterile', 'lab', 'Centrifuge tubes', '25pcs|500pcs', 42),
  item('0.2 mL PCR 八联管', '0.2 mL PCR 8-strip tubes', 'lab', 'PCR tubes', '120pcs|1200pcs', 88),
  item('2 mL 外旋冻存管', '2 mL external-thread cryovials', 'lab', 'Cryogenic vials', '50pcs|500pcs', 76),
  item('250 mL 高硼硅烧杯', '250 mL borosilicate beaker', 'lab', 'Beakers', '1pc|12pcs', 18),
  item('100 mL A 级容量瓶', '100 mL class A volumetric flask', 'lab', 'Volumetric flasks', '1pc|10pcs', 46),
  item('500 mL 蓝盖试剂瓶', '500 mL screw-cap reagent bottle', 'lab', 'Reagent bottles', '1pc|10pcs', 32),
  item('250 mL 圆底烧瓶 (24/40)', '250 mL round-bottom flask, 24/40 joint', 'lab', 'Round-bottom flasks', '1pc|6pcs', 58),
  item('定性滤纸 Φ110 mm', 'Qualitative filter paper, 110 mm', 'lab', 'Filter papers', '100pcs|1000pcs', 12),
  item('混合纤维素酯滤膜 Φ47 mm, 0.45 µm', 'Mixed cellulose ester membrane, 47 mm, 0.45 µm', 'lab', 'Membrane filters', '100pcs', 160),
  item('丁腈检查手套 (M 码)', 'Nitrile examination gloves, size M', 'lab', 'Gloves', '100pcs|1000pcs', 35),
  item('防化护目镜', 'Chemical splash goggles', 'lab', 'Safety goggles', '1pc|10pcs', 45),
  item('一次性医用口罩', 'Disposable medical face masks', 'lab', 'Masks', '50pcs|500pcs', 25),
];

const MATERIALS: CatalogItem[] = [
  item('多壁碳纳米管 (外径 10–20 nm)', 'Multi-walled carbon nanotubes, OD 10–20 nm', 'materials', 'Carbon nanomaterials', '1g|5g|25g', 180),
  item('单层氧化石墨烯', 'Single-layer graphene oxide', 'materials', 'Carbon nanomaterials', '100mg|500mg|1g', 260),
  item('金纳米颗粒溶液 (20 nm)', 'Gold nanoparticles, 20 nm, citrate stabilised', 'materials', 'Metal nanoparticles', '10mL|25mL', 680, { storage: '2-8c' }),
  item('银纳米线分散液', 'Silver nanowire dispersion', 'materials', 'Metal nanoparticles', '10mL|50mL', 560, { storage: '2-8c' }),
  item('CdSe/ZnS 量子点 (发射 620 nm)', 'CdSe/ZnS quantum dots, emission 620 nm', 'materials', 'Quantum dots', '10mg|50mg', 1280, { storage: '2-8c' }),
  item('LiPF6 电解液 (1 M, EC/DMC 1:1)', 'LiPF6 electrolyte, 1 M in EC/DMC (1:1)', 'materials', 'Electrolytes', '100mL|500mL', 380),
  item('磷酸铁锂正极材料', 'Lithium iron phosphate cathode powder', 'materials', 'Electrode materials', '100g|500g', 220),
  item('ZIF-8 金属有机框架', 'ZIF-8 metal–organic framework', 'materials', 'MOFs', '1g|5g', 420),
  item('UiO-66 金属有机框架', 'UiO-66 metal–organic framework', 'materials', 'MOFs', '1g|5g', 480),
];

export const LAB_ITEMS: CatalogItem[] = [...CELL_CULTURE, ...CHROMATOGRAPHY, ...LAB_CONSUMABLES, ...MATERIALS];
