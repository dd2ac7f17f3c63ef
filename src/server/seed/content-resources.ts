import 'server-only';
import { entry, type ContentSeed } from './content-types';

/** Categories: 0 handbooks, 1 COA, 2 MSDS, 3 protocols. Files live under resources/. */
export const RESOURCES: ContentSeed[] = [
  entry(0, ['2026 综合产品目录', '收录 5,000 余种常用试剂与耗材的货号、规格、价格和储存条件。', ['按化学试剂、生化试剂、耗材分册', '附 CAS 号索引', '价格以网站实时价格为准']],
    ['2026 general catalogue', 'Item numbers, pack sizes, prices and storage conditions for more than 5,000 reagents and consumables.', ['Volumes for chemicals, biochemicals and consumables', 'Includes a CAS number index', 'Website prices take precedence']], { file: 'resources/catalogue-2026.pdf', featured: true }),
  entry(0, ['色谱耗材选型手册', '从色谱柱、样品瓶到前处理产品的选型指南与兼容性表。', ['反相、正相与手性色谱柱选择', '样品瓶与隔垫兼容性', '常见问题排查']],
    ['Chromatography consumables selection guide', 'How to choose columns, vials and sample-preparation products, with compatibility tables.', ['Choosing reversed-phase, normal-phase and chiral columns', 'Vial and septum compatibility', 'Troubleshooting']], { file: 'resources/chromatography-guide.pdf' }),
  entry(0, ['分子生物学试剂手册', '涵盖 PCR、克隆、核酸提取和电泳产品的使用建议。', ['聚合酶性能对比', '限制性内切酶缓冲液活性表', '核酸提取产量参考']],
    ['Molecular biology reagents handbook', 'Usage advice for PCR, cloning, nucleic acid purification and electrophoresis products.', ['Polymerase comparison', 'Restriction enzyme buffer activity tables', 'Typical nucleic acid yields']], { file: 'resources/molecular-biology-handbook.pdf' }),
  entry(0, ['抗体产品手册', '按研究领域整理的一抗、二抗与流式抗体清单及推荐稀释度。', ['信号通路与表观遗传靶点', '二抗标记类型选择', 'Western 与免疫荧光推荐条件']],
    ['Antibody handbook', 'Primary, secondary and flow cytometry antibodies by research area, with recommended dilutions.', ['Signalling and epigenetic targets', 'Choosing a secondary conjugate', 'Recommended Western blot and immunofluorescence conditions']], { file: 'resources/antibody-handbook.pdf' }),
  entry(0, ['实验室危险化学品储存手册', '介绍危险化学品分类储存、相容性和应急处置要求。', ['GHS 分类与标签', '禁忌物分开存放', '泄漏与火灾应急处置']],
    ['Handbook for storing hazardous chemicals in the laboratory', 'Segregated storage, compatibility and emergency response for hazardous chemicals.', ['GHS classes and labels', 'Keeping incompatible substances apart', 'Responding to spills and fires']], { file: 'resources/hazardous-storage-handbook.pdf' }),
  entry(1, ['COA 查询与解读指南', '说明如何按货号和批号查询分析证书，以及各检测项目的含义。', ['检测项目与标准对照', '复验期与有效期的区别', '批次间差异的判断']],
    ['Finding and reading a COA', 'How to look up a certificate of analysis by item and lot, and what each test means.', ['Tests and the standards behind them', 'Retest date versus expiry date', 'Judging lot-to-lot variation']], { file: 'resources/coa-guide.pdf' }),
  entry(1, ['COA 样例：有机试剂', '一份典型有机试剂分析证书样例，包含外观、含量、水分和红外鉴别。', ['GC 含量测定', '卡尔费休水分', '红外光谱一致性']],
    ['Sample COA: organic reagent', 'A typical certificate of analysis for an organic reagent with appearance, assay, water and IR identity.', ['Assay by GC', 'Water by Karl Fischer', 'IR spectrum conformity']], { file: 'resources/coa-sample-organic.pdf' }),
  entry(2, ['SDS 十六部分阅读指南', '逐一说明安全技术说明书 16 个部分的内容和阅读重点。', ['危险性概述与标签要素', '急救与消防措施', '储存、运输与废弃处置']],
    ['Reading the 16 sections of an SDS', 'What each of the 16 sections of a safety data sheet covers and what to look for.', ['Hazard identification and label elements', 'First-aid and fire-fighting measures', 'Storage, transport and disposal']], { file: 'resources/sds-reading-guide.pdf' }),
  entry(2, ['GHS 象形图速查表', '九个 GHS 象形图的含义、对应危险类别与常见化学品示例。', ['GHS01–GHS09 图示', '信号词“危险”与“警告”', '常见 H 语句对照']],
    ['GHS pictogram quick reference', 'The nine GHS pictograms, their hazard classes and common examples.', ['GHS01–GHS09 pictograms', 'Signal words “Danger” and “Warning”', 'Common H statements']], { file: 'resources/ghs-pictograms.pdf' }),
  entry(3, ['Western blot 标准实验方案', '从样品制备、电泳、转膜到显影的完整 Western blot 流程。', ['蛋白定量与上样量', '湿转与半干转条件', '化学发光显影']],
    ['Standard Western blot protocol', 'The full Western blot workflow from sample preparation and electrophoresis to transfer and detection.', ['Protein quantification and loading', 'Wet and semi-dry transfer conditions', 'Chemiluminescent detection']], { file: 'resources/protocol-western-blot.pdf' }),
  entry(3, ['qPCR 实验方案', 'SYBR Green 法 qPCR 的反应体系、程序设置和数据分析方法。', ['20 µL 反应体系配制', '两步法扩增程序', '2^-ΔΔCt 相对定量']],
    ['qPCR protocol', 'Reaction set-up, cycling and data analysis for SYBR Green qPCR.', ['Setting up a 20 µL reaction', 'Two-step cycling program', 'Relative quantification by 2^-ΔΔCt']], { file: 'resources/protocol-qpcr.pdf' }),
  entry(3, ['细胞冻存与复苏方案', '哺乳动物细胞冻存、液氮保存和复苏的标准操作。', ['冻存液配制', '程序降温', '复苏后的活率检测']],
    ['Cell freezing and thawing protocol', 'Standard procedure for freezing mammalian cells, storing them in liquid nitrogen and thawing them.', ['Preparing freezing medium', 'Controlled-rate cooling', 'Checking viability after thawing']], { file: 'resources/protocol-cell-freezing.pdf' }),
];
