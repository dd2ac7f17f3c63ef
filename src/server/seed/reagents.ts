import 'server-only';
import { isValidCas } from '@/lib/cas';
import { BIOCHEMICAL_FACTS } from './reagents-bio';
import { SYNTHESIS_FACTS } from './reagents-synthesis';
import { fact, ghs, HAZARD, type ReagentFact } from './reagent-types';

export type { ReagentFact } from './reagent-types';

const SOLVENT_FACTS: ReagentFact[] = [
  fact('7732-18-5', '水', 'Water', 'O', 'solvent', 'HPLC solvents', { synonyms: '超纯水; Ultrapure water' }),
  fact('64-17-5', '乙醇', 'Ethanol', 'CCO', 'solvent', 'General solvents', {
    synonyms: '无水乙醇; Ethyl alcohol; EtOH',
    ghs: ghs('GHS02 GHS07', 'danger', 'H225 H319', 'P210 P233 P240 P305+P351+P338 P403+P235'),
  }),
  fact('67-56-1', '甲醇', 'Methanol', 'CO', 'solvent', 'HPLC solvents', {
    synonyms: 'Methyl alcohol; MeOH',
    ghs: ghs('GHS02 GHS06 GHS08', 'danger', 'H225 H301+H311+H331 H370', 'P210 P233 P280 P301+P310 P308+P311 P403+P235'),
  }),
  fact('67-64-1', '丙酮', 'Acetone', 'CC(C)=O', 'solvent', 'General solvents', { synonyms: '二甲基酮; 2-Propanone', ghs: HAZARD.flammableIrritant }),
  fact('141-78-6', '乙酸乙酯', 'Ethyl acetate', 'CCOC(C)=O', 'solvent', 'General solvents', { synonyms: '醋酸乙酯; EtOAc', ghs: HAZARD.flammableIrritant }),
  fact('75-05-8', '乙腈', 'Acetonitrile', 'CC#N', 'solvent', 'LC-MS solvents', {
    synonyms: '甲基氰; Methyl cyanide; MeCN',
    ghs: ghs('GHS02 GHS07', 'danger', 'H225 H302+H312+H332 H319', 'P210 P280 P301+P312 P305+P351+P338 P403+P235'),
  }),
  fact('75-09-2', '二氯甲烷', 'Dichloromethane', 'ClCCl', 'solvent', 'General solvents', {
    synonyms: 'Methylene chloride; DCM',
    ghs: ghs('GHS07 GHS08', 'warning', 'H315 H319 H336 H351', 'P201 P261 P280 P305+P351+P338 P308+P313'),
  }),
  fact('67-66-3', '三氯甲烷', 'Chloroform', 'ClC(Cl)Cl', 'solvent', 'General solvents', {
    synonyms: '氯仿; Trichloromethane',
    ghs: ghs('GHS06 GHS08', 'danger', 'H302 H315 H319 H331 H336 H351 H361d H372', 'P201 P261 P280 P304+P340+P311 P305+P351+P338'),
  }),
  fact('108-88-3', '甲苯', 'Toluene', 'Cc1ccccc1', 'solvent', 'General solvents', {
    synonyms: 'Methylbenzene',
    ghs: ghs('GHS02 GHS07 GHS08', 'danger', 'H225 H304 H315 H336 H361d H373', 'P210 P240 P301+P310 P331 P403+P235'),
  }),
  fact('67-68-5', '二甲基亚砜', 'Dimethyl sulfoxide', 'CS(C)=O', 'solvent', 'Anhydrous solvents', { synonyms: 'DMSO; Methyl sulfoxide' }),
  fact('68-12-2', 'N,N-二甲基甲酰胺', 'N,N-Dimethylformamide', 'CN(C)C=O', 'solvent', 'Anhydrous solvents', {
    synonyms: 'DMF',
    ghs: ghs('GHS02 GHS07 GHS08', 'danger', 'H226 H312+H332 H319 H360D', 'P201 P210 P280 P305+P351+P338 P308+P313'),
  }),
  fact('109-99-9', '四氢呋喃', 'Tetrahydrofuran', 'C1CCOC1', 'solvent', 'Anhydrous solvents', {
    synonyms: 'THF; Oxolane',
    ghs: ghs('GHS02 GHS07 GHS08', 'danger', 'H225 H302 H319 H335 H351', 'P210 P280 P301+P312 P305+P351+P338 P370+P378'),
  }),
  fact('110-54-3', '正己烷', 'n-Hexane', 'CCCCCC', 'solvent', 'General solvents', {
    synonyms: '己烷; Hexane',
    ghs: ghs('GHS02 GHS07 GHS08 GHS09', 'danger', 'H225 H304 H315 H336 H361f H373 H411', 'P210 P273 P301+P310 P331 P403+P235'),
  }),
  fact('67-63-0', '异丙醇', 'Isopropanol', 'CC(C)O', 'solvent', 'General solvents', { synonyms: '2-丙醇; 2-Propanol; IPA', ghs: HAZARD.flammableIrritant }),
  fact('71-36-3', '正丁醇', '1-Butanol', 'CCCCO', 'solvent', 'Alcohols', {
    synonyms: 'n-Butanol',
    ghs: ghs('GHS02 GHS05 GHS07', 'danger', 'H226 H302 H315 H318 H335 H336', 'P210 P280 P302+P352 P305+P351+P338 P310'),
  }),
  fact('60-29-7', '乙醚', 'Diethyl ether', 'CCOCC', 'solvent', 'General solvents', {
    synonyms: '二乙醚; Ether',
    ghs: ghs('GHS02 GHS07', 'danger', 'H224 H302 H336', 'P210 P233 P240 P261 P403+P235'),
  }),
  fact('71-43-2', '苯', 'Benzene', 'c1ccccc1', 'solvent', 'Aromatic hydrocarbons', {
    ghs: ghs('GHS02 GHS07 GHS08', 'danger', 'H225 H304 H315 H319 H340 H350 H372', 'P201 P210 P280 P301+P310 P308+P313 P331'),
  }),
  fact('110-82-7', '环己烷', 'Cyclohexane', 'C1CCCCC1', 'solvent', 'General solvents', { ghs: HAZARD.flammableAspiration }),
  fact('142-82-5', '正庚烷', 'n-Heptane', 'CCCCCCC', 'solvent', 'General solvents', { synonyms: 'Heptane', ghs: HAZARD.flammableAspiration }),
  fact('110-86-1', '吡啶', 'Pyridine', 'c1ccncc1', 'solvent', 'Anhydrous solvents', {
    ghs: ghs('GHS02 GHS07', 'danger', 'H225 H302+H312+H332 H315 H319', 'P210 P280 P301+P312 P303+P361+P353 P305+P351+P338'),
  }),
  fact('123-91-1', '1,4-二氧六环', '1,4-Dioxane', 'C1COCCO1', 'solvent', 'Anhydrous solvents', {
    synonyms: '二噁烷; Dioxane',
    ghs: ghs('GHS02 GHS07 GHS08', 'danger', 'H225 H319 H335 H351', 'P201 P210 P280 P305+P351+P338 P308+P313'),
  }),
  fact('56-23-5', '四氯化碳', 'Carbon tetrachloride', 'ClC(Cl)(Cl)Cl', 'solvent', 'Halogenated hydrocarbons', {
    synonyms: 'Tetrachloromethane',
    ghs: ghs('GHS06 GHS08', 'danger', 'H301+H311+H331 H317 H351 H372 H412 H420', 'P201 P273 P280 P302+P352 P304+P340 P308+P313'),
  }),
  fact('1634-04-4', '甲基叔丁基醚', 'Methyl tert-butyl ether', 'COC(C)(C)C', 'solvent', 'Ethers', {
    synonyms: 'MTBE', ghs: ghs('GHS02 GHS07', 'danger', 'H225 H315', 'P210 P233 P240 P302+P352 P403+P235'),
  }),
  fact('127-19-5', 'N,N-二甲基乙酰胺', 'N,N-Dimethylacetamide', 'CC(=O)N(C)C', 'solvent', 'Amides', {
    synonyms: 'DMAc', ghs: ghs('GHS07 GHS08', 'danger', 'H312+H332 H319 H360D', 'P201 P280 P305+P351+P338 P308+P313'),
  }),
  fact('872-50-4', 'N-甲基吡咯烷酮', 'N-Methyl-2-pyrrolidone', 'CN1CCCC1=O', 'solvent', 'Anhydrous solvents', {
    synonyms: 'NMP', ghs: ghs('GHS07 GHS08', 'danger', 'H315 H319 H335 H360D', 'P201 P280 P305+P351+P338 P308+P313'),
  }),
  fact('95-47-6', '邻二甲苯', 'o-Xylene', 'Cc1ccccc1C', 'solvent', 'Aromatic hydrocarbons', {
    ghs: ghs('GHS02 GHS07 GHS08', 'danger', 'H226 H304 H312+H332 H315 H319 H335 H373', 'P210 P280 P301+P310 P331'),
  }),
  fact('108-38-3', '间二甲苯', 'm-Xylene', 'Cc1cccc(C)c1', 'solvent', 'Aromatic hydrocarbons', {
    ghs: ghs('GHS02 GHS07 GHS08', 'danger', 'H226 H304 H312+H332 H315 H319 H335 H373', 'P210 P280 P301+P310 P331'),
  }),
  fact('106-42-3', '对二甲苯', 'p-Xylene', 'Cc1ccc(C)cc1', 'solvent', 'Aromatic hydrocarbons', {
    ghs: ghs('GHS02 GHS07 GHS08', 'danger', 'H226 H304 H312+H332 H315 H319 H335 H373', 'P210 P280 P301+P310 P331'),
  }),
  fact('78-93-3', '丁酮', '2-Butanone', 'CCC(C)=O', 'solvent', 'Ketones', { synonyms: '甲乙酮; Methyl ethyl ketone; MEK', ghs: HAZARD.flammableIrritant }),
  fact('107-21-1', '乙二醇', 'Ethylene glycol', 'OCCO', 'solvent', 'Alcohols', {
    ghs: ghs('GHS07 GHS08', 'warning', 'H302 H373', 'P260 P264 P270 P301+P312 P314'),
  }),
  fact('56-81-5', '丙三醇', 'Glycerol', 'OCC(O)CO', 'solvent', 'Alcohols', { synonyms: '甘油; Glycerin' }),
  fact('75-52-5', '硝基甲烷', 'Nitromethane', 'C[N+]([O-])=O', 'solvent', 'Nitro compounds', {
    ghs: ghs('GHS02 GHS07 GHS08', 'danger', 'H226 H302 H351', 'P201 P210 P280 P301+P312 P308+P313'),
  }),
  fact('920-66-1', '六氟异丙醇', '1,1,1,3,3,3-Hexafluoro-2-propanol', 'OC(C(F)(F)F)C(F)(F)F', 'solvent', 'Fluorinated building blocks', {
    synonyms: 'HFIP', ghs: ghs('GHS05 GHS07', 'danger', 'H302+H332 H314', 'P260 P280 P303+P361+P353 P305+P351+P338 P310'),
  }),
  fact('75-89-8', '2,2,2-三氟乙醇', '2,2,2-Trifluoroethanol', 'OCC(F)(F)F', 'solvent', 'Fluorinated building blocks', {
    synonyms: 'TFE', ghs: ghs('GHS02 GHS05 GHS06 GHS08', 'danger', 'H226 H301+H331 H318 H360 H373', 'P201 P210 P280 P301+P310 P305+P351+P338'),
  }),
];

