import 'server-only';
import { fact, ghs, HAZARD, type ReagentFact } from './reagent-types';

const METHANOL_HAZARD = ghs('GHS02 GHS06 GHS08', 'danger', 'H225 H301+H311+H331 H370', 'P210 P233 P280 P301+P310 P308+P311 P403+P235');
const CHLOROFORM_HAZARD = ghs('GHS06 GHS08', 'danger', 'H302 H315 H319 H331 H336 H351 H361d H372', 'P201 P261 P280 P304+P340+P311 P305+P351+P338');

/** Deuterated solvents, protecting-group and coupling reagents, chiral auxiliaries, flavonoids and the like. */
export const SYNTHESIS_FACTS: ReagentFact[] = [
  fact('865-49-6', '氘代氯仿', 'Chloroform-d', '[2H]C(Cl)(Cl)Cl', 'solvent', 'Deuterated solvents', { synonyms: 'CDCl3; 氘代三氯甲烷', ghs: CHLOROFORM_HAZARD }),
  fact('2206-27-1', '氘代二甲基亚砜', 'Dimethyl sulfoxide-d6', '[2H]C([2H])([2H])S(=O)C([2H])([2H])[2H]', 'solvent', 'Deuterated solvents', { synonyms: 'DMSO-d6' }),
  fact('7789-20-0', '重水', 'Deuterium oxide', '[2H]O[2H]', 'solvent', 'Deuterated solvents', { synonyms: 'D2O; 氧化氘' }),
  fact('811-98-3', '氘代甲醇', 'Methanol-d4', '[2H]OC([2H])([2H])[2H]', 'solvent', 'Deuterated solvents', { synonyms: 'CD3OD', ghs: METHANOL_HAZARD }),
  fact('4530-20-5', 'N-叔丁氧羰基甘氨酸', 'Boc-Gly-OH', 'CC(C)(C)OC(=O)NCC(O)=O', 'biochem', 'Protected amino acids', { synonyms: 'N-(tert-Butoxycarbonyl)glycine' }),
  fact('29022-11-5', 'N-芴甲氧羰基甘氨酸', 'Fmoc-Gly-OH', 'OC(=O)CNC(=O)OCC1c2ccccc2-c2ccccc12', 'biochem', 'Protected amino acids', { synonyms: 'N-(9-Fluorenylmethoxycarbonyl)glycine' }),
  fact('24424-99-5', '二碳酸二叔丁酯', 'Di-tert-butyl dicarbonate', 'CC(C)(C)OC(=O)OC(=O)OC(C)(C)C', 'organic', 'Protecting-group reagents', {
    synonyms: 'Boc2O; Boc 酸酐', storage: '2-8c', ghs: ghs('GHS02 GHS06 GHS07', 'danger', 'H226 H317 H319 H330 H335', 'P210 P260 P280 P284 P304+P340+P310'),
  }),
  fact('28920-43-6', '氯甲酸-9-芴基甲酯', '9-Fluorenylmethyl chloroformate', 'ClC(=O)OCC1c2ccccc2-c2ccccc12', 'organic', 'Protecting-group reagents', {
    synonyms: 'Fmoc-Cl', storage: '2-8c', ghs: ghs('GHS05', 'danger', 'H314', 'P260 P280 P303+P361+P353 P305+P351+P338 P310'),
  }),
  fact('538-75-0', 'N,N′-二环己基碳二亚胺', 'N,N′-Dicyclohexylcarbodiimide', 'C1CCC(CC1)N=C=NC1CCCCC1', 'organic', 'Coupling reagents', {
    synonyms: 'DCC', ghs: ghs('GHS05 GHS06 GHS07', 'danger', 'H302 H311 H317 H318', 'P280 P302+P352 P305+P351+P338 P310'),
  }),
  fact('25952-53-8', '1-乙基-3-(3-二甲基氨基丙基)碳二亚胺盐酸盐', 'EDC hydrochloride', 'CCN=C=NCCCN(C)C.Cl', 'organic', 'Coupling reagents', {
    synonyms: 'EDC·HCl; EDCI', storage: '-20c', ghs: ghs('GHS05 GHS07', 'danger', 'H315 H317 H318', 'P261 P280 P305+P351+P338 P310'),
  }),
  fact('148893-10-1', 'HATU', 'HATU', 'CN(C)C(=[N+](C)C)On1nnc2cccnc12.F[P-](F)(F)(F)(F)F', 'organic', 'Coupling reagents', { synonyms: '2-(7-氮杂苯并三氮唑)-N,N,N′,N′-四甲基脲六氟磷酸酯', ghs: HAZARD.irritant }),
  fact('1122-58-3', '4-二甲氨基吡啶', '4-Dimethylaminopyridine', 'CN(C)c1ccncc1', 'organic', 'Organic bases', {
    synonyms: 'DMAP', ghs: ghs('GHS06 GHS08', 'danger', 'H301 H310 H315 H318 H370', 'P262 P280 P301+P310 P302+P352 P305+P351+P338'),
  }),
  fact('14221-01-3', '四(三苯基膦)钯', 'Tetrakis(triphenylphosphine)palladium(0)', 'c1ccc(cc1)P(c1ccccc1)c1ccccc1.c1ccc(cc1)P(c1ccccc1)c1ccccc1.c1ccc(cc1)P(c1ccccc1)c1ccccc1.c1ccc(cc1)P(c1ccccc1)c1ccccc1.[Pd]', 'organic', 'Phosphine ligands', {
    synonyms: 'Pd(PPh3)4', storage: '2-8c', ghs: ghs('GHS07', 'warning', 'H302 H317', 'P261 P280 P301+P312'),
  }),
  fact('18531-94-7', '(R)-1,1′-联-2-萘酚', '(R)-BINOL', 'Oc1ccc2ccccc2c1-c1c(O)ccc2ccccc12', 'organic', 'Chiral compounds', { synonyms: '(R)-(+)-1,1′-Bi(2-naphthol)', ghs: HAZARD.irritant }),
  fact('18531-99-2', '(S)-1,1′-联-2-萘酚', '(S)-BINOL', 'Oc1ccc2ccccc2c1-c1c(O)ccc2ccccc12', 'organic', 'Chiral compounds', { synonyms: '(S)-(−)-1,1′-Bi(2-naphthol)', ghs: HAZARD.irritant }),
  fact('2627-86-3', '(S)-(−)-1-苯乙胺', '(S)-(−)-1-Phenylethylamine', 'C[C@H](N)c1ccccc1', 'organic', 'Chiral compounds', {
    state: 'liquid', synonyms: '(S)-α-Methylbenzylamine', ghs: ghs('GHS05 GHS07', 'danger', 'H302+H312 H314', 'P280 P301+P312 P303+P361+P353 P305+P351+P338'),
  }),
  fact('3886-69-9', '(R)-(+)-1-苯乙胺', '(R)-(+)-1-Phenylethylamine', 'C[C@@H](N)c1ccccc1', 'organic', 'Chiral compounds', {
    state: 'liquid', synonyms: '(R)-α-Methylbenzylamine', ghs: ghs('GHS05 GHS07', 'danger', 'H302+H312 H314', 'P280 P301+P312 P303+P361+P353 P305+P351+P338'),
  }),
  fact('117-39-5', '槲皮素', 'Quercetin', 'O=c1c(O)c(-c2ccc(O)c(O)c2)oc2cc(O)cc(O)c12', 'biochem', 'Flavonoids', { ghs: ghs('GHS06', 'danger', 'H301', 'P264 P270 P301+P310') }),
  fact('520-18-3', '山奈酚', 'Kaempferol', 'O=c1c(O)c(-c2ccc(O)cc2)oc2cc(O)cc(O)c12', 'biochem', 'Flavonoids'),
  fact('520-36-5', '芹菜素', 'Apigenin', 'O=c1cc(-c2ccc(O)cc2)oc2cc(O)cc(O)c12', 'biochem', 'Flavonoids'),
  fact('491-70-3', '木犀草素', 'Luteolin', 'O=c1cc(-c2ccc(O)c(O)c2)oc2cc(O)cc(O)c12', 'biochem', 'Flavonoids', { ghs: HAZARD.irritant }),
  fact('10191-41-0', 'DL-α-生育酚', 'DL-α-Tocopherol', 'CC(C)CCCC(C)CCCC(C)CCCC1(C)CCc2c(C)c(O)c(C)c(C)c2O1', 'biochem', 'Fat-soluble vitamins', { state: 'liquid', synonyms: '维生素 E; Vitamin E', storage: '2-8c' }),
  fact('68-26-8', '视黄醇', 'Retinol', 'CC1=C(C(C)(C)CCC1)/C=C/C(C)=C/C=C/C(C)=C/CO', 'biochem', 'Fat-soluble vitamins', {
    synonyms: '维生素 A; Vitamin A', storage: '-20c', ghs: ghs('GHS07 GHS08', 'warning', 'H302 H315 H317 H361d', 'P201 P261 P280 P308+P313'),
  }),
  fact('25561-30-2', 'N,O-双(三甲基硅基)三氟乙酰胺', 'BSTFA', 'C[Si](C)(C)OC(=N[Si](C)(C)C)C(F)(F)F', 'organic', 'Derivatisation reagents', {
    state: 'liquid', synonyms: 'N,O-Bis(trimethylsilyl)trifluoroacetamide', storage: '2-8c', ghs: ghs('GHS02 GHS05', 'danger', 'H226 H314', 'P210 P280 P303+P361+P353 P305+P351+P338'),
  }),
  fact('605-65-2', '丹磺酰氯', 'Dansyl chloride', 'CN(C)c1cccc2c(cccc12)S(Cl)(=O)=O', 'organic', 'Derivatisation reagents', {
    synonyms: '5-二甲氨基萘-1-磺酰氯', storage: '2-8c', ghs: ghs('GHS05', 'danger', 'H314', 'P260 P280 P303+P361+P353 P305+P351+P338 P310'),
  }),
  fact('631-61-8', '乙酸铵', 'Ammonium acetate', '[NH4+].CC([O-])=O', 'inorganic', 'Buffer additives', { synonyms: '醋酸铵' }),
  fact('540-69-2', '甲酸铵', 'Ammonium formate', '[NH4+].[O-]C=O', 'inorganic', 'Buffer additives', { ghs: HAZARD.irritant }),
];
