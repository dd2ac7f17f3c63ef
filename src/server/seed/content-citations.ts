import 'server-only';
import { entry, type ContentSeed } from './content-types';

/** The demo citations are examples, not real papers, and say so in each language. */
const demo = (year: number): [string, string] => [`示例文献（演示数据），${year}`, `Example citation (demo data), ${year}`];

/** Demo citations: invented example publications (not real papers) that show how customer citations look. Categories: 0 chemistry, 1 life sciences, 2 materials. */
export const CITATIONS: ContentSeed[] = [
  entry(0, ['吲哚 C–H 芳基化反应的配体调控区域选择性', '作者以钯催化剂和膦配体实现了吲哚 C2/C3 位芳基化的可控切换。', ['吲哚、三苯基膦与无水二氧六环', '柱层析硅胶 200–300 目']],
    ['Ligand-controlled regioselective C–H arylation of indoles', 'The authors switch palladium-catalysed arylation of indoles between C2 and C3 by changing the phosphine ligand.', ['Indole, triphenylphosphine and anhydrous dioxane', 'Flash silica gel, 200–300 mesh']], { source: demo(2025) }),
  entry(0, ['可见光催化的烯丙位溴化新方法', '研究以 NBS 为溴源，在可见光条件下实现温和的烯丙位溴化。', ['N-溴代丁二酰亚胺', '无水乙腈']],
    ['Visible-light-mediated allylic bromination', 'Using NBS as the bromine source, the study achieves mild allylic bromination under visible light.', ['N-Bromosuccinimide', 'Anhydrous acetonitrile']], { source: demo(2025) }),
  entry(0, ['HFIP 促进的 Friedel–Crafts 烷基化反应', '六氟异丙醇作为溶剂显著加速了无催化剂的 Friedel–Crafts 反应。', ['六氟异丙醇', '苯甲醇与苯甲醚']],
    ['HFIP-promoted Friedel–Crafts alkylation', 'Hexafluoroisopropanol as solvent markedly accelerates catalyst-free Friedel–Crafts reactions.', ['1,1,1,3,3,3-Hexafluoro-2-propanol', 'Benzyl alcohol and anisole']], { source: demo(2026) }),
  entry(0, ['UHPLC-MS/MS 测定地表水中 42 种药物残留', '建立了固相萃取结合 UHPLC-MS/MS 的多残留分析方法，检出限达 ng/L 级。', ['HLB 固相萃取柱', 'LC-MS 级乙腈与甲醇、甲酸']],
    ['UHPLC-MS/MS determination of 42 pharmaceuticals in surface water', 'A solid-phase extraction and UHPLC-MS/MS multi-residue method with ng/L detection limits.', ['HLB SPE cartridges', 'LC-MS grade acetonitrile, methanol and formic acid']], { source: demo(2025) }),
  entry(0, ['改进 QuEChERS 法测定茶叶中农药残留', '针对茶叶色素含量高的特点优化了净化填料组合。', ['QuEChERS 萃取盐包', 'C18 反相色谱柱']],
    ['An improved QuEChERS method for pesticide residues in tea', 'The clean-up sorbents were re-balanced for the heavy pigmentation of tea.', ['QuEChERS extraction salts', 'C18 reversed-phase column']], { source: demo(2025) }),
  entry(0, ['深共熔溶剂中的高效酯化反应', '以氯化胆碱类深共熔溶剂为介质，实现了脂肪酸的高效酯化。', ['月桂酸、棕榈酸', '对甲苯磺酸']],
    ['Efficient esterification in deep eutectic solvents', 'Fatty acids are esterified efficiently in choline chloride-based deep eutectic solvents.', ['Lauric acid and palmitic acid', 'p-Toluenesulfonic acid']], { source: demo(2026) }),
  entry(0, ['手性色谱柱拆分芳基丙酸类药物', '比较了多种纤维素类手性固定相对布洛芬等药物的拆分效果。', ['纤维素类手性色谱柱', '色谱纯正己烷与异丙醇']],
    ['Enantioseparation of aryl-propionic acid drugs on chiral columns', 'Several cellulose-based chiral stationary phases are compared for separating ibuprofen and related drugs.', ['Cellulose-based chiral column', 'HPLC-grade n-hexane and isopropanol']], { source: demo(2025) }),
  entry(1, ['LC3B 介导的自噬在心肌缺血再灌注损伤中的作用', '研究发现抑制过度自噬可减轻小鼠心肌缺血再灌注损伤。', ['LC3B 兔多克隆抗体', 'β-Actin 小鼠单克隆抗体']],
    ['LC3B-mediated autophagy in myocardial ischaemia–reperfusion injury', 'Suppressing excessive autophagy reduced ischaemia–reperfusion injury in mouse hearts.', ['LC3B rabbit polyclonal antibody', 'β-Actin mouse monoclonal antibody']], { source: demo(2025) }),
  entry(1, ['Akt 磷酸化调控肝癌细胞的糖代谢重编程', '作者揭示 Akt Ser473 磷酸化与肝癌细胞糖酵解增强之间的关联。', ['Phospho-Akt (Ser473) 兔单克隆抗体', 'HRP 标记山羊抗兔 IgG']],
    ['Akt phosphorylation drives metabolic reprogramming in hepatoma cells', 'The authors link Akt Ser473 phosphorylation to increased glycolysis in hepatoma cells.', ['Phospho-Akt (Ser473) rabbit monoclonal antibody', 'HRP-conjugated goat anti-rabbit IgG']], { source: demo(2026) }),
  entry(1, ['肠道菌群代谢物对小鼠结肠炎的保护作用', '短链脂肪酸补充可缓解葡聚糖硫酸钠诱导的小鼠结肠炎。', ['总 RNA 提取试剂与 cDNA 合成试剂盒', 'SYBR Green qPCR 预混液']],
    ['Gut microbial metabolites protect mice from colitis', 'Short-chain fatty acid supplementation eased dextran sulfate sodium-induced colitis in mice.', ['Total RNA isolation reagent and cDNA synthesis kit', 'SYBR Green qPCR master mix']], { source: demo(2025) }),
  entry(1, ['星形胶质细胞活化与神经炎症', '研究以 GFAP 为标志物观察了脂多糖诱导的星形胶质细胞活化。', ['GFAP 小鼠单克隆抗体', 'Cy3 标记山羊抗小鼠 IgG']],
    ['Astrocyte activation and neuroinflammation', 'Lipopolysaccharide-induced astrocyte activation was followed with GFAP as the marker.', ['GFAP mouse monoclonal antibody', 'Cy3-conjugated goat anti-mouse IgG']], { source: demo(2025) }),
  entry(1, ['CHO 细胞无血清培养工艺的优化', '通过补料策略优化将单抗表达量提高了 40%。', ['CHO 无血清培养基', 'L-谷氨酰胺与 D-葡萄糖']],
    ['Optimising serum-free CHO cell culture', 'A revised feeding strategy raised monoclonal antibody titre by 40%.', ['Serum-free CHO medium', 'L-Glutamine and D-glucose']], { source: demo(2026) }),
  entry(1, ['人诱导多能干细胞向心肌细胞的高效分化', '建立了小分子调控 Wnt 通路的心肌分化方案，分化效率超过 90%。', ['人多能干细胞培养基', '重组人 bFGF']],
    ['Efficient differentiation of human iPSCs into cardiomyocytes', 'A small-molecule Wnt-modulation protocol gives more than 90% cardiomyocytes.', ['Human pluripotent stem cell medium', 'Recombinant human bFGF']], { source: demo(2025) }),
  entry(1, ['组蛋白 H3K4 三甲基化与造血干细胞自我更新', '研究揭示 H3K4me3 修饰水平与造血干细胞自我更新能力相关。', ['Histone H3 (tri-methyl K4) 兔单克隆抗体', 'Histone H3 兔多克隆抗体']],
    ['H3K4 tri-methylation and haematopoietic stem cell self-renewal', 'H3K4me3 levels are linked to the self-renewal capacity of haematopoietic stem cells.', ['Histone H3 (tri-methyl K4) rabbit monoclonal antibody', 'Histone H3 rabbit polyclonal antibody']], { source: demo(2026) }),
  entry(1, ['His 标签重组酶的表达纯化与晶体结构', '作者在大肠杆菌中表达并纯化了一种新型水解酶，解析了其晶体结构。', ['BL21(DE3) 化学感受态细胞', 'Ni-NTA 琼脂糖树脂与咪唑']],
    ['Expression, purification and crystal structure of a His-tagged hydrolase', 'A new hydrolase was expressed in E. coli, purified and its crystal structure solved.', ['BL21(DE3) chemically competent cells', 'Ni-NTA agarose resin and imidazole']], { source: demo(2025) }),
  entry(2, ['ZIF-8 负载催化剂用于 CO₂ 环加成反应', 'ZIF-8 负载的金属纳米颗粒在温和条件下高效催化 CO₂ 与环氧化物的环加成。', ['ZIF-8 金属有机框架', '金纳米颗粒溶液']],
    ['ZIF-8-supported catalysts for CO₂ cycloaddition', 'Metal nanoparticles on ZIF-8 catalyse cycloaddition of CO₂ to epoxides under mild conditions.', ['ZIF-8 metal–organic framework', 'Gold nanoparticles, 20 nm']], { source: demo(2025) }),
  entry(2, ['氧化石墨烯复合膜的海水淡化性能', '通过层间距调控，氧化石墨烯复合膜实现了较高的盐截留率。', ['单层氧化石墨烯', '聚乙烯吡咯烷酮 K30']],
    ['Desalination with graphene oxide composite membranes', 'Tuning the interlayer spacing gives graphene oxide composite membranes high salt rejection.', ['Single-layer graphene oxide', 'Polyvinylpyrrolidone K30']], { source: demo(2026) }),
  entry(2, ['磷酸铁锂正极的碳包覆改性', '碳包覆改善了磷酸铁锂的倍率性能和低温放电容量。', ['磷酸铁锂正极材料', 'LiPF6 电解液']],
    ['Carbon coating of lithium iron phosphate cathodes', 'A carbon coating improves the rate capability and low-temperature capacity of LiFePO₄.', ['Lithium iron phosphate cathode powder', 'LiPF6 electrolyte']], { source: demo(2025) }),
  entry(2, ['量子点标记的多重免疫荧光成像', '不同发射波长的量子点实现了组织切片中五种蛋白的同时成像。', ['CdSe/ZnS 量子点', '牛血清白蛋白']],
    ['Multiplexed immunofluorescence imaging with quantum dots', 'Quantum dots of different emission wavelengths imaged five proteins in one tissue section.', ['CdSe/ZnS quantum dots', 'Bovine serum albumin']], { source: demo(2026) }),
  entry(2, ['碳纳米管增强环氧树脂的力学性能', '少量多壁碳纳米管即可显著提升环氧树脂的断裂韧性。', ['多壁碳纳米管', '丙酮（分散用）']],
    ['Carbon nanotube-reinforced epoxy resins', 'A small amount of multi-walled carbon nanotubes markedly improves the fracture toughness of epoxy.', ['Multi-walled carbon nanotubes', 'Acetone for dispersion']], { source: demo(2025) }),
];
