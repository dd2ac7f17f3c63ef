import 'server-only';

type ControlClass = 'precursor' | 'explosive' | 'toxic';

/**
 * The demo catalogue's controlled chemicals by CAS number, checked against the official lists (ADR 0091):
 * - 剧毒 (toxic): 危险化学品目录（2015 版）, entries marked 剧毒;
 * - 易制毒 (precursor): 易制毒化学品的分类和品种目录 (annex of 易制毒化学品管理条例, with the additions of
 *   2012, 2014, 2017, 2021 and 2024);
 * - 易制爆 (explosive): 易制爆危险化学品名录（2017 年版）.
 * One class a product: a substance on two lists takes the first of toxic > precursor > explosive (potassium
 * permanganate is 易制毒 category 3 and 易制爆: precursor). Listed substances the demo does not sell are kept so
 * that a catalogue which gains them is flagged too; deuterated analogues (chloroform-d) are not listed by name and
 * stay unflagged.
 */
export const CONTROLLED: Readonly<Record<string, ControlClass>> = {
  // 剧毒
  '26628-22-8': 'toxic', // 叠氮化钠 sodium azide
  '143-33-9': 'toxic', // 氰化钠 sodium cyanide
  '151-50-8': 'toxic', // 氰化钾 potassium cyanide
  '7487-94-7': 'toxic', // 氯化汞 mercuric chloride
  '1327-53-3': 'toxic', // 三氧化二砷 arsenic trioxide
  // 易制毒, category 2
  '108-24-7': 'precursor', // 醋酸酐 acetic anhydride
  '67-66-3': 'precursor', // 三氯甲烷 chloroform
  '60-29-7': 'precursor', // 乙醚 diethyl ether
  '110-89-4': 'precursor', // 哌啶 piperidine
  '103-82-2': 'precursor', // 苯乙酸 phenylacetic acid
  '7726-95-6': 'precursor', // 溴素 bromine (2021)
  '93-55-0': 'precursor', // 1-苯基-1-丙酮 propiophenone (2021)
  // 易制毒, category 3
  '108-88-3': 'precursor', // 甲苯 toluene
  '67-64-1': 'precursor', // 丙酮 acetone
  '78-93-3': 'precursor', // 甲基乙基酮 2-butanone
  '7722-64-7': 'precursor', // 高锰酸钾 potassium permanganate (also 易制爆)
  '7664-93-9': 'precursor', // 硫酸 sulfuric acid
  '7647-01-0': 'precursor', // 盐酸 hydrochloric acid
  // 易制毒, category 1 (laboratory reagents among them)
  '118-92-3': 'precursor', // 邻氨基苯甲酸 anthranilic acid
  '120-57-0': 'precursor', // 胡椒醛 piperonal
  // 易制爆
  '7697-37-2': 'explosive', // 硝酸 nitric acid
  '7631-99-4': 'explosive', // 硝酸钠 sodium nitrate
  '7757-79-1': 'explosive', // 硝酸钾 potassium nitrate
  '7761-88-8': 'explosive', // 硝酸银 silver nitrate
  '3811-04-9': 'explosive', // 氯酸钾 potassium chlorate
  '7778-50-9': 'explosive', // 重铬酸钾 potassium dichromate
  '7722-84-1': 'explosive', // 过氧化氢溶液（含量 > 8%）hydrogen peroxide; the demo sells 30 %
  '7440-23-5': 'explosive', // 钠 sodium
  '7440-09-7': 'explosive', // 钾 potassium
  '7439-95-4': 'explosive', // 镁 magnesium
  '16940-66-2': 'explosive', // 硼氢化钠 sodium borohydride
  '107-15-3': 'explosive', // 1,2-乙二胺 ethylenediamine
  '75-52-5': 'explosive', // 硝基甲烷 nitromethane
};