const ORGANIC_FACTS: ReagentFact[] = [
  fact('64-19-7', '冰乙酸', 'Acetic acid', 'CC(O)=O', 'organic', 'Carboxylic acids', {
    state: 'liquid', synonyms: '乙酸; 醋酸; Glacial acetic acid', ghs: ghs('GHS02 GHS05', 'danger', 'H226 H314', 'P210 P280 P303+P361+P353 P305+P351+P338 P310'),
  }),
  fact('64-18-6', '甲酸', 'Formic acid', 'OC=O', 'organic', 'Carboxylic acids', {
    state: 'liquid', synonyms: '蚁酸', ghs: ghs('GHS02 GHS05 GHS06', 'danger', 'H226 H302 H314 H331', 'P210 P280 P303+P361+P353 P304+P340+P310 P305+P351+P338'),
  }),
  fact('50-00-0', '甲醛', 'Formaldehyde', 'C=O', 'organic', 'Aldehydes', {
    state: 'liquid', synonyms: '福尔马林; Formalin',
    ghs: ghs('GHS05 GHS06 GHS08', 'danger', 'H301+H311+H331 H314 H317 H335 H341 H350 H370', 'P201 P260 P280 P301+P310 P303+P361+P353 P305+P351+P338'),
  }),
  fact('121-44-8', '三乙胺', 'Triethylamine', 'CCN(CC)CC', 'organic', 'Organic bases', {
    state: 'liquid', synonyms: 'TEA; Et3N', ghs: ghs('GHS02 GHS05 GHS06', 'danger', 'H225 H302 H311+H331 H314 H335', 'P210 P280 P303+P361+P353 P305+P351+P338 P310'),
  }),
  fact('108-95-2', '苯酚', 'Phenol', 'Oc1ccccc1', 'organic', 'Phenols', {
    synonyms: '石炭酸; Carbolic acid', ghs: ghs('GHS05 GHS06 GHS08', 'danger', 'H301+H311+H331 H314 H341 H373', 'P260 P280 P301+P310 P303+P361+P353 P305+P351+P338'),
  }),
  fact('100-52-7', '苯甲醛', 'Benzaldehyde', 'O=Cc1ccccc1', 'organic', 'Aldehydes', { state: 'liquid', ghs: ghs('GHS07', 'warning', 'H302', 'P264 P270 P301+P312') }),
  fact('62-53-3', '苯胺', 'Aniline', 'Nc1ccccc1', 'organic', 'Amines', {
    state: 'liquid', ghs: ghs('GHS05 GHS06 GHS08 GHS09', 'danger', 'H301+H311+H331 H317 H318 H341 H351 H372 H400', 'P201 P273 P280 P301+P310 P305+P351+P338'),
  }),
  fact('98-95-3', '硝基苯', 'Nitrobenzene', 'O=[N+]([O-])c1ccccc1', 'organic', 'Nitro compounds', {
    state: 'liquid', ghs: ghs('GHS06 GHS08 GHS09', 'danger', 'H301+H311+H331 H351 H360F H372 H412', 'P201 P273 P280 P301+P310 P308+P313'),
  }),
  fact('65-85-0', '苯甲酸', 'Benzoic acid', 'OC(=O)c1ccccc1', 'organic', 'Carboxylic acids', { ghs: ghs('GHS05 GHS08', 'danger', 'H315 H318 H372', 'P260 P280 P305+P351+P338 P310') }),
  fact('91-20-3', '萘', 'Naphthalene', 'c1ccc2ccccc2c1', 'organic', 'Aromatic hydrocarbons', {
    synonyms: '精萘', ghs: ghs('GHS07 GHS08 GHS09', 'warning', 'H228 H302 H351 H410', 'P210 P273 P280 P301+P312 P308+P313'),
  }),
  fact('57-13-6', '尿素', 'Urea', 'NC(N)=O', 'biochem', 'Amides', { synonyms: '脲; Carbamide' }),
  fact('144-62-7', '草酸', 'Oxalic acid', 'OC(=O)C(O)=O', 'organic', 'Carboxylic acids', {
    synonyms: '乙二酸; Ethanedioic acid', ghs: ghs('GHS05 GHS07', 'danger', 'H302+H312 H318', 'P264 P280 P301+P312 P305+P351+P338 P310'),
  }),
  fact('77-92-9', '柠檬酸', 'Citric acid', 'OC(=O)CC(O)(CC(O)=O)C(O)=O', 'biochem', 'Buffer salts', { synonyms: '无水柠檬酸; Citric acid anhydrous', ghs: HAZARD.eyeIrritant }),
  fact('76-05-1', '三氟乙酸', 'Trifluoroacetic acid', 'OC(=O)C(F)(F)F', 'organic', 'Ion-pair reagents', {
    state: 'liquid', synonyms: 'TFA', ghs: ghs('GHS05 GHS07', 'danger', 'H314 H332 H412', 'P261 P273 P280 P303+P361+P353 P305+P351+P338 P310'),
  }),
  fact('76-03-9', '三氯乙酸', 'Trichloroacetic acid', 'OC(=O)C(Cl)(Cl)Cl', 'organic', 'Carboxylic acids', {
    synonyms: 'TCA', ghs: ghs('GHS05 GHS09', 'danger', 'H314 H410', 'P273 P280 P303+P361+P353 P305+P351+P338 P310'),
  }),
  fact('58-08-2', '咖啡因', 'Caffeine', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C', 'organic', 'Alkaloids', { synonyms: '1,3,7-三甲基黄嘌呤', ghs: ghs('GHS07', 'warning', 'H302', 'P264 P270 P301+P312') }),
  fact('103-90-2', '对乙酰氨基酚', 'Paracetamol', 'CC(=O)Nc1ccc(O)cc1', 'organic', 'API reference compounds', {
    synonyms: '扑热息痛; Acetaminophen', ghs: ghs('GHS07', 'warning', 'H302', 'P264 P270 P301+P312'),
  }),
  fact('50-78-2', '乙酰水杨酸', 'Acetylsalicylic acid', 'CC(=O)Oc1ccccc1C(O)=O', 'organic', 'API reference compounds', { synonyms: '阿司匹林; Aspirin', ghs: ghs('GHS07', 'warning', 'H302', 'P264 P270 P301+P312') }),
  fact('110-91-8', '吗啉', 'Morpholine', 'C1COCCN1', 'organic', 'Piperazines and morpholines', {
    state: 'liquid', ghs: ghs('GHS02 GHS05 GHS06', 'danger', 'H226 H302 H311+H331 H314', 'P210 P280 P303+P361+P353 P305+P351+P338 P310'),
  }),
  fact('110-89-4', '哌啶', 'Piperidine', 'C1CCNCC1', 'organic', 'Organic bases', {
    state: 'liquid', synonyms: '六氢吡啶', ghs: ghs('GHS02 GHS05 GHS06', 'danger', 'H225 H302 H311+H331 H314', 'P210 P280 P303+P361+P353 P305+P351+P338 P310'),
  }),
  fact('108-94-1', '环己酮', 'Cyclohexanone', 'O=C1CCCCC1', 'organic', 'Ketones', {
    state: 'liquid', ghs: ghs('GHS02 GHS05 GHS07', 'danger', 'H226 H302+H312+H332 H315 H318', 'P210 P280 P305+P351+P338 P310'),
  }),
  fact('75-75-2', '甲磺酸', 'Methanesulfonic acid', 'CS(O)(=O)=O', 'organic', 'Sulfonic acids', { state: 'liquid', synonyms: 'MsOH', ghs: HAZARD.corrosiveAcid }),
  fact('104-15-4', '对甲苯磺酸', 'p-Toluenesulfonic acid', 'Cc1ccc(cc1)S(O)(=O)=O', 'organic', 'Sulfonic acids', { synonyms: 'PTSA; TsOH', ghs: HAZARD.irritant }),
  fact('128-08-5', 'N-溴代丁二酰亚胺', 'N-Bromosuccinimide', 'BrN1C(=O)CCC1=O', 'organic', 'Halogenating reagents', {
    synonyms: 'NBS', storage: '2-8c', ghs: ghs('GHS05 GHS07', 'danger', 'H302 H314', 'P260 P280 P301+P312 P303+P361+P353 P305+P351+P338'),
  }),
  fact('280-57-9', '三乙烯二胺', '1,4-Diazabicyclo[2.2.2]octane', 'C1CN2CCN1CC2', 'organic', 'Organic bases', {
    synonyms: 'DABCO', ghs: ghs('GHS02 GHS05 GHS07', 'danger', 'H228 H302 H315 H318', 'P210 P280 P305+P351+P338 P310'),
  }),
  fact('66-71-7', '1,10-菲啰啉', '1,10-Phenanthroline', 'c1cnc2c(c1)ccc1cccnc12', 'organic', 'Metal indicators', {
    synonyms: '邻菲罗啉', ghs: ghs('GHS06 GHS09', 'danger', 'H301 H410', 'P264 P273 P301+P310 P391'),
  }),
  fact('91-64-5', '香豆素', 'Coumarin', 'O=C1C=Cc2ccccc2O1', 'organic', 'Coumarins and chromones', { synonyms: '2H-1-苯并吡喃-2-酮', ghs: ghs('GHS07', 'warning', 'H302 H317', 'P261 P280 P301+P312') }),
  fact('120-72-9', '吲哚', 'Indole', 'c1ccc2[nH]ccc2c1', 'organic', 'Indoles', { ghs: ghs('GHS05 GHS06 GHS09', 'danger', 'H302 H311 H318 H400', 'P273 P280 P305+P351+P338 P310') }),
  fact('91-22-5', '喹啉', 'Quinoline', 'c1ccc2ncccc2c1', 'organic', 'Quinolines', { state: 'liquid', ghs: ghs('GHS07 GHS08 GHS09', 'danger', 'H302+H312 H315 H319 H341 H350 H411', 'P201 P273 P280 P308+P313') }),
  fact('120-12-7', '蒽', 'Anthracene', 'c1ccc2cc3ccccc3cc2c1', 'organic', 'Aromatic hydrocarbons', { ghs: ghs('GHS07 GHS09', 'warning', 'H315 H319 H335 H410', 'P261 P273 P305+P351+P338') }),
  fact('69-72-7', '水杨酸', 'Salicylic acid', 'OC(=O)c1ccccc1O', 'organic', 'Phenols', { synonyms: '邻羟基苯甲酸', ghs: ghs('GHS05 GHS07 GHS08', 'danger', 'H302 H318 H361d', 'P201 P280 P301+P312 P305+P351+P338') }),
  fact('100-51-6', '苯甲醇', 'Benzyl alcohol', 'OCc1ccccc1', 'organic', 'Alcohols', { state: 'liquid', synonyms: '苄醇', ghs: ghs('GHS07', 'warning', 'H302+H332 H319', 'P261 P264 P301+P312 P305+P351+P338') }),
  fact('108-90-7', '氯苯', 'Chlorobenzene', 'Clc1ccccc1', 'organic', 'Halogenated hydrocarbons', { state: 'liquid', ghs: ghs('GHS02 GHS07 GHS09', 'warning', 'H226 H332 H411', 'P210 P273 P304+P340') }),
  fact('108-24-7', '乙酸酐', 'Acetic anhydride', 'CC(=O)OC(C)=O', 'organic', 'Protecting-group reagents', {
    state: 'liquid', synonyms: '醋酸酐; Ac2O', ghs: ghs('GHS02 GHS05 GHS06', 'danger', 'H226 H302 H314 H330', 'P210 P260 P280 P304+P340+P310 P305+P351+P338'),
  }),
  fact('603-35-0', '三苯基膦', 'Triphenylphosphine', 'c1ccc(cc1)P(c1ccccc1)c1ccccc1', 'organic', 'Phosphine ligands', { synonyms: 'PPh3', ghs: ghs('GHS07 GHS08', 'warning', 'H302 H317 H373', 'P260 P280 P301+P312') }),
  fact('123-54-6', '乙酰丙酮', 'Acetylacetone', 'CC(=O)CC(C)=O', 'organic', 'Ketones', { state: 'liquid', synonyms: '2,4-戊二酮; 2,4-Pentanedione', ghs: ghs('GHS02 GHS07', 'warning', 'H226 H302+H312+H332', 'P210 P280 P301+P312') }),
  fact('108-46-3', '间苯二酚', 'Resorcinol', 'Oc1cccc(O)c1', 'organic', 'Phenols', { synonyms: '雷琐酚', ghs: ghs('GHS07 GHS09', 'warning', 'H302 H315 H319 H400', 'P264 P273 P280 P305+P351+P338') }),
  fact('123-31-9', '对苯二酚', 'Hydroquinone', 'Oc1ccc(O)cc1', 'organic', 'Phenols', { synonyms: '氢醌', ghs: ghs('GHS05 GHS07 GHS08 GHS09', 'danger', 'H302 H317 H318 H341 H351 H400', 'P201 P273 P280 P305+P351+P338') }),
  fact('120-80-9', '邻苯二酚', 'Catechol', 'Oc1ccccc1O', 'organic', 'Phenols', { synonyms: '儿茶酚; Pyrocatechol', ghs: ghs('GHS06 GHS08', 'danger', 'H301+H311 H315 H319 H341 H350', 'P201 P280 P301+P310 P308+P313') }),
  fact('107-15-3', '乙二胺', 'Ethylenediamine', 'NCCN', 'organic', 'Amines', { state: 'liquid', ghs: ghs('GHS02 GHS05 GHS07 GHS08', 'danger', 'H226 H302+H312 H314 H317 H334', 'P210 P280 P303+P361+P353 P305+P351+P338') }),
  fact('17455-13-9', '18-冠-6', '18-Crown-6', 'C1COCCOCCOCCOCCOCCO1', 'organic', 'Crown ethers and phase-transfer catalysts', { ghs: HAZARD.harmfulIrritant }),
  fact('108-93-0', '环己醇', 'Cyclohexanol', 'OC1CCCCC1', 'organic', 'Alcohols', { state: 'liquid', ghs: ghs('GHS07', 'warning', 'H302+H332 H315 H335', 'P261 P264 P301+P312') }),
  fact('92-52-4', '联苯', 'Biphenyl', 'c1ccc(cc1)c1ccccc1', 'organic', 'Aromatic hydrocarbons', { ghs: ghs('GHS07 GHS09', 'warning', 'H315 H319 H335 H410', 'P261 P273 P305+P351+P338') }),
  fact('78-67-1', '偶氮二异丁腈', '2,2′-Azobis(2-methylpropionitrile)', 'CC(C)(C#N)N=NC(C)(C)C#N', 'organic', 'Initiators', {
    synonyms: 'AIBN', storage: '2-8c', ghs: ghs('GHS02 GHS07', 'danger', 'H242 H302+H332 H412', 'P210 P234 P235 P273 P280'),
  }),
  fact('100-21-0', '对苯二甲酸', 'Terephthalic acid', 'OC(=O)c1ccc(cc1)C(O)=O', 'organic', 'Organic linkers', { synonyms: 'PTA; 1,4-Benzenedicarboxylic acid' }),
  fact('80-62-6', '甲基丙烯酸甲酯', 'Methyl methacrylate', 'COC(=O)C(C)=C', 'organic', 'Monomers', {
    state: 'liquid', synonyms: 'MMA', storage: '2-8c', ghs: ghs('GHS02 GHS07', 'danger', 'H225 H315 H317 H335', 'P210 P261 P280 P403+P235'),
  }),
  fact('485-47-2', '茚三酮', 'Ninhydrin', 'OC1(O)C(=O)c2ccccc2C1=O', 'organic', 'Chromogenic reagents', { ghs: HAZARD.harmfulIrritant }),
  fact('77-09-8', '酚酞', 'Phenolphthalein', 'O=C1OC(c2ccccc12)(c1ccc(O)cc1)c1ccc(O)cc1', 'organic', 'Acid–base indicators', {
    ghs: ghs('GHS08', 'danger', 'H341 H350 H361f', 'P201 P202 P280 P308+P313'),
  }),
];

export const REAGENT_FACTS: readonly ReagentFact[] = [...SOLVENT_FACTS, ...ORGANIC_FACTS, ...BIOCHEMICAL_FACTS, ...SYNTHESIS_FACTS];

/** Throws at seed time if a hand-entered CAS fails its check digit or two facts share one. */
export function assertFactsValid(facts: readonly Pick<ReagentFact, 'cas' | 'nameEn'>[] = REAGENT_FACTS): void {
  const seen = new Set<string>();
  for (const f of facts) {
    if (!isValidCas(f.cas)) throw new Error(`Seed fact ${f.nameEn} has an invalid CAS number ${f.cas}`);
    if (seen.has(f.cas)) throw new Error(`Seed fact CAS ${f.cas} is listed twice`);
    seen.add(f.cas);
  }
}
