import 'server-only';
import { fact, ghs, HAZARD, type ReagentFact } from './reagent-types';

export const INORGANIC_FACTS: ReagentFact[] = [
  fact('7647-14-5', '氯化钠', 'Sodium chloride', '[Na+].[Cl-]', 'inorganic', 'Chlorides', { synonyms: 'NaCl' }),
  fact('7447-40-7', '氯化钾', 'Potassium chloride', '[K+].[Cl-]', 'inorganic', 'Chlorides', { synonyms: 'KCl' }),
  fact('7447-41-8', '氯化锂', 'Lithium chloride', '[Li+].[Cl-]', 'inorganic', 'Chlorides', { ghs: ghs('GHS07', 'warning', 'H302 H315 H319', 'P264 P280 P301+P312 P305+P351+P338') }),
  fact('7786-30-3', '无水氯化镁', 'Magnesium chloride', '[Mg+2].[Cl-].[Cl-]', 'inorganic', 'Chlorides', { synonyms: 'MgCl2' }),
  fact('10043-52-4', '无水氯化钙', 'Calcium chloride', '[Ca+2].[Cl-].[Cl-]', 'inorganic', 'Chlorides', { synonyms: 'CaCl2', ghs: HAZARD.eyeIrritant }),
  fact('12125-02-9', '氯化铵', 'Ammonium chloride', '[NH4+].[Cl-]', 'inorganic', 'Chlorides', { ghs: ghs('GHS07', 'warning', 'H302 H319', 'P264 P270 P301+P312 P305+P351+P338') }),
  fact('7646-85-7', '氯化锌', 'Zinc chloride', '[Zn+2].[Cl-].[Cl-]', 'inorganic', 'Chlorides', {
    ghs: ghs('GHS05 GHS07 GHS09', 'danger', 'H302 H314 H410', 'P273 P280 P301+P312 P303+P361+P353 P305+P351+P338'),
  }),
  fact('7705-08-0', '无水三氯化铁', 'Iron(III) chloride', '[Fe+3].[Cl-].[Cl-].[Cl-]', 'inorganic', 'Chlorides', {
    synonyms: '氯化铁; Ferric chloride', ghs: ghs('GHS05 GHS07', 'danger', 'H290 H302 H315 H317 H318', 'P280 P301+P312 P305+P351+P338 P310'),
  }),
  fact('10361-37-2', '氯化钡', 'Barium chloride', '[Ba+2].[Cl-].[Cl-]', 'inorganic', 'Chlorides', { ghs: ghs('GHS06', 'danger', 'H301 H332', 'P261 P264 P301+P310 P304+P340') }),
  fact('1310-73-2', '氢氧化钠', 'Sodium hydroxide', '[Na+].[OH-]', 'inorganic', 'Inorganic bases', { synonyms: '烧碱; Caustic soda', ghs: HAZARD.corrosiveBase }),
  fact('1310-58-3', '氢氧化钾', 'Potassium hydroxide', '[K+].[OH-]', 'inorganic', 'Inorganic bases', {
    ghs: ghs('GHS05 GHS07', 'danger', 'H290 H302 H314', 'P280 P301+P312 P303+P361+P353 P305+P351+P338 P310'),
  }),
  fact('7647-01-0', '盐酸', 'Hydrochloric acid', 'Cl', 'inorganic', 'Inorganic acids', {
    state: 'liquid', synonyms: '氢氯酸; HCl', ghs: ghs('GHS05 GHS07', 'danger', 'H290 H314 H335', 'P261 P280 P303+P361+P353 P305+P351+P338 P310'),
  }),
  fact('7664-93-9', '硫酸', 'Sulfuric acid', 'OS(O)(=O)=O', 'inorganic', 'Inorganic acids', { state: 'liquid', ghs: HAZARD.corrosiveAcid }),
  fact('7697-37-2', '硝酸', 'Nitric acid', 'O[N+]([O-])=O', 'inorganic', 'Inorganic acids', {
    state: 'liquid', ghs: ghs('GHS03 GHS05', 'danger', 'H272 H290 H314', 'P210 P220 P280 P303+P361+P353 P305+P351+P338 P310'),
  }),
  fact('7664-38-2', '磷酸', 'Phosphoric acid', 'OP(O)(O)=O', 'inorganic', 'Inorganic acids', { state: 'liquid', synonyms: '正磷酸', ghs: HAZARD.corrosiveAcid }),
  fact('144-55-8', '碳酸氢钠', 'Sodium bicarbonate', '[Na+].OC([O-])=O', 'inorganic', 'Carbonates', { synonyms: '小苏打; Sodium hydrogen carbonate' }),
  fact('497-19-8', '无水碳酸钠', 'Sodium carbonate', '[Na+].[Na+].[O-]C([O-])=O', 'inorganic', 'Carbonates', { synonyms: '纯碱; Soda ash', ghs: HAZARD.eyeIrritant }),
  fact('584-08-7', '碳酸钾', 'Potassium carbonate', '[K+].[K+].[O-]C([O-])=O', 'inorganic', 'Carbonates', { ghs: HAZARD.irritant }),
  fact('471-34-1', '碳酸钙', 'Calcium carbonate', '[Ca+2].[O-]C([O-])=O', 'inorganic', 'Carbonates'),
  fact('7487-88-9', '无水硫酸镁', 'Magnesium sulfate', '[Mg+2].[O-]S([O-])(=O)=O', 'inorganic', 'Sulfates', { synonyms: 'MgSO4' }),
  fact('7757-82-6', '无水硫酸钠', 'Sodium sulfate', '[Na+].[Na+].[O-]S([O-])(=O)=O', 'inorganic', 'Sulfates', { synonyms: '元明粉' }),
  fact('7758-98-7', '无水硫酸铜', 'Copper(II) sulfate', '[Cu+2].[O-]S([O-])(=O)=O', 'inorganic', 'Sulfates', {
    ghs: ghs('GHS07 GHS09', 'warning', 'H302 H315 H319 H410', 'P264 P273 P280 P301+P312 P305+P351+P338'),
  }),
  fact('7783-20-2', '硫酸铵', 'Ammonium sulfate', '[NH4+].[NH4+].[O-]S([O-])(=O)=O', 'inorganic', 'Sulfates'),
  fact('7772-98-7', '硫代硫酸钠', 'Sodium thiosulfate', '[Na+].[Na+].[O-]S([O-])(=O)=S', 'inorganic', 'Other inorganic salts', { synonyms: '大苏打; Hypo' }),
  fact('7761-88-8', '硝酸银', 'Silver nitrate', '[Ag+].[O-][N+]([O-])=O', 'inorganic', 'Nitrates', {
    ghs: ghs('GHS03 GHS05 GHS09', 'danger', 'H272 H314 H410', 'P210 P273 P280 P303+P361+P353 P305+P351+P338'),
  }),
  fact('7778-77-0', '磷酸二氢钾', 'Potassium dihydrogen phosphate', '[K+].OP(O)([O-])=O', 'inorganic', 'Phosphates', { synonyms: 'KH2PO4' }),
  fact('7558-79-4', '磷酸氢二钠', 'Disodium hydrogen phosphate', '[Na+].[Na+].OP([O-])([O-])=O', 'inorganic', 'Phosphates', { synonyms: 'Na2HPO4' }),
  fact('7758-02-3', '溴化钾', 'Potassium bromide', '[K+].[Br-]', 'inorganic', 'IR-grade salts', { synonyms: 'KBr', ghs: HAZARD.eyeIrritant }),
  fact('7722-64-7', '高锰酸钾', 'Potassium permanganate', '[K+].[O-][Mn](=O)(=O)=O', 'inorganic', 'Oxidising agents', {
    ghs: ghs('GHS03 GHS07 GHS08 GHS09', 'danger', 'H272 H302 H361d H373 H410', 'P210 P220 P273 P280 P301+P312'),
  }),
  fact('7778-50-9', '重铬酸钾', 'Potassium dichromate', '[K+].[K+].[O-][Cr](=O)(=O)O[Cr]([O-])(=O)=O', 'inorganic', 'Oxidising agents', {
    ghs: ghs('GHS03 GHS05 GHS06 GHS08 GHS09', 'danger', 'H272 H301 H312 H314 H317 H330 H334 H340 H350 H360FD H372 H410', 'P201 P210 P260 P273 P280 P284 P301+P310'),
  }),
  fact('16940-66-2', '硼氢化钠', 'Sodium borohydride', '[Na+].[BH4-]', 'inorganic', 'Reducing agents', {
    ghs: ghs('GHS02 GHS05 GHS06 GHS08', 'danger', 'H260 H301 H314 H360F', 'P201 P231+P232 P280 P301+P310 P303+P361+P353 P305+P351+P338'),
  }),
  fact('7553-56-2', '碘', 'Iodine', 'II', 'inorganic', 'Elements', {
    synonyms: '碘单质; 碘片', ghs: ghs('GHS07 GHS08 GHS09', 'danger', 'H312+H332 H315 H319 H335 H372 H400', 'P260 P273 P280 P302+P352 P305+P351+P338'),
  }),
  fact('7722-84-1', '过氧化氢', 'Hydrogen peroxide', 'OO', 'inorganic', 'Oxides and peroxides', {
    state: 'liquid', synonyms: '双氧水', ghs: ghs('GHS05 GHS07', 'danger', 'H302 H318 H412', 'P264 P273 P280 P301+P312 P305+P351+P338'),
  }),
  fact('7631-86-9', '二氧化硅', 'Silica', 'O=[Si]=O', 'inorganic', 'Flash silica gel', { synonyms: '硅胶; Silica gel; Silicon dioxide' }),
  fact('26628-22-8', '叠氮化钠', 'Sodium azide', '[Na+].[N-]=[N+]=[N-]', 'inorganic', 'Other inorganic salts', {
    ghs: ghs('GHS06 GHS08 GHS09', 'danger', 'H300+H310+H330 H373 H410', 'P260 P264 P273 P280 P301+P310 P302+P352'),
  }),
];
